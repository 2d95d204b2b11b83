"""Inspection rules: which methods become tools, parameters, defaults, kinds, diagnostics."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import functools
import json
import multiprocessing
import operator
import socketserver
import threading
import typing
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

import annotated_types
import pydantic
import pytest

from inspector import Toolbox, ToolCallError, codes
from inspector.catalog import Catalog, CatalogClass
from inspector.files.tools_json import from_json, to_json
from inspector.model import MISSING, MethodKind, ParameterKind
from inspector.project import pipeline
from inspector.scan.methods import NOT_INSPECTED
from tests.conftest import inspect_class, messages

if TYPE_CHECKING:
    from collections.abc import Callable


class Shade(enum.Enum):
    DARK = "dark"
    LIGHT = "light"


class Base:
    def inherited(self, q: str) -> str:
        """Inherited from a base.

        Args:
            q: A query.
        """
        return q

    def overridden(self) -> None:
        """Base version."""


class Service(Base):
    """A service."""

    def overridden(self) -> None:
        """Own version."""

    def plain(self, a: int, b: int = 10) -> int:
        """Add.

        Args:
            a: First.
            b: Second.
        """
        return a + b

    @classmethod
    def make(cls, name: str) -> None:
        """Class method.

        Args:
            name: A name.
        """

    @staticmethod
    def tool(x: int) -> None:
        """Static method.

        Args:
            x: A number.
        """

    async def fetch(self, url: str) -> str:
        """Async.

        Args:
            url: Where.
        """
        return url

    def shaded(self, shade: Shade = Shade.DARK, maybe: int = None) -> None:  # type: ignore[assignment]  # noqa: RUF013
        """Enum default and an implicit Optional.

        Args:
            shade: A shade.
            maybe: Defaults to None without saying Optional.
        """

    def kinds(self, a: int, /, b: int, *rest: int, c: int, d: int = 1, **extra: int) -> None:
        """Kinds.

        Args:
            a: A.
            b: B.
            *rest: More numbers.
            c: C.
            d: D.
            **extra: Named numbers.
        """

    @property
    def prop(self) -> int:
        """Not a tool."""
        return 1

    @functools.cached_property
    def cached(self) -> int:
        """Not a tool."""
        return 1

    def _private(self) -> None:
        """Not a tool."""

    def __call__(self) -> None:
        """Not a tool."""

    constant = 3
    Nested = Shade


def test_public_methods_own_first_then_inherited() -> None:
    tools, _ = inspect_class(Service)
    assert list(tools) == [
        "overridden",
        "plain",
        "make",
        "tool",
        "fetch",
        "shaded",
        "kinds",
        "inherited",
    ]
    assert tools["overridden"].description == "Own version."


class Undocumented(Base):
    def own(self) -> None:
        """Own."""


class BaseWithGaps:
    def get(self, key: str) -> str:
        """Get."""
        return key


class Cache(BaseWithGaps):
    pass


class OtherCache(BaseWithGaps):
    pass


def test_an_inherited_method_is_the_scanned_class_s_tool_and_its_base_s_diagnostic() -> None:
    """cachetools' ``LRUCache`` inherits ``get`` from ``Cache``: the tool is ``LRUCache``'s,
    as tools.json read back says (``diff`` compares the two); a diagnostic names the code to
    change, the base's method, the same for every class that inherits it (said once)."""
    tools, diagnostics = inspect_class(Cache)
    assert tools["get"].class_name == "Cache"
    assert [(d.code, d.subject) for d in diagnostics] == [("TI204", "BaseWithGaps.get")]
    catalog = Catalog((CatalogClass("Cache", "test.py:Cache", tuple(tools.values())),))
    assert from_json(to_json(catalog)).classes[0].tools == tuple(tools.values())
    assert inspect_class(Undocumented)[0]["inherited"].class_name == "Undocumented"
    assert inspect_class(OtherCache)[1] == diagnostics


def test_self_and_cls_never_appear_and_kinds_are_recorded() -> None:
    tools, _ = inspect_class(Service)
    assert [p.name for p in tools["make"].parameters] == ["name"]
    assert tools["make"].method_kind is MethodKind.CLASS
    assert [p.name for p in tools["tool"].parameters] == ["x"]
    assert tools["tool"].method_kind is MethodKind.STATIC
    assert tools["plain"].method_kind is MethodKind.INSTANCE


def test_async_is_recorded() -> None:
    tools, _ = inspect_class(Service)
    assert tools["fetch"].is_async
    assert not tools["plain"].is_async


def test_required_default_and_nullable_are_separate() -> None:
    tools, _ = inspect_class(Service)
    a, b = tools["plain"].parameters
    assert (a.required, a.default, a.nullable) == (True, MISSING, False)
    assert (b.required, b.default, b.nullable) == (False, 10, False)
    shade, maybe = tools["shaded"].parameters
    assert (shade.required, shade.default) == (False, "dark")
    assert maybe.to_schema() == {
        "type": ["integer", "null"],
        "description": "Defaults to None without saying Optional.",
        "default": None,
    }
    assert maybe.nullable and not maybe.required


