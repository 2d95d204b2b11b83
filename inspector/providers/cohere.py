"""Cohere v2 chat: OpenAI Chat's tool shape with ``parameters`` always present, names without
``-`` or a leading digit, ``tool_calls`` in the message and ``role: tool`` answers."""

from __future__ import annotations

import re

from inspector.providers.base import NameRule, Provider
from inspector.providers.calls import function_calls, tool_messages
from inspector.providers.openai import read_function_tools

PROVIDER = Provider(
    "cohere",
    "Cohere",
    tool_names=NameRule(
        re.compile(r"[A-Za-z_][A-Za-z0-9_]*"), "a-z, A-Z, 0-9 and '_', not starting with a digit"
    ),
    read_tools=read_function_tools,
    read_calls=function_calls,
    answer=tool_messages,
)
