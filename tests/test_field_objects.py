"""Field objects as defaults (pydantic ``Field``, typer ``Option``/``Argument``): the schema
shows the real default, description and bounds; the Toolbox passes the real default."""

from __future__ import annotations

from typing import Annotated

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import Field, WithJsonSchema

from inspector.runtime.toolbox import Toolbox, ToolCallError
from inspector.scan.fields import read_field_object
from tests.conftest import inspect_class, messages


class Shop:
    def order(
        self,
        *,
        count: int = Field(..., gt=10),
        size: int = Field(default=3, description="How big.", ge=1),
        tags: list[str] = Field(default_factory=list, description="Labels."),  # noqa: B008
        stamp: float = Field(default_factory=lambda: 1.5, description="When."),
        note: Annotated[str, Field(description="A note.")] = "hi",
        code: Annotated[str, WithJsonSchema({"type": "string", "pattern": "^[A-Z]+$"})] = "AB",
    ) -> dict[str, object]:
        """Order.

        Args:
            count: How many.
            code: A code.
        """
        return {"count": count, "size": size, "tags": tags, "stamp": stamp, "note": note}

    def label(self, text: Annotated[str, Field(default="none", max_length=5)]) -> str:
        """Label.

        Args:
            text: The text.
        """
        return text


class Cli:
    def greet(
        self,
        name: str = typer.Argument(..., help="Who."),
        times: int = typer.Option(1, help="How often.", min=1, max=5),
        loud: Annotated[bool, typer.Option(help="Shout.")] = False,
    ) -> str:
        """Greet."""
        return f"{name} x{times}{'!' if loud else ''}"


def test_pydantic_fields_give_default_description_and_bounds() -> None:
    tools, diagnostics = inspect_class(Shop)
    assert tools["order"].parameters_schema() == {
        "type": "object",
        "properties": {
            "count": {"type": "integer", "description": "How many.", "exclusiveMinimum": 10},
            "size": {"type": "integer", "description": "How big.", "minimum": 1, "default": 3},
            "tags": {
                "type": "array",
                "description": "Labels.",
                "items": {"type": "string"},
                "default": [],
            },
            "stamp": {"type": "number", "description": "When."},
            "note": {"type": "string", "description": "A note.", "default": "hi"},
            "code": {
                "type": "string",
                "description": "A code.",
                "pattern": "^[A-Z]+$",
                "default": "AB",
            },
        },
        "required": ["count"],
    }
    assert tools["label"].parameters_schema()["properties"] == {
        "text": {"type": "string", "description": "The text.", "maxLength": 5, "default": "none"}
    }
    assert tools["label"].parameters[0].required is False
    assert messages(diagnostics) == []


def test_typer_options_and_arguments_give_default_help_and_bounds() -> None:
    tools, diagnostics = inspect_class(Cli)
    assert tools["greet"].parameters_schema() == {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "Who."},
            "times": {
                "type": "integer",
                "description": "How often.",
                "minimum": 1,
                "maximum": 5,
                "default": 1,
            },
            "loud": {"type": "boolean", "description": "Shout.", "default": False},
        },
        "required": ["name"],
    }
    assert messages(diagnostics) == []


def test_the_toolbox_passes_real_defaults_never_the_field_object() -> None:
    box = Toolbox(Shop(), Cli())
    assert box.call("greet", {"name": "Ada"}) == "Ada x1"
    assert box.call("greet", {"name": "Ada", "times": None}) == "Ada x1"
    first = box.call("order", {"count": 11})
    assert first == {"count": 11, "size": 3, "tags": [], "stamp": 1.5, "note": "hi"}
    second = box.call("order", {"count": 12})
    assert second["tags"] == [] and second["tags"] is not first["tags"]  # type: ignore[index]
    assert box.call("label", {}) == "none"
    with pytest.raises(ToolCallError, match="missing required argument 'count'"):
        box.call("order", {})


class NotAField:
    default = 1


@pytest.mark.parametrize("value", [None, 3, "text", (1, 2), NotAField(), Shop])
def test_ordinary_defaults_are_not_field_objects(value: object) -> None:
    assert read_field_object(value) is None


def test_a_positional_only_field_default_is_passed_by_position() -> None:
    class Counter:
        def step(self, by: int = Field(2, description="Step size."), /) -> int:
            """Step."""
            return by

    box = Toolbox(Counter())
    assert box.call("step", {}) == 2
    assert box.call("step", {"by": 5}) == 5


