"""Deprecated methods start false: what the code says (``@deprecated``, the ``deprecated``
package, a stub, a docstring's directive, field or section) and never the word in prose."""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.files import tools_json
from inspector.model import Deprecation
from inspector.runtime.toolbox import Toolbox
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

DEPRECATED = ("get", "get_many", "lookup", "from_url", "read", "load", "value", "values")
DEPRECATED += ("item", "entry")
"""The methods of ``Client`` whose code says they are deprecated, in its order."""


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


def test_a_method_its_code_says_is_deprecated_starts_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """Offering a deprecated method invites calls to an API its authors want gone: its new
    entry is false whatever ``new`` says, and one line names each with its version and
    message."""
    run = _client(run_cli)
    assert _read("t.classification.json") == {
        "Client": {
            "fetch": True,
            **dict.fromkeys(DEPRECATED, False),
            "search": True,
            "find": True,
            "delete": False,
        }
    }
    assert run.stderr.splitlines() == [
        "t.classification.json: info[TI340]: 10 new methods recorded as false, they are "
        "deprecated: Client.get (Use fetch() instead), Client.get_many (Use fetch() in a "
        "loop), Client.lookup (Use fetch() instead), Client.from_url (Use Client() instead), "
        "Client.read (since 2.1: Use fetch() instead), Client.load (since 2.0: Use `fetch` "
        "instead.), Client.value (since 1.4: Use `fetch` instead.), and 3 more",
        "t.classification.json: info[TI333]: 1 new method recorded as false for a destructive "
        "word in its name: Client.delete (delete); set true to offer, --new include-all "
        "includes them",
    ]
    # like a method that never returns: counted as excluded, said by the line above
    assert run.stdout.splitlines()[0] == (
        "1 class, 14 tools: 3 included, 11 excluded (1 new with a destructive name recorded "
        "false: --new include-all includes them)"
    )


