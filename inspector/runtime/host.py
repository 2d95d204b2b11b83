"""What the host controls around a call: values injected from its context, approval before a
call runs, the text a failure shows the model, and the events it is told about."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from inspector.diagnostics import InspectorError
from inspector.model import JsonObject, ToolDescriptor

log = logging.getLogger("inspector.toolbox")

EventKind = Literal["not-approved", "timed-out", "ended-after-timeout", "busy", "failed"]

Approver = Callable[[ToolDescriptor, dict[str, object]], "bool | Awaitable[bool]"]
"""Asked before a tool that needs approval runs, with the tool and its arguments (as the model
sent them): true runs the call. May be async (then awaited by ``acall``/``ahandle``)."""

ErrorFormatter = Callable[[str, BaseException], str]
"""The text the model gets for a method that raised, from the tool's name and the exception."""


class MissingContext(InspectorError):
    """A tool needs a context value the host did not give: the host's mistake, raised to the
    host and never asked of the model.

    Args:
        tool: The tool.
        keys: The context keys missing.
    """

    def __init__(self, tool: str, keys: list[str]) -> None:
        names = ", ".join(repr(k) for k in keys)
        super().__init__(
            f"{tool}: the context lacks {names}; give it as Toolbox(context=...) or "
            "call/handle(context=...) (serve: --context KEY=VALUE)"
        )
        self.tool = tool
        self.keys = keys


@dataclass(frozen=True, slots=True)
class ToolEvent:
    """Something the host is told about a call (besides the answer the model gets).

    Attributes:
        kind: ``"not-approved"`` (refused, or no approver), ``"timed-out"``,
            ``"ended-after-timeout"`` (a sync call's thread finished after its timeout),
            ``"busy"`` (refused: a timed-out call of the tool still runs), ``"failed"`` (the
            method raised and the model got a masked or formatted text).
        tool: The tool's name.
        message: What happened, for a log.
        error: The exception, for ``"failed"`` and a late call that raised.
    """

    kind: EventKind
    tool: str
    message: str
    error: BaseException | None = None


def needs_approval(
    tool: ToolDescriptor, annotations: Mapping[str, JsonObject], destructive: bool
) -> bool:
    """Whether a call of ``tool`` needs the host's approval: its classification entry says
    ``"approval": true``, or (``destructive``: the user opted in) its MCP annotations say
    ``destructiveHint: true``."""
    if tool.curation.approval:
        return True
    hints = annotations.get(tool.name) or {}
    return destructive and hints.get("destructiveHint") is True


def not_approved(name: str) -> str:
    """The model's answer for a call the host did not approve."""
    return f"{name}: not approved; the call was not made"


def exception_text(error: BaseException) -> str:
    """An exception's text, or Python's own ``<exception str() failed>`` when its ``__str__``
    raises: ibis' ``SignatureValidationError`` builds its text with ``rich``, and without
    ``rich`` installed the ``ModuleNotFoundError`` escaped ``Toolbox.handle``."""
    try:
        return str(error)
    except Exception:
        return "<exception str() failed>"


def failure_text(
    name: str,
    error: BaseException,
    *,
    errors: Literal["show", "mask"],
    formatter: ErrorFormatter | None,
    debug: bool,
) -> tuple[str, bool]:
    """The text a model gets for a method that raised, and whether it hides the exception
    (masked or formatted: the host's log then keeps it)."""
    if formatter is not None:
        try:
            return formatter(name, error), True
        except Exception:  # the host's formatter failed: mask rather than leak
            log.exception("%s: the error formatter failed", name)
            return f"{name} failed", True
    if errors == "mask":
        return f"{name} failed", True
    said = exception_text(error)
    message = f"{name} failed: {type(error).__name__}" + (f": {said}" if said else "")
    if debug:
        message += "\n" + "".join(traceback.format_exception(error))
    return message, False


def approval_answer(
    approve: Approver | None, tool: ToolDescriptor, values: dict[str, object]
) -> object:
    """The approver's answer (an awaitable when it is async); False without one, or when it
    fails (the host's log keeps why)."""
    if approve is None:
        return False
    try:
        return approve(tool, dict(values))
    except Exception:
        log.exception("%s: the approver failed", tool.name)
        return False
