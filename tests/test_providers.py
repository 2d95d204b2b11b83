"""Every golden provider file is accepted by that provider's own SDK type, with no unknown keys
and nothing the SDK would silently drop; parameter schemas pass the JSON Schema meta-schema."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import botocore.session
import botocore.validate
import cohere
import mcp.types
import ollama
import pydantic
import pytest
from anthropic.types import ToolParam
from google.genai import types as genai_types
from mistralai.client.models import Tool as MistralTool
from openai.types.chat import ChatCompletionFunctionToolParam
from openai.types.responses import FunctionToolParam

from tests.goldens import CASES, GOLDEN, RENDERS
from tests.sdk_types import check_json_schema, check_typed_dict, walk_schemas


def _dump_equals(model: pydantic.BaseModel, entry: dict[str, Any], **dump: Any) -> None:
    """What the SDK model keeps is exactly what we wrote: nothing unknown, nothing dropped."""
    assert model.model_dump(by_alias=True, **dump) == entry


def check_openai(document: Any) -> None:
    for entry in document:
        check_typed_dict(entry, ChatCompletionFunctionToolParam)
        check_json_schema(entry["function"]["parameters"])


def check_openai_responses(document: Any) -> None:
    for entry in document:
        check_typed_dict(entry, FunctionToolParam)
        assert isinstance(entry["strict"], bool)
        check_json_schema(entry["parameters"])


def check_anthropic(document: Any) -> None:
    for entry in document:
        check_typed_dict(entry, ToolParam)
        assert entry["input_schema"]["type"] == "object"
        check_json_schema(entry["input_schema"])


def check_gemini(document: Any) -> None:
    tool = genai_types.Tool.model_validate(document)  # extra="forbid": no unknown key anywhere
    assert tool.function_declarations
    for declaration in document["functionDeclarations"]:
        if "parametersJsonSchema" in declaration:
            check_json_schema(declaration["parametersJsonSchema"])
        for schema in walk_schemas(declaration.get("parameters", {})):
            assert isinstance(schema.get("type", ""), str), schema
            assert not {
                "$ref",
                "$defs",
                "additionalProperties",
                "oneOf",
                "const",
                "exclusiveMinimum",
                "exclusiveMaximum",
                "default",
            } & set(schema)
            assert all(isinstance(v, str) for v in schema.get("enum", []))
        parameters = declaration.get("parameters")
        if parameters is not None:
            assert parameters["type"] == "OBJECT" and parameters["properties"]


def check_ollama(document: Any) -> None:
    for entry in document:
        _dump_equals(ollama.Tool.model_validate(entry), entry, exclude_none=True)
        check_json_schema(entry["function"]["parameters"])


def check_mistral(document: Any) -> None:
    for entry in document:
        _dump_equals(MistralTool.model_validate(entry), entry, exclude_unset=True)
        check_json_schema(entry["function"]["parameters"])


def check_bedrock(document: Any) -> None:
    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    report = botocore.validate.ParamValidator().validate(
        document, model.shape_for("ToolConfiguration")
    )
    assert not report.has_errors(), report.generate_report()
    for entry in document["tools"]:
        if "cachePoint" in entry:  # the Tool union's cache marker: last, and alone
            assert entry is document["tools"][-1] and entry == {"cachePoint": {"type": "default"}}
            continue
        assert entry["toolSpec"]["description"]
        check_json_schema(entry["toolSpec"]["inputSchema"]["json"])


def check_mcp(document: Any) -> None:
    result = mcp.types.ListToolsResult.model_validate(document)
    for entry, tool in zip(document["tools"], result.tools, strict=True):
        _dump_equals(tool, entry, exclude_none=True)
        check_json_schema(entry["inputSchema"])
        if "outputSchema" in entry:
            assert entry["outputSchema"]["type"] == "object"
            check_json_schema(entry["outputSchema"])


def check_cohere(document: Any) -> None:
    for entry in document:
        _dump_equals(cohere.ToolV2.model_validate(entry), entry, exclude_none=True)
        check_json_schema(entry["function"]["parameters"])


def check_huggingface(document: Any) -> None:
    for entry in document:
        assert set(entry) == {"type", "function"} and entry["type"] == "function"
        function = entry["function"]
        assert set(function) <= {"name", "description", "parameters", "return"}
        assert function["description"]
        check_json_schema(function["parameters"])
        for schema in walk_schemas(function["parameters"]):
            declared = schema.get("type")
            assert not (isinstance(declared, list) and "null" in declared), schema
            assert {"type": "null"} not in schema.get("anyOf", []), schema


CHECKS: dict[str, Callable[[Any], None]] = {
    "openai": check_openai,
    "openai-strict": check_openai,
    "openai-responses": check_openai_responses,
    "openai-responses-strict": check_openai_responses,
    "anthropic": check_anthropic,
    "anthropic-strict": check_anthropic,
    "anthropic-cache": check_anthropic,
    "gemini": check_gemini,
    "gemini-json-schema": check_gemini,
    "ollama": check_ollama,
    "mistral": check_mistral,
    "mistral-strict": check_mistral,
    "bedrock": check_bedrock,
    "bedrock-strict": check_bedrock,
    "bedrock-cache": check_bedrock,
    "mcp": check_mcp,
    "cohere": check_cohere,
    "huggingface": check_huggingface,
}


def test_every_render_has_a_check() -> None:
    assert sorted(CHECKS) == sorted(name.removesuffix(".json") for name in RENDERS)


@pytest.mark.parametrize("case", [c.name for c in CASES])
@pytest.mark.parametrize("render", sorted(CHECKS))
def test_golden_file_is_accepted_by_the_provider_sdk(case: str, render: str) -> None:
    document = json.loads((GOLDEN / case / f"{render}.json").read_text(encoding="utf-8"))
    CHECKS[render](document)
