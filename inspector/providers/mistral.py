"""Mistral chat completions: OpenAI Chat's tool shape with ``parameters`` always present (the
template reuses ``openai_parameters`` for its ``strict`` flag), ``tool_calls`` in the message and
``role: tool`` answers naming the tool."""

from __future__ import annotations

from inspector.model import JsonObject
from inspector.providers.base import ALNUM_DASH_64, Provider
from inspector.providers.calls import Outcome, function_calls, result_text
from inspector.providers.openai import read_function_tools


def answer(outcomes: list[Outcome]) -> list[JsonObject]:
    """One ``role: tool`` message per call, with its id and the tool's name."""
    return [
        {
            "role": "tool",
            "tool_call_id": o.call.id or "",
            "name": o.call.name,
            "content": result_text(o),
        }
        for o in outcomes
    ]


PROVIDER = Provider(
    "mistral",
    "Mistral",
    tool_names=ALNUM_DASH_64,
    read_tools=read_function_tools,
    read_calls=function_calls,
    answer=answer,
)
