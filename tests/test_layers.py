"""The layers of docs/architecture.md hold (issues 10 and 25): no import cycle anywhere in the tree
(src/kozyr, every plugin under plugins/ and the example plugins), no import against the layer
order in src/kozyr, the core never imports a plugin, and plugins use only public names (those in
a module's ``__all__``). Every executed import counts -- imports inside functions, relative
imports and ``importlib.import_module("literal")`` calls included; ``if TYPE_CHECKING:`` blocks
are excluded (annotations only, never executed). Read from the source with ``ast``, nothing
imported but the checked modules' ``__all__``."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "kozyr"
PLUGIN_SOURCES = [
    *sorted((ROOT / "plugins").glob("*/src")),
    *sorted((ROOT / "examples").glob("*/src")),
]


def layers() -> dict[str, int]:
    """Top-level module (or package) of kozyr -> its layer, from docs/architecture.md."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table: dict[str, int] = {}
    for number, cells in re.findall(r"^\| (\d+) \| (.+) \|$", text, re.M):
        # module names in backticks; anything in parentheses is a comment
        for name in re.findall(r"`(\w+)`", re.sub(r"\([^)]*\)", "", cells)):
            table[name] = int(number)
    return table


def module_name(path: Path, root: Path = SRC.parent) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


#: kozyr's own modules (the layer table speaks of these).
MODULES = {module_name(p): p for p in SRC.rglob("*.py")}
#: Every module of the tree: the core and each plugin distribution's packages.
ALL_MODULES = {
    **MODULES,
    **{module_name(p, src): p for src in PLUGIN_SOURCES for p in sorted(src.rglob("*.py"))},
}


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _package(path: Path) -> str:
    """The package a file's relative imports start from."""
    name = next(
        (module_name(path, r) for r in (SRC.parent, *PLUGIN_SOURCES) if r in path.parents),
        path.stem,
    )
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _absolute(node: ast.ImportFrom, path: Path) -> str | None:
    """The absolute module of ``from ... import`` (``from .x import y`` resolved)."""
    if node.level == 0:
        return node.module
    base = _package(path).split(".")
    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join([*base, node.module] if node.module else base)


def _import_module_call(node: ast.AST) -> str | None:
    """The module named by ``importlib.import_module("literal")`` (or ``import_module(...)``)."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = ast.unparse(node.func)
    first = node.args[0]
    if func in ("importlib.import_module", "import_module") and isinstance(first, ast.Constant):
        return first.value if isinstance(first.value, str) else None
    return None


def imports(path: Path) -> Iterator[tuple[str, int]]:
    """(module imported, line) for every executed import of the file, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(nodes: list[ast.stmt] | list[ast.AST]) -> Iterator[tuple[str, int]]:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                yield from walk(node.orelse)
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield alias.name, node.lineno
            elif isinstance(node, ast.ImportFrom) and (module := _absolute(node, path)):
                # the package's own metadata (``from kozyr import __version__``) is no re-export
                names = [a for a in node.names if not a.name.startswith("__")]
                if not names:
                    continue
                submodules = [f"{module}.{a.name}" for a in names]
                found = [m for m in submodules if m in ALL_MODULES]
                # "from kozyr import party" imports the submodule, not the whole package
                if not found or len(found) < len(submodules):
                    yield module, node.lineno
                for name in found:
                    yield name, node.lineno
            elif (named := _import_module_call(node)) is not None:
                yield named, getattr(node, "lineno", 0)
            yield from walk(list(ast.iter_child_nodes(node)))

    yield from walk(tree.body)


def graph(modules: dict[str, Path] = MODULES) -> dict[str, dict[str, int]]:
    """module -> {module of ``modules`` it imports: line}."""
    edges: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        found: dict[str, int] = {}
        for target, line in imports(path):
            while target not in modules and "." in target:  # kozyr.x.name -> kozyr.x
                target = target.rsplit(".", 1)[0]
            if target in modules and target != name:
                found.setdefault(target, line)
        edges[name] = found
    return edges


def unit(module: str) -> str:
    """The layer-table entry of a module: its top-level module or package under kozyr."""
    parts = module.split(".")
    return "kozyr" if len(parts) == 1 else parts[1]


