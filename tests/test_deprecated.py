"""What says a method is deprecated: its code (``@deprecated``, the ``deprecated`` package, a
docstring's directive, field or section), never the word in prose; tools.json keeps it and the
description says it."""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.files import tools_json
from inspector.model import Deprecation
from inspector.scan.deprecation import docstring_deprecation
from tests.conftest import Run, inspect_class

CLIENT = '''\
import functools

import deprecated
import deprecated.sphinx
from typing_extensions import deprecated as pep702


def _cached(function):
    """A decorator that keeps ``__wrapped__``, as ``functools.wraps`` does."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs)

    return wrapper


class Client:
    """Old methods marked in each way code says it."""

    def fetch(self, key: str, timeout: float = 0.0) -> str:
        """Fetch one value.

        Args:
            key: The key.
            timeout: Ignored: the ``timeout`` argument is deprecated.
        """
        return key

    @pep702("Use fetch() instead")
    def get(self, key: str) -> str:
        """Get one value.

        Args:
            key: The key.
        """
        return key

    @_cached
    @pep702("Use fetch() in a loop")
    def get_many(self, keys: list[str]) -> list[str]:
        """Get values.

        Args:
            keys: The keys.
        """
        return keys

    @staticmethod
    @pep702("Use fetch() instead")
    def lookup(key: str) -> str:
        """Look one value up.

        Args:
            key: The key.
        """
        return key

    @classmethod
    @pep702("Use Client() instead")
    def from_url(cls, url: str) -> str:
        """A client for a URL.

        Args:
            url: The URL.
        """
        return url

    @deprecated.deprecated(version="2.1", reason="Use fetch() instead")
    def read(self, key: str) -> str:
        """Read one value.

        Args:
            key: The key.
        """
        return key

    @deprecated.sphinx.deprecated(version="2.0", reason="Use :meth:`fetch` instead.")
    def load(self, key: str) -> str:
        """Load one value.

        Args:
            key: The key.
        """
        return key

    def value(self, key: str) -> str:
        """Get one value.

        .. deprecated:: 1.4
           Use :meth:`fetch` instead.

        Args:
            key: The key.
        """
        return key

    def values(self, keys: list[str]) -> list[str]:
        """Get values.

        .. deprecated:: 1.5

        Values come in the order of the keys.

        Parameters
        ----------
        keys : list of str
            The keys.
        """
        return keys

    def item(self, key: str) -> str:
        """Get one item.

        :param key: The key.
        :deprecated: 1.3 Use fetch() instead.
        """
        return key

    def entry(self, key: str) -> str:
        """Get one entry.

        Args:
            key: The key.

        Deprecated:
            Use fetch() instead.
        """
        return key

    def search(self, query: str, limit: int = 10) -> list[str]:
        """Search the values.

        Parameters
        ----------
        query : str
            What to look for.
        limit : int
            How many at most.

            .. deprecated:: 1.6
               Pass a shorter ``query`` instead.
        """
        return [query]

    def find(self, key: str) -> str:
        """Find one value: replaces the deprecated ``get``, which is deprecated since 1.2.

        Args:
            key: The key.
        """
        return key

    def delete(self, key: str) -> str:
        """Delete one value.

        Args:
            key: The key.
        """
        return key
'''


def _read(path: str) -> typing.Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _client(run_cli: Callable[..., Run], *options: str) -> Run:
    Path("client.py").write_text(CLIENT, encoding="utf-8")
    run = run_cli("scan", "client.py", "-o", "t.json", *options)
    assert run.status == 0, run.stderr
    return run


