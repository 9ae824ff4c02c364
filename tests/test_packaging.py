"""What a user installs (#24): the wheels and sdists of kozyr and its built-in plugins.

The wheels hold every file of the source packages (a new folder of static files or templates is
not silently left out: the package-data globs are recursive), the sdists ship no tests, the
metadata is PEP 639 (``License-Expression: MIT`` and the LICENSE file), the plugins pin the
core's minor version and ``kozyr[all]`` names every built-in plugin.

The distributions are built once per run with ``python -m build --no-isolation`` (this
environment's setuptools, offline), or taken from ``KOZYR_DIST_DIR`` when CI built them already.
"""

from __future__ import annotations

import email.parser
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import kozyr

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = sorted(p for p in (ROOT / "plugins").iterdir() if (p / "pyproject.toml").exists())
PROJECTS = [ROOT, *PLUGINS]


def pyproject(folder: Path) -> dict[str, object]:
    return tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))


def project(folder: Path) -> dict[str, object]:
    table = pyproject(folder)["project"]
    assert isinstance(table, dict)
    return table


def dist_name(folder: Path) -> str:
    name = project(folder)["name"]
    assert isinstance(name, str)
    return re.sub(r"[-_.]+", "_", name).lower()


def package_dirs(folder: Path) -> list[Path]:
    return sorted(p.parent for p in (folder / "src").glob("*/__init__.py"))


def source_files(folder: Path) -> set[str]:
    """Every file of the packages under src/, as a wheel names them (``kozyr/cards.py``)."""
    files: set[str] = set()
    for package in package_dirs(folder):
        for path in package.rglob("*"):
            if path.is_dir() or "__pycache__" in path.parts or path.suffix in {".pyc", ".pyo"}:
                continue
            files.add(path.relative_to(folder / "src").as_posix())
    files.update(p.name for p in (folder / "src").glob("*.py"))  # top-level modules
    return files


@pytest.fixture(scope="module")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("KOZYR_DIST_DIR")
    if given:
        return Path(given)
    out = tmp_path_factory.mktemp("dist")
    for folder in PROJECTS:
        subprocess.run(
            [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(folder)],
            check=True,
            capture_output=True,
            timeout=600,
        )
    return out


def wheel_of(dist_dir: Path, folder: Path) -> Path:
    version = project(folder)["version"]
    (wheel,) = dist_dir.glob(f"{dist_name(folder)}-{version}-py3-none-any.whl")
    return wheel


def sdist_of(dist_dir: Path, folder: Path) -> Path:
    version = project(folder)["version"]
    (sdist,) = dist_dir.glob(f"{dist_name(folder)}-{version}.tar.gz")
    return sdist


def metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("folder", PROJECTS, ids=lambda p: p.name)
def test_the_wheel_holds_exactly_the_source_packages(dist_dir: Path, folder: Path) -> None:
    with zipfile.ZipFile(wheel_of(dist_dir, folder)) as archive:
        packaged = {n for n in archive.namelist() if ".dist-info/" not in n}
    expected = source_files(folder)
    assert expected, f"no package found under {folder / 'src'}"
    assert sorted(expected - packaged) == [], "in the source tree, missing from the wheel"
    assert sorted(packaged - expected) == [], "in the wheel, not in the source tree"


def test_the_core_wheel_has_its_data() -> None:
    # the data users meet: types, rules texts, the record schema, the web page's static files
    files = source_files(ROOT)
    for name in ("kozyr/py.typed", "kozyr/conventions.rules.md", "kozyr/schema/record.schema.json"):
        assert name in files
    assert any(n.startswith("kozyr/web/static/") for n in files)


@pytest.mark.parametrize("folder", PROJECTS, ids=lambda p: p.name)
def test_the_sdist_ships_no_tests_and_the_license(dist_dir: Path, folder: Path) -> None:
    with tarfile.open(sdist_of(dist_dir, folder)) as archive:
        names = [n.split("/", 1)[1] for n in archive.getnames() if "/" in n]
    assert "LICENSE" in names and "README.md" in names and "pyproject.toml" in names
    assert [n for n in names if n.startswith(("tests/", "test/")) or "/tests/" in n] == []
    assert [n for n in names if "__pycache__" in n or n.endswith(".pyc")] == []
    packaged = {n[len("src/") :] for n in names if n.startswith("src/") and ".egg-info" not in n}
    assert source_files(folder) <= packaged


@pytest.mark.parametrize("folder", PROJECTS, ids=lambda p: p.name)
def test_the_metadata_is_pep_639_with_urls_and_classifiers(dist_dir: Path, folder: Path) -> None:
    meta = metadata(wheel_of(dist_dir, folder))
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert not [c for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    classifiers = set(meta.get_all("Classifier") or [])
    for needed in (
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Programming Language :: Python :: 3.13",
        "Topic :: Games/Entertainment",
        "Typing :: Typed",
    ):
        assert needed in classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Documentation", "Source"} <= set(urls)
    assert meta["Requires-Python"] == ">=3.11"
    assert meta.get_payload(), "no long description (README)"
    assert meta["Description-Content-Type"] == "text/markdown"


def test_the_license_file_is_mit_everywhere() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Copyright (c) 2026 The kozyr developers" in text
    for folder in PLUGINS:
        assert (folder / "LICENSE").read_text(encoding="utf-8") == text
        assert (folder / "README.md").read_text(encoding="utf-8").startswith(f"# {folder.name}")


def minor_pin(version: str) -> str:
    major, minor = (int(part) for part in version.split(".")[:2])
    return f"kozyr>={major}.{minor},<{major}.{minor + 1}"


def test_versions_agree_and_plugins_pin_the_core_minor() -> None:
    version = project(ROOT)["version"]
    assert isinstance(version, str)
    assert kozyr.__version__ == version
    for folder in PLUGINS:
        table = project(folder)
        assert table["version"] == version, folder.name
        assert minor_pin(version) in table["dependencies"], folder.name  # type: ignore[operator]


def test_the_all_extra_names_every_builtin_plugin_and_the_extras() -> None:
    version = project(ROOT)["version"]
    assert isinstance(version, str)
    extras = project(ROOT)["optional-dependencies"]
    assert isinstance(extras, dict)
    pins = minor_pin(version).removeprefix("kozyr")
    expected = {f"{project(p)['name']}{pins}" for p in PLUGINS}
    assert expected <= set(extras["all"])
    (own,) = [r for r in extras["all"] if r.startswith("kozyr[")]
    assert {"web", "fast"} <= set(own[len("kozyr[") : -1].split(","))  # and any other extra


def test_the_build_system_is_setuptools_77_or_newer() -> None:
    for folder in PROJECTS:
        requires = pyproject(folder)["build-system"]["requires"]  # type: ignore[index]
        assert "setuptools>=77" in requires, folder.name
    assert "setuptools>=77" in project(ROOT)["optional-dependencies"]["dev"]  # type: ignore[index]


def test_every_builtin_plugin_is_in_requirements_dev() -> None:
    lines = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").splitlines()
    for folder in PLUGINS:
        assert f"-e plugins/{folder.name}" in lines
