"""render --cache: Anthropic's ``cache_control`` on the last tool that is not deferred and
Bedrock's ``cachePoint`` after the last tool, as their SDK types take them; the stubs read
such files as the plain ones."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run
from tests.test_deferral import check_anthropic_with_search
from tests.test_providers import check_anthropic, check_bedrock

SERVICE = '''
class Service:
    def ping(self, host: str) -> bool:
        """Check a host."""
        return True

    def pong(self, times: int = 1) -> None:
        """Answer a ping."""
'''


@pytest.fixture
def scanned(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    Path("service.py").write_text(SERVICE)
    assert run_cli("scan", "service.py:Service", "-o", "tools.json", "-q").status == 0
    return in_tmp


def _render(run_cli: Callable[..., Run], *args: str) -> object:
    result = run_cli("render", *args)
    assert result.status == 0, result.stderr
    return json.loads(result.stdout)


def test_anthropic_marks_only_the_last_tool(scanned: Path, run_cli: Callable[..., Run]) -> None:
    cached = _render(run_cli, "--provider", "anthropic", "--cache")
    plain = _render(run_cli, "--provider", "anthropic")
    assert isinstance(cached, list) and isinstance(plain, list)
    assert [sorted(e) for e in cached] == [
        ["description", "input_schema", "name"],
        ["cache_control", "description", "input_schema", "name"],
    ]
    assert cached[-1]["cache_control"] == {"type": "ephemeral"}
    assert cached[:-1] == plain[:-1]
    assert {k: v for k, v in cached[-1].items() if k != "cache_control"} == plain[-1]
    check_anthropic(cached)


@pytest.mark.parametrize(
    ("deferred", "marked"),
    [("pong", ["ping"]), ("ping", ["pong"]), ("p*", ["tool_search_tool_bm25"])],
)
def test_anthropic_marks_the_last_tool_that_is_not_deferred(
    scanned: Path, run_cli: Callable[..., Run], deferred: str, marked: list[str]
) -> None:
    # deferred tools are not part of the cached prefix: a marker on one would cache nothing
    cached = _render(run_cli, "--provider", "anthropic", "--cache", "--defer", deferred)
    assert isinstance(cached, list)
    assert [e["name"] for e in cached if "cache_control" in e] == marked
    check_anthropic_with_search(cached)


def test_bedrock_ends_the_tools_with_a_cache_point(
    scanned: Path, run_cli: Callable[..., Run]
) -> None:
    cached = _render(run_cli, "--provider", "bedrock", "--cache")
    plain = _render(run_cli, "--provider", "bedrock")
    assert isinstance(cached, dict) and isinstance(plain, dict)
    assert cached["tools"] == [*plain["tools"], {"cachePoint": {"type": "default"}}]
    check_bedrock(cached)


@pytest.mark.parametrize("provider", ["anthropic", "bedrock"])
def test_stubs_read_a_cached_file_as_the_plain_one(
    scanned: Path, run_cli: Callable[..., Run], provider: str
) -> None:
    for folder, extra in (("cached", ["--cache"]), ("plain", [])):
        Path(folder).mkdir()
        args = ("render", "--provider", provider, *extra, "-o", f"{folder}/tools.json", "-q")
        assert run_cli(*args).status == 0
    cached = run_cli("stubs", "cached/tools.json", "-q")
    assert cached.status == 0, cached.stderr
    assert cached.stdout == run_cli("stubs", "plain/tools.json", "-q").stdout


def test_cache_is_a_build_setting(scanned: Path, run_cli: Callable[..., Run]) -> None:
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["service.py:Service"]\n'
        'providers = ["anthropic", "bedrock"]\ncache = true\n'
    )
    assert run_cli("build", "-q").status == 0, run_cli("build").stderr
    anthropic = json.loads(Path("anthropic.json").read_text())
    bedrock = json.loads(Path("bedrock.json").read_text())
    assert anthropic[-1]["cache_control"] == {"type": "ephemeral"}
    assert bedrock["tools"][-1] == {"cachePoint": {"type": "default"}}


def test_other_providers_are_unchanged_by_cache(scanned: Path, run_cli: Callable[..., Run]) -> None:
    for provider in ("openai", "gemini", "mcp"):
        cached = _render(run_cli, "--provider", provider, "--cache")
        assert cached == _render(run_cli, "--provider", provider)
