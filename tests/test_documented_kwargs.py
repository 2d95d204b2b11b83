"""``**kwargs`` documented in the docstring (botocore, requests): each documented argument
becomes a typed keyword-only parameter, required when documented so, and the Toolbox passes it
as a keyword."""

from __future__ import annotations

import datetime
import functools
import typing

import pytest

from inspector.model import ParameterKind
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import inspect_class, messages


class BotocoreDocstring(str):
    """Like botocore's lazily built client docstrings (empty until expanded)."""

    def expandtabs(self, tabsize: typing.SupportsIndex = 8) -> str:
        return """Deletes an object.

            **Request Syntax**
            ::

              response = client.delete_object(
                  Bucket='string',
                  MaxKeys=123,
              )

            :type Bucket: string
            :param Bucket: **[REQUIRED]**

              The bucket name.

            :type MaxKeys: integer
            :param MaxKeys: How many.

            :type Quiet: boolean
            :param Quiet: No output.

            :type Since: datetime
            :param Since: Changed after.

            :rtype: dict
            :returns: The response.
            """.expandtabs(tabsize)


class Client:
    def delete_object(self, *args: object, **kwargs: object) -> dict[str, object]:
        return kwargs


Client.delete_object.__doc__ = BotocoreDocstring()


class Session:
    def get(self, url: str, **kwargs: object) -> dict[str, object]:
        r"""Sends a GET request.

        :param url: URL for the new :class:`Request` object.
        :param timeout: (optional) How many seconds to wait.
        :type timeout: float or tuple
        :param \*\*kwargs: Optional arguments that ``request`` takes.
        """
        return {"url": url, **kwargs}

    def post(self, url: str, **options: object) -> dict[str, object]:
        """Posts.

        Args:
            url: Where.
            json (dict[str, int]): The body.
            retries (int, optional): How often.
        """
        return {"url": url, **options}

    def put(self, url: str, stream: bool = False) -> None:
        """Puts (no ``**kwargs``: a documented extra is only reported).

        :param url: Where.
        :param stream: Streamed.
        :param verify: Not a parameter.
        """


def test_botocore_documented_arguments_become_typed_parameters() -> None:
    tools, diagnostics = inspect_class(Client)
    tool = tools["delete_object"]
    assert tool.parameters_schema() == {
        "type": "object",
        "properties": {
            "Bucket": {"type": "string", "description": "The bucket name."},
            "MaxKeys": {"type": "integer", "description": "How many."},
            "Quiet": {"type": "boolean", "description": "No output."},
            "Since": {"type": "string", "format": "date-time", "description": "Changed after."},
        },
        "required": ["Bucket"],
    }
    assert {p.kind for p in tool.parameters} == {ParameterKind.KEYWORD_ONLY}
    assert tool.description.startswith(  # the literal-block marker "::" is not text
        "Deletes an object.\n\n**Request Syntax**\n\n  response = client.delete_object("
    )
    assert tool.returns.description == "The response."
    assert messages(diagnostics) == [  # **kwargs is not left out: its keys are offered
        "info: Client.delete_object: *args left out: its type (any value) does not say what it "
        "takes",
    ]
    assert [entry.name for entry in tool.left_out] == ["args"]


def test_rest_and_google_documented_keywords() -> None:
    tools, diagnostics = inspect_class(Session)
    assert tools["get"].parameters_schema()["properties"] == {
        "url": {"type": "string", "description": "URL for the new `Request` object."},
        "timeout": {
            "anyOf": [{"type": "number"}, {"type": "array"}],
            "description": "How many seconds to wait.",
        },
    }
    assert tools["post"].parameters_schema() == {
        "type": "object",
        "properties": {
            "url": {"type": "string", "description": "Where."},
            "json": {
                "type": "object",
                "description": "The body.",
                "additionalProperties": {"type": "integer"},
            },
            "retries": {"type": "integer", "description": "How often."},
        },
        "required": ["url"],
    }
    assert [p.name for p in tools["put"].parameters] == ["url", "stream"]
    assert [m for m in messages(diagnostics) if "warning" in m] == [
        "warning: Session.put: documented argument 'verify' is not in the signature"
    ]


def test_the_toolbox_passes_documented_arguments_as_keywords() -> None:
    box = Toolbox(Client(), Session())
    assert box.call("delete_object", {"Bucket": "b", "MaxKeys": 3}) == {
        "Bucket": "b",
        "MaxKeys": 3,
    }
    assert box.call("post", {"url": "u", "retries": 2}) == {"url": "u", "retries": 2}
    with pytest.raises(ToolCallError, match="missing required argument 'Bucket'"):
        box.call("delete_object", {"MaxKeys": 3})


