"""A tool's result as the model gets it, the same through the Toolbox and ``serve``: the host's
serializer first, then the type table's JSON form (records, arrays and mappings read by duck
typing, a live object as its own text; none at all, NaN say, is an error result), cut to the
size limit with a note."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from inspector.model import Json, ToolDescriptor
from inspector.providers.calls import Call, Outcome
from inspector.runtime.messages import to_json, to_text
from inspector.typetable.scalars import NoJsonForm
from inspector.typetable.values import as_declared

MAX_RESULT_CHARS = 100_000
"""The default limit of a result's text: about 25,000 tokens."""

ResultSerializer = Callable[[object], object]
"""What the host gives the model instead of a result: a text is sent as it is, anything else
is converted as a result would be."""


@dataclass(frozen=True, slots=True)
class ResultRules:
    """How results become what the model reads.

    Attributes:
        serializer: The host's conversion, applied first (None: none).
        max_chars: The longest text a model gets; a longer one is cut with a note.
    """

    serializer: ResultSerializer | None = None
    max_chars: int = MAX_RESULT_CHARS


def outcome(
    call: Call, value: object, tool: ToolDescriptor, rules: ResultRules
) -> tuple[Outcome, bool]:
    """What a call that returned ``value`` answers (the serializer's failure propagates).

    Args:
        call: The call.
        value: What the method returned.
        tool: The tool that ran.
        rules: The serializer and the size limit.

    Returns:
        The result as JSON and as text, and whether it was cut: a cut result is text only
        (``Outcome.cut``: it no longer matches its schema). A result with no JSON form (NaN, an
        infinity, a value that contains itself) is an error outcome saying so.
    """
    if rules.serializer is not None:
        value = rules.serializer(value)
    value = as_declared(value, tool.returns.type)
    try:
        as_json: Json = to_json(value)
    except NoJsonForm as error:
        # NaN, an infinity, a value containing itself: a repr sent as the result would read as
        # JSON it is not, and breaks an MCP output schema; the model is told what went wrong
        return Outcome(call, error=no_json_form(call.name, error)), False
    text = to_text(value if isinstance(value, str) else as_json)
    return _limited(Outcome(call, as_json, text, None, tool), rules.max_chars)


def no_json_form(name: str, error: NoJsonForm) -> str:
    """What the model is told of a result that cannot be written as JSON."""
    return f"{name}: the result has no JSON form: {error}"


def _limited(result: Outcome, limit: int) -> tuple[Outcome, bool]:
    if len(result.text) <= limit:
        return result, False
    text = cut(result.text, limit)
    return Outcome(result.call, text, text, None, result.tool, cut=True), True


def cut(text: str, limit: int) -> str:
    """The first ``limit`` characters of ``text`` and a note saying how much was left out."""
    return (
        f"{text[:limit]}\n[cut: the result has {len(text):,} characters; the first {limit:,} "
        "are shown. Ask for less, e.g. with a narrower query or a smaller page.]"
    )
