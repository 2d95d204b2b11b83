"""Diagnostics are data: gathered while scanning and rendering, printed by the command line."""

from __future__ import annotations

import enum
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


_ADDRESS = re.compile(r"\s+at 0x[0-9a-fA-F]+(?=>)")
"""`` at 0x7f...`` before the ``>`` of a default repr (``<object object at 0x7f...>``)."""


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
