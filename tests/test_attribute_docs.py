"""Attribute docstrings: the string under a field describes it, for every kind of class with
fields, inherited fields included."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple, TypedDict

import pydantic

from inspector.scan.attribute_docs import AttributeDocs
from inspector.scan.hints import TypeMapper


@dataclasses.dataclass
class Point:
    """A point.

    Attributes:
        y: From the class docstring.
    """

    x: int
    """Horizontal,
    in pixels."""
    y: int = 0
    z: int = 0
    """Depth (beats the Attributes section)."""


@dataclasses.dataclass
class Point3(Point):
    w: int = 1
    """Weight."""


class Movie(TypedDict):
    title: str
    """The title."""


class Pair(NamedTuple):
    left: str
    """Left side."""
    right: str = ""


class Order(pydantic.BaseModel):
    item: str
    """What is ordered."""
    count: int = pydantic.Field(1, description="Explicit wins.")
    """Not used: the explicit description wins."""
    unit_price: float = pydantic.Field(0.0, alias="unitPrice")
    """Price of one."""


class Plain:
    limit = 10
    """How many."""

    def method(self) -> int:
        value = 1
        """Not an attribute of the class."""
        return value


def test_every_kind_of_class_reads_attribute_docstrings() -> None:
    mapper = TypeMapper()
    depth = "Depth (beats the Attributes section)."
    assert mapper.map(Point).to_schema()["properties"] == {
        "x": {"type": "integer", "description": "Horizontal,\nin pixels."},
        "y": {"type": "integer", "description": "From the class docstring.", "default": 0},
        "z": {"type": "integer", "description": depth, "default": 0},
    }
    assert mapper.map(Point3).to_schema()["properties"] == {  # inherited fields too
        "x": {"type": "integer", "description": "Horizontal,\nin pixels."},
        "y": {"type": "integer", "default": 0},
        "z": {"type": "integer", "description": depth, "default": 0},
        "w": {"type": "integer", "description": "Weight.", "default": 1},
    }
    assert mapper.map(Movie).to_schema()["properties"] == {
        "title": {"type": "string", "description": "The title."}
    }
    assert mapper.map(Pair).to_schema()["properties"] == {
        "left": {"type": "string", "description": "Left side."},
        "right": {"type": "string", "default": ""},
    }
    assert mapper.map(Order).to_schema()["properties"] == {
        "item": {"type": "string", "description": "What is ordered."},
        "count": {"type": "integer", "description": "Explicit wins.", "default": 1},
        "unitPrice": {"type": "number", "description": "Price of one.", "default": 0.0},
    }


def test_plain_and_local_classes() -> None:
    @dataclasses.dataclass
    class Local:
        name: str
        """Local name."""

    docs = AttributeDocs()
    assert docs.of(Plain) == {"limit": "How many."}
    assert docs.of(Local) == {"name": "Local name."}
    assert docs.of(int) == {}
    assert docs.of(dataclasses.make_dataclass("Made", ["a"])) == {}


@dataclasses.dataclass
class Task:
    """rich's ``progress.Task``: attribute docstrings that open with their type, as Napoleon
    reads them."""

    description: str
    """str: Description of the task."""
    total: float | None
    """Optional[float]: Total number of steps
    in this task."""
    note: str = ""
    """Note: not a type."""
    link: str = ""
    """See http://example.com: a colon that opens no type."""
    level: str = ""
    """Warning: an admonition (the built-in Warning is a class)."""


def test_an_attribute_docstring_that_opens_with_its_type_describes_without_it() -> None:
    """Each field's text opened with its type (``str: Description of the task.``): the model
    read the type twice, once as text."""
    assert TypeMapper().map(Task).to_schema()["properties"] == {
        "description": {"type": "string", "description": "Description of the task."},
        "total": {
            "type": ["number", "null"],
            "description": "Total number of steps\nin this task.",
        },
        "note": {"type": "string", "description": "Note: not a type.", "default": ""},
        "link": {
            "type": "string",
            "description": "See http://example.com: a colon that opens no type.",
            "default": "",
        },
        "level": {
            "type": "string",
            "description": "Warning: an admonition (the built-in Warning is a class).",
            "default": "",
        },
    }
