"""Where a module's stub file is: a ``.pyi`` beside it, an installed ``<package>-stubs``
distribution, or typeshed's standard-library stubs through ``typeshed_client`` (the optional
``stubs`` extra)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path


def find_stub(module: str) -> Path | None:
    """The stub file of a module: beside it, in a ``-stubs`` package, or typeshed's."""
    runtime = sys.modules.get(module)
    filename = getattr(runtime, "__file__", None)
    if isinstance(filename, str):  # x.py, x/__init__.py, or an extension x.cpython-311-....so
        path = Path(filename)
        stem = path.stem if path.stem == "__init__" else module.rpartition(".")[2]
        beside = path.with_name(f"{stem}.pyi")
        if beside.is_file():
            return beside
    top, _, rest = module.partition(".")
    parts = rest.split(".") if rest else []
    for entry in sys.path:
        found = _in_package(Path(entry or ".") / f"{top}-stubs", parts)
        if found is not None:
            return found
    if top in sys.stdlib_module_names or top == "_typeshed":
        return _typeshed_stub(module)
    return None


def _in_package(root: Path, parts: list[str]) -> Path | None:
    if not root.is_dir():
        return None
    base = root.joinpath(*parts)
    for candidate in (base / "__init__.pyi", base.with_suffix(".pyi") if parts else None):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def missing_typeshed(module: str) -> bool:
    """Whether typeshed's stubs would be read for this standard-library module if
    ``typeshed_client`` (the ``stubs`` extra) were installed."""
    if module.partition(".")[0] not in sys.stdlib_module_names:
        return False
    try:
        import typeshed_client  # noqa: F401
    except ImportError:
        return True
    return False


def _typeshed_stub(module: str) -> Path | None:
    try:
        import typeshed_client  # noqa: F401
    except ImportError:
        return None
    return _typeshed_path(module)


@functools.cache  # typeshed_client looks through its files on each call; they do not change
def _typeshed_path(module: str) -> Path | None:
    import typeshed_client

    try:
        path = typeshed_client.get_stub_file(module)
    except Exception:  # a broken typeshed_client install must not stop a scan
        return None
    return Path(path) if path is not None else None