def test_what_says_a_method_is_deprecated_is_in_tools_json_and_in_its_description(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """PEP 702's ``@deprecated`` (through ``functools.wraps``, a staticmethod, a classmethod),
    the ``deprecated`` package's two decorators, a reST or NumPy ``.. deprecated::``, a
    ``:deprecated:`` field and a Google ``Deprecated:`` section deprecate the method; an
    argument's deprecation (a Google entry's words, a NumPy ``.. deprecated::`` under a
    parameter) and the word in prose do not. The description says it, whoever said it: a
    decorator's message is added, a docstring's words are kept (NumPy's directive and reST's
    field were dropped before, with the text after NumPy's)."""
    _client(run_cli)
    methods = _read("t.json")["classes"]["Client"]["methods"]
    said = {name: methods[name].get("deprecated") for name in methods}
    assert said == {
        "fetch": None,
        "get": {"message": "Use fetch() instead"},
        "get_many": {"message": "Use fetch() in a loop"},
        "lookup": {"message": "Use fetch() instead"},
        "from_url": {"message": "Use Client() instead"},
        "read": {"version": "2.1", "message": "Use fetch() instead"},
        "load": {"version": "2.0", "message": "Use `fetch` instead."},
        "value": {"version": "1.4", "message": "Use `fetch` instead."},
        "values": {"version": "1.5"},
        "item": {"version": "1.3", "message": "Use fetch() instead."},
        "entry": {"message": "Use fetch() instead."},
        "search": None,
        "find": None,
        "delete": None,
    }
    described = {name: methods[name]["function"]["description"] for name in methods}
    assert described == {
        "fetch": "Fetch one value.",
        "get": "Get one value.\n\nDeprecated: Use fetch() instead",
        "get_many": "Get values.\n\nDeprecated: Use fetch() in a loop",
        "lookup": "Look one value up.\n\nDeprecated: Use fetch() instead",
        "from_url": "A client for a URL.\n\nDeprecated: Use Client() instead",
        "read": "Read one value.\n\nDeprecated since version 2.1: Use fetch() instead",
        "load": "Load one value.\n\nDeprecated since version 2.0: Use `fetch` instead.",
        "value": "Get one value.\n\nDeprecated since version 1.4: Use `fetch` instead.",
        "values": "Get values.\n\nDeprecated since version 1.5.\n\nValues come in the order of "
        "the keys.",
        "item": "Get one item.\n\nDeprecated since version 1.3: Use fetch() instead.",
        "entry": "Get one entry.\n\nDeprecated:\n    Use fetch() instead.",
        "search": "Search the values.",
        "find": "Find one value: replaces the deprecated `get`, which is deprecated since 1.2.",
        "delete": "Delete one value.",
    }
    limit = methods["search"]["function"]["parameters"]["properties"]["limit"]
    assert limit["description"] == (
        "How many at most.\n\nDeprecated since version 1.6: Pass a shorter `query` instead."
    )
    read = {
        tool.method_name: tool.deprecated for _, tool in tools_json.load(Path("t.json")).tools()
    }
    assert read["read"] == Deprecation("2.1", "Use fetch() instead")
    assert read["values"] == Deprecation("1.5")
    assert read["fetch"] is None


@pytest.mark.skipif(sys.version_info < (3, 13), reason="warnings.deprecated is new in 3.13")
def test_warnings_deprecated_counts_as_typing_extensions_does() -> None:
    import warnings

    class Store:
        @warnings.deprecated("Use count() instead")  # type: ignore[attr-defined,misc,unused-ignore]
        def size(self) -> int:
            """How many."""
            return 0

    tools, _ = inspect_class(Store)
    assert tools["size"].deprecated == Deprecation(message="Use count() instead")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Old.\n\n.. deprecated:: 2.0\n   Use :meth:`new`.\n", Deprecation("2.0", "Use `new`.")),
        (
            "Old.\n\n.. deprecated:: 1.4 Use new() instead\n",
            Deprecation("1.4", "Use new() instead"),
        ),
        ("Old.\n\n.. deprecated::\n\nMore text.\n", Deprecation()),
        (
            "Old.\n\n:deprecated: use str(tree) instead.\n",
            Deprecation("", "use str(tree) instead."),
        ),
        ("Old.\n\n@deprecated: v3: use y.\n", Deprecation("v3", "use y.")),
        ("Old.\n\nDeprecated:\n    2.1: Use y.\n", Deprecation("2.1", "Use y.")),
        # an indented directive belongs to what is above it: an argument, a note
        ("Find.\n\nArgs:\n    x: The x.\n\n        .. deprecated:: 2.0\n", None),
        (
            "Find.\n\nParameters\n----------\nx : int\n    The x.\n\n    .. deprecated:: 2.0\n",
            None,
        ),
        ("Find.\n\n.. note::\n    .. deprecated:: 2.0\n", None),
        # prose, and a section title with nothing under it
        ("Find: replaces the deprecated get().\n", None),
        ("Deprecated: use find() instead.\n", None),
        ("Find.\n\nThe `x` argument is deprecated.\n\nDeprecated:\n", None),
    ],
)
def test_a_docstring_deprecates_its_method_only_at_its_margin(
    text: str, expected: Deprecation | None
) -> None:
    assert docstring_deprecation(text) == expected
