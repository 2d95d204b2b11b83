"""One pipeline: the same input gives the same files and diagnostics through every door
(``scan`` + ``render``, ``build``, ``Toolbox``)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run

MANY = "class Many:\n" + "".join(
    f"    def tool_{i}(self) -> int:\n        'Tool {i}.'\n        return {i}\n" for i in range(130)
)
"""130 tools: past OpenAI's 128-tool limit, which every door must warn about."""

STRICT_SOURCE = '''\
from dataclasses import dataclass


@dataclass
class Place:
    """A place."""

    name: str
    country: str = "NL"


class Travel:
    def visit(self, place: Place, days: int = 3) -> str:
        """Visit a place.

        Args:
            place: Where to go.
            days: How long to stay.
        """
        return f"{place.name} {days}"

    def anything(self, payload: dict[str, object]) -> None:
        """Cannot be strict.

        Args:
            payload: Free-form data.
        """
'''


def _three_doors(
    run_cli: Callable[..., Run], module: str, cls: str, provider: str, *flags: str
) -> tuple[list[str], list[str], list[str]]:
    """The provider file and its render diagnostics from ``render``, ``build`` and Toolbox."""
    assert run_cli("scan", f"{module}.py:{cls}", "-o", "tools.json", "-q").status == 0
    cli = run_cli("render", "--provider", provider, *flags, "-o", "cli.json")
    strict = "true" if "--strict" in flags else "false"
    Path("pyproject.toml").write_text(
        f'[tool.toolsinspector]\ntargets = ["{module}.py:{cls}"]\n'
        f'tools = "build/tools.json"\nproviders = ["{provider}"]\nstrict = {strict}\n',
        encoding="utf-8",
    )
    build = run_cli("build")
    sys.path.insert(0, str(Path.cwd()))
    try:
        instance = getattr(importlib.import_module(module), cls)()
    finally:
        sys.path.remove(str(Path.cwd()))
    rendered = Toolbox(instance).provider_file(provider, strict="--strict" in flags)
    files = [
        Path("cli.json").read_text(encoding="utf-8"),
        Path(f"build/{provider}.json").read_text(encoding="utf-8"),
        rendered.text or "",
    ]
    render_lines = sorted(line for line in cli.stderr.splitlines() if "warning[" in line)
    build_lines = sorted(line for line in build.stderr.splitlines() if "warning[" in line)
    toolbox_lines = sorted(str(d) for d in rendered.diagnostics if d.level.value == "warning")
    return files, [*render_lines], [*build_lines, "|", *toolbox_lines]


@pytest.mark.parametrize(
    ("provider", "flags"),
    [("openai", ("--strict",)), ("gemini", ()), ("ollama", ()), ("anthropic", ("--strict",))],
)
def test_render_build_and_toolbox_give_the_same_file_and_warnings(
    in_tmp: Path, run_cli: Callable[..., Run], provider: str, flags: tuple[str, ...]
) -> None:
    Path("travel.py").write_text(STRICT_SOURCE, encoding="utf-8")
    files, render_lines, others = _three_doors(run_cli, "travel", "Travel", provider, *flags)
    assert files[0] == files[1] == files[2]
    warnings = render_lines
    build_lines, toolbox_lines = others[: others.index("|")], others[others.index("|") + 1 :]
    assert warnings == build_lines == toolbox_lines


ANY_RESULTS_SOURCE = '''\
from typing import Any


class Opaque:
    """A class with no JSON form."""


class Results:
    def anything(self) -> Any:
        """Any value."""

    def opaque(self) -> Opaque:
        """A value read from the object."""
        return Opaque()

    def unannotated(self):
        """Not annotated."""

    def said(self) -> Any:
        """Said in the docstring.

        Returns:
            Whatever it finds.
        """

    def said_unannotated(self):
        """Said in the docstring, not annotated.

        Returns:
            Whatever it finds.
        """
'''


@pytest.mark.parametrize("provider", ["mcp", "huggingface"])
def test_a_result_of_any_value_is_written_alike_by_every_door(
    in_tmp: Path, run_cli: Callable[..., Run], provider: str
) -> None:
    # tools.json writes "any value" as {} (read back as no type) and a described value of no
    # type as {"description": ...} (read back as any value): a scan's own render (build,
    # Toolbox) gave MCP an outputSchema and Hugging Face a "return" that the file's render did
    # not, or the other way round, so check after scan + render found both files stale
    Path("results.py").write_text(ANY_RESULTS_SOURCE, encoding="utf-8")
    files, _, _ = _three_doors(run_cli, "results", "Results", provider)
    assert files[0] == files[1] == files[2]
    said = 2  # the two described results, annotated or not
    assert files[0].count('"outputSchema"') == (said if provider == "mcp" else 0)
    assert files[0].count('"return"') == (said if provider == "huggingface" else 0)


def test_every_door_warns_past_the_tool_limit(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("many.py").write_text(MANY, encoding="utf-8")
    files, render_lines, others = _three_doors(run_cli, "many", "Many", "openai")
    assert files[0] == files[1] == files[2]
    limit = [line for line in render_lines if "128" in line]
    assert len(limit) == 1
    assert others == [*limit, "|", *limit]


def test_one_failing_provider_does_not_stop_the_others_in_build(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("uni.py").write_text(
        "class Uni:\n    def größe(self) -> None:\n        'Size.'\n", encoding="utf-8"
    )
    Path("mine").mkdir()
    Path("mine/broken.json.jinja").write_text("[{{ tools | length }},]", encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["uni.py:Uni"]\ntemplates = ["mine"]\n'
        'providers = ["broken", "ollama"]\n',
        encoding="utf-8",
    )
    result = run_cli("build", "-q")
    assert result.status == 1
    assert "broken.json.jinja: error[TI401]: the template rendered invalid JSON" in result.stderr
    assert not Path("broken.json").exists()
    assert '"name": "größe"' in Path("ollama.json").read_text(encoding="utf-8")


DESCRIBED_TYPES_SOURCE = '''\
import enum
from dataclasses import dataclass


class Size(enum.IntEnum):
    SMALL = 1
    LARGE = 2


@dataclass
class Place:
    """A place."""

    name: str


class Shop:
    def order(self, size: Size = Size.SMALL, place: Place | None = None) -> None:
        """Order something."""

    def deliver(self, place: Place, size: Size) -> None:
        """Deliver it.

        Args:
            place: Where to.
            size: How large.
        """
'''


def test_build_writes_the_stubs_that_stubs_of_its_tools_json_give(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    # a parameter's schema has one description, its own or its type's (an enum's value = name
    # pairs, a class's docstring): stubs of the scan told the two apart, stubs of the file
    # cannot, so build's stubs differed from `stubs tools.json` and check found them stale
    Path("shop.py").write_text(DESCRIBED_TYPES_SOURCE, encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["shop.py:Shop"]\nstubs = "stubs.py"\n',
        encoding="utf-8",
    )
    assert run_cli("build", "-q").status == 0
    built = Path("stubs.py").read_text(encoding="utf-8")
    result = run_cli(
        "stubs", "tools.json", "--classification", "tools.classification.json", "-o", "stubs.py"
    )
    assert result.status == 0
    assert Path("stubs.py").read_text(encoding="utf-8") == built
    assert run_cli("check").status == 0