def test_parameter_kinds_and_variadics() -> None:
    tools, diagnostics = inspect_class(Service)
    kinds = tools["kinds"]
    assert [(p.name, p.kind) for p in kinds.parameters] == [
        ("a", ParameterKind.POSITIONAL_ONLY),
        ("b", ParameterKind.POSITIONAL_OR_KEYWORD),
        ("rest", ParameterKind.VAR_POSITIONAL),
        ("c", ParameterKind.KEYWORD_ONLY),
        ("d", ParameterKind.KEYWORD_ONLY),
        ("extra", ParameterKind.VAR_KEYWORD),
    ]
    properties = kinds.parameters_schema()["properties"]
    assert isinstance(properties, dict)
    assert properties["rest"] == {
        "type": "array",
        "description": "More numbers.",
        "items": {"type": "integer"},
    }
    assert properties["extra"] == {
        "type": "object",
        "description": "Named numbers.",
        "additionalProperties": {"type": "integer"},
    }
    assert kinds.parameters_schema()["required"] == ["a", "b", "c"]
    assert [m for m in messages(diagnostics) if "Service.kinds" in m] == []


def test_bad_methods_give_located_diagnostics_and_the_rest_still_comes_out() -> None:
    class Broken:
        def unresolved(self, a: Missing, b: int) -> None:  # type: ignore[name-defined]  # noqa: F821
            """Unresolvable hint.

            Args:
                a: Cannot be resolved.
                b: Fine.
            """

        def undocumented(self, a: int, b) -> None:  # type: ignore[no-untyped-def]
            """Summary only.

            Args:
                a: Documented.
                ghost: Not a parameter.
            """

        def nodoc(self) -> None:
            pass

        c_method = str.upper  # another class's C method: it fails on an instance, no tool

        def fine(self) -> None:
            """Still here."""

    tools, diagnostics = inspect_class(Broken)
    assert list(tools) == ["unresolved", "undocumented", "nodoc", "fine"]
    assert tools["unresolved"].parameters[0].to_schema() == {"description": "Cannot be resolved."}
    assert tools["unresolved"].parameters[1].to_schema() == {
        "type": "integer",
        "description": "Fine.",
    }
    assert messages(diagnostics) == [
        "warning: Broken.unresolved: parameter 'a': hint 'Missing' unresolved "
        "(NameError: name 'Missing' is not defined); any value accepted",
        "warning: Broken.undocumented: parameter 'b': no type hint; any value accepted",
        "warning: Broken.undocumented: documented argument 'ghost' is not in the signature",
        "warning: Broken.undocumented: parameter 'b' is not documented",
        "warning: Broken.nodoc: no docstring: the tool has no description",
    ]
    assert all(d.path == "tests/test_inspection.py" and d.line > 0 for d in diagnostics[:6])


def test_method_without_signature_or_stub_is_a_warning_and_not_offered() -> None:
    def odd() -> None:
        """No signature can be read, and no stub file has one."""

    odd.__signature__ = "broken"  # type: ignore[attr-defined]

    class WithBroken:
        method = staticmethod(odd)

        def ok(self) -> None:
            """Fine."""

    tools, diagnostics = inspect_class(WithBroken)
    assert list(tools) == ["method", "ok"]
    assert (tools["method"].parameters, tools["method"].uncallable) == ((), (NOT_INSPECTED,))
    assert messages(diagnostics) == [
        "warning: WithBroken.method: no signature can be read (unexpected object 'broken' in "
        "__signature__ attribute); not offered"
    ]


def test_docstring_type_is_used_when_the_hint_is_missing() -> None:
    class Typed:
        def run(self, count, names, weird):  # type: ignore[no-untyped-def]
            """Run.

            Args:
                count (int): How many.
                names (list[str]): Names.
                weird (same as the other one): Not understood.

            Returns:
                bool: Whether it worked.
            """

    tools, diagnostics = inspect_class(Typed)
    schema = tools["run"].parameters_schema()["properties"]
    assert schema == {
        "count": {"type": "integer", "description": "How many."},
        "names": {"type": "array", "description": "Names.", "items": {"type": "string"}},
        "weird": {"description": "Not understood."},
    }
    assert tools["run"].returns.to_schema() == {
        "type": "boolean",
        "description": "Whether it worked.",
    }
    assert messages(diagnostics) == [
        "warning: Typed.run: parameter 'weird': docstring type 'same as the other one' not "
        "understood; any value accepted",
    ]


CALLS: list[str] = []


def record_call() -> type:
    CALLS.append("called")
    return int


def test_docstring_type_text_is_never_executed() -> None:
    class Sneaky:
        def run(self, a, b):  # type: ignore[no-untyped-def]
            """Run.

            Args:
                a (record_call()): A call.
                b (__import__('os').getcwd()): Another call.
            """

    _, diagnostics = inspect_class(Sneaky)
    assert CALLS == []
    assert [m.split(": ", 2)[2] for m in messages(diagnostics)] == [
        "parameter 'a': docstring type 'record_call()' not understood; any value accepted",
        "parameter 'b': docstring type \"__import__('os').getcwd()\" not understood; "
        "any value accepted",
    ]


class Opaque:
    def __init__(self) -> None:
        self.state = 1  # a value, not a sentinel

    def __repr__(self) -> str:
        return "Opaque()"


