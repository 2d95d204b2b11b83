"""Typed stubs of the tools in openai-responses.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal
from uuid import UUID


class Schema:
    """JSON Schema keywords of the annotated type that Python cannot say."""

    def __init__(self, json_schema_extra: dict[str, Any]) -> None:
        self.json_schema_extra = json_schema_extra


class _NoDefault:
    """The default of an optional argument whose schema gives none."""

    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()


@dataclass
class Point:
    """A point on a plane.

    Attributes:
        x: Horizontal position.
        y: Vertical position.
    """

    x: float
    y: float = 0.0


@dataclass
class Movie:
    """
    Attributes:
        title: The title.
        year: Year of release, if known.
    """

    title: str
    year: int = NO_DEFAULT


@dataclass
class Span:
    """
    Attributes:
        start: First line.
        end: Last line.
    """

    start: int
    end: int = -1


@dataclass
class User:
    """
    Attributes:
        name: Login name.
    """

    name: Annotated[str, Schema({"minLength": 1})]
    age: Annotated[int, Schema({"minimum": 0})] = 0


@dataclass
class TreeNode:
    """A node of a tree.

    Attributes:
        label: Text of the node.
        children: Sub-trees.
    """

    label: str
    children: list[TreeNode] = field(default_factory=list)


class Tools:
    """Stubs of tools."""

    def scalars(self, s: str, i: int, f: float, b: bool, n: None) -> Any:
        """Plain scalars.

        Args:
            s: A string.
            i: An integer.
            f: A float.
            b: A boolean.
            n: Only null.
        """
        raise NotImplementedError

    def formats(
        self,
        when: datetime,
        day: date,
        at: time,
        wait: timedelta,
        ident: UUID,
        price: Decimal,
        where: Path,
        blob: bytes,
    ) -> Any:
        """Types sent as formatted strings.

        Args:
            when: A timestamp.
            day: A date.
            at: A time of day.
            wait: A duration.
            ident: A UUID.
            price: An exact decimal.
            where: A file path.
            blob: Raw bytes.
        """
        raise NotImplementedError

    def optional(self, a: int | None, b: str | None = None, c: int | None = 3) -> Any:
        """Required and nullable are separate.

        Args:
            a: Required but may be null.
            b: Optional and nullable.
            c: Optional, nullable, with a default.
        """
        raise NotImplementedError

    def unions(self, a: int | str, b: int | list[int] | None) -> Any:
        """Unions.

        Args:
            a: Integer or string.
            b: Integer, list of integers, or null.
        """
        raise NotImplementedError

    def enums(
        self,
        lit: Literal["a", "b"],
        mixed: Literal[1, "one", True],
        color: Literal["red", "green"] = "red",
        level: Literal[1, 2] = 2,
        mode: Literal["fast", "safe"] | None = None,
        code: Annotated[Literal[1, 2], Schema({"description": "1 = LOW, 2 = HIGH"})]
        | int = 1,
    ) -> Any:
        """Literals and enums.

        Args:
            lit: A literal.
            mixed: Mixed literal values.
            color: An Enum; its default is a member.
            level: An IntEnum. (1 = LOW, 2 = HIGH)
            mode: A StrEnum or null.
            code: An IntEnum or any other integer.
        """
        raise NotImplementedError

    def containers(
        self,
        items: list[str],
        seq: list[int],
        unique: set[str],
        frozen: set[int],
        pair: tuple[int, str],
        many: list[float],
        mapping: dict[str, int],
        readonly: dict[str, list[bool]],
        bare: list[Any],
    ) -> Any:
        """Containers.

        Args:
            items: A list.
            seq: A sequence.
            unique: A set.
            frozen: A frozenset.
            pair: A fixed tuple.
            many: A variadic tuple.
            mapping: A dict.
            readonly: A mapping of lists.
            bare: A list of anything.
        """
        raise NotImplementedError

    def anything(self, a: Any, b: Any, c: Any = None) -> Any:
        """Any, unannotated and object.

        Args:
            a: Anything.
            b: Unannotated.
            c: An object.
        """
        raise NotImplementedError

    def nested(
        self,
        point: Point,
        movie: Movie,
        span: Span,
        user: User,
        points: list[Point],
    ) -> Any:
        """Nested classes.

        Args:
            point: A dataclass.
            movie: A TypedDict.
            span: A NamedTuple.
            user: A pydantic model.
            points: A list of dataclasses.
        """
        raise NotImplementedError

    def recursive(self, tree: TreeNode, forest: list[TreeNode] | None = None) -> Any:
        """A recursive class.

        Args:
            tree: A tree.
            forest: More trees.
        """
        raise NotImplementedError

    def annotated(
        self,
        count: Annotated[int, Schema({"minimum": 1, "maximum": 10})],
        name: str,
        ratio: Annotated[float, Schema({"exclusiveMinimum": 0, "exclusiveMaximum": 1})],
        code: Annotated[str, Schema({"minLength": 2, "pattern": "^[A-Z]+$"})],
        tags: Annotated[list[str], Schema({"minItems": 1, "maxItems": 5})],
    ) -> Any:
        """Annotated metadata.

        Args:
            count: Between 1 and 10.
            name: Explicit text beats the docstring.
            ratio: A fraction.
            code: Upper-case letters.
            tags: One to five tags.
        """
        raise NotImplementedError

    def kinds(
        self,
        a: int,
        b: int,
        args: list[int] = NO_DEFAULT,
        *,
        c: int,
        d: int = 4,
        kwargs: dict[str, int] = NO_DEFAULT,
    ) -> Any:
        """Parameter kinds.

        Args:
            a: Positional-only.
            b: Positional or keyword.
            args: Extra positions, an array.
            c: Keyword-only.
            d: Keyword-only with a default.
            kwargs: Extra names, an object.
        """
        raise NotImplementedError

    def spread(self, objects: list[Any] = NO_DEFAULT) -> Any:
        """Any values: a docstring type offers `*objects: Any`; the stub says it by its hint.

        Args:
            objects: Anything to show, an array.
        """
        raise NotImplementedError

    def build(self, name: str) -> Any:
        """A class method: no cls.

        Args:
            name: A name.
        """
        raise NotImplementedError

    def helper(self, x: int) -> Any:
        """A static method.

        Args:
            x: A number.
        """
        raise NotImplementedError

    def later(self, delay: float = 0.5) -> Any:
        """An async method.

        Args:
            delay: Seconds.
        """
        raise NotImplementedError

    def no_arguments(self) -> Any:
        """A tool without arguments."""
        raise NotImplementedError
