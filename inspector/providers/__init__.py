"""One module per provider: its name rules, limits, schema dialect, file reader and tool-call
messages, as one ``Provider``; ``registry`` lists them with their templates.

A user's provider module imports what it needs from here::

    from inspector.providers import Call, Outcome, Provider, ToolEntry
"""

from inspector.files.provider_files import ToolEntry
from inspector.providers.base import Dialect, NameRule, Provider, StrictDialect
from inspector.providers.calls import Call, Outcome
from inspector.providers.limits import Limits
from inspector.providers.schema_walk import DialectResult, Note

__all__ = [
    "Call",
    "Dialect",
    "DialectResult",
    "Limits",
    "NameRule",
    "Note",
    "Outcome",
    "Provider",
    "StrictDialect",
    "ToolEntry",
]