def test_unserializable_default_is_left_out_but_parameter_stays_optional() -> None:
    class Defaults:
        def run(self, a: object = Opaque()) -> None:
            """Run.

            Args:
                a: Something.
            """

    tools, diagnostics = inspect_class(Defaults)
    (a,) = tools["run"].parameters
    assert (a.required, a.default) == (False, MISSING)
    assert messages(diagnostics) == [
        "info: Defaults.run: parameter 'a': default Opaque() has no JSON form; "
        "left out of the schema"
    ]


def make_decorated() -> Callable[..., object]:
    def decorator(function: Callable[..., int]) -> Callable[..., int]:
        @functools.wraps(function)
        def wrapper(*args: object, **kwargs: object) -> int:
            return function(*args, **kwargs)

        return wrapper

    return decorator


class Decorated:
    @make_decorated()  # type: ignore[untyped-decorator]
    def wrapped(self, n: int) -> int:
        """Wrapped with functools.wraps.

        Args:
            n: A number.
        """
        return n


def test_wrapped_methods_keep_their_signature() -> None:
    tools, _ = inspect_class(Decorated)
    assert tools["wrapped"].parameters_schema() == {
        "type": "object",
        "properties": {"n": {"type": "integer", "description": "A number."}},
        "required": ["n"],
    }


@dataclass
class Dangling:
    ref: NotDefinedAnywhere  # type: ignore[name-defined]  # noqa: F821


def test_a_nested_class_field_that_does_not_resolve_is_any_with_a_warning() -> None:
    class UsesDangling:
        def run(self, d: Dangling) -> None:
            """Run.

            Args:
                d: Dangling.
            """

    tools, diagnostics = inspect_class(UsesDangling)
    assert tools["run"].parameters[0].to_schema() == {  # the class keeps its shape
        "type": "object",
        "title": "Dangling",
        "description": "Dangling.",
        "properties": {"ref": {}},
        "required": ["ref"],
    }
    assert messages(diagnostics) == [
        "warning: UsesDangling.run: parameter 'd': field 'ref' of Dangling: hint "
        "'NotDefinedAnywhere' unresolved (NameError: name 'NotDefinedAnywhere' is not defined); "
        "any value accepted in its place"
    ]


def test_broken_docstring_is_a_warning_and_the_tool_stays() -> None:
    class BadDoc:
        def run(self, a: int) -> None:
            """Run.

            :param: a reST field without the parameter's name
            """

    tools, diagnostics = inspect_class(BadDoc)
    assert tools["run"].description == "Run."
    assert messages(diagnostics) == [
        "warning: BadDoc.run: docstring cannot be parsed (Expected one or two arguments for a "
        "param keyword.); "
        "its text before the sections is the description",
        "warning: BadDoc.run: parameter 'a' is not documented",
    ]


class Hostile:
    """Annotated metadata that raises on any attribute access."""

    def __getattr__(self, name: str) -> object:
        raise RuntimeError("no attributes here")


def test_unexpected_failure_in_one_method_is_a_warning_and_others_survive() -> None:
    class Host:
        def bad(self, a: Annotated[int, Hostile()]) -> None:
            """Bad.

            Args:
                a: A.
            """

        def good(self) -> None:
            """Good."""

    tools, diagnostics = inspect_class(Host)
    assert list(tools) == ["bad", "good"]
    assert (tools["bad"].parameters, tools["bad"].uncallable) == ((), (NOT_INSPECTED,))
    assert messages(diagnostics) == [
        "warning: Host.bad: cannot be inspected (RuntimeError: no attributes here); not offered"
    ]


class Geocoder:
    def geocode(  # type: ignore[no-untyped-def]  # typed by the docstring, as geopy is
        self,
        query,
        *,
        language=False,
        exactly_one=1,
        limit: Annotated[int, annotated_types.Ge(1)] = 0,
        handle_nan: Literal["allow", "skip", "error"] = 0,  # type: ignore[assignment]
        country: str = None,  # type: ignore[assignment]  # noqa: RUF013
    ) -> None:
        """Find a place.

        :param str query: What to find.
        :param str language: Preferred language.
        :param bool exactly_one: One result or all.
        :param limit: At most this many.
        :param handle_nan: What to do with NaN.
        :param country: A country code.
        """


def test_a_default_that_is_no_value_of_its_type_is_left_out_with_a_warning() -> None:
    """A model that sent such a default back was refused by the Toolbox (geopy's
    ``language=False`` documented ``str``, shapely's ``handle_nan=0`` beside three words)."""
    tools, diagnostics = inspect_class(Geocoder)
    properties = tools["geocode"].parameters_schema()["properties"]
    assert {name: p.get("default", "(none)") for name, p in properties.items()} == {
        "query": "(none)",
        "language": "(none)",
        "exactly_one": True,  # 1 beside a boolean is what the code means by it
        "limit": "(none)",
        "handle_nan": "(none)",
        "country": None,  # ``str = None``: the type takes null
    }
    assert [(d.code, d.message) for d in diagnostics if d.code == codes.DEFAULT_NOT_OF_TYPE] == [
        (
            codes.DEFAULT_NOT_OF_TYPE,
            f"parameter {name!r}: default: {problem}; left out of the schema (the method still "
            "gets it when the argument is omitted)",
        )
        for name, problem in (
            ("language", "expected a string, got false"),
            ("limit", "0 breaks minimum 1"),
            ("handle_nan", 'expected one of "allow", "skip", "error", got 0'),
        )
    ]
    box = Toolbox(Geocoder())
    assert box.call("geocode", {"query": "x"}) is None  # the method's own defaults apply