class Bounded:
    def field_default(self, n: int = Field(default=1, le=10)) -> object:
        """F."""
        return n

    def option_default(self, n: int = typer.Option(1, min=0, max=10)) -> object:
        """O."""
        return n

    def annotated_option(self, n: Annotated[int, typer.Option(max=10)] = 1) -> object:
        """A."""
        return n

    def annotated_field(self, n: Annotated[int, Field(le=10, gt=0)] = 1) -> object:
        """B."""
        return n

    def nullable_field(self, n: int | None = Field(default=None, le=10)) -> object:
        """N."""
        return n

    def text_field(self, n: str = Field(default="a", max_length=3, pattern="^a+$")) -> object:
        """T."""
        return n

    def json_schema(
        self, n: Annotated[int, WithJsonSchema({"type": "integer", "maximum": 10})] = 1
    ) -> object:
        """J."""
        return n


def _breaking(schema: dict[str, object]) -> list[tuple[str, object]]:
    """A value that breaks each constraint keyword of a parameter's schema."""
    options = [schema, *schema.get("anyOf", [])]  # type: ignore[list-item]
    found: list[tuple[str, object]] = []
    for option in options:
        for keyword, value in option.items():  # type: ignore[union-attr]
            if keyword in ("maximum", "exclusiveMaximum"):
                found.append((keyword, value + 1))
            elif keyword in ("minimum", "exclusiveMinimum"):
                found.append((keyword, value - 1))
            elif keyword == "maxLength":
                found.append((keyword, "a" * (value + 1)))
            elif keyword == "pattern":
                found.append((keyword, "b"))
    return found


@pytest.mark.parametrize("method", [m for m in vars(Bounded) if not m.startswith("_")])
def test_the_toolbox_enforces_every_constraint_its_schema_shows(method: str) -> None:
    """However a bound is written (a field object as the default, inside ``Annotated``, a
    JSON Schema override), what the schema says is what ``Toolbox.call`` refuses."""
    box = Toolbox(Bounded())
    (tool,) = [t for t in box.tools if t.name == method]
    schema = tool.parameters_schema()["properties"]["n"]  # type: ignore[index]
    breaking = _breaking(schema)  # type: ignore[arg-type]
    assert breaking, schema
    for _keyword, value in breaking:
        with pytest.raises(ToolCallError, match=r"^" + method + ": n: must "):
            box.call(method, {"n": value})
    fine = "aa" if schema.get("type") == "string" else 5  # type: ignore[union-attr]
    assert box.call(method, {"n": fine}) == fine


def _bounded_forms(low: int, high: int) -> object:
    """One class whose methods bound ``n`` to ``[low, high]`` in each form a bound takes."""

    class Forms:
        def field_default(self, n: int = Field(default=low, ge=low, le=high)) -> int:
            """F."""
            return n

        def option_default(self, n: int = typer.Option(low, min=low, max=high)) -> int:
            """O."""
            return n

        def annotated_option(self, n: Annotated[int, typer.Option(min=low, max=high)] = low) -> int:
            """A."""
            return n

        def annotated_field(self, n: Annotated[int, Field(ge=low, le=high)] = low) -> int:
            """B."""
            return n

    # the text annotations name this function's locals: give them evaluated
    Forms.annotated_option.__annotations__["n"] = Annotated[int, typer.Option(min=low, max=high)]
    Forms.annotated_field.__annotations__["n"] = Annotated[int, Field(ge=low, le=high)]
    return Forms()


@settings(max_examples=25, deadline=None)
@given(st.integers(-50, 50), st.integers(0, 20), st.integers(-100, 100))
def test_a_bound_is_enforced_exactly_where_the_schema_puts_it(
    low: int, width: int, value: int
) -> None:
    box = Toolbox(_bounded_forms(low, low + width))
    for tool in box.tools:
        schema = tool.parameters_schema()["properties"]["n"]  # type: ignore[index]
        assert (schema["minimum"], schema["maximum"]) == (low, low + width)  # type: ignore[index]
        if low <= value <= low + width:
            assert box.call(tool.name, {"n": value}) == value
        else:
            with pytest.raises(ToolCallError, match=f"^{tool.name}: n: must be at "):
                box.call(tool.name, {"n": value})
