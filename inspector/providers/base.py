"""What a provider is: the name rules, limits, schema dialect, file reader and tool-call messages
of one LLM API, in one ``Provider`` value that its module defines and the registry lists."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from inspector.files.provider_files import ToolEntry
from inspector.model import Json, JsonObject, ToolDescriptor
from inspector.providers.calls import Call, Outcome
from inspector.providers.limits import Limits
from inspector.providers.schema_walk import DialectResult
from inspector.providers.strict import StrictProfile


@dataclass(frozen=True, slots=True)
class NameRule:
    """A provider's rule for tool (or parameter) names."""

    pattern: re.Pattern[str]
    text: str


ALNUM_DASH_64 = NameRule(
    re.compile(r"[a-zA-Z0-9_-]{1,64}"), "1-64 characters of a-z, A-Z, 0-9, '_' and '-'"
)
"""The rule of OpenAI, Anthropic, Mistral and Bedrock."""


@dataclass(frozen=True, slots=True)
class StrictDialect:
    """A template filter ``tool | name(strict=strict)``: the parameters in a strict profile, or
    the canonical schema with ``conforms`` False when the tool cannot be strict (or does not fit
    the request's strict limits)."""

    profile: StrictProfile


@dataclass(frozen=True, slots=True)
class Dialect:
    """A template filter ``tool | name``: the parameters rewritten for a dialect; what moved into
    descriptions becomes an info, each problem a warning (prefixed with ``label``)."""

    rewrite: Callable[[ToolDescriptor], DialectResult]
    label: str


Filter = StrictDialect | Dialect | Callable[..., object]
"""A template filter: a dialect, or any function used as it is."""
ToolReader = Callable[[Json], list[ToolEntry]]
CallReader = Callable[[Json], list[Call]]
Answerer = Callable[[list[Outcome]], list[JsonObject]]


@dataclass(frozen=True, slots=True)
class Provider:
    """One provider: everything toolsinspector knows of it besides its template
    (``templates/<name>.json.jinja``).

    ``read_tools`` reads its files back (stubs, diff); ``read_calls`` and ``answer`` read the tool
    calls out of a model's message and write the messages that answer them (Toolbox).
    ``tool_search``: its template writes deferred tools with the provider's own tool search
    (the template's ``deferred`` names); without it, deferred tools are left out of its file."""

    name: str
    label: str
    tool_names: NameRule | None = None
    parameter_names: NameRule | None = None
    limits: Limits = field(default_factory=Limits)
    filters: Mapping[str, Filter] = field(default_factory=dict)
    read_tools: ToolReader | None = None
    read_calls: CallReader | None = None
    answer: Answerer | None = None
    tool_search: bool = False