def test_another_name_for_a_method_is_no_second_tool() -> None:
    """python-telegram-bot's ``Bot`` binds each method twice (``getMe = get_me``): 360 tools
    where 185 are different, each described twice to the model. A method of another name
    that only calls the first is a tool of its own."""

    class Base:
        def get(self, key: str) -> str:
            """Get a value.

            Args:
                key: Its key.
            """
            return key

    class Bot(Base):
        def get_me(self) -> str:
            """Who the bot is."""
            return "me"

        getMe = get_me

        @classmethod
        def make(cls) -> str:
            """Make one."""
            return "made"

        build = make
        fetch = Base.get

        def whoami(self) -> str:
            """Who the bot is, by calling get_me."""
            return self.get_me()

    tools, diagnostics = inspect_class(Bot)
    assert list(tools) == ["get_me", "make", "whoami", "get"]
    assert diagnostics == []
    toolbox = Toolbox(Bot())
    assert [tool.name for tool in toolbox.tools] == ["get_me", "make", "whoami", "get"]
    with pytest.raises(ToolCallError) as unknown:
        toolbox.call("getMe", {})
    assert unknown.value.message.startswith("unknown tool 'getMe'")


class Shelf:
    def get(self, key: str, default: int | None = None) -> int | None:
        """Get a value.

        Args:
            key: Its key.
            default: What a missing key gives.
        """
        return {"a": 1}.get(key, default)

    def put(self, key: str, value: int) -> str:
        """Put a value."""
        return f"{key}={value}"


