"""Every method that overrides one of a base class carries ``@override`` (typing_extensions), in
the core and in the built-in plugins -- the runtime side of mypy's ``explicit-override`` check
(pyproject.toml [tool.mypy]), so that a misspelled hook fails type checking instead of being a
new method nobody calls (GUIDE: "Hook implementations carry @override")."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from typing_extensions import override

ROOT = Path(__file__).resolve().parents[1]
#: the core and every built-in plugin's packages (plugins/*/src/*)
PACKAGES = ["kozyr", *sorted(p.parent.name for p in ROOT.glob("plugins/*/src/*/__init__.py"))]
#: never checked by mypy's explicit-override either
EXEMPT = {"__init__", "__new__", "__init_subclass__", "__class_getitem__", "__post_init__"}
#: what object has at run time but not in its type (typeshed)
UNTYPED_OBJECT = {"__lt__", "__le__", "__gt__", "__ge__"}
#: modules that need an optional extra, or start a server, at import
OPTIONAL = ("kozyr.web", "kozyr.batch.dask", "kozyr.simulate.dask")


def modules() -> Iterator[ModuleType]:
    for name in PACKAGES:
        try:
            package = importlib.import_module(name)
        except ImportError:  # pragma: no cover - a plugin not installed here
            continue
        yield package
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            try:
                yield importlib.import_module(info.name)
            except ImportError:
                if info.name.startswith(OPTIONAL):
                    continue
                raise


def function_of(value: object) -> object:
    for attribute in ("__func__", "fget"):
        value = getattr(value, attribute, value)
    return value


def missing_overrides() -> list[str]:
    missing: set[str] = set()
    for module in modules():
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for name, value in vars(cls).items():
                function = function_of(value)
                if not inspect.isfunction(function) or name in EXEMPT:
                    continue
                if function.__code__.co_filename != module.__file__:
                    continue  # written by dataclasses or typing (__eq__, __subclasshook__ ...)
                bases = [base for base in cls.__mro__[1:] if name in vars(base)]
                if bases == [object] and name in UNTYPED_OBJECT:
                    continue  # typeshed's object has no __lt__: nothing for mypy to override
                if bases:
                    if not getattr(function, "__override__", False):
                        missing.add(f"{cls.__module__}.{cls.__qualname__}.{name}")
    return sorted(missing)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_every_override_is_marked() -> None:
    assert missing_overrides() == []


def test_the_check_finds_an_unmarked_override() -> None:
    # the check itself can fail: an unmarked hook is found, a marked one is not
    from kozyr import Variant

    class Unmarked(Variant):
        def check_options(self) -> None:  # the hook, without the marker
            super().check_options()

    class Marked(Variant):
        @override
        def check_options(self) -> None:
            super().check_options()

    assert not getattr(function_of(vars(Unmarked)["check_options"]), "__override__", False)
    assert getattr(function_of(vars(Marked)["check_options"]), "__override__", False)


@pytest.mark.parametrize("section", ["[tool.mypy]"])
def test_mypy_enforces_explicit_override(section: str) -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "explicit-override" in config["tool"]["mypy"]["enable_error_code"]
