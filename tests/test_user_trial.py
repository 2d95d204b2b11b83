"""What a new user's trial on real code found: each case failed before its fix."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import pytest

from inspector.runtime.toolbox import Toolbox
from inspector.scan.hints import TypeMapper
from tests.conftest import Run, inspect_class, load, messages

SERVICE = '''\
class {name}:
    def book(self, when: str) -> str:
        """Book.

        Args:
            when: When.
        """
        return when

    def cancel(self, ref: str) -> str:
        """Cancel.

        Args:
            ref: Which.
        """
        return ref
'''


def test_a_renamed_class_keeps_the_values_set_for_its_methods(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("calendar_service.py").write_text(SERVICE.format(name="Calendar"), encoding="utf-8")
    assert run_cli("scan", "calendar_service.py:Calendar", "-o", "t.json").status == 0
    Path("t.classification.json").write_text(
        '{"Calendar": {"book": true, "cancel": false}}\n', encoding="utf-8"
    )
    Path("calendar_service.py").write_text(SERVICE.format(name="Agenda"), encoding="utf-8")
    result = run_cli("scan", "calendar_service.py:Agenda", "-o", "t.json")
    assert result.status == 0
    assert json.loads(Path("t.classification.json").read_text(encoding="utf-8")) == {
        "Agenda": {"book": True, "cancel": False}
    }
    assert result.stderr.splitlines() == [
        "t.classification.json: warning[TI306]: class 'Agenda': taken as 'Calendar' renamed "
        "(it has all of 'Calendar''s methods); keeps the values set there"
    ]
    rendered = run_cli("render", "--provider", "openai", "--tools", "t.json")
    assert [t["function"]["name"] for t in json.loads(rendered.stdout)] == ["book"]


class Address:
    """Has no JSON form."""


class Client:
    def get(self, url: Address | str, flags: Address | None = None) -> str:
        """Get.

        Args:
            url: Where.
            flags: Extra.
        """
        return str(url)

    def thing(self) -> object:
        """Something without a JSON form."""
        return object()


def test_union_members_without_a_json_form_are_left_out_and_the_rest_kept() -> None:
    tools, diagnostics = inspect_class(Client)
    assert tools["get"].parameters_schema()["properties"] == {
        "url": {"type": "string", "description": "Where."},
    }
    assert messages(diagnostics) == [
        "info: Client.get: parameter 'url': union member Address has no JSON Schema form; left out",
        "info: Client.get: parameter 'flags': type Address has no JSON form; left out",
    ]
    assert Toolbox(Client()).call("get", {"url": "https://example.org"}) == "https://example.org"


def test_a_union_of_members_none_of_which_has_a_json_form_accepts_any_value() -> None:
    mapped = TypeMapper().map_parameter(Address | Client)
    assert (mapped.schema.to_schema(), mapped.json_form) == ({}, False)
    assert [note.code for note in mapped.notes] == ["TI108"]


def test_a_result_without_a_json_form_reaches_the_model_without_a_memory_address() -> None:
    (reply,) = Toolbox(Client()).handle(
        "openai",
        {"tool_calls": [{"id": "1", "function": {"name": "thing", "arguments": "{}"}}]},
    )
    assert reply["content"] == "<object object>"


def test_a_directory_as_the_scan_output_is_an_error_without_a_traceback(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("calendar_service.py").write_text(SERVICE.format(name="Calendar"), encoding="utf-8")
    result = run_cli("scan", "calendar_service.py:Calendar", "-o", ".")
    assert (result.status, result.stderr) == (1, "error: .: is a directory; a file was expected\n")


def test_literals_of_the_same_values_in_another_order_keep_their_own_order() -> None:
    mapper = TypeMapper()
    assert mapper.map(Literal["q", "p"]).to_schema() == {"type": "string", "enum": ["q", "p"]}
    assert mapper.map(Literal["p", "q"]).to_schema() == {"type": "string", "enum": ["p", "q"]}
    assert mapper.map(list[Literal["p", "q"]]).to_schema() == {
        "type": "array",
        "items": {"type": "string", "enum": ["p", "q"]},
    }


def test_the_bare_command_takes_build_options(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("calendar_service.py").write_text(SERVICE.format(name="Calendar"), encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["calendar_service.py:Calendar"]\n', encoding="utf-8"
    )
    result = run_cli("-q")
    assert (result.status, result.stderr) == (0, "")
    assert Path("tools.json").exists()


def test_a_mistyped_provider_gets_a_suggestion(in_tmp: Path, run_cli: Callable[..., Run]) -> None:
    Path("calendar_service.py").write_text(SERVICE.format(name="Calendar"), encoding="utf-8")
    run_cli("scan", "calendar_service.py:Calendar", "-o", "tools.json", "-q")
    result = run_cli("render", "--provider", "opneai")
    assert result.status == 2
    assert result.stderr.startswith(
        "error: unknown provider 'opneai' (did you mean 'openai'?); available: "
    )


def test_the_toolbox_logs_nothing_to_stderr_unless_logging_is_configured(
    capfd: pytest.CaptureFixture[str],
) -> None:
    logging.getLogger("inspector").handlers.clear()
    Toolbox(Client()).definitions("openai", strict=True)
    assert capfd.readouterr().err == ""


MESSAGES = '''\
from __future__ import annotations

import dataclasses
import typing

if typing.TYPE_CHECKING:
    from elsewhere import Metadata, Secret


@dataclasses.dataclass
class Msg:
    subject: str
    _metadata: Metadata | None = None


@dataclasses.dataclass
class Login:
    user: str
    password: Secret | None = None


class Client:
    def request(self, subject: str) -> Msg:
        """Ask.

        Args:
            subject: Where.
        """
        return Msg(subject)

    def login(self, login: Login) -> str:
        """Log in.

        Args:
            login: Who.
        """
        return login.user
'''


def test_a_result_field_left_out_as_private_has_no_warning_about_its_hint(
    modules: Callable[..., None],
) -> None:
    """nats' ``Msg._metadata: Optional[Metadata]`` (a ``TYPE_CHECKING`` name): the result's
    schema leaves the field out, so TI127 about its hint told of nothing the model sees. A
    parameter's record keeps such a field, and the warning."""
    modules(**{"messages_client.py": MESSAGES})
    client = load("messages_client").Client
    tools, diagnostics = inspect_class(client)
    assert tools["request"].returns.to_schema()["properties"] == {"subject": {"type": "string"}}
    assert messages(diagnostics) == [
        "warning: Client.login: parameter 'login': field 'password' of Login: hint "
        "'Secret | None' unresolved (NameError: name 'Secret' is not defined); any value "
        "accepted in its place"
    ]