def test_the_toolbox_converts_documented_arguments_by_their_docstring_type() -> None:
    """The schema types them from the docstring; the Toolbox checks and converts them the same
    way (they reached the method as the model sent them)."""
    box = Toolbox(Client(), Session())
    with pytest.raises(ToolCallError) as raised:
        box.call("delete_object", {"Bucket": "b", "MaxKeys": "five"})
    assert raised.value.message == 'delete_object: MaxKeys: expected integer, got "five"'
    since = box.call(
        "delete_object", {"Bucket": "b", "MaxKeys": "5", "Since": "2024-05-01T10:00:00"}
    )
    assert since == {"Bucket": "b", "MaxKeys": 5, "Since": datetime.datetime(2024, 5, 1, 10)}
    assert box.last_notes == ["MaxKeys: number sent as a string"]
    with pytest.raises(ToolCallError, match="post: retries: expected integer"):
        box.call("post", {"url": "u", "retries": "often"})
    assert box.call("post", {"url": "u", "json": {"a": 1}}) == {"url": "u", "json": {"a": 1}}


class Lease:
    """A keyword's type that has no JSON form (Azure's ``BlobLeaseClient``)."""


class Container:
    def delete(self, name: str, **kwargs: typing.Any) -> None:
        """Delete a blob.

        Args:
            name (str): The blob.

        Keyword Args:
            lease (tests.test_documented_kwargs.Lease): The lease held on the blob.
            timeout (int): Seconds to wait.
        """


def test_a_documented_keyword_left_out_for_its_type_is_no_argument_the_signature_lacks() -> None:
    """A keyword the docstring documents for ``**kwargs`` whose type has no JSON form is left
    out with its own note (TI130); it is the method's argument all the same, so no TI203 says
    the signature lacks it (Azure's ``upload_blob`` had both for ``content_settings``)."""
    tools, diagnostics = inspect_class(Container)
    assert [f.name for f in tools["delete"].parameters] == ["name", "timeout"]
    assert messages(diagnostics) == [
        "info: Container.delete: parameter 'lease': type Lease has no JSON form; left out"
    ]


def query_params(*names: str) -> typing.Callable[[typing.Any], typing.Any]:
    """opensearch-py's decorator: the query parameters a method documents are keywords its
    wrapper takes and passes on inside ``params``."""

    def decorate(function: typing.Any) -> typing.Any:
        @functools.wraps(function)
        def wrapped(*args: typing.Any, **kwargs: typing.Any) -> typing.Any:
            params = kwargs.pop("params", None) or {}
            params.update((name, kwargs.pop(name)) for name in names if name in kwargs)
            return function(*args, params=params, **kwargs)

        return wrapped

    return decorate


class SearchClient:
    @query_params("q", "size")
    def search(self, *, index: typing.Any = None, params: typing.Any = None) -> typing.Any:
        """Return the documents that match a query.

        :arg index: The indexes to search.
        :arg q: A query in the Lucene query string syntax.
        :arg int size: How many hits to return.
        """
        return {"index": index, "params": params}


def logged(function: typing.Any) -> typing.Any:
    """A wrapper that only passes its keywords on (a logging, retry or timing decorator)."""

    @functools.wraps(function)
    def wrapper(*args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        return function(*args, **kwargs)

    return wrapper


class Store:
    @logged
    def get(self, key: str) -> str:
        """Get a value.

        Args:
            key: The key.
            default: Removed in 2.0 (a stale entry).
        """
        return key


def test_a_wrapper_that_only_passes_keywords_on_takes_no_stale_entry() -> None:
    """A documented name the method no longer takes stays no argument under a wrapper that
    names no keyword of its own: offered, every call using it failed in the method."""
    tools, diagnostics = inspect_class(Store)
    assert list(tools["get"].parameters_schema()["properties"]) == ["key"]
    assert messages(diagnostics) == [
        "warning: Store.get: documented argument 'default' is not in the signature"
    ]
    with pytest.raises(ToolCallError, match=r"^get: unexpected argument 'default'"):
        Toolbox(Store()).call("get", {"key": "a", "default": "x"})


def test_the_keywords_a_wrapper_takes_for_its_method_are_documented_parameters() -> None:
    """opensearch-py's ``@query_params`` wrapper takes ``(*args, **kwargs)``; the signature
    read is the wrapped method's (``body``, ``index``, ``params``, ``headers``), and the 547
    query parameters its 43 methods document (``search``'s ``q``, ``size``, ``_source``)
    were "documented arguments not in the signature" (TI203) a model could not give."""
    tools, diagnostics = inspect_class(SearchClient)
    assert tools["search"].parameters_schema()["properties"] == {
        "index": {"description": "The indexes to search.", "default": None},
        "params": {"default": None},
        "q": {"description": "A query in the Lucene query string syntax."},
        "size": {"type": "integer", "description": "How many hits to return."},
    }
    assert messages(diagnostics) == [
        "warning: SearchClient.search: parameter 'q': no type hint; any value accepted",
        "warning: SearchClient.search: parameter 'params' is not documented",
    ]
    box = Toolbox(SearchClient())
    assert box.call("search", {"index": "books", "q": "python", "size": "3"}) == {
        "index": "books",
        "params": {"q": "python", "size": 3},
    }
