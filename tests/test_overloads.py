"""``@typing.overload`` signatures as a type source, where the implementation says no type:
unannotated parameters take the union of their overload types, and an untyped ``**kwargs``
takes the keywords the overloads name (sqlalchemy's ``execution_options(**opt)``)."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal, NoReturn, overload

import pytest

from inspector.catalog import Catalog, CatalogClass
from inspector.files.tools_json import from_json, to_json
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import inspect_class, messages


@dataclasses.dataclass
class Cache:
    size: int


class Connection:
    @overload
    def execution_options(
        self,
        *,
        isolation_level: Literal["SERIALIZABLE", "AUTOCOMMIT"] = ...,
        stream_results: bool = False,
        cache: Cache | None = ...,
        **opt: Any,
    ) -> dict[str, object]: ...

    @overload
    def execution_options(self, *, label: str, **opt: Any) -> dict[str, object]: ...

    def execution_options(self, **opt: Any) -> dict[str, object]:
        """Set options.

        Args:
            isolation_level: How isolated.
            stream_results: Stream the rows.
        """
        return opt

    @overload
    def pick(self, key: int) -> int: ...

    @overload
    def pick(self, key: str, default: str) -> str: ...

    def pick(self, key, default=None):  # type: ignore[no-untyped-def]
        """Pick.

        Args:
            key: Which.
            default: Otherwise.
        """
        return [key, default]

    @overload
    def typed(self, value: int) -> int: ...

    @overload
    def typed(self, value: str) -> str: ...

    def typed(self, value: float | str) -> float | str:
        """The code's own hints win.

        Args:
            value: A value.
        """
        return value


def test_untyped_kwargs_take_the_keywords_the_overloads_name() -> None:
    tools, diagnostics = inspect_class(Connection)
    tool = tools["execution_options"]
    assert tool.parameters_schema() == {
        "type": "object",
        "properties": {
            "isolation_level": {
                "type": "string",
                "description": "How isolated.",
                "enum": ["SERIALIZABLE", "AUTOCOMMIT"],
            },
            "stream_results": {"type": "boolean", "description": "Stream the rows."},
            "cache": {
                "anyOf": [
                    {
                        "type": "object",
                        "title": "Cache",
                        "properties": {"size": {"type": "integer"}},
                        "required": ["size"],
                    },
                    {"type": "null"},
                ]
            },
            "label": {"type": "string"},
        },
    }
    assert dict(tool.type_sources) == {
        "isolation_level": "overload",
        "stream_results": "overload",
        "cache": "overload",
        "label": "overload",
    }
    typing_notes = [d for d in diagnostics if d.code != "TI204"]  # not the docstring's
    # **opt is not left out: the overloads name its keys, which the tool offers
    assert [m for m in messages(typing_notes) if "execution_options" in m] == []
    assert tool.left_out == ()


def test_a_parameter_the_overloads_type_differently_takes_their_union() -> None:
    tools, diagnostics = inspect_class(Connection)
    tool = tools["pick"]
    assert tool.parameters_schema() == {
        "type": "object",
        "properties": {
            "key": {"type": ["integer", "string"], "description": "Which."},
            "default": {"type": ["string", "null"], "description": "Otherwise.", "default": None},
        },
        "required": ["key"],
    }
    assert tool.returns.to_schema() == {"type": ["integer", "string"]}
    assert dict(tool.type_sources) == {
        "key": "overload",
        "default": "overload",
        "return": "overload",
    }
    assert not [m for m in messages(diagnostics) if "pick" in m]


def test_the_code_s_own_hints_are_not_replaced_by_overloads() -> None:
    tools, _ = inspect_class(Connection)
    assert tools["typed"].parameters_schema()["properties"]["value"] == {
        "type": ["number", "string"],
        "description": "A value.",
    }
    assert tools["typed"].type_sources == ()


def test_a_keyword_every_overload_requires_is_required() -> None:
    class Client:  # redis annotates ``self`` in its overloads: not a parameter
        @overload
        def send(self: Client, *, to: str, body: str = ...) -> None: ...

        @overload
        def send(self: Client, *, to: str, urgent: bool) -> None: ...

        def send(self, **options):  # type: ignore[no-untyped-def]
            """Send."""

    tools, _ = inspect_class(Client)
    schema = tools["send"].parameters_schema()
    assert schema["properties"] == {
        "to": {"type": "string"},
        "body": {"type": "string"},
        "urgent": {"type": "boolean"},
    }
    assert schema["required"] == ["to"]


def test_tools_json_keeps_the_overload_source() -> None:
    tools, _ = inspect_class(Connection)
    catalog = Catalog((CatalogClass("Connection", "x.py:Connection", tuple(tools.values())),))
    entry = to_json(catalog)["classes"]["Connection"]["methods"]["pick"]  # type: ignore[call-overload,index]
    assert entry["type_sources"] == {"key": "overload", "default": "overload", "return": "overload"}
    assert from_json(to_json(catalog)) == catalog


def test_the_toolbox_converts_with_the_overload_types() -> None:
    box = Toolbox(Connection())
    assert box.call(
        "execution_options", {"cache": {"size": 3}, "isolation_level": "AUTOCOMMIT"}
    ) == {"cache": Cache(3), "isolation_level": "AUTOCOMMIT"}
    with pytest.raises(ToolCallError, match="isolation_level"):
        box.call("execution_options", {"isolation_level": "SOMETIMES"})
    assert box.call("pick", {"key": 2}) == [2, None]
    with pytest.raises(ToolCallError, match="key"):
        box.call("pick", {"key": [1]})


class Completions:
    @overload
    def create(self, *, model: str, stream: Literal[False] = False) -> str:
        """Create a completion.

        Args:
            model: The model.
            stream: Whether to stream.
        """

    @overload
    def create(self, *, model: str, stream: Literal[True], tag: str = "") -> str:
        """Create a completion, streamed.

        Args:
            model: The model.
            stream: Stream it.
            tag: A tag.
        """

    def create(self, *, model: str, stream: bool = False, tag: str = "") -> str:
        return model


def test_an_implementation_without_docstring_takes_its_overloads() -> None:
    """openai's ``create``: the first overload's text, each argument documented by the first
    overload that documents it."""
    tools, diagnostics = inspect_class(Completions)
    create = tools["create"]
    assert create.description == "Create a completion."
    assert [(f.name, f.description) for f in create.parameters] == [
        ("model", "The model."),
        ("stream", "Whether to stream."),
        ("tag", "A tag."),
    ]
    assert messages(diagnostics) == []


class Documents:
    @overload
    def get(self) -> NoReturn: ...

    @overload
    def get(self, doc_id: int, doc_ids: None = ...) -> dict[str, Any] | None: ...

    @overload
    def get(self, doc_id: None, doc_ids: list[int]) -> list[dict[str, Any]]: ...

    def get(self, doc_id=None, doc_ids=None):  # type: ignore[no-untyped-def]
        """Get one document or several.

        Args:
            doc_id: The document's ID.
            doc_ids: The documents' IDs.
        """
        if doc_id is None and doc_ids is None:
            raise RuntimeError("give doc_id or doc_ids")
        return {"id": doc_id} if doc_ids is None else [{"id": i} for i in doc_ids]


def test_an_overload_that_never_returns_adds_no_type() -> None:
    """tinydb's ``Table.get`` has an overload ``get(self) -> NoReturn`` (a call without
    arguments fails): its return was read as one of the values (``NoReturn`` has no JSON form,
    TI132) and the others were lost; it says nothing of what the method returns or takes."""
    tools, diagnostics = inspect_class(Documents)
    get = tools["get"]
    assert get.returns.to_schema() == {
        "anyOf": [
            {"type": "object"},
            {"type": "array", "items": {"type": "object"}},
            {"type": "null"},
        ]
    }
    assert get.parameters_schema()["properties"] == {
        "doc_id": {
            "type": ["integer", "null"],
            "description": "The document's ID.",
            "default": None,
        },
        "doc_ids": {
            "anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}],
            "description": "The documents' IDs.",
            "default": None,
        },
    }
    assert messages(diagnostics) == []
    assert Toolbox(Documents()).call("get", {"doc_ids": [1, 2]}) == [{"id": 1}, {"id": 2}]


class Halting:
    @overload
    def stop(self, code: int) -> NoReturn: ...

    @overload
    def stop(self, code: str) -> NoReturn: ...

    def stop(self, code):  # type: ignore[no-untyped-def]
        """Stop."""
        raise SystemExit(code)


def test_a_method_whose_every_overload_never_returns_never_returns() -> None:
    tools, _ = inspect_class(Halting)
    assert tools["stop"].returns.to_schema() == {"not": {}}
    assert tools["stop"].parameters_schema()["properties"] == {
        "code": {"type": ["integer", "string"]}
    }
