"""Data is never lost and nothing is exposed by accident (issue 13, items 1 and 3 to 6)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.diagnostics import InspectorError
from inspector.runtime.toolbox import Toolbox, ToolCallError
from tests.conftest import Run, inspect_class, messages

CALENDAR = '''\
class CalendarService:
    def book(self, room: str) -> bool:
        """Book a room.

        Args:
            room: The room.
        """
        return True

    def cancel(self, meeting: int) -> None:
        """Cancel a meeting.

        Args:
            meeting: Its id.
        """
'''


OTHER = "class Other:\n    def ping(self) -> None:\n        'Ping.'\n"


def _read(name: str) -> object:
    return json.loads(Path(name).read_text(encoding="utf-8"))


@pytest.fixture
def calendar(in_tmp: Path, run_cli: Callable[..., Run]) -> Path:
    Path("calendar_service.py").write_text(CALENDAR, encoding="utf-8")
    Path("other.py").write_text(OTHER, encoding="utf-8")
    scanned = run_cli("scan", "calendar_service.py:CalendarService", "other.py", "-o", "t.json")
    assert scanned.status == 0, scanned.stderr
    Path("t.classification.json").write_text(
        '{"CalendarService": {"book": true, "cancel": false}, "Other": {"ping": false}}\n',
        encoding="utf-8",
    )
    return in_tmp


def test_a_scan_whose_every_target_failed_writes_nothing(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    before = {name: Path(name).read_bytes() for name in ("t.json", "t.classification.json")}
    for extra in ([], ["--prune"]):
        result = run_cli("scan", "calendar_service.py:CalendarSrvice", "-o", "t.json", *extra)
        assert result.status == 1
        assert "nothing written: every target failed" in result.stdout.splitlines()
        assert result.stderr == (
            "error[TI100]: target 'calendar_service.py:CalendarSrvice': calendar_service.py has no "
            "attribute 'CalendarSrvice' (did you mean 'CalendarService'?)\n"
        )
        assert {name: Path(name).read_bytes() for name in before} == before
    printed = run_cli("scan", "calendar_service.py:CalendarSrvice", "-o", "-", "-q")
    assert (printed.status, printed.stdout) == (1, "")


def test_a_failed_target_keeps_its_classes_and_choices_even_with_prune(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    Path("other.py").write_text("raise ImportError('broken today')\n", encoding="utf-8")
    tools_before = _read("t.json")
    result = run_cli(
        "scan", "calendar_service.py:CalendarService", "other.py", "-o", "t.json", "--prune"
    )
    assert result.status == 1
    assert result.stderr.splitlines() == [
        "error[TI100]: target 'other.py': importing failed: ImportError: broken today (other.py:1)",
        "info[TI308]: target 'other.py' failed: class 'Other' kept as it was in the tools file",
        "warning[TI309]: a target failed: --prune skipped, nothing removed",
    ]
    assert _read("t.json") == tools_before
    assert _read("t.classification.json") == {
        "CalendarService": {"book": True, "cancel": False},
        "Other": {"ping": False},
    }


def test_a_new_method_a_pattern_offers_is_named_among_the_newly_included(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    """A pattern that includes covers a new method without an entry of its own: the summary
    names it as it names a new method given an entry (a destructive name among them), once."""
    classification = {"CalendarService": {"cancel": False, "*": True}, "Other": {"ping": False}}
    Path("t.classification.json").write_text(json.dumps(classification), encoding="utf-8")
    source = CALENDAR + "\n    def delete_all(self) -> None:\n        'Delete every meeting.'\n"
    Path("calendar_service.py").write_text(source, encoding="utf-8")
    args = ("scan", "calendar_service.py:CalendarService", "other.py", "-o", "t.json")
    result = run_cli(*args)
    assert (result.status, result.stderr) == (0, "")
    assert result.stdout.splitlines()[:2] == [
        "2 classes, 4 tools: 2 included, 2 excluded",
        "newly included: CalendarService.delete_all",
    ]
    again = run_cli(*args)
    assert "newly included" not in again.stdout
    assert _read("t.classification.json") == classification


def test_a_renamed_method_keeps_its_value_and_new_ones_are_named(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    source = CALENDAR.replace("def cancel(", "def cancel_meeting(") + (
        "\n    def archive_all(self) -> None:\n        'Archive every meeting.'\n"
    )
    Path("calendar_service.py").write_text(source, encoding="utf-8")
    result = run_cli("scan", "calendar_service.py:CalendarService", "other.py", "-o", "t.json")
    assert result.status == 0
    assert result.stderr.splitlines() == [
        "t.classification.json: warning[TI306]: CalendarService.cancel_meeting: taken as "
        "CalendarService.cancel renamed (same parameters and docstring); keeps false",
    ]
    assert "newly included: CalendarService.archive_all\n" in result.stdout
    assert _read("t.classification.json") == {
        "CalendarService": {"book": True, "cancel_meeting": False, "archive_all": True},
        "Other": {"ping": False},
    }


def test_an_unknown_class_key_is_reported_with_a_did_you_mean(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    Path("t.classification.json").write_text(
        '{"CalendarSrvice": {"book": false, "cancel": false}, "Other": {}}\n', encoding="utf-8"
    )
    warning = (
        "t.classification.json: warning[TI307]: class 'CalendarSrvice' in the classification file "
        "matches no scanned class (did you mean 'CalendarService'?); "
    )
    rendered = run_cli("render", "--provider", "openai", "--tools", "t.json", "--new", "exclude")
    assert rendered.status == 0
    assert rendered.stderr.splitlines()[0] == warning + "its entries are not used"
    assert json.loads(rendered.stdout) == []  # --new exclude: nothing unmentioned is exposed
    rescanned = run_cli("scan", "calendar_service.py:CalendarService", "other.py", "-o", "t.json")
    assert rescanned.stderr.splitlines()[-1] == (  # a scan takes the misspelt key as a rename
        "t.classification.json: warning[TI306]: class 'CalendarService': taken as "
        "'CalendarSrvice' renamed (it has all of 'CalendarSrvice''s methods); keeps the values "
        "set there"
    )
    assert "no such method any more" not in rescanned.stderr
    choices = json.loads(Path("t.classification.json").read_text(encoding="utf-8"))
    assert choices["CalendarService"] == {"book": False, "cancel": False}


def test_a_classification_file_named_and_missing_is_an_error_everywhere(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    rendered = run_cli(
        "render", "--provider", "openai", "--tools", "t.json", "--classification", "c.json"
    )
    assert (rendered.status, rendered.stderr) == (
        1,
        "error: c.json: classification file not found\n",
    )
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["calendar_service.py:CalendarService"]\n'
        'tools = "t.json"\nclassification = "typo.json"\nproviders = ["openai"]\n',
        encoding="utf-8",
    )
    for command in ("build", "check"):
        result = run_cli(command)
        assert (result.status, result.stderr) == (
            1,
            f"error: {calendar / 'typo.json'}: classification file not found\n",
        )
    assert not Path("typo.json").exists()
    import calendar_service  # type: ignore[import-not-found]

    with pytest.raises(InspectorError, match=r"missing\.json: classification file not found"):
        Toolbox(calendar_service.CalendarService(), classification="missing.json")


def test_the_toolbox_follows_new_for_unmentioned_methods(calendar: Path) -> None:
    import calendar_service

    service = calendar_service.CalendarService()
    choices = {"CalendarService": {"book": True}}
    assert [t.name for t in Toolbox(service, classification=choices).tools] == ["book", "cancel"]
    strict = Toolbox(service, classification=choices, new="exclude")
    assert [t.name for t in strict.tools] == ["book"]
    assert messages(strict.diagnostics) == [
        "warning: : CalendarService.cancel is not in the classification file; excluded "
        "(rescan to record it)"
    ]


class Session:
    def execute(
        self, statement: str, *, _parent_execute_state: object = None, _add: int = 0
    ) -> str:
        """Run a statement.

        Args:
            statement: The SQL.
        """
        return statement

    def bind(self, _key: str) -> str:
        """Bind a key.

        Args:
            _key: Needed by the call.
        """
        return _key


def test_internal_underscore_parameters_are_left_out_and_refused() -> None:
    tools, diagnostics = inspect_class(Session)
    assert [f.name for f in tools["execute"].parameters] == ["statement"]
    assert [f.name for f in tools["bind"].parameters] == ["_key"]
    assert messages(diagnostics) == [
        "info: Session.execute: parameter '_parent_execute_state' left out: internal "
        "(a leading '_' and a default)",
        "info: Session.execute: parameter '_add' left out: internal (a leading '_' and a default)",
    ]
    toolbox = Toolbox(Session())
    assert toolbox.call("execute", {"statement": "select 1"}) == "select 1"
    with pytest.raises(
        ToolCallError, match="unexpected argument '_add'; the tool takes: statement"
    ):
        toolbox.call("execute", {"statement": "x", "_add": 1})
    assert toolbox.call("bind", {"_key": "k"}) == "k"


def test_build_takes_a_rename_too_and_new_exclude_holds_at_render(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("calendar_service.py").write_text(CALENDAR, encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["calendar_service.py:CalendarService"]\n'
        'providers = ["openai"]\nnew = "exclude"\n',
        encoding="utf-8",
    )
    assert run_cli("build", "-q").status == 0
    Path("tools.classification.json").write_text(
        '{"CalendarService": {"book": true, "cancel": false}}\n', encoding="utf-8"
    )
    assert run_cli("build", "-q").status == 0
    renamed = CALENDAR.replace("def cancel(", "def cancel_meeting(")
    Path("calendar_service.py").write_text(renamed, encoding="utf-8")
    built = run_cli("build")
    assert built.status == 0
    assert "taken as CalendarService.cancel renamed" in built.stderr
    assert _read("tools.classification.json") == {
        "CalendarService": {"book": True, "cancel_meeting": False}
    }
    assert [t["function"]["name"] for t in _read("openai.json")] == ["book"]  # type: ignore[attr-defined]


def test_a_mistyped_target_keeps_the_class_it_meant_even_with_prune(
    calendar: Path, run_cli: Callable[..., Run]
) -> None:
    tools_before = _read("t.json")
    result = run_cli(
        "scan", "calendar_service.py:CalendarService", "other.py:Othr", "-o", "t.json", "--prune"
    )
    assert result.status == 1
    assert result.stderr.splitlines() == [
        "error[TI100]: target 'other.py:Othr': other.py has no attribute 'Othr' (did you mean "
        "'Other'?)",
        "info[TI308]: a target failed: class 'Other' kept as it was in the tools file",
        "warning[TI309]: a target failed: --prune skipped, nothing removed",
    ]
    assert _read("t.json") == tools_before
    assert _read("t.classification.json") == {
        "CalendarService": {"book": True, "cancel": False},
        "Other": {"ping": False},
    }
