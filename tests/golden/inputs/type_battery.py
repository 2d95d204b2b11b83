"""Every row of DESIGN.md's type table, one method each: an input of the golden tests."""

from __future__ import annotations

import datetime
import decimal
import enum
import pathlib
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, NamedTuple, NotRequired, Optional, TypedDict, Union

import annotated_types
import pydantic


class Color(enum.Enum):
    """A colour."""

    RED = "red"
    GREEN = "green"


class Level(enum.IntEnum):
    """A level."""

    LOW = 1
    HIGH = 2


class Mode(enum.StrEnum):
    """A mode."""

    FAST = "fast"
    SAFE = "safe"


@dataclass
class Point:
    """A point on a plane.

    Attributes:
        x: Horizontal position.
        y: Vertical position.
    """

    x: float
    y: float = 0.0


class Movie(TypedDict):
    """A film.

    Attributes:
        title: The title.
        year: Year of release, if known.
    """

    title: str
    year: NotRequired[int]


class Span(NamedTuple):
    """A range of lines.

    Attributes:
        start: First line.
        end: Last line.
    """

    start: int
    end: int = -1


class User(pydantic.BaseModel):
    """A user account."""

    name: str = pydantic.Field(description="Login name.", min_length=1)
    age: int = pydantic.Field(default=0, ge=0)


@dataclass
class TreeNode:
    """A node of a tree.

    Attributes:
        label: Text of the node.
        children: Sub-trees.
    """

    label: str
    children: list[TreeNode] = field(default_factory=list)


class TypeBattery:
    """One method per row of the type table."""

    def scalars(self, s: str, i: int, f: float, b: bool, n: None) -> None:
        """Plain scalars.

        Args:
            s: A string.
            i: An integer.
            f: A float.
            b: A boolean.
            n: Only null.
        """

    def formats(
        self,
        when: datetime.datetime,
        day: datetime.date,
        at: datetime.time,
        wait: datetime.timedelta,
        ident: uuid.UUID,
        price: decimal.Decimal,
        where: pathlib.Path,
        blob: bytes,
    ) -> None:
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

    def optional(self, a: int | None, b: Optional[str] = None, c: int | None = 3) -> None:  # noqa: UP045
        """Required and nullable are separate.

        Args:
            a: Required but may be null.
            b: Optional and nullable.
            c: Optional, nullable, with a default.
        """

    def unions(self, a: Union[int, str], b: int | list[int] | None) -> None:  # noqa: UP007
        """Unions.

        Args:
            a: Integer or string.
            b: Integer, list of integers, or null.
        """

    def enums(
        self,
        lit: Literal["a", "b"],
        mixed: Literal[1, "one", True],
        color: Color = Color.RED,
        level: Level = Level.HIGH,
        mode: Mode | None = None,
        code: Level | int = Level.LOW,
    ) -> None:
        """Literals and enums.

        Args:
            lit: A literal.
            mixed: Mixed literal values.
            color: An Enum; its default is a member.
            level: An IntEnum.
            mode: A StrEnum or null.
            code: An IntEnum or any other integer.
        """

    def containers(
        self,
        items: list[str],
        seq: Sequence[int],
        unique: set[str],
        frozen: frozenset[int],
        pair: tuple[int, str],
        many: tuple[float, ...],
        mapping: dict[str, int],
        readonly: Mapping[str, list[bool]],
        bare: list,  # type: ignore[type-arg]
    ) -> None:
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

    def anything(self, a: Any, b, c: object = None) -> Any:  # type: ignore[no-untyped-def]  # noqa: ANN001
        """Any, unannotated and object.

        Args:
            a: Anything.
            b: Unannotated.
            c: An object.
        """

    def nested(
        self, point: Point, movie: Movie, span: Span, user: User, points: list[Point]
    ) -> Point:
        """Nested classes.

        Args:
            point: A dataclass.
            movie: A TypedDict.
            span: A NamedTuple.
            user: A pydantic model.
            points: A list of dataclasses.

        Returns:
            The first point.
        """
        return point

    def recursive(self, tree: TreeNode, forest: list[TreeNode] | None = None) -> TreeNode:
        """A recursive class.

        Args:
            tree: A tree.
            forest: More trees.

        Returns:
            The tree.
        """
        return tree

    def annotated(
        self,
        count: Annotated[int, annotated_types.Ge(1), annotated_types.Le(10)],
        name: Annotated[str, "Explicit text beats the docstring."],
        ratio: Annotated[float, pydantic.Field(gt=0, lt=1, description="A fraction.")],
        code: Annotated[str, pydantic.StringConstraints(min_length=2, pattern="^[A-Z]+$")],
        tags: Annotated[list[str], annotated_types.Len(1, 5)],
    ) -> None:
        """Annotated metadata.

        Args:
            count: Between 1 and 10.
            name: Docstring text that loses.
            ratio: Docstring text that loses.
            code: Upper-case letters.
            tags: One to five tags.
        """

    def kinds(self, a: int, /, b: int, *args: int, c: int, d: int = 4, **kwargs: int) -> None:
        """Parameter kinds.

        Args:
            a: Positional-only.
            b: Positional or keyword.
            *args: Extra positions, an array.
            c: Keyword-only.
            d: Keyword-only with a default.
            **kwargs: Extra names, an object.
        """

    def spread(self, *objects: Any) -> None:
        """Any values: a docstring type offers ``*objects: Any``; the stub says it by its hint.

        Args:
            *objects (Any): Anything to show, an array.
        """

    @classmethod
    def build(cls, name: str) -> TypeBattery:
        """A class method: no cls.

        Args:
            name: A name.
        """
        return cls()

    @staticmethod
    def helper(x: int) -> int:
        """A static method.

        Args:
            x: A number.
        """
        return x

    async def later(self, delay: float = 0.5) -> str:
        """An async method.

        Args:
            delay: Seconds.
        """
        return ""

    def no_arguments(self) -> list[str]:
        """A tool without arguments."""
        return []

    @property
    def skipped(self) -> int:
        """Properties are not tools."""
        return 0

    def _private(self) -> None:
        """Private methods are not tools."""
