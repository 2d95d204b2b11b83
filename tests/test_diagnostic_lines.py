"""A diagnostic is one readable line: a value, a schema, a type or a list it names is shortened
(``shown``, ``clipped``, ``listed``), never pasted whole. Checked on classes written to have
huge enums, schemas, defaults, unions and signatures, and on ``pathlib.Path``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from inspector import codes
from inspector.diagnostics import clipped, listed, shown
from tests.conftest import Run

LINE = 400
"""The longest line a command may print about one thing."""

MODES = ", ".join(f'"m{i}"' for i in range(120))
FIELDS = "\n".join(f"    field_{i}: int = {i}" for i in range(40))
MANY = ", ".join(f"p{i}: int = {i}" for i in range(40))
LARGE = f'''
import dataclasses
import functools
import socket
import threading
from collections.abc import Callable
from typing import Annotated, Generic, Literal, TypeVar, Union

T = TypeVar("T")

Mode = Literal[{MODES}]


@dataclasses.dataclass
class Wide:
    """A record of many fields."""

{FIELDS}


class Box(Generic[T]):
    """A generic class with no JSON form."""


class Large:
    """Methods whose schemas, defaults and types are as large as real ones get."""

    def choose(self, mode: Mode | None = None, modes: list[Mode] | None = None) -> None:
        """Choose.

        Args:
            mode: One mode.
            modes: Several.
        """

    def records(
        self, wide: Wide, table: dict[str, Wide], pair: tuple[Wide, Mode] | None = None
    ) -> None:
        """Records.

        Args:
            wide: A record.
            table: Records by name.
            pair: A record and a mode.
        """

    def defaults(
        self,
        numbers: list[int] = list(range(300)),
        text: str = "{"y" * 500}",
        code: Annotated[str, {{"pattern": "^(" + "|".join(["[a-z]{{3}}"] * 60) + ")$"}}] = "",
        odd: object = functools.partial(print, "{"z" * 500}"),
    ) -> None:
        """Defaults.

        Args:
            numbers: Numbers.
            text: Text.
            code: A code.
            odd: Something.
        """

    def undocumented(self, {MANY}) -> None:
        """Nothing said of its parameters."""

    def unions(
        self,
        handle: int
        | Callable[[int, str, bytes], dict[str, list[int]]]
        | Callable[[socket.socket, threading.Thread], dict[str, list[threading.Event]]]
        | Callable[[threading.Semaphore, threading.Condition], threading.Barrier]
        | Callable[[threading.Timer, threading.local], socket.socket],
    ) -> Box[Union[socket.socket, threading.Event, threading.Semaphore, threading.Thread,
        threading.Condition, threading.Barrier, threading.Timer, threading.local]]:
        """Unions of types with no JSON form.

        Args:
            handle: A handle.
        """
'''
MANY_METHODS = "\n".join(
    f'''
    def method_{i}(self, value_{i}: int | None = None) -> None:
        """Method {i}.

        Args:
            value_{i}: A value.
        """
'''
    for i in range(30)
)


SHORTENED = (
    codes.MOVED_INTO_DESCRIPTION,  # enums, schemas, defaults, patterns
    codes.PARAMETER_UNDOCUMENTED,  # 40 names
    codes.UNION_MEMBER_NO_JSON,  # 8 long type names
    codes.DEFAULT_NOT_JSON,  # a 500-character repr
    codes.RESULT_AS_TEXT,  # a long union's text
    codes.STRICT_DROPPED,  # the tools past Anthropic's 20 strict tools
)


@pytest.mark.parametrize("target", ["large.py:Large", "pathlib:Path"])
def test_no_line_is_long(in_tmp: Path, run_cli: Callable[..., Run], target: str) -> None:
    source = f'{LARGE}\n\nclass Many:\n    """Many small methods."""\n{MANY_METHODS}'
    Path("large.py").write_text(source, encoding="utf-8")
    runs = [run_cli("scan", target, "large.py:Many", "-o", "tools.json", "-v")]
    for extra in ([], ["--strict"], ["--gemini-json-schema"]):
        runs.append(run_cli("render", "--provider", "all", "-o", "out", "-v", *extra))
        runs.append(run_cli("render", "--provider", "all", "-o", "out", *extra))  # folded
    assert [run.status for run in runs] == [0] * len(runs), [run.stderr for run in runs]
    lines = [line for run in runs for line in run.stderr.splitlines()]
    assert [line for line in lines if len(line) > LINE] == []
    if target == "large.py:Large":  # each kind of long part was there, and is shortened
        text = "\n".join(lines)
        assert [code for code in SHORTENED if f"[{code}]" not in text] == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("short", '"short"'),
        ("é" * 70, '"' + "é" * 39 + '…" (70 characters)'),
        (list(range(90)), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, …] (90 items)"),
        (
            {
                "anyOf": [{"type": "string", "enum": list(range(90))}, {"type": "null"}],
                "title": "M",
            },
            '{"anyOf": [2 items], "title": "M"}',
        ),
        (
            {f"k{i}": i for i in range(30)},
            '{"k0": 0, "k1": 1, "k2": 2, "k3": 3, "k4": 4, "k5": 5, …} (30 keys)',
        ),
        (
            [{"a": 1}] * 20 + [[]],
            "[{1 key}, {1 key}, {1 key}, {1 key}, {1 key}, …] (21 items)",
        ),
        ({1, 2}, "{1, 2}"),  # no JSON form: its stable repr
        (10**70, "1" + "0" * 58 + "…"),
    ],
)
def test_shown_gives_short_values_whole_and_long_ones_by_their_start_and_size(
    value: object, expected: str
) -> None:
    assert shown(value) == expected


def test_listed_counts_what_does_not_fit() -> None:
    parts = [f"part{i}" * 5 for i in range(20)]
    assert listed(parts, 60) == "part0part0part0part0part0; part1part1part1part1part1; and 18 more"
    assert listed(["a", "b"], separator=", ") == "a, b"
    assert listed(["x" * 300]) == "x" * 300  # the first always, whole


def test_clipped_cuts_with_an_ellipsis() -> None:
    assert clipped("abcdef", 4) == "abc…"
    assert clipped("abcd", 4) == "abcd"
