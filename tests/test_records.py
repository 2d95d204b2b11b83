"""Values compared and shown by their fields: the frozen dataclasses (model, catalog,
diagnostics) inherit equality, hash and repr from ``FrozenRecord`` instead of generating them
and behave as dataclasses that generate them; plain slotted ``Record`` classes (the docstring
records) compare and show alike, unhashable."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from inspector.catalog import Catalog, CatalogClass
from inspector.diagnostics import Diagnostic, Level
from inspector.model import (
    AnyOfType,
    ArrayType,
    Field,
    IntegerType,
    NullType,
    NumberType,
    Returns,
    StringType,
    ToolDescriptor,
)
from inspector.records import FrozenRecord, Record

VALUES = [
    StringType(),
    StringType("date"),
    StringType(keywords=(("minLength", 1),)),
    IntegerType(),
    NumberType(),
    NullType(),
    ArrayType(IntegerType()),
    AnyOfType((StringType(), NullType())),
    Field("a", IntegerType(), "The a.", False, 3),
    Returns(StringType(), "Text."),
    ToolDescriptor("t", "Do.", (Field("a", IntegerType()),), location="m.py:1"),
    CatalogClass("m:C", "m.py", (ToolDescriptor("t", "Do."),)),
    Catalog((CatalogClass("m:C", "m.py", ()),), ("bad.py",)),
    Diagnostic(Level.WARNING, "Untyped.", "m.py", 3, "C.run", "TI201"),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_frozen_values_behave_as_dataclasses_with_eq_and_repr(value: object) -> None:
    assert dataclasses.is_dataclass(value)
    fields = [f.name for f in dataclasses.fields(value)]  # type: ignore[arg-type]
    shown = ", ".join(f"{name}={getattr(value, name)!r}" for name in fields)
    assert repr(value) == f"{type(value).__qualname__}({shown})"
    twin = dataclasses.replace(value)  # type: ignore[type-var]
    assert twin == value and twin is not value and hash(twin) == hash(value)
    assert (twin != value) is False
    assert copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(value)) == value
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.__setattr__(fields[0], None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.__delattr__(fields[0])


def test_frozen_values_differ_by_class_and_by_every_field() -> None:
    assert IntegerType() != NumberType() and NumberType() != IntegerType()
    assert IntegerType() != ()  # not a tuple, though its fields are compared as one
    assert len({IntegerType(), NumberType(), NullType(), IntegerType()}) == 3
    assert StringType("date") != StringType("time")
    assert StringType("date", (("minLength", 1),)) != StringType("date")
    base = Field("a", IntegerType(), "The a.", False, 3)
    for change in (
        {"name": "b"},
        {"type": NumberType()},
        {"description": ""},
        {"required": True},
        {"default": 4},
    ):
        assert dataclasses.replace(base, **change) != base  # type: ignore[arg-type]


class _Point(Record):
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: object) -> None:
        self.x, self.y = x, y


class _Other(Record):
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: object) -> None:
        self.x, self.y = x, y


def test_a_record_compares_by_class_and_fields_shows_them_and_is_unhashable() -> None:
    assert _Point(1, "a") == _Point(1, "a")
    assert _Point(1, "a") != _Point(1, "b") and _Point(1, "a") != _Point(2, "a")
    assert _Point(1, "a") != _Other(1, "a") and _Point(1, "a") != (1, "a")
    assert repr(_Point(1, "a")) == "_Point(x=1, y='a')"
    with pytest.raises(TypeError, match="unhashable"):
        hash(_Point(1, "a"))
    point = _Point(1, [])
    point.x = 2  # a plain record may change
    assert point == _Point(2, [])


def test_every_frozen_slotted_dataclass_inherits_instead_of_generating() -> None:
    """Start-up: such a class compiles only ``__init__``, ``__setattr__`` and ``__delattr__``."""
    import importlib
    import inspect
    import pkgutil

    import inspector
    from inspector.records import FrozenRecord

    found = []
    for module_info in pkgutil.walk_packages(inspector.__path__, "inspector."):
        if module_info.name.endswith("__main__"):  # runs the command line
            continue
        module = importlib.import_module(module_info.name)
        for cls in vars(module).values():
            if not (inspect.isclass(cls) and cls.__module__ == module.__name__):
                continue
            params = getattr(cls, "__dataclass_params__", None)
            if params is not None and params.frozen and "__slots__" in vars(cls):
                found.append(cls.__qualname__)
                assert issubclass(cls, FrozenRecord), cls
                assert not params.eq and not params.repr, cls
    assert {"ToolDescriptor", "Diagnostic", "Call", "ToolEntry", "Installed"} <= set(found)


@dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Base(FrozenRecord):
    a: int


@dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Child(_Base):
    b: object
    hidden: int = dataclasses.field(default=0, compare=False, repr=False)


@dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Empty(FrozenRecord):
    pass


@dataclasses.dataclass(frozen=True, slots=True)
class _DataBase:
    a: int


@dataclasses.dataclass(frozen=True, slots=True)
class _DataChild(_DataBase):
    b: object
    hidden: int = dataclasses.field(default=0, compare=False, repr=False)


NAN = float("nan")


@pytest.mark.parametrize(
    ("left", "right", "data_left", "data_right"),
    [
        (_Child(1, 9), _Child(2, 9), _DataChild(1, 9), _DataChild(2, 9)),  # inherited field
        (_Child(1, 9), _Child(1, 9, 5), _DataChild(1, 9), _DataChild(1, 9, 5)),  # compare=False
        (_Child(1, NAN), _Child(1, NAN), _DataChild(1, NAN), _DataChild(1, NAN)),  # nan is nan
        (_Base(NAN), _Base(NAN), _DataBase(NAN), _DataBase(NAN)),  # one field: a tuple still
        (_Empty(), _Empty(), None, None),
    ],
)
def test_records_compare_hash_and_show_as_the_dataclass_twin(
    left: object, right: object, data_left: object, data_right: object
) -> None:
    if data_left is None:
        assert left == right and hash(left) == hash(right) and repr(left) == "_Empty()"
        return
    assert (left == right) is (data_left == data_right)
    assert (hash(left) == hash(right)) is (hash(data_left) == hash(data_right))
    assert repr(left) == repr(data_left).replace("_Data", "_")


class _Point3(_Point):
    __slots__ = ("z",)

    def __init__(self, x: int, y: object, z: int) -> None:
        super().__init__(x, y)
        self.z = z


def test_a_record_s_fields_include_its_bases_slots() -> None:
    assert repr(_Point3(1, "a", 2)) == "_Point3(x=1, y='a', z=2)"
    assert _Point3(1, "a", 2) != _Point3(0, "a", 2)
