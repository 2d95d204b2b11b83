"""The ranking's quality, measured: 50 requests in plain words over kubernetes ``CoreV1Api``,
redis ``Redis`` and slack_sdk ``WebClient`` (tests/search_fixtures/requests.json), written
before the ranking was tuned, and 47 more (requests_later.json) written when it was tuned
again: 26 whose misses were looked at while tuning, then 21 measured only once it was done.
The issue asks for the right tool among the first five for 90 % of the 50; the ranking reaches
49 of 50, and 42 of the 47 later ones (89 %). These tests keep both from falling and the docs
in step with them. The libraries' tools.json files are fixtures cut to what the ranking reads
(tests/regen_search_fixtures.py rewrites them)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from inspector.files.tools_json import from_json
from inspector.model import ToolDescriptor
from inspector.runtime.tool_search import ToolIndex
from tests.regen_search_fixtures import FIXTURES, LIBRARIES

REQUESTS = json.loads((FIXTURES / "requests.json").read_text(encoding="utf-8"))
LATER = json.loads((FIXTURES / "requests_later.json").read_text(encoding="utf-8"))
TOP = 5


@cache
def index(library: str) -> ToolIndex:
    document = json.loads((FIXTURES / f"{library}.json").read_text(encoding="utf-8"))
    tools: list[ToolDescriptor] = [tool for _, tool in from_json(document).tools()]
    return ToolIndex(tools)


def found(request: dict[str, object]) -> list[str]:
    query = str(request["request"])
    return [tool.name for tool in index(str(request["library"])).search(query, TOP)]


def hits(requests: list[dict[str, Any]]) -> list[bool]:
    return [bool(set(found(r)) & set(r["expected"])) for r in requests]


@pytest.mark.parametrize(("requests", "count"), [(REQUESTS, 50), (LATER, 47)])
def test_the_sets_cover_the_three_libraries(requests: list[dict[str, Any]], count: int) -> None:
    assert len(requests) == count
    assert {r["library"] for r in requests} == set(LIBRARIES)
    assert len({r["request"] for r in [*REQUESTS, *LATER]}) == len(REQUESTS) + len(LATER)
    for request in requests:  # every expected tool exists: a typo would make a request unfair
        names = {tool.name for tool in index(request["library"]).tools}
        assert set(request["expected"]) <= names, request


MEASURED = 49
"""Requests of requests.json whose right tool is among the first five (of 50)."""
MEASURED_LATER = 42
"""The same for requests_later.json (of 47)."""


@pytest.mark.parametrize(("requests", "measured"), [(REQUESTS, MEASURED), (LATER, MEASURED_LATER)])
def test_the_right_tool_is_in_the_top_five_as_often_as_measured(
    requests: list[dict[str, Any]], measured: int
) -> None:
    hit_or_not = zip(requests, hits(requests), strict=True)
    missed = [(r["request"], found(r)) for r, hit in hit_or_not if not hit]
    assert len(requests) - len(missed) >= measured, missed


def test_the_measured_figures_are_the_ones_the_docs_give() -> None:
    # a better ranking: raise MEASURED or MEASURED_LATER and the docs' figures
    assert (sum(hits(REQUESTS)), sum(hits(LATER))) == (MEASURED, MEASURED_LATER)
    page = (Path(__file__).resolve().parent.parent / "docs/guides/tool-search.md").read_text()
    assert f"the right tool is in the first five for {MEASURED} of 50 requests" in page
    assert f"for {MEASURED_LATER} of the 47 later ones" in page


@pytest.mark.parametrize(
    ("library", "query", "first"),
    [
        ("kubernetes", "show me the logs of a pod", "read_namespaced_pod_log"),
        ("slack_sdk", "find a user by their email address", "users_lookupByEmail"),
    ],
)
def test_examples_rank_first(library: str, query: str, first: str) -> None:
    assert index(library).search(query, 1)[0].name == first


def test_a_name_that_is_the_requests_verb_comes_before_the_answer_it_asks_for() -> None:
    # what the name-coverage boost costs: "expire" is all of its name, "ttl" only answers
    assert [t.name for t in index("redis").search("how long until a key expires", 2)] == [
        "expire",
        "ttl",
    ]