class TimedShelf(Shelf):
    """cachetools' ``TTLCache``: each method of ``Cache`` wrapped to hold its timer."""

    def get(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().get(*args, **kwargs)

    def put(self, *args: int, **kwargs: int):  # type: ignore[no-untyped-def]
        return super().put(*args, **kwargs)  # typed: says what it takes, if not as the base


class LoggedShelf(TimedShelf):
    def get(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return super().get(*args, **kwargs)


def test_an_override_that_only_passes_its_arguments_on_takes_the_overridden_signature() -> None:
    """cachetools' ``TTLCache.get``, ``pop`` and ``setdefault`` are ``(self, *args,
    **kwargs)`` with no hint and no docstring around ``Cache``'s: they took no argument
    (TI140) and started false. The method they override says what they take, in the scan and
    in the Toolbox, which calls the override; an override with hints of its own keeps them."""
    tools, diagnostics = inspect_class(LoggedShelf)
    assert tools["get"].parameters_schema() == {
        "type": "object",
        "properties": {
            "key": {"type": "string", "description": "Its key."},
            "default": {
                "type": ["integer", "null"],
                "description": "What a missing key gives.",
                "default": None,
            },
        },
        "required": ["key"],
    }
    assert tools["get"].description == "Get a value."
    assert tools["put"].parameters_schema()["properties"] == {
        "args": {"type": "array", "items": {"type": "integer"}},
        "kwargs": {"type": "object", "additionalProperties": {"type": "integer"}},
    }
    assert messages(diagnostics) == [
        "warning: TimedShelf.put: parameters 'args' and 'kwargs' are not documented"
    ]
    toolbox = Toolbox(LoggedShelf())
    assert toolbox.call("get", {"key": "b", "default": "7"}) == 7  # converted as the base's
    assert toolbox.call("get", {"key": "a"}) == 1


class cachedproperty:
    """praw's caching property: a descriptor that gives a value on an instance, with an empty
    ``__call__`` so that Sphinx documents it, and the function under ``__wrapped__``."""

    def __init__(self, func: typing.Callable[[typing.Any], typing.Any]) -> None:
        self.func = self.__wrapped__ = func
        self.__doc__ = func.__doc__

    def __call__(self, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        """Empty, for Sphinx."""

    def __get__(self, obj: object, objtype: type | None = None) -> typing.Any:
        if obj is None:
            return self
        value = obj.__dict__[self.func.__name__] = self.func(obj)
        return value


class Relationship:
    """What the property gives: callable itself (praw's ``SubredditRelationship``)."""

    def __call__(self) -> list[str]:
        return ["spez"]


class Subreddit:
    @cachedproperty
    def banned(self) -> Relationship:
        """Provide an instance of `Relationship`."""
        return Relationship()

    def search(self, query: str) -> list[str]:
        """Search."""
        return [query]


def test_a_descriptor_named_as_a_property_is_no_tool() -> None:
    """praw's ``Subreddit.banned`` (a ``cachedproperty``) was a tool without parameters,
    described as the property, that the Toolbox ran by calling the value it gives."""
    tools, _ = inspect_class(Subreddit)
    assert list(tools) == ["search"]
    assert [tool.name for tool in Toolbox(Subreddit()).tools] == ["search"]


class _AvailableIf:
    """A decorator object as scikit-learn's ``available_if`` is: not callable itself, it gives
    the method (wrapped) on the class, and on an instance that method bound when ``check``
    allows it, else ``AttributeError``."""

    def __init__(self, fn: Callable[..., object], check: Callable[[object], bool]) -> None:
        self.fn, self.check = fn, check
        functools.update_wrapper(self, fn)  # type: ignore[arg-type]

    def __get__(self, obj: object, owner: type | None = None) -> Callable[..., object]:
        if obj is None:

            @functools.wraps(self.fn)
            def unbound(*args: object, **kwargs: object) -> object:
                return self.fn(*args, **kwargs)

            return unbound
        if not self.check(obj):
            raise AttributeError(f"this {type(obj).__name__} has no {self.fn.__name__!r}")
        return functools.partial(self.fn, obj)


class _Steps:
    """A pipeline whose ``predict`` exists only when its last step predicts."""

    def __init__(self, *, predicts: bool) -> None:
        self.predicts = predicts

    def fit(self, rows: list[float]) -> int:
        """Fit the steps.

        Args:
            rows: Training values.
        """
        return len(rows)

    def _predict(self, rows: list[float]) -> list[float]:
        """Predict with the last step.

        Args:
            rows: Values to predict for.
        """
        return [2 * row for row in rows]

    _predict.__name__ = "predict"
    predict = _AvailableIf(_predict, lambda self: self.predicts)  # type: ignore[attr-defined]


def test_a_method_behind_a_decorator_object_is_a_tool_where_the_object_has_it() -> None:
    """scikit-learn's ``Pipeline.predict``, ``transform`` and ``score`` were silently no tools;
    a pipeline whose steps lack one leaves it out."""
    tools, diagnostics = inspect_class(_Steps)
    assert list(tools) == ["fit", "predict"]
    assert tools["predict"].description == "Predict with the last step."
    assert tools["predict"].parameters[0].to_schema() == {
        "type": "array",
        "items": {"type": "number"},
        "description": "Values to predict for.",
    }
    assert diagnostics == []
    assert Toolbox(_Steps(predicts=True)).call("predict", {"rows": [1.5]}) == [3.0]
    toolbox = Toolbox(_Steps(predicts=False))
    assert [t.name for t in toolbox.tools] == ["fit"]
    with pytest.raises(ToolCallError, match="unknown tool 'predict'"):
        toolbox.call("predict", {"rows": [1.5]})


class Order(pydantic.BaseModel):
    """An order: a model with validators and a serializer, which pydantic calls itself."""

    quantity: int = 1

    @pydantic.field_validator("quantity")
    @classmethod
    def positive(cls, value: int) -> int:
        """Refuse a quantity below one."""
        if value < 1:
            raise ValueError("at least one")
        return value

    @pydantic.model_validator(mode="after")
    def consistent(self) -> Order:
        """Check the order as a whole."""
        return self

    @pydantic.field_serializer("quantity")
    def quantity_text(self, value: int) -> str:
        """The quantity as text."""
        return str(value)

    def total(self, price: float) -> float:
        """The order's total.

        Args:
            price: The unit price.
        """
        return self.quantity * price


class RushOrder(Order):
    """A model inheriting the validators."""

    def deadline(self) -> str:
        """When it is due."""
        return "today"


def _marked(mark: str) -> typing.Callable[[typing.Callable[..., object]], typing.Any]:
    """A framework's hook decorator as marshmallow's ``@post_load`` and SQLAlchemy's
    ``@validates`` are: it sets a mark on the function and returns it."""

    def decorate(function: typing.Callable[..., object]) -> typing.Callable[..., object]:
        setattr(function, mark, ("name",))
        return function

    return decorate


class UserSchema:
    @_marked("__marshmallow_hook__")
    def make_user(self, data: dict[str, str]) -> dict[str, str]:
        """Called by marshmallow after a load."""
        return data

    @classmethod
    @_marked("__marshmallow_hook__")
    def wrap(cls, data: dict[str, str]) -> dict[str, str]:
        """A class-level hook."""
        return data

    @_marked("__sa_validators__")
    def validate_name(self, key: str, value: str) -> str:
        """Called by SQLAlchemy on each assignment."""
        return value

    def dump_user(self, name: str) -> dict[str, str]:
        """Dump a user.

        Args:
            name: The user's name.
        """
        return {"name": name}


def test_a_method_its_framework_calls_itself_is_no_tool() -> None:
    """pydantic's validators and serializers, marshmallow's hooks and SQLAlchemy's validators
    were tools: a model's field validator took a value and gave it back, a model validator ran
    on the object. The model's own methods stay tools, on a subclass too."""
    assert list(inspect_class(Order)[0]) == ["total"]
    assert list(inspect_class(RushOrder)[0]) == ["deadline", "total"]
    assert [t.name for t in Toolbox(RushOrder(quantity=2), classification={}).tools] == [
        "deadline",
        "total",
    ]
    assert Toolbox(Order(quantity=2)).call("total", {"price": 1.5}) == 3.0
    assert list(inspect_class(UserSchema)[0]) == ["dump_user"]


def _logged(function: typing.Callable[..., typing.Any]) -> typing.Callable[..., typing.Any]:
    """A decorator over another that keeps ``__wrapped__``, as ``functools.wraps`` does."""

    @functools.wraps(function)
    def wrapper(*args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        return function(*args, **kwargs)

    return wrapper


class Session:
    """Methods that make context managers (click's ``Context.scope``, Flask's
    ``session_transaction``): a call gives an object a model cannot enter."""

    @contextlib.contextmanager
    def transaction(self, name: str) -> Iterator[str]:
        """Open a transaction.

        Args:
            name: Its name.
        """
        yield name

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[int]:
        """Hold a connection."""
        yield 1

    @classmethod
    @_logged
    @contextlib.contextmanager
    def scope(cls) -> Iterator[None]:
        """A scope under another decorator."""
        yield

    @_logged
    def commit(self, name: str) -> str:
        """Commit.

        Args:
            name: Its name.
        """
        return name


def test_a_method_that_makes_a_context_manager_is_no_tool() -> None:
    """A ``@contextmanager`` (``@asynccontextmanager``) method, also under a decorator that
    keeps ``__wrapped__``, was a tool whose call gave the text of an unentered context manager:
    its body never ran. A wrapped method of another kind stays a tool."""
    assert list(inspect_class(Session)[0]) == ["commit"]
    assert [t.name for t in Toolbox(Session()).tools] == ["commit"]


class Looped:
    """A method set as its own ``__wrapped__`` (a decorator that wraps in place), beside one
    that is not."""

    def double(self, value: int) -> int:
        """Double a number.

        Args:
            value: The number.
        """
        return 2 * value

    def halve(self, value: float) -> float:
        """Halve a number.

        Args:
            value: The number.
        """
        return value / 2


Looped.double.__wrapped__ = Looped.double  # type: ignore[attr-defined]


def test_a_method_wrapping_itself_is_read_as_it_is() -> None:
    """``inspect.unwrap`` raises on a loop of ``__wrapped__``: the whole scan stopped with an
    internal error. The method is read through its own signature, and is called."""
    tools, diagnostics = inspect_class(Looped)
    assert diagnostics == []
    assert [(p.name, p.required, p.to_schema()) for p in tools["double"].parameters] == [
        ("value", True, {"type": "integer", "description": "The number."})
    ]
    assert list(tools) == ["double", "halve"]
    assert Toolbox(Looped()).call("double", {"value": 4}) == 8


class Scheduler:
    """Methods that make a function and give it back (APScheduler's ``scheduled_job``, Flask's
    ``route``), beside methods that define one and give back something else."""

    def __init__(self) -> None:
        self.jobs: list[str] = []

    def add_job(self, name: str) -> int:
        """Add a job.

        Args:
            name: Its name.
        """
        self.jobs.append(name)
        return len(self.jobs)

    @_logged  # a wrapper that keeps ``__wrapped__``
    def scheduled_job(self, trigger: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
        """A decorator version of add_job.

        Args:
            trigger: When it runs.
        """

        def inner(func: Callable[[], None]) -> Callable[[], None]:
            self.add_job(f"{trigger}:{func.__name__}")
            return func

        return inner

    @staticmethod
    def formatter(width: int) -> Callable[[str], str]:
        """Make a formatter.

        Args:
            width: The width.
        """
        return lambda text: text.ljust(width)

    def sorted_jobs(self, reverse: bool = False) -> list[str]:
        """The jobs, sorted.

        Args:
            reverse: Z to A.
        """

        def key(name: str) -> str:
            return name.lower()

        if not self.jobs:
            return []
        return sorted(self.jobs, key=key, reverse=reverse)

    def watch(self, path: str) -> object:
        """Watch a path; what it gives back stops watching.

        Args:
            path: The path.
        """
        self.jobs.append(path)

        def stop() -> None:
            self.jobs.remove(path)

        return stop

    def tally(self) -> int:
        """How many jobs, by a function whose name is bound again to its value."""

        def total() -> int:
            return len(self.jobs)

        total = total()  # type: ignore[assignment]
        return total  # type: ignore[return-value]


def test_a_method_that_gives_back_a_function_it_makes_is_no_tool() -> None:
    """A decorator's or callback's factory was a tool whose call gave the model a function's
    text, while what the function does when applied (``add_job``) never ran: it is no tool.
    A method that defines a function and gives back something else stays one, and so does one
    that did its work and gives back a function of no argument that undoes it (``stop``)."""
    tools = ["add_job", "sorted_jobs", "watch", "tally"]
    assert list(inspect_class(Scheduler)[0]) == tools
    assert [t.name for t in Toolbox(Scheduler()).tools] == tools


def _dollar_id(contents: dict[str, str]) -> str | None:
    """The schema's ``$id``."""
    return contents.get("$id")


def _verb(verb: str) -> typing.Callable[..., str]:
    """A factory of web handlers: each made inside it, named ``handler``."""

    def handler(self: object, path: str) -> str:
        """Answer a request.

        Args:
            path: The path.
        """
        return f"{verb} {path}"

    return handler


class Validator:
    """A function the class calls, kept in an attribute named as a constant (jsonschema's
    validators), beside methods named in capitals by their own ``def`` (a web handler's) or
    made by a factory (``POST = _verb("POST")``)."""

    ID_OF = staticmethod(_dollar_id)
    find_id = staticmethod(_dollar_id)
    POST = _verb("POST")

    def GET(self, path: str) -> str:
        """Answer a GET.

        Args:
            path: The path.
        """
        return path


def test_a_function_kept_under_a_constants_name_is_no_tool() -> None:
    """``ID_OF = staticmethod(_dollar_id)`` is which function the class calls, not a method:
    it was offered as a tool named ``ID_OF`` with no description."""
    assert list(inspect_class(Validator)[0]) == ["find_id", "POST", "GET"]
    assert [t.name for t in Toolbox(Validator()).tools] == ["find_id", "POST", "GET"]


RouteCallable = typing.Union[  # noqa: UP007 (Flask's alias, evaluated at run time)
    typing.Callable[..., str], typing.Callable[..., typing.Awaitable[str]]
]
Route = typing.TypeVar("Route", bound=RouteCallable)
View = typing.TypeVar("View", bound="typing.Callable[..., typing.Any]")  # text: click's
Kind = typing.TypeVar("Kind", bound=type)


class App:
    """Methods that make decorators (Flask's ``route``, FastAPI's ``get``, click's
    ``command``): a call does nothing until its result is applied to a function."""

    def route(self, rule: str) -> typing.Callable[[Route], Route]:
        """Register a view.

        Args:
            rule: The URL rule.
        """
        return lambda view: view

    def get(self, path: str) -> typing.Callable[[View], View]:
        """Register a GET view.

        Args:
            path: The path.
        """
        return lambda view: view

    def command(self) -> typing.Callable[[typing.Callable[..., typing.Any]], int]:
        """Make a command."""
        return lambda function: 0

    def register(self, name: str) -> typing.Callable[[type[Kind]], type[Kind]] | None:
        """Register a class, or nothing.

        Args:
            name: Its name.
        """
        return None

    def registered(self, name: str) -> typing.Callable[[Kind], Kind]:
        """Register a class.

        Args:
            name: Its name.
        """
        return lambda cls: cls

    def scale(self, factor: int) -> typing.Callable[[int], int]:
        """A function that scales a number: no decorator.

        Args:
            factor: The factor.
        """
        return functools.partial(operator.mul, factor)

    def url_for(self, endpoint: str) -> str:
        """The URL of an endpoint.

        Args:
            endpoint: The endpoint.
        """
        return "/" + endpoint


def test_a_method_that_makes_a_decorator_is_no_tool() -> None:
    """A method whose result is a decorator (a callable of one function or class) was a
    tool whose call did nothing: the model got a function's text. A method whose result is
    a callable of something else, or of nothing certain (``... | None``), stays a tool."""
    assert list(inspect_class(App)[0]) == ["register", "scale", "url_for"]
    assert [t.name for t in Toolbox(App(), classification={}).tools] == [
        "register",
        "scale",
        "url_for",
    ]


class Runner:
    """Members its author marks private for Sphinx (nox's ``Session``), whatever their name."""

    def run(self, command: str) -> str:
        """Run a command.

        Args:
            command: What to run.
        """
        return command

    def runner(self) -> str:
        """The runner behind it.

        :meta private:
        """
        return "runner"

    @classmethod
    def build(cls) -> Runner:
        """Build one.

        :meta   private:
        """
        return cls()

    def env(self) -> dict[str, str]:
        """The environment (the word :meta private: in a sentence marks nothing)."""
        return {}


def test_a_method_marked_meta_private_is_no_tool() -> None:
    """Sphinx's ``:meta private:`` field makes a member private as an underscore does: it is
    not offered (the field itself was already left out of descriptions); only the field on a
    line of its own counts."""
    assert list(inspect_class(Runner)[0]) == ["run", "env"]
    assert [t.name for t in Toolbox(Runner()).tools] == ["run", "env"]


class LineProtocol(asyncio.Protocol):
    """A protocol (as asyncssh's connection is): the event loop calls its callbacks."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Called by the loop."""

    def data_received(self, data: bytes) -> None:
        """Called by the loop with the bytes read."""

    def eof_received(self) -> bool:
        """Called by the loop at the end of the stream."""
        return False

    def send_line(self, text: str) -> int:
        """Send a line.

        Args:
            text: The line.
        """
        return len(text)


class Worker(threading.Thread):
    """A thread (as paramiko's ``Transport`` is): ``start`` runs ``run`` on the new thread."""

    def run(self) -> None:
        """The thread's loop."""

    def progress(self) -> int:
        """How far the work is."""
        return 0


class Job(multiprocessing.Process):
    """A process: ``start`` runs ``run`` in the new process, as ``Thread.run`` on its thread."""

    def run(self) -> None:
        """The process's work."""

    def progress(self) -> int:
        """How far the work is."""
        return 0


class SetEncoder(json.JSONEncoder):
    """An encoder: ``encode`` calls ``default`` for each value it cannot encode."""

    def default(self, o: typing.Any) -> typing.Any:
        """A set as a sorted list."""
        return sorted(o) if isinstance(o, set) else super().default(o)

    def encode_all(self, values: list[str]) -> str:
        """Encode the values.

        Args:
            values: What to encode.
        """
        return self.encode(set(values))


class EchoServer(socketserver.TCPServer):
    """A server: ``serve_forever`` calls its hooks."""

    def service_actions(self) -> None:
        """Called by the serving loop."""

    def verify_request(self, request: typing.Any, client_address: typing.Any) -> bool:
        """Called for each request."""
        return True

    def clients(self) -> int:
        """How many clients are connected."""
        return 0


def test_a_method_a_standard_library_base_calls_itself_is_no_tool() -> None:
    """asyncio's protocol callbacks, ``Thread.run`` and ``socketserver``'s request cycle were
    tools: asyncssh's connection offered ``data_received`` (a model feeding it protocol bytes)
    and ``connection_lost``, paramiko's ``Transport`` its ``run`` (the transport's loop, on the
    caller's thread: it never returns). The classes' own methods stay tools."""
    assert list(inspect_class(LineProtocol)[0]) == ["send_line"]
    assert list(inspect_class(Worker)[0]) == ["progress"]
    assert list(inspect_class(Job)[0]) == ["progress"]
    assert list(inspect_class(EchoServer)[0]) == ["clients"]
    assert [t.name for t in Toolbox(Worker(), classification={}).tools] == ["progress"]
    # ``JSONEncoder.default`` too (the base's own raised for any value a model gave it)
    assert [t.name for t in Toolbox(SetEncoder()).tools] == ["encode_all"]


class Tracked(pydantic.BaseModel):
    """A model overriding pydantic's own hook."""

    hits: int = 0

    def model_post_init(self, context: typing.Any) -> None:
        """Called by pydantic after validation."""

    def validate(self) -> bool:  # type: ignore[override]
        """The model's own check (pydantic's deprecated ``validate`` is no hook)."""
        return self.hits >= 0

    def hit(self) -> int:
        """Count a hit."""
        return self.hits + 1


class Proxy:
    """A context-local proxy as werkzeug's ``LocalProxy`` is outside its context: reading any
    attribute raises."""

    def __getattr__(self, name: str) -> object:
        raise RuntimeError("Working outside of application context.")


class Shown:
    current = Proxy()  # a class attribute, no method

    @functools.singledispatchmethod
    def show(self, value: object) -> str:
        """Show a value (dispatched on its type, positionally)."""
        return str(value)

    def ping(self, text: str) -> str:
        """Echo.

        Args:
            text: The text.
        """
        return text


def test_overrides_of_pydantics_base_singledispatch_and_raising_attributes_are_no_tools() -> None:
    """``model_post_init`` is pydantic's to call; a ``singledispatchmethod`` dispatches on a
    positional value, and every call by keyword failed (``IndexError``); reading a proxy's
    attribute raised out of the scan and the Toolbox."""
    assert list(inspect_class(Tracked)[0]) == ["validate", "hit"]
    assert [t.name for t in Toolbox(Shown()).tools] == ["ping"]


def _elementwise(names: typing.Iterable[str]) -> type:
    """A class whose methods one ``def`` makes in a loop over ``names``, as scipy sets ``sin``,
    ``tan``... on its sparse matrices from a frozenset of ufuncs (ordered by address)."""

    class Matrix:
        def copy(self) -> Matrix:
            """A copy."""
            return self

        def shape(self) -> list[int]:
            """The shape."""
            return []

    def make(name: str) -> typing.Callable[[Matrix], Matrix]:
        def method(self: Matrix) -> Matrix:
            return self

        method.__doc__, method.__name__ = f"Element-wise {name}.", name
        return method

    for name in names:
        setattr(Matrix, name, make(name))
    return Matrix


def test_methods_one_def_made_in_a_loop_come_in_the_order_of_their_names() -> None:
    """Their order in the class is the loop's, which may change between runs; tools.json's
    must not. They take the places the loop gave them; the rest stay in source order."""
    first = list(inspect_class(_elementwise(["tan", "sin", "arcsin"]))[0])
    second = list(inspect_class(_elementwise(["arcsin", "tan", "sin"]))[0])
    assert first == second == ["copy", "shape", "arcsin", "sin", "tan"]


class _Raising:
    """An object whose every attribute read raises (a proxy of something gone)."""

    def __getattr__(self, name: str) -> object:
        raise RuntimeError(f"unbound {name}")


class Proxied:
    """A method left out (``:meta private:``) whose ``__wrapped__`` raises when read."""

    def run(self, value: int) -> int:
        """Run.

        Args:
            value: The value.
        """
        return value

    def hidden(self) -> None:
        """Hidden.

        :meta private:
        """


Proxied.hidden.__wrapped__ = _Raising()  # type: ignore[attr-defined]


def test_a_left_out_method_whose_wrapped_raises_does_not_stop_the_scan() -> None:
    """Locating a left-out method read its ``__wrapped__``, whose error stopped the whole
    scan with an internal error."""
    catalog, _, diagnostics = pipeline.scan_objects([Proxied])
    assert [t.name for _, t in catalog.tools()] == ["run"]
    assert diagnostics == []
