"""Providers: one template each (built-in or the user's), plus what we know of their rules."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

TEMPLATE_SUFFIX = ".json.jinja"


@dataclass(frozen=True, slots=True)
class NameRule:
    """A provider's rule for tool names."""

    pattern: re.Pattern[str]
    text: str


_ALNUM_DASH_64 = NameRule(
    re.compile(r"[a-zA-Z0-9_-]{1,64}"), "1-64 characters of a-z, A-Z, 0-9, '_' and '-'"
)
NAME_RULES: dict[str, NameRule] = {
    "openai": _ALNUM_DASH_64,
    "openai-responses": _ALNUM_DASH_64,
    "anthropic": _ALNUM_DASH_64,
    "mistral": _ALNUM_DASH_64,
    "bedrock": _ALNUM_DASH_64,
    "gemini": NameRule(
        re.compile(r"[A-Za-z_][A-Za-z0-9_.:-]{0,63}"),
        "a letter or '_' first, then a-z, A-Z, 0-9, '_', '.', ':' and '-', at most 64 characters",
    ),
    "mcp": NameRule(
        re.compile(r"[A-Za-z0-9._-]{1,128}"), "1-128 characters of A-Z, a-z, 0-9, '_', '-' and '.'"
    ),
    "cohere": NameRule(
        re.compile(r"[A-Za-z_][A-Za-z0-9_]*"), "a-z, A-Z, 0-9 and '_', not starting with a digit"
    ),
}
"""Tool-name rules by provider (PROVIDERS.md); Ollama and Hugging Face document none."""

PARAMETER_NAME_RULES: dict[str, NameRule] = {
    "gemini": NameRule(
        re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}"),
        "a letter or '_' first, then a-z, A-Z, 0-9 and '_', at most 64 characters",
    ),
}


@dataclass(frozen=True, slots=True)
class Provider:
    """A renderable provider: its name, its template file, and whether a user template shadows
    a built-in one."""

    name: str
    template: Path
    builtin: bool
    overrides_builtin: bool = False


def builtin_templates_dir() -> Path:
    """The shipped templates: inside the installed package, or ``templates/`` in a checkout."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "templates"
    if packaged.is_dir():
        return packaged
    return package.parent / "templates"


def _templates_in(directory: Path) -> dict[str, Path]:
    return {
        path.name.removesuffix(TEMPLATE_SUFFIX): path
        for path in sorted(directory.glob(f"*{TEMPLATE_SUFFIX}"))
        if not path.name.startswith("_")
    }


def available(user_dirs: list[Path]) -> list[Provider]:
    """Every provider, sorted by name; the first user directory that has one wins."""
    builtin = _templates_in(builtin_templates_dir())
    found = {name: Provider(name, path, True) for name, path in builtin.items()}
    for directory in reversed(user_dirs):
        for name, path in _templates_in(directory).items():
            found[name] = Provider(name, path, False, name in builtin)
    return [found[name] for name in sorted(found)]
