"""Typed stubs of the tools in gemini.json, written by toolsinspector.

Inspecting this module gives the same tool schemas back; fill in the bodies.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Any, Literal


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
    """
    Attributes:
        x: Horizontal position.
        y: Vertical position. (default: 0.0)
    """

    x: float
    y: float = NO_DEFAULT


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
        end: Last line. (default: -1)
    """

    start: int
    end: int = NO_DEFAULT


@dataclass
class User:
    """
    Attributes:
        name: Login name.
        age: (default: 0)
    """

    name: Annotated[str, Schema({"minLength": 1})]
    age: Annotated[int, Schema({"minimum": 0})] = NO_DEFAULT


@dataclass
class TreeNode_3:
    """A node of a tree. (children: nested more than 3 levels deep, left out)

    Attributes:
        label: Text of the node.
    """

    label: str


@dataclass
class TreeNode_2:
    """A node of a tree.

    Attributes:
        label: Text of the node.
        children: Sub-trees. (default: [])
    """

    label: str
    children: list[Annotated[TreeNode_3, Schema({"title": "TreeNode"})]] = NO_DEFAULT


@dataclass
class TreeNode:
    """
    Attributes:
        label: Text of the node.
        children: Sub-trees. (default: [])
    """

    label: str
    children: list[Annotated[TreeNode_2, Schema({"title": "TreeNode"})]] = NO_DEFAULT


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
        day: str,
        at: str,
        wait: str,
        ident: str,
        price: Decimal,
        where: str,
        blob: str,
    ) -> Any:
        """Types sent as formatted strings.

        Args:
            when: A timestamp.
            day: A date. (format: date)
            at: A time of day. (format: time)
            wait: A duration. (format: duration)
            ident: A UUID. (format: uuid)
            price: An exact decimal.
            where: A file path. (format: path)
            blob: Raw bytes. (base64-encoded)
        """
        raise NotImplementedError

    def optional(
        self,
        a: int | None,
        b: str | None = NO_DEFAULT,
        c: int | None = NO_DEFAULT,
    ) -> Any:
        """Required and nullable are separate.

        Args:
            a: Required but may be null.
            b: Optional and nullable.
            c: Optional, nullable, with a default. (default: 3)
        """
        raise NotImplementedError

    def unions(
        self,
        a: int | str,
        b: Annotated[
            Any,
            Schema(
                {
                    "anyOf": [
                        {
                            "anyOf": [
                                {"type": "integer"},
                                {"type": "array", "items": {"type": "integer"}},
                            ],
                        },
                        {"type": "null"},
                    ],
                },
            ),
        ],
    ) -> Any:
        """Unions.

        Args:
            a: Integer or string.
            b: Integer, list of integers, or null.
        """
        raise NotImplementedError

    def enums(
        self,
        lit: Literal["a", "b"],
        mixed: Literal["1", "one", "true"],
        color: Literal["red", "green"] = NO_DEFAULT,
        level: Literal["1", "2"] = NO_DEFAULT,
        mode: Literal["fast", "safe"] | None = NO_DEFAULT,
        code: Annotated[
            Literal["1", "2"],
            Schema({"description": "1 = LOW, 2 = HIGH (values are sent as text)"}),
        ]
        | int = NO_DEFAULT,
    ) -> Any:
        """Literals and enums.

        Args:
            lit: A literal.
            mixed: Mixed literal values. (values are sent as text)
            color: An Enum; its default is a member. (default: "red")
            level: An IntEnum. (1 = LOW, 2 = HIGH) (values are sent as text) (default: 2)
            mode: A StrEnum or null.
            code: An IntEnum or any other integer. (default: 1)
        """
        raise NotImplementedError

    def containers(
        self,
        items: list[str],
        seq: list[int],
        unique: list[str],
        frozen: list[int],
        pair: Annotated[list[int | str], Schema({"minItems": 2, "maxItems": 2})],
        many: list[float],
        mapping: dict[str, Any],
        readonly: dict[str, Any],
        bare: list[Any],
    ) -> Any:
        """Containers.

        Args:
            items: A list.
            seq: A sequence.
            unique: A set. (items must be unique)
            frozen: A frozenset. (items must be unique)
            pair: A fixed tuple. (in order: integer, string)
            many: A variadic tuple.
            mapping: A dict. (an object whose values are: {"type":"integer"})
            readonly: A mapping of lists. (an object whose values are: {"type":"array","items":{"type":"boolean"}})
            bare: A list of anything.
        """
        raise NotImplementedError

    def anything(self, a: Any, b: Any, c: Any = NO_DEFAULT) -> Any:
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
        points: list[Annotated[Point, Schema({"description": "A point on a plane."})]],
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

    def recursive(
        self,
        tree: TreeNode,
        forest: list[Annotated[TreeNode, Schema({"description": "A node of a tree."})]]
        | None = NO_DEFAULT,
    ) -> Any:
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
        ratio: float,
        code: Annotated[str, Schema({"minLength": 2, "pattern": "^[A-Z]+$"})],
        tags: Annotated[list[str], Schema({"minItems": 1, "maxItems": 5})],
    ) -> Any:
        """Annotated metadata.

        Args:
            count: Between 1 and 10.
            name: Explicit text beats the docstring.
            ratio: A fraction. (greater than 0) (less than 1)
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
        d: int = NO_DEFAULT,
        kwargs: dict[str, Any] = NO_DEFAULT,
    ) -> Any:
        """Parameter kinds.

        Args:
            a: Positional-only.
            b: Positional or keyword.
            args: Extra positions, an array.
            c: Keyword-only.
            d: Keyword-only with a default. (default: 4)
            kwargs: Extra names, an object. (an object whose values are: {"type":"integer"})
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

    def later(self, delay: float = NO_DEFAULT) -> Any:
        """An async method.

        Args:
            delay: Seconds. (default: 0.5)
        """
        raise NotImplementedError

    def no_arguments(self) -> Any:
        """A tool without arguments."""
        raise NotImplementedError
