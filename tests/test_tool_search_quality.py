"""The ranking's quality, measured: 50 requests in plain words over kubernetes ``CoreV1Api``,
redis ``Redis`` and slack_sdk ``WebClient`` (tests/search_fixtures/requests.json), written
before the ranking was tuned. The issue asks for the right tool among the first five for 90 %
of them; the ranking reaches 43 of 50 (86 %), and this test keeps it from falling below that
and the docs in step with it. The libraries' tools.json files are fixtures cut to what the
ranking reads (tests/regen_search_fixtures.py rewrites them)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from inspector.files.tools_json import from_json
from inspector.model import ToolDescriptor
from inspector.runtime.tool_search import ToolIndex
from tests.regen_search_fixtures import FIXTURES, LIBRARIES

REQUESTS = json.loads((FIXTURES / "requests.json").read_text(encoding="utf-8"))
TOP = 5


@cache
def index(library: str) -> ToolIndex:
    document = json.loads((FIXTURES / f"{library}.json").read_text(encoding="utf-8"))
    tools: list[ToolDescriptor] = [tool for _, tool in from_json(document).tools()]
    return ToolIndex(tools)


def found(request: dict[str, object]) -> list[str]:
    query = str(request["request"])
    return [tool.name for tool in index(str(request["library"])).search(query, TOP)]


def hits() -> list[bool]:
    return [bool(set(found(r)) & set(r["expected"])) for r in REQUESTS]


def test_the_set_has_fifty_requests_over_the_three_libraries() -> None:
    assert len(REQUESTS) == 50
    assert {r["library"] for r in REQUESTS} == set(LIBRARIES)
    for request in REQUESTS:  # every expected tool exists: a typo would make a request unfair
        names = {tool.name for tool in index(request["library"]).tools}
        assert set(request["expected"]) <= names, request


MEASURED = 43
"""Requests whose right tool is among the first five (of 50)."""


def test_the_right_tool_is_in_the_top_five_as_often_as_measured() -> None:
    missed = [(r["request"], found(r)) for r, hit in zip(REQUESTS, hits(), strict=True) if not hit]
    assert len(REQUESTS) - len(missed) >= MEASURED, missed


def test_the_measured_figure_is_the_one_the_docs_give() -> None:
    figure = f"{sum(hits())} of {len(REQUESTS)}"
    assert sum(hits()) == MEASURED  # a better ranking: raise MEASURED and the docs' figure
    page = (Path(__file__).resolve().parent.parent / "docs/guides/tool-search.md").read_text()
    assert f"the right tool is in the first five for {figure} requests" in page


@pytest.mark.parametrize(
    ("library", "query", "first"),
    [
        ("kubernetes", "show me the logs of a pod", "read_namespaced_pod_log"),
        ("redis", "how long until a key expires", "ttl"),
        ("slack_sdk", "find a user by their email address", "users_lookupByEmail"),
    ],
)
def test_examples_rank_first(library: str, query: str, first: str) -> None:
    assert index(library).search(query, 1)[0].name == first
