"""Defaults keep their JSON form; sentinels are not values; a default that cannot be read
keeps its method (issue 14, item 8)."""

from __future__ import annotations

import collections.abc as cabc
import dataclasses
import datetime
import decimal
import enum
import ipaddress
import pathlib
import typing
import uuid
from typing import Literal

import jsonschema
import pydantic
import pytest
import typing_extensions
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.model import MISSING
from inspector.runtime.toolbox import Toolbox
from tests.conftest import inspect_class, messages
from tests.test_typetable import HINTS, VALUES, values_for


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class _NoDefault(enum.Enum):
    """Like pandas ``lib.NoDefault``."""

    no_default = "NO_DEFAULT"


no_default = _NoDefault.no_default
_UNSET = object()
_ID = uuid.UUID(int=1)
_HOST = ipaddress.IPv4Address("10.0.0.1")


class Defaults:
    def run(
        self,
        *,
        day: datetime.date = datetime.date(2024, 5, 1),
        at: datetime.datetime = datetime.datetime(2024, 5, 1, 8, tzinfo=datetime.UTC),
        clock: datetime.time = datetime.time(8, 30),
        wait: datetime.timedelta = datetime.timedelta(minutes=90),
        ident: uuid.UUID = _ID,
        price: decimal.Decimal = decimal.Decimal("9.90"),
        where: pathlib.Path = pathlib.Path("out/report.csv"),
        host: ipaddress.IPv4Address = _HOST,
        color: Color = Color.BLUE,
        pair: tuple[int, int] = (1, 2),
        tags: frozenset[str] = frozenset({"b", "a"}),
    ) -> None:
        """Run.

        Args:
            day: Day.
            at: Moment.
            clock: Clock time.
            wait: Wait.
            ident: Id.
            price: Price.
            where: Path.
            host: Host.
            color: Color.
            pair: Pair.
            tags: Tags.
        """


def test_defaults_keep_their_json_form() -> None:
    tools, diagnostics = inspect_class(Defaults)
    assert messages(diagnostics) == []
    defaults = {p.name: p.default for p in tools["run"].parameters}
    assert defaults == {
        "day": "2024-05-01",
        "at": "2024-05-01T08:00:00+00:00",
        "clock": "08:30:00",
        "wait": "PT1H30M",
        "ident": "00000000-0000-0000-0000-000000000001",
        "price": "9.90",
        "where": "out/report.csv",
        "host": "10.0.0.1",
        "color": "blue",
        "pair": [1, 2],
        "tags": ["a", "b"],
    }


class Sentinels:
    def run(
        self,
        axis: int | _NoDefault = no_default,
        level: int | Literal[_NoDefault.no_default] = no_default,
        limit: int = _UNSET,  # type: ignore[assignment]
        name: str | None = dataclasses.MISSING,  # type: ignore[assignment]
        how=no_default,
        *,
        body: str | object = _UNSET,
        anything: object = _UNSET,
    ) -> None:
        """Run.

        Args:
            axis: Axis.
            level: Level.
            limit: Limit.
            name: Name.
            how: How.
            body: Body.
            anything: Anything.
        """


def test_sentinels_make_a_parameter_optional_without_a_default() -> None:
    tools, diagnostics = inspect_class(Sentinels)
    assert messages(diagnostics) == [
        "warning: Sentinels.run: parameter 'how': no type hint; any value accepted"
    ]
    schema = tools["run"].parameters_schema()
    assert schema == {
        "type": "object",
        "properties": {
            "axis": {"type": "integer", "description": "Axis."},
            "level": {"type": "integer", "description": "Level."},
            "limit": {"type": "integer", "description": "Limit."},
            "name": {"type": ["string", "null"], "description": "Name."},
            "how": {"description": "How."},
            "body": {"type": "string", "description": "Body."},  # twilio's ``Union[str, object]``
            "anything": {"description": "Anything."},
        },
    }
    assert all(not p.required and p.default is MISSING for p in tools["run"].parameters)


class UseClientDefault:
    """Like httpx: a class whose one instance means "the client's setting"."""


USE_CLIENT_DEFAULT = UseClientDefault()


class ClientLike:
    def get(
        self,
        timeout: float | UseClientDefault = USE_CLIENT_DEFAULT,
        other: object = USE_CLIENT_DEFAULT,
    ) -> None:
        """Get.

        Args:
            timeout: Seconds.
            other: Not a union with the default's class: an ordinary default of no JSON form.
        """


def test_a_default_whose_class_is_only_in_the_union_for_it_is_a_sentinel() -> None:
    tools, diagnostics = inspect_class(ClientLike)
    timeout, other = tools["get"].parameters
    assert (timeout.type.to_schema(), timeout.required, timeout.default) == (
        {"type": "number"},
        False,
        MISSING,
    )
    assert (other.required, other.default) == (False, MISSING)
    assert messages(diagnostics) == []  # an instance holding nothing is a sentinel anywhere


class Unset(pydantic.BaseModel):
    """Like Speakeasy's generated SDKs (mistralai): a model without fields whose one instance
    means "not given"."""

    def __bool__(self) -> typing.Literal[False]:
        return False


UNSET = Unset()
T = typing.TypeVar("T")
OptionalNullable = typing_extensions.TypeAliasType(
    "OptionalNullable", T | Unset | None, type_params=(T,)
)