def test_a_render_without_an_entry_leaves_a_deprecated_method_out_and_says_why(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    _client(run_cli)
    Path("t.classification.json").write_text('{"Client": {"get": true}}', encoding="utf-8")
    run = run_cli("render", "--provider", "mcp", "--tools", "t.json", "--new", "include-all")
    assert [tool["name"] for tool in json.loads(run.stdout)["tools"]] == [
        "fetch",
        "get",
        "search",
        "find",
        "delete",
    ]
    said = [
        ("get_many", "Use fetch() in a loop"),
        ("lookup", "Use fetch() instead"),
        ("from_url", "Use Client() instead"),
        ("read", "since 2.1: Use fetch() instead"),
        ("load", "since 2.0: Use `fetch` instead."),
        ("value", "since 1.4: Use `fetch` instead."),
        ("values", "since 1.5"),
        ("item", "since 1.3: Use fetch() instead."),
        ("entry", "Use fetch() instead."),
    ]
    assert [line for line in run.stderr.splitlines() if "info[TI341]" in line] == [
        f"t.classification.json: info[TI341]: Client.{name} is excluded: it is deprecated "
        f"({why}); set it true in the classification file to offer it"
        for name, why in said
    ]
    get = next(t for t in json.loads(run.stdout)["tools"] if t["name"] == "get")
    assert get["description"] == "Get one value.\n\nDeprecated: Use fetch() instead"


def test_the_user_s_true_is_kept_and_include_all_does_not_include_deprecated_methods(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``--new include-all`` includes destructive names, not deprecated methods: the authors
    said those are going away, as a method that never returns stays false under it."""
    Path("t.classification.json").write_text(
        '{"Client": {"get": true, "fetch": false}}', encoding="utf-8"
    )
    run = _client(run_cli, "--new", "include-all")
    assert _read("t.classification.json") == {
        "Client": {
            "fetch": False,
            "get": True,
            **dict.fromkeys(DEPRECATED[1:], False),
            "search": True,
            "find": True,
            "delete": True,
        }
    }
    [line] = [line for line in run.stderr.splitlines() if "TI340" in line]
    assert line.startswith(
        "t.classification.json: info[TI340]: 9 new methods recorded as false, they are "
        "deprecated: Client.get_many (Use fetch() in a loop), "
    )
    rescan = run_cli("scan", "client.py", "-o", "t.json")
    assert rescan.status == 0, rescan.stderr
    assert "TI340" not in rescan.stderr  # no method is new
    assert _read("t.classification.json")["Client"]["get"] is True


def test_the_toolbox_leaves_deprecated_methods_out_unless_the_classification_says_true(
    in_tmp: Path,
) -> None:
    Path("client.py").write_text(CLIENT, encoding="utf-8")
    sys.path.insert(0, str(in_tmp))
    try:
        import client  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(in_tmp))
    service = client.Client()
    assert [t.name for t in Toolbox(service).tools] == ["fetch", "search", "find", "delete"]
    offered = Toolbox(service, classification={"Client": {"read": True, "lookup": True}})
    assert [t.name for t in offered.tools] == ["fetch", "lookup", "read", "search", "find"]
    with pytest.warns(DeprecationWarning, match="Use fetch"):
        assert offered.call("read", {"key": "a"}) == "a"
    everything = Toolbox(service, classification={"Client": {}}, new="include-all")
    assert [t.name for t in everything.tools] == ["fetch", "search", "find", "delete"]


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


LEGACY = '''\
class Legacy:
    """A class typed in its stub."""

    def old(self, key):
        """Get one value.

        Args:
            key: The key.
        """
        return key

    def convert(self, value):
        """Convert a value.

        Args:
            value: The value.
        """
        return value
'''
LEGACY_STUB = """\
from typing import overload

from typing_extensions import deprecated

class Legacy:
    @deprecated("Use new() instead")
    def old(self, key: str) -> str: ...
    @overload
    def convert(self, value: int) -> int: ...
    @overload
    @deprecated("Passing bytes is deprecated")
    def convert(self, value: bytes) -> bytes: ...
"""


def test_a_stub_read_for_the_method_says_it_is_deprecated(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A stub the scan reads for a method (its code has no hints) deprecates it with
    ``@deprecated``; one deprecated overload deprecates a way to call it, not the method."""
    Path("legacy.py").write_text(LEGACY, encoding="utf-8")
    Path("legacy.pyi").write_text(LEGACY_STUB, encoding="utf-8")
    run = run_cli("scan", "legacy.py", "-o", "t.json")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {"Legacy": {"old": False, "convert": True}}
    assert run.stderr.splitlines() == [
        "t.classification.json: info[TI340]: 1 new method recorded as false, it is deprecated: "
        "Legacy.old (Use new() instead)"
    ]
    old = _read("t.json")["classes"]["Legacy"]["methods"]["old"]
    assert old["function"]["description"] == "Get one value.\n\nDeprecated: Use new() instead"


def test_typeshed_s_deprecated_datetime_methods_start_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``datetime.utcnow`` and ``utcfromtimestamp`` are C methods typed by typeshed, which
    marks them ``@deprecated`` (Python 3.12 deprecated them)."""
    run = run_cli("scan", "datetime:datetime", "-o", "t.json")
    assert run.status == 0, run.stderr
    values = _read("t.classification.json")["datetime"]
    assert [name for name, value in values.items() if value is False] == [
        "utcnow",
        "utcfromtimestamp",
    ]
    [line] = [line for line in run.stderr.splitlines() if "TI340" in line]
    assert line == (
        "t.classification.json: info[TI340]: 2 new methods recorded as false, they are "
        "deprecated: datetime.utcnow (Use timezone-aware objects to represent datetimes in "
        "UTC; e.g. by calling .now(…), datetime.utcfromtimestamp (Use timezone-aware objects "
        "to represent datetimes in UTC; e.g. by calling .from…)"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Old.\n\n.. deprecated:: 2.0\n   Use :meth:`new`.\n", Deprecation("2.0", "Use `new`.")),
        (
            "Old.\n\n.. deprecated:: 1.4 Use new() instead\n",
            Deprecation("1.4", "Use new() instead"),
        ),
        ("Old.\n\n.. deprecated::\n\nMore text.\n", Deprecation()),
        ("Old.\n\n.. Deprecated:: 3.1\n   Use new().\n", Deprecation("3.1", "Use new().")),
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


FORWARDING = '''\
from typing_extensions import deprecated


class Base:
    def fetch(self, key: str) -> str:
        """Fetch one value.

        Args:
            key: The key.
        """
        return key


class Child(Base):
    @deprecated("Use Child.fetch2 instead")
    def fetch(self, *args, **kwargs):
        return super().fetch(*args, **kwargs)
'''


def test_a_deprecated_override_that_passes_its_arguments_on_is_deprecated(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """An override that only passes ``*args, **kwargs`` on stands for the method it overrides
    (its parameters and texts are read there); its own ``@deprecated`` was lost with it, and
    the method started true."""
    Path("child.py").write_text(FORWARDING, encoding="utf-8")
    run = run_cli("scan", "child.py:Child", "-o", "t.json")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {"Child": {"fetch": False}}
    entry = _read("t.json")["classes"]["Child"]["methods"]["fetch"]
    assert entry["deprecated"] == {"message": "Use Child.fetch2 instead"}
    assert entry["function"]["parameters"] == {
        "type": "object",
        "properties": {"key": {"type": "string", "description": "The key."}},
        "required": ["key"],
    }


PATTERNED = '''\
from typing_extensions import deprecated


class Client:
    def fetch(self, key: str) -> str:
        """Fetch one value.

        Args:
            key: The key.
        """
        return key

    @deprecated("Use fetch() instead")
    def get_value(self, key: str) -> str:
        """Get one value.

        Args:
            key: The key.
        """
        return key
'''


def test_a_pattern_s_true_does_not_include_a_new_deprecated_method(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """A pattern (``get*: true``) covered a new deprecated method: it was newly included
    without a word, and a render and a Toolbox offered it. It is recorded false as without
    the pattern; only its own entry's true offers it."""
    Path("svc.py").write_text(PATTERNED, encoding="utf-8")
    classification = {"Client": {"fetch": True, "get*": True}}
    Path("t.classification.json").write_text(json.dumps(classification), encoding="utf-8")
    run = run_cli("scan", "svc.py", "-o", "t.json")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {
        "Client": {"fetch": True, "get_value": False, "get*": True}
    }
    assert (
        "t.classification.json: info[TI340]: 1 new method recorded as false, it is deprecated: "
        "Client.get_value (Use fetch() instead)"
    ) in run.stderr.splitlines()
    sys.path.insert(0, str(in_tmp))
    try:
        import svc  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(in_tmp))
    assert [t.name for t in Toolbox(svc.Client(), classification=classification).tools] == ["fetch"]
    own = {"Client": {"fetch": True, "get_value": True, "get*": True}}
    assert [t.name for t in Toolbox(svc.Client(), classification=own).tools] == [
        "fetch",
        "get_value",
    ]
