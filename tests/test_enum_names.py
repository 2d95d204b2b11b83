"""Enums whose values are not their names: the description pairs each value with its name."""

from __future__ import annotations

import dataclasses
import enum

from inspector.scan.hints import TypeMapper
from tests.conftest import inspect_class, messages


class Resampling(enum.IntEnum):
    NEAREST = 0
    BOX = 4
    BILINEAR = 2


class Permission(enum.Flag):
    READ = 1
    WRITE = 2


class Status(enum.Enum):
    OK = "200"
    MISSING = "404"


class Color(enum.Enum):
    RED = "red"
    DARK_RED = "dark-red"


def test_value_name_pairs_describe_the_enum() -> None:
    mapper = TypeMapper()
    assert mapper.map(Resampling).to_schema() == {
        "type": "integer",
        "enum": [0, 4, 2],
        "description": "0 = NEAREST, 4 = BOX, 2 = BILINEAR",
    }
    assert mapper.map(Permission).to_schema() == {  # a Flag: an array of member values
        "type": "array",
        "items": {"type": "integer", "enum": [1, 2], "description": "1 = READ, 2 = WRITE"},
        "uniqueItems": True,
    }
    assert mapper.map(Status).to_schema() == {
        "type": "string",
        "enum": ["200", "404"],
        "description": '"200" = OK, "404" = MISSING',
    }


def test_values_that_are_their_names_need_no_pairs() -> None:
    assert TypeMapper().map(Color).to_schema() == {"type": "string", "enum": ["red", "dark-red"]}


def test_an_enum_of_many_members_is_not_spelled_out() -> None:
    big = enum.IntEnum("Big", {f"V{i}": i for i in range(65)})  # type: ignore[misc]
    assert "description" not in TypeMapper().map(big).to_schema()


def test_a_documented_parameter_keeps_the_pairs_after_its_text() -> None:
    class Image:
        def resize(
            self,
            resample: Resampling = Resampling.BOX,
            fallback: Resampling | None = None,
            raw: Resampling = Resampling.NEAREST,
        ) -> None:
            """Resize.

            Args:
                resample: A filter.
                fallback: Used when the first fails.
                raw: Undescribed below.
            """

    tools, diagnostics = inspect_class(Image)
    schema = tools["resize"].parameters_schema()["properties"]
    assert schema == {
        "resample": {
            "type": "integer",
            "enum": [0, 4, 2],
            "description": "A filter. (0 = NEAREST, 4 = BOX, 2 = BILINEAR)",
            "default": 4,
        },
        "fallback": {
            "type": ["integer", "null"],
            "enum": [0, 4, 2, None],
            "description": "Used when the first fails. (0 = NEAREST, 4 = BOX, 2 = BILINEAR)",
            "default": None,
        },
        "raw": {
            "type": "integer",
            "enum": [0, 4, 2],
            "description": "Undescribed below. (0 = NEAREST, 4 = BOX, 2 = BILINEAR)",
            "default": 0,
        },
    }
    assert messages(diagnostics) == []


def test_a_field_of_a_dataclass_keeps_the_pairs_after_its_text() -> None:
    @dataclasses.dataclass
    class Options:
        """Options.

        Attributes:
            filter: The filter.
        """

        filter: Resampling = Resampling.BOX

    assert TypeMapper().map(Options).to_schema()["properties"] == {
        "filter": {
            "type": "integer",
            "enum": [0, 4, 2],
            "description": "The filter. (0 = NEAREST, 4 = BOX, 2 = BILINEAR)",
            "default": 4,
        }
    }