class Generated:
    def upload(
        self,
        expiry: OptionalNullable[int] = UNSET,
        retries: OptionalNullable[typing.Callable[[], int]] = UNSET,
        label: str | Unset = UNSET,
    ) -> str:
        """Upload.

        Args:
            expiry: Days to keep it.
            retries: How to retry.
            label: The label.
        """
        return f"{expiry!r} {label!r}"


def test_a_default_without_fields_whose_class_is_in_the_union_is_a_sentinel() -> None:
    """mistralai's ``expiry: OptionalNullable[int] = UNSET`` was an integer, null or an empty
    ``Unset`` object, with the default ``{}``."""
    tools, diagnostics = inspect_class(Generated)
    assert tools["upload"].parameters_schema()["properties"] == {
        "expiry": {"type": ["integer", "null"], "description": "Days to keep it."},
        "label": {"type": "string", "description": "The label."},
    }
    assert messages(diagnostics) == [
        "info: Generated.upload: parameter 'retries': type Callable[[], int] has no JSON form; "
        "left out"
    ]
    box = Toolbox(Generated())
    assert box.call("upload", {"expiry": 3}) == "3 Unset()"
    assert box.call("upload", {"label": "a"}) == "Unset() 'a'"


class Only(enum.Enum):
    ONE = "one"


class OneMemberEnum:
    def run(self, mode: Only = Only.ONE) -> None:
        """Run.

        Args:
            mode: The only mode there is.
        """


def test_a_one_member_enum_asked_for_as_such_is_a_real_default() -> None:
    tools, _ = inspect_class(OneMemberEnum)
    (mode,) = tools["run"].parameters
    assert (mode.default, mode.type.to_schema()) == ("one", {"type": "string", "enum": ["one"]})


class BadRepr:
    def __init__(self) -> None:
        self.state = 1  # a value, not a sentinel

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class BadItems(dict[str, int]):
    def items(self):  # type: ignore[no-untyped-def,override]
        raise RuntimeError("no items")


class Unreadable:
    def run(self, a: object = BadRepr(), b: dict[str, int] = BadItems(x=1)) -> int:  # noqa: B008
        """Run.

        Args:
            a: A.
            b: B.
        """
        return 1


def test_a_default_that_cannot_be_shown_or_read_keeps_the_method() -> None:
    tools, diagnostics = inspect_class(Unreadable)
    assert [p.default for p in tools["run"].parameters] == [MISSING, MISSING]
    assert messages(diagnostics) == [
        "info: Unreadable.run: parameter 'a': default <BadRepr object> has no JSON form; left out "
        "of the schema",
        "warning: Unreadable.run: parameter 'b': default of type BadItems cannot be read "
        "(RuntimeError: no items); left out of the schema",
    ]


class LongInteger:
    def run(self, n: int = 10**5000, ns: tuple[int, ...] = (1, 10**5000)) -> int:
        """Run.

        Args:
            n: N.
            ns: Ns.
        """
        return n


def test_an_integer_past_the_digit_limit_is_a_default_with_no_json_form() -> None:
    # JSON has such a number, but Python writes no text of it: tools.json's writer raised
    tools, diagnostics = inspect_class(LongInteger)
    assert [p.default for p in tools["run"].parameters] == [MISSING, MISSING]
    assert messages(diagnostics) == [
        "info: LongInteger.run: parameter 'n': default <int object> has no JSON form; left out "
        "of the schema",
        "info: LongInteger.run: parameter 'ns': default (1, <int object>) has no JSON form; "
        "left out of the schema",
    ]


@dataclasses.dataclass
class Window:
    start: datetime.time = datetime.time(9)
    length: datetime.timedelta = datetime.timedelta(hours=8)
    days: frozenset[int] = frozenset({5, 1})


class Fields:
    def run(self, window: Window) -> None:
        """Run.

        Args:
            window: When.
        """


def test_field_defaults_keep_their_json_form() -> None:
    tools, _ = inspect_class(Fields)
    (window,) = tools["run"].parameters
    properties = window.type.to_schema()["properties"]
    assert {k: v.get("default") for k, v in properties.items()} == {  # type: ignore[union-attr]
        "start": "09:00:00",
        "length": "PT8H",
        "days": [1, 5],
    }


DEFAULT_HINTS = [
    *(cls for cls in VALUES if cls is not type(None)),
    *(h for h in HINTS if typing.get_origin(h) not in (cabc.Iterator, cabc.Generator)),
]


@pytest.mark.parametrize("hint", DEFAULT_HINTS, ids=repr)
@settings(max_examples=25)
@given(data=st.data())
def test_a_default_validates_against_its_parameter_schema(
    hint: object, data: st.DataObject
) -> None:
    value = data.draw(values_for(hint))

    def run(self: object, x: object = value) -> None:
        """Run.

        Args:
            x: The value.
        """

    run.__annotations__ = {"x": hint, "return": None}
    tools, diagnostics = inspect_class(type("WithDefault", (), {"run": run}))
    (x,) = tools["run"].parameters
    assert x.default is not MISSING, messages(diagnostics)
    schema = {**x.to_schema(), "$defs": tools["run"].parameters_schema().get("$defs", {})}
    jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    ).validate(x.default)