def test_every_module_has_a_layer() -> None:
    table = layers()
    assert table["errors"] == 0 and table["cli"] > table["simulate"]
    missing = sorted({unit(m) for m in MODULES} - set(table))
    assert not missing, f"docs/architecture.md gives no layer to {missing}"


def test_imports_follow_the_layers() -> None:
    table = layers()
    wrong = []
    for module, targets in graph().items():
        for target, line in targets.items():
            if unit(module) == unit(target) and unit(module) != "kozyr":
                continue  # inside one package (the cycle test still applies)
            if table[unit(target)] >= table[unit(module)]:
                wrong.append(
                    f"{MODULES[module].relative_to(ROOT)}:{line}: {module} (layer "
                    f"{table[unit(module)]}) imports {target} (layer {table[unit(target)]})"
                )
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_the_core_imports_no_plugin() -> None:
    """The core knows no game by name: nothing in src/kozyr imports a plugin's package."""
    wrong = [
        f"{MODULES[module].relative_to(ROOT)}:{line}: {module} imports {target}"
        for module, targets in graph(ALL_MODULES).items()
        if module in MODULES
        for target, line in targets.items()
        if target not in MODULES
    ]
    assert not wrong, "\n".join(wrong)


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The import cycles of a graph (strongly connected components of more than one module)."""
    # Tarjan's strongly connected components
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return components


def test_no_import_cycle_anywhere() -> None:
    """Issue 25 item 4: the core and every plugin, at any depth of import."""
    found = cycles(graph(ALL_MODULES))
    assert not found, f"import cycles: {found}"


def test_the_cycle_check_sees_relative_and_importlib_imports(tmp_path: Path) -> None:
    package = tmp_path / "src" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("def f():\n    from .b import g\n", encoding="utf-8")
    (package / "b.py").write_text(
        "import importlib\ndef g():\n    importlib.import_module('pkg.a')\n", encoding="utf-8"
    )
    PLUGIN_SOURCES.append(tmp_path / "src")
    try:
        modules = {module_name(p, tmp_path / "src"): p for p in package.glob("*.py")}
        assert list(imports(package / "a.py")) == [("pkg.b", 2)]
        assert cycles(graph(modules)) == [["pkg.a", "pkg.b"]]
    finally:
        PLUGIN_SOURCES.pop()


def test_the_checks_catch_an_import_inside_a_function(tmp_path: Path) -> None:
    # the walker sees an import nested in a function and skips a TYPE_CHECKING block
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from kozyr.cli import main\n"
        "def f():\n    if True:\n        from kozyr.engine import Deal\n",
        encoding="utf-8",
    )
    assert list(imports(source)) == [("typing", 1), ("kozyr.engine", 6)]


# --- plugins use public names only ------------------------------------------------------------


def plugin_files() -> list[Path]:
    return [p for src in PLUGIN_SOURCES for p in sorted(src.rglob("*.py"))]


def kozyr_names(path: Path) -> Iterator[tuple[str, str, int]]:
    """(module, name, line) of every kozyr name a plugin file uses: ``from kozyr.x import n``
    and ``kozyr.x.n`` attribute chains after ``import kozyr.x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "kozyr" or node.module.startswith("kozyr."):
                for alias in node.names:
                    yield node.module, alias.name, node.lineno
        elif isinstance(node, ast.Attribute):
            chain = ast.unparse(node)
            if re.fullmatch(r"kozyr(\.\w+)+", chain) and chain.count(".") >= 2:
                module, name = chain.rsplit(".", 1)
                if module in MODULES:
                    yield module, name, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kozyr.") and alias.name.split(".")[-1].startswith("_"):
                    yield alias.name.rsplit(".", 1)[0], alias.name.rsplit(".", 1)[1], node.lineno


