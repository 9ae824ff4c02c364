"""Atomic file output: the whole new file or nothing, never a truncated one.

:func:`atomic_open` writes into a temporary file in the target's folder, flushes and
``fsync``\\ s it, and only then renames it over the target (``os.replace``, atomic on POSIX and
Windows). On Linux the temporary file has no name while it is written (``O_TMPFILE``): it is
named (``.NAME.<hex>.tmp``) only just before the rename, so a process killed while writing --
even by SIGKILL -- leaves no stray file (elsewhere, or on a file system without unnamed files,
it is a named temporary file from the start). If anything fails -- a full disk, no
permission, an exception in the body of the ``with`` -- the temporary file is removed, the
target is left as it was, and an :class:`~kozyr.errors.OutputError` (a write failure) or the
body's own exception is raised.
``inputs`` names files that must not be overwritten (``kozyr replay X --output X``).

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> target = os.path.join(folder, "result.json")
>>> with atomic_open(target) as out:
...     _ = out.write('{"ok": true}\\n')
>>> open(target, encoding="utf-8").read()
'{"ok": true}\\n'
>>> try:
...     write_atomic(target, "new", inputs=[target])
... except KozyrError as error:
...     print(str(error).replace(folder, "FOLDER"))
refusing to write the output over the input file FOLDER/result.json
>>> sorted(os.listdir(folder))
['result.json']
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from collections.abc import Iterable, Iterator
from typing import TextIO

from kozyr.errors import KozyrError, OutputError


def describe_os_error(error: OSError) -> str:
    """``strerror`` of an OS error (``No space left on device``), or its text."""
    return error.strerror or str(error) or type(error).__name__


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file (following links); False if either is missing."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_not_input(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]]) -> None:
    """Raise a :class:`KozyrError` if ``path`` is one of the ``inputs`` (``-`` is stdin)."""
    for source in inputs:
        if os.fspath(source) != "-" and same_file(path, source):
            raise KozyrError(f"refusing to write the output over the input file {os.fspath(path)}")


def _temporary(target: str) -> tuple[int, str]:
    folder, base = os.path.split(os.path.abspath(target))
    for _ in range(100):
        name = os.path.join(folder, f".{base}.{secrets.token_hex(6)}.tmp")
        try:
            # 0o666 minus the umask, as a plain open() would create it
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), name
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", target)  # pragma: no cover


def _anonymous(target: str) -> int | None:
    """An unnamed file in the target's folder (Linux ``O_TMPFILE``): killed while it is written,
    a process leaves nothing behind. None where the system or the file system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not os.path.isdir("/proc/self/fd"):
        return None
    folder = os.path.dirname(os.path.abspath(target))
    try:
        return os.open(folder, flag | os.O_RDWR, 0o666)
    except OSError as error:
        if error.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            return None  # a file system without unnamed files: a named temporary file
        raise


def _named(fd: int, target: str) -> str:
    """Give the unnamed file ``fd`` its temporary name beside ``target`` (``linkat``), just
    before the rename over ``target``. Where the file system cannot link it (an overlay, for
    one: ``EXDEV``), its bytes are copied into a named temporary file, synced the same way."""
    folder, base = os.path.split(os.path.abspath(target))
    for _ in range(100):
        name = os.path.join(folder, f".{base}.{secrets.token_hex(6)}.tmp")
        try:
            os.link(f"/proc/self/fd/{fd}", name, follow_symlinks=True)
            return name
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
        except OSError:
            break
    copy, name = _temporary(target)
    try:
        offset = 0
        while chunk := os.pread(fd, 1 << 20, offset):
            view = memoryview(chunk)
            while view:
                view = view[os.write(copy, view) :]
            offset += len(chunk)
        os.fsync(copy)
        with contextlib.suppress(OSError):
            os.fchmod(copy, os.fstat(fd).st_mode & 0o7777)
    except BaseException:
        os.close(copy)
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    os.close(copy)
    return name


@contextlib.contextmanager
def atomic_open(
    path: str | os.PathLike[str],
    *,
    encoding: str = "utf-8",
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> Iterator[TextIO]:
    """A text file to write that replaces ``path`` only when the ``with`` body succeeds.

    An existing target keeps its permission bits. Any ``OSError`` while creating, writing,
    syncing or renaming becomes an :class:`OutputError` naming the path; the temporary file is
    removed in every failure case.
    """
    target = os.fspath(path)
    check_not_input(target, inputs)
    temporary: str | None = None
    try:
        fd = _anonymous(target)
        if fd is None:
            fd, temporary = _temporary(target)
    except OSError as error:
        raise OutputError(
            f"cannot write {target}: {describe_os_error(error)}", path=target
        ) from None
    try:
        try:
            handle = os.fdopen(fd, "w", encoding=encoding, newline="")
        except BaseException:
            os.close(fd)
            raise
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
            if temporary is None:  # written and synced while nameless: named just now
                with contextlib.suppress(OSError):
                    os.fchmod(handle.fileno(), os.stat(target).st_mode & 0o7777)
                temporary = _named(handle.fileno(), target)
            else:
                with contextlib.suppress(OSError):
                    os.chmod(temporary, os.stat(target).st_mode & 0o7777)
        os.replace(temporary, target)
        _sync_folder(target)
    except BaseException as failure:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(failure, OSError):
            raise OutputError(
                f"cannot write {target}: {describe_os_error(failure)}", path=target
            ) from None
        raise


def _sync_folder(target: str) -> None:
    """Make the rename itself durable (best effort; not every system can fsync a folder)."""
    folder = os.path.dirname(os.path.abspath(target))
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(
    path: str | os.PathLike[str],
    text: str,
    *,
    encoding: str = "utf-8",
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_open`)."""
    with atomic_open(path, encoding=encoding, inputs=inputs) as handle:
        handle.write(text)


__all__ = ["atomic_open", "check_not_input", "describe_os_error", "same_file", "write_atomic"]
