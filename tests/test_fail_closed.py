"""What the user excluded stays excluded when the classification and the code disagree: a
misspelt class key, a subclass or mock of a classified class, a repeated key, a value that is
not true or false given to the Toolbox."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import requests

from inspector import Toolbox, ToolCallError
from inspector.diagnostics import InspectorError
from tests.conftest import Run

CALC = '''
class Calc:
    def add(self, a: int) -> int:
        """Add.

        Args:
            a: A number.
        """
        return a

    def nuke(self) -> str:
        """Destroy everything."""
        return "nuked"


class Other:
    def go(self) -> str:
        """Go."""
        return "went"
'''


class Calc:
    def add(self, a: int) -> int:
        """Add.

        Args:
            a: A number.
        """
        return a

    def nuke(self) -> str:
        """Destroy everything."""
        return "nuked"


class SubCalc(Calc):
    def extra(self) -> str:
        """Extra."""
        return "extra"


def test_a_misspelt_class_key_excludes_the_class_it_should_have_named(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("calc.py").write_text(CALC, encoding="utf-8")
    assert run_cli("scan", "calc.py", "-q").status == 0
    Path("tools.classification.json").write_text(
        json.dumps({"Calcc": {"add": True, "nuke": False}, "Other": {"go": True}}), "utf-8"
    )
    result = run_cli("render", "--provider", "openai", "-o", "-")
    assert [t["function"]["name"] for t in json.loads(result.stdout)] == ["go"]
    assert result.stderr.splitlines() == [
        "tools.classification.json: warning[TI307]: class 'Calcc' in the classification file "
        "matches no scanned class (did you mean 'Calc'?); its entries are not used",
        "tools.classification.json: warning[TI312]: class 'Calc' is not in the classification "
        "file, which names 'Calcc' (no scanned class: a misspelling?): Calc's methods are "
        "excluded until the file names it",
        "diagnostics: 0 errors, 2 warnings (1 TI307, 1 TI312), 0 info",
    ]


def test_a_misspelt_key_that_excludes_nothing_leaves_the_class_new(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """Only a ``false`` is at stake: a typo'd key of ``true`` entries (or none) excludes nothing
    a user chose, so the class it was meant for is new as any other (TI307 still names it)."""
    Path("calc.py").write_text(CALC, encoding="utf-8")
    Path("tools.classification.json").write_text(json.dumps({"Calcc": {"add": True}}), "utf-8")
    scanned = run_cli("scan", "calc.py")
    assert "TI312" not in scanned.stderr
    written = json.loads(Path("tools.classification.json").read_text("utf-8"))
    assert written["Calc"] == {"add": True, "nuke": True}


def test_a_rescan_records_false_for_the_class_a_misspelt_key_was_meant_for(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``scan`` and ``build`` merge the file: the class the typo was meant for is recorded
    false (not "new, included"); a class the file simply does not name yet is still new."""
    Path("calc.py").write_text(CALC, encoding="utf-8")
    Path("tools.classification.json").write_text(
        json.dumps({"Calcc": {"nuke": False, "zap": True}}), "utf-8"
    )
    scanned = run_cli("scan", "calc.py")
    assert "newly included: Other.go\n" in scanned.stdout
    written = json.loads(Path("tools.classification.json").read_text("utf-8"))
    assert written["Calc"] == {"add": False, "nuke": False}
    assert written["Other"] == {"go": True}
    assert written["Calcc"] == {"nuke": False, "zap": True}  # kept until --prune
    assert (
        "tools.classification.json: warning[TI312]: class 'Calc' is not in the classification "
        "file, which names 'Calcc' (no scanned class: a misspelling?): Calc's methods are "
        "recorded false; correct the key or set them true"
    ) in scanned.stderr.splitlines()


def test_a_subclass_takes_its_classified_base_entries() -> None:
    box = Toolbox(SubCalc(), classification={"Calc": {"add": True, "nuke": False}})
    assert [t.name for t in box.tools] == ["extra", "add"]
    with pytest.raises(ToolCallError, match="unknown tool 'nuke'"):
        box.call("nuke", {})
    assert [(d.code, d.message) for d in box.diagnostics if d.code != "TI304"] == [
        (
            "TI314",
            "class 'SubCalc' is not in the classification: the entries of its base 'Calc' apply",
        )
    ]


class FakeSession(requests.Session):
    """A fake of an installed package's class, as fakeredis' ``FakeRedis`` is of ``Redis``."""

    def get(self, url: str) -> str:  # type: ignore[override]
        """Fetch a page.

        Args:
            url: Where.
        """
        return f"fake {url}"


def test_a_fake_of_another_package_has_the_methods_of_its_classified_base() -> None:
    """The base's entries apply, so its methods are the fake's tools, though the fake's
    package is not the base's (a scan of the fake alone takes only its own package's)."""
    box = Toolbox(
        FakeSession(),
        classification={"Session": {"get": {"name": "fetch"}, "close": True, "*": False}},
    )
    assert [t.name for t in box.tools] == ["fetch", "close"]
    assert box.call("fetch", {"url": "u"}) == "fake u"
    assert [(d.code, d.message) for d in box.diagnostics if d.level.name != "INFO"] == []
    assert [t.name for t in Toolbox(FakeSession()).tools] == ["get"]


def test_the_toolbox_fails_closed_on_a_class_key_naming_nothing() -> None:
    box = Toolbox(Calc(), classification={"Calcc": {"nuke": False}})
    assert box.tools == []
    assert [d.code for d in box.diagnostics] == ["TI307", "TI312", "TI305"]


_NOT_AN_ENTRY = "classification: Calc.nuke must be true, false or an entry object, not"


@pytest.mark.parametrize(
    ("classification", "message"),
    [
        (
            {"Calc": {"nuke": "false"}},
            f'{_NOT_AN_ENTRY} "false"',
        ),
        ({"Calc": {"nuke": 0}}, f"{_NOT_AN_ENTRY} 0"),
        ({"Calc": {"nuke": None}}, f"{_NOT_AN_ENTRY} null"),
        ({"Calc": ["nuke"]}, "classification: 'Calc' must be an object of method → true/false"),
        (["Calc"], "classification: a path or a mapping, not list"),
    ],
)
def test_a_mapping_classification_is_checked_like_the_file(
    classification: object, message: str
) -> None:
    with pytest.raises(InspectorError) as raised:
        Toolbox(Calc(), classification=classification)  # type: ignore[arg-type]
    assert str(raised.value) == message