@pytest.mark.parametrize("path", plugin_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_plugins_use_only_public_names(path: Path) -> None:
    wrong = []
    for module, name, line in kozyr_names(path):
        if f"{module}.{name}" in MODULES and not name.startswith("_"):
            continue  # a public submodule
        public = getattr(importlib.import_module(module), "__all__", ())
        if name not in public:
            wrong.append(f"{path.relative_to(ROOT)}:{line}: {module}.{name} is not in __all__")
    assert not wrong, "\n".join(wrong)


def test_nothing_imports_the_deprecated_modules() -> None:
    for path in [*SRC.rglob("*.py"), *plugin_files()]:
        if path.name in ("records.py", "plugins.py") and path.parent == SRC:
            continue
        for target, line in imports(path):
            assert target not in ("kozyr.records", "kozyr.plugins"), f"{path}:{line}"


# --- start-up ---------------------------------------------------------------------------------

HEAVY = ("kozyr.engine", "kozyr.scoring")


@pytest.mark.parametrize("argv", [["--help"], ["variants"], ["variants", "--json"]])
def test_light_commands_import_neither_engine_nor_scoring(argv: list[str]) -> None:
    """Issue 10 item 7: ``kozyr --help`` and ``kozyr variants`` start without the engine and
    scoring (checked in a fresh interpreter's ``sys.modules``)."""
    probe = (
        "import sys\n"
        "from kozyr.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_old_import_paths_still_work_and_warn() -> None:
    """kozyr.records and kozyr.plugins stay for one release as re-exports (CHANGELOG)."""
    import kozyr
    import kozyr.codec
    import kozyr.record
    import kozyr.registry

    for name in ("kozyr.records", "kozyr.plugins"):
        sys.modules.pop(name, None)
    with pytest.warns(DeprecationWarning, match="kozyr.records is deprecated"):
        records = importlib.import_module("kozyr.records")
    with pytest.warns(DeprecationWarning, match="kozyr.plugins is deprecated"):
        plugins = importlib.import_module("kozyr.plugins")
    assert records.replay is kozyr.replay and records.read_deal is kozyr.codec.read_deal
    assert records.DealRecord is kozyr.record.DealRecord
    assert plugins.get_variant is kozyr.registry.get_variant
    assert plugins.PluginManager is kozyr.registry.PluginManager


# --- the split modules keep their public names (#25 item 6) ---------------------------------

#: What each split module exported before the split (its ``__all__`` then): every name stays
#: (``PLUGIN_FAULTS`` and ``checked_return`` added since, by #21 item 10).
SPLIT_PUBLIC = {
    "kozyr.registry": (
        "BUILTIN_GROUP BUILTIN_PLUGINS DISABLE_ENV DISABLE_PLUGINS_ENV ENTRY_POINT_GROUP HOOKS "
        "NAME_PATTERN NO_VARIANTS PLUGINS_ENV PLUGIN_FAULTS TRACE_ENV BotEntry BotRegistry "
        "KozyrHookSpecs "
        "PluginInfo PluginManager SheetFormat SheetFormatRegistry SheetRenderer VariantEntry "
        "VariantRegistry bots_for builtin_refusal call_plugin get_variant hookimpl hookspec "
        "loaded_plugins manager normalize plugin_fault register_plugin require_variants reset "
        "sheet_formats variants"
    ),
    "kozyr.engine": (
        "DONE PLAY Deal PlayerView TrickCounts checked_result checked_return hook_error "
        "plugin_of run_party"
    ),
    "kozyr.sheet": (
        "FORMATS FORMULA_START FRACTIONS LANGS Entry GameSheet Note Row Sheet all_formats "
        "build_game build_sheet csv_number csv_text evening_sheet mixed_number one_line render "
        "render_csv render_html render_json render_markdown render_text renderer_for sheet_from "
        "sheet_json sheet_of with_fractions"
    ),
}


@pytest.mark.parametrize("module", sorted(SPLIT_PUBLIC))
def test_split_modules_keep_their_public_names(module: str) -> None:
    facade = importlib.import_module(module)
    names = SPLIT_PUBLIC[module].split()
    assert sorted(names) == sorted(facade.__all__)
    missing = [n for n in names if not hasattr(facade, n)]
    assert missing == []
    # the private modules of a split package import only below the facade: never the facade
    for name, path in MODULES.items():
        if name.startswith(module + "._"):
            assert module not in {t for t, _ in imports(path)}, f"{name} imports {module}"
