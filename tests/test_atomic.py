"""Atomic output (issue 13): the whole file or nothing, on a real full disk and on failing calls."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from kozyr.atomic import atomic_open, write_atomic
from kozyr.errors import KozyrError, OutputError


def test_write_replaces_the_target_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o640)
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert os.stat(target).st_mode & 0o777 == 0o640  # the target keeps its permissions
    assert os.listdir(tmp_path) == ["out.json"]


def test_an_exception_in_the_body_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), atomic_open(target) as out:
        out.write("half a fi")
        raise RuntimeError("stop")
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["out.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failing_system_call_is_an_output_error_and_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    def fail(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    target = tmp_path / "out.json"
    with pytest.raises(OutputError) as caught:
        write_atomic(target, "x" * 10_000)
    assert str(caught.value) == f"cannot write {target}: No space left on device"
    assert os.listdir(tmp_path) == []


def test_refuses_to_overwrite_an_input_even_through_a_link(tmp_path: Path) -> None:
    source = tmp_path / "record.json"
    source.write_text("{}", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(source)
    with pytest.raises(KozyrError, match="refusing to write the output over the input"):
        write_atomic(link, "", inputs=[source])
    assert source.read_text(encoding="utf-8") == "{}"
    write_atomic(tmp_path / "other.json", "ok", inputs=[source, "-"])


def test_a_missing_folder_is_an_output_error(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="No such file or directory"):
        write_atomic(tmp_path / "no" / "such" / "out.json", "x")


@contextlib.contextmanager
def small_tmpfs(tmp_path: Path, size: str) -> Iterator[Path]:
    """A real, tiny file system (root only); the test is skipped where it cannot be mounted."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    point = tmp_path / f"tmpfs-{uuid.uuid4().hex[:8]}"
    point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", str(point)], check=False)


def test_a_full_disk_leaves_the_old_file_whole(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path, "64k") as disk:
        target = disk / "out.json"
        write_atomic(target, "old")
        with pytest.raises(OutputError, match="No space left on device"):
            write_atomic(target, "x" * 1_000_000)
        assert target.read_text(encoding="utf-8") == "old"
        assert os.listdir(disk) == ["out.json"]


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="Linux O_TMPFILE")
@pytest.mark.parametrize("link", ["as the system does", "fails"])
def test_the_temporary_file_has_no_name_while_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, link: str
) -> None:
    """Issue 21: a keep killed mid-save once left a stray ``.tmp``. On Linux the file is
    written and synced unnamed (O_TMPFILE), so a kill before the end of the ``with`` body
    leaves nothing; it is named just before the rename -- by ``linkat``, or, where the file
    system cannot link it (EXDEV on an overlay), by copying it into a named temporary file."""
    if link == "fails":

        def no_link(*args: object, **kwargs: object) -> None:
            raise OSError(errno.EXDEV, "Invalid cross-device link")

        monkeypatch.setattr(os, "link", no_link)
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o640)
    with atomic_open(target) as out:
        out.write("новое " * 100_000)
        out.flush()
        assert os.listdir(tmp_path) == ["out.json"]  # nothing named yet
    assert target.read_text(encoding="utf-8") == "новое " * 100_000
    assert os.listdir(tmp_path) == ["out.json"] and target.stat().st_mode & 0o777 == 0o640
