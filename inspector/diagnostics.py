"""Diagnostics are data: gathered while scanning and rendering, printed by the command line."""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

DOCS_URL = "https://toolsinspector.readthedocs.io/en/latest/"
"""Where the documentation site is published: messages point a user there, never at a file of
the repository, which a pip install does not have. mkdocs.yml's ``site_url`` says the same (a
test keeps them equal); change both to move the site."""


def docs_url(page: str, section: str = "") -> str:
    """The URL of a page of ``docs/`` (``"guides/ci.md"``) on the site, at a section's anchor
    when given (``"project-configuration-build-and-check"``)."""
    path = page.removesuffix(".md")
    path = "" if path == "index" else path.removesuffix("/index") + "/"
    return DOCS_URL + path + (f"#{section}" if section else "")


class Level(enum.Enum):
    """How serious a diagnostic is.

    Attributes:
        INFO: Something worth knowing, changed nothing the user asked for (a default moved
            into a description).
        WARNING: Something a user should look at; the files are still written.
        ERROR: Something failed (that method, that file); the command exits 1.
    """

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


def closest(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The one of ``choices`` most like ``word`` (a likely misspelling of it), if any is."""
    import difflib  # only when a name is wrong: not at every start

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or ""."""
    found = closest(word, choices, cutoff)
    return f" (did you mean {found!r}?)" if found is not None else ""


_ADDRESS = re.compile(
    r"\s+at 0x[0-9a-fA-F]+(?=>)"
    r"|(?<=object) @ 0x[0-9a-fA-F]+(?=>)"
    r"|(?<=<weakref) at 0x[0-9a-fA-F]+(?=;)"
)
"""`` at 0x7f...`` (or hashlib's ``object @ 0x7f...``) before the ``>`` of a default repr
(``<object object at 0x7f...>``), or before the ``;`` of a weak reference's (``<weakref at
0x7f...; to 'Handler'>``): not in a text that merely says ``at 0x3F8;``."""


def without_addresses(text: str) -> str:
    """``text`` with the memory addresses of default reprs removed: ``<object object>``."""
    return _ADDRESS.sub("", text)


def stable_repr(value: object, depth: int = 0) -> str:
    """``repr`` for a message: set elements sorted (their order follows ``PYTHONHASHSEED``), no
    memory addresses, and a repr that raises replaced by the type's name."""
    if depth < 8 and type(value) in (set, frozenset, tuple, list, dict):
        return _container_repr(value, depth + 1)
    try:
        return without_addresses(repr(value))
    except Exception:  # a hostile __repr__ must not stop the scan
        return f"<{type(value).__name__} object>"


def _container_repr(value: object, depth: int) -> str:
    if isinstance(value, dict):
        pairs = (f"{stable_repr(k, depth)}: {stable_repr(v, depth)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    assert isinstance(value, set | frozenset | tuple | list)
    items = [stable_repr(item, depth) for item in value]
    if isinstance(value, list):
        return "[" + ", ".join(items) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if not value:
        return repr(value)
    body = "{" + ", ".join(sorted(items)) + "}"
    return body if isinstance(value, set) else f"frozenset({body})"


SHOWN = 60
"""How many characters ``shown`` gives a value by default."""
NAMED = 120
"""How many characters a message gives the text of a type (``clipped``): a long union's text
says little past its start."""


def shown(value: object, limit: int = SHOWN) -> str:
    """A value for a message: its JSON text (else its ``stable_repr``) when that is at most
    ``limit`` characters, else its start and its size, never the whole of a long value:
    ``"abc…" (1204 characters)``, ``["r", "w", "a", …] (90 items)``,
    ``{"anyOf": [3 items], "title": "Order"}``."""
    try:
        text = _json_text(value)
    except (TypeError, ValueError):
        return clipped(stable_repr(value), limit)
    if len(text) <= limit:
        return text
    if isinstance(value, str):
        return _clipped_string(value, max(limit - 20, 8)) + f" ({len(value)} characters)"
    if isinstance(value, list):
        size = f" ({len(value)} items)"
        inner = [_inner(item) for item in value]
        return "[" + _fitted(inner, limit - len(size) - 2) + "]" + size
    if isinstance(value, dict):
        pairs = [f"{_json_text(key)}: {_inner(item)}" for key, item in value.items()]
        body = "{" + _fitted(pairs, limit - 2) + "}"
        if len(pairs) > 1 and "…" in body:  # some keys left out: say how many there are
            body += f" ({len(pairs)} keys)"
        return body
    return clipped(text, limit)  # a long number


def clipped(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with ``…`` when longer."""
    return text if len(text) <= limit else text[: max(limit - 1, 1)] + "…"


LISTED = 200
"""How many characters ``listed`` gives a list of parts by default."""


def listed(parts: Iterable[str], limit: int = LISTED, separator: str = "; ") -> str:
    """The parts joined by ``separator``, as many as fit in about ``limit`` characters (the
    first always), the rest counted: ``a; b; and 3 more``."""
    kept: list[str] = []
    rest = 0
    used = 0
    for part in parts:
        if kept and (rest or used + len(separator) + len(part) > limit):
            rest += 1
            continue
        kept.append(part)
        used += len(part) + (len(separator) if len(kept) > 1 else 0)
    return separator.join(kept) + (f"{separator}and {rest} more" if rest else "")


_json_text = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
"""A JSON value's text, its characters readable (``json.dumps``'s separators)."""
_INNER = 24
"""How many characters a value inside a shortened list or object keeps."""


def _inner(value: object) -> str:
    """A value inside a shortened list or object: a scalar (cut), a container's size."""
    if isinstance(value, list):
        return f"[{count_of(len(value), 'item')}]" if value else "[]"
    if isinstance(value, dict):
        return f"{{{count_of(len(value), 'key')}}}" if value else "{}"
    if isinstance(value, str):
        return _clipped_string(value, _INNER)
    return clipped(_json_text(value), _INNER)


def _clipped_string(value: str, limit: int) -> str:
    """A string's JSON text, its content cut to ``limit`` characters with ``…``."""
    return _json_text(value) if len(value) <= limit else _json_text(value[: limit - 1] + "…")


def _fitted(parts: list[str], limit: int) -> str:
    """The parts joined by ``, `` as long as they fit in ``limit`` (the first always), ``…``
    for the rest."""
    kept: list[str] = []
    used = 0  # the length of the kept parts joined, and of the ", " after them
    for index, part in enumerate(parts):
        more = 3 if index < len(parts) - 1 else 0  # room for ", …" unless it is the last
        if kept and used + len(part) + more > limit:
            return ", ".join(kept) + ", …"
        kept.append(part)
        used += len(part) + 2
    return ", ".join(kept)


def count_of(number: int, noun: str) -> str:
    """``1 item``, ``3 items``."""
    return f"{number} {noun if number == 1 else noun + 's'}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One message about one place, printed as ``path:line: level[CODE]: Class.method:
    message``. Memory addresses are removed from the message, so the same input always gives
    the same text.

    Attributes:
        level: How serious it is.
        message: What happened, for a person to read (act on ``code``, not on this text).
        path: The file it is about, relative to the project ("" for none).
        line: The line in ``path`` (0 when unknown).
        subject: ``Class.method`` (or the class, the provider) it is about ("" for none).
        code: Its stable code, ``TI...``, listed in the diagnostics reference.
    """

    level: Level
    message: str
    path: str = ""
    line: int = 0
    subject: str = ""
    code: str = ""

    def __post_init__(self) -> None:
        if "0x" in self.message:
            object.__setattr__(self, "message", without_addresses(self.message))

    @property
    def where(self) -> str:
        """``path:line``, the path alone, or empty."""
        return f"{self.path}:{self.line}" if self.line else self.path

    def __str__(self) -> str:
        head = f"{self.where}: " if self.where else ""
        code = f"[{self.code}]" if self.code else ""
        subject = f"{self.subject}: " if self.subject else ""
        return f"{head}{self.level.value}{code}: {subject}{self.message}"


def reraise_interrupt(error: BaseException) -> None:
    """Raise ``error`` again if it is Ctrl-C: of all a user's code may raise (``SystemExit``,
    its own ``BaseException`` subclasses), only ``KeyboardInterrupt`` stops a command."""
    if isinstance(error, KeyboardInterrupt):
        raise error


class InspectorError(Exception):
    """A failure that stops a command (a bad file, a bad target); exit status 1.
    ``str(error)`` is the message the user reads."""


class LocatedError(InspectorError):
    """An ``InspectorError`` about a place: printed, like every diagnostic, as
    ``path:line: error[CODE]: subject: message`` (``str(error)`` is that without the level).

    Attributes:
        message: What failed.
        path: The file it is about ("" for none).
        line: The line in ``path`` (0 when unknown).
        subject: ``Class.method`` (or the template) it is about ("" for none).
    """

    def __init__(self, message: str, path: str = "", line: int = 0, subject: str = "") -> None:
        self.message, self.path, self.line, self.subject = message, path, line, subject
        where = f"{path}:{line}" if line else path
        super().__init__(
            (f"{where}: " if where else "") + (f"{subject}: " if subject else "") + message
        )


def located_error(diagnostic: Diagnostic) -> LocatedError:
    """An error diagnostic raised as an error, keeping its place."""
    return LocatedError(diagnostic.message, diagnostic.path, diagnostic.line, diagnostic.subject)


def error_diagnostic(error: InspectorError, code: str) -> Diagnostic:
    """An error as an error diagnostic with ``code``, located when the error knows its place."""
    if isinstance(error, LocatedError):
        return Diagnostic(Level.ERROR, error.message, error.path, error.line, error.subject, code)
    return Diagnostic(Level.ERROR, str(error), code=code)


class UsageError(InspectorError):
    """The command or function was called wrongly (a missing option, an unknown provider);
    exit status 2."""


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    """Whether any diagnostic is an error."""
    return any(d.level is Level.ERROR for d in diagnostics)
