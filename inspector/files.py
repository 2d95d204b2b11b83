"""JSON text and files: deterministic dumps, atomic writes that skip unchanged content."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from inspector.diagnostics import InspectorError


def json_text(data: object) -> str:
    """2-space indented JSON with readable characters (no ``\\u`` escapes), ending in a newline."""
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates cannot be UTF-8: escape them instead
        return json.dumps(data, indent=2, ensure_ascii=True) + "\n"
    return text


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` atomically (temporary file, then rename); False when it was already there."""
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    except OSError as error:
        raise InspectorError(f"{path}: cannot read ({error.strerror})") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            if path.exists():
                os.chmod(temporary, path.stat().st_mode & 0o7777)
            else:
                os.chmod(temporary, 0o666 & ~_umask())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise InspectorError(f"{path}: cannot write ({error.strerror})") from None
    return True


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_json(path: Path, what: str) -> object:
    """Parse a JSON file; errors name the file, line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InspectorError(f"{path}: {what} not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InspectorError(f"{path}: cannot read {what} ({error})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InspectorError(
            f"{path}:{error.lineno}:{error.colno}: {what} is not valid JSON: {error.msg}"
        ) from None
