"""Schema dialects: the canonical JSON Schema rewritten for what each provider accepts."""

from inspector.dialects.common import DialectResult
from inspector.dialects.gemini import gemini_json_schema_parameters, gemini_parameters
from inspector.dialects.huggingface import huggingface_parameters, huggingface_return
from inspector.dialects.mcp import mcp_output_schema, mcp_title
from inspector.dialects.ollama import ollama_parameters
from inspector.dialects.strict import ANTHROPIC, OPENAI, StrictProfile, strict_parameters

__all__ = [
    "ANTHROPIC",
    "OPENAI",
    "DialectResult",
    "StrictProfile",
    "gemini_json_schema_parameters",
    "gemini_parameters",
    "huggingface_parameters",
    "huggingface_return",
    "mcp_output_schema",
    "mcp_title",
    "ollama_parameters",
    "strict_parameters",
]
