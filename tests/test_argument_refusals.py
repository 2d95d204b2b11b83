"""How an argument's own class refusing a value reaches the model: a refusal (``TypeError``,
``ValueError``, an arithmetic error, an ``assert``) is an argument error the model can act
on; any other exception of the class's code is the call's failure, under ``errors`` (masked
too): its text may hold what the model must not read. No exception escapes a call."""

from __future__ import annotations

import dataclasses

import pytest

from inspector import Toolbox, ToolCallError

SECRET = "connect failed: postgres://admin:hunter2@db.internal/prod"


@dataclasses.dataclass
class Target:
    host: str

    def __post_init__(self) -> None:
        if self.host == "down":
            raise RuntimeError(SECRET)
        if self.host == "":
            raise ValueError
        if self.host == "bad":  # as a bare ``assert`` fails (pint's), unrewritten by pytest
            raise AssertionError


class Deployer:
    def deploy(self, target: Target) -> str:
        """Deploy.

        Args:
            target: Where.
        """
        return target.host


@pytest.mark.parametrize(
    ("host", "errors", "said"),
    [
        ("down", "mask", "deploy failed"),
        ("down", "show", f"deploy failed: RuntimeError: {SECRET}"),
        ("", "mask", "deploy: target: Target: ValueError"),
        ("bad", "mask", "deploy: target: Target: AssertionError"),
    ],
)
def test_a_refusal_is_an_argument_error_and_any_other_failure_is_the_calls(
    host: str, errors: str, said: str
) -> None:
    box = Toolbox(Deployer(), errors=errors)
    with pytest.raises(ToolCallError) as raised:
        box.call("deploy", {"target": {"host": host}})
    assert str(raised.value) == said


@dataclasses.dataclass(frozen=True)
class Route:
    """Frozen, so hashable by its class; its list field makes every value unhashable."""

    stops: list[str]


class Planner:
    def plan(self, by: dict[tuple[int, list[int]], int] | None = None) -> int:
        """A mapping keyed by a tuple holding a list: no form (TI130), left out."""
        return 0

    def score(self, routes: frozenset[Route] = frozenset()) -> int:
        """A set of records holding a list: no form either."""
        return len(routes)


def test_no_key_or_item_the_toolbox_cannot_hash_is_offered() -> None:
    """The schema offered keys and items every call then failed on (a bare ``TypeError``
    escaped the call for a dict's key)."""
    box = Toolbox(Planner())
    assert [(t.name, [f.name for f in t.parameters]) for t in box.tools] == [
        ("plan", []),
        ("score", []),
    ]


@dataclasses.dataclass(frozen=True)
class Tag:
    value: object


class Tagger:
    def count(self, by: dict[Tag, int]) -> int:
        """Count by tag.

        Args:
            by: Counts.
        """
        return sum(by.values())


def test_a_key_that_turns_out_unhashable_is_the_models_error_not_a_traceback() -> None:
    """``Tag.value`` takes any value: a list makes the key unhashable, which no schema can
    say; the call is refused naming the key, as a set's item is."""
    box = Toolbox(Tagger())
    assert box.call("count", {"by": {'{"value": "a"}': 2}}) == 2
    with pytest.raises(ToolCallError) as raised:
        box.call("count", {"by": {'{"value": [1]}': 2}})
    assert str(raised.value) == 'count: by["{\\"value\\": [1]}"]: cannot be a key of a dict'
