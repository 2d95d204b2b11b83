"""What a new method starts as: destructive names and methods whose inputs were all left out
start false; ``new = "include-all"`` / ``--new include-all`` includes destructive ones."""

from __future__ import annotations

import json
import os
import typing
from collections.abc import Callable
from pathlib import Path

from inspector.runtime.toolbox import Toolbox
from tests.conftest import Run, messages

STORE = '''\
class Store:
    """A store."""

    def list_items(self) -> list[str]:
        """The items."""
        return []

    def delete_item(self, name: str) -> str:
        """Delete one.

        Args:
            name: The item.
        """
        return name

    def deleted_items(self) -> list[str]:
        """What was deleted."""
        return []

    def dropTable(self, name: str) -> str:
        """Drop a table.

        Args:
            name: The table.
        """
        return name

    def filter(self, *args, **kwargs) -> list[str]:
        """Filter the items by keyword arguments."""
        return []
'''


def _read(path: str) -> object:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def test_a_first_scan_records_destructive_and_inputless_methods_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("store.py").write_text(STORE, encoding="utf-8")
    run = run_cli("scan", "store.py", "-o", "t.json")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {
        "Store": {
            "list_items": True,
            "delete_item": False,
            "deleted_items": True,
            "dropTable": False,
            "filter": False,
        }
    }
    assert run.stdout.splitlines()[0] == (
        "1 class, 5 tools: 2 included, 3 excluded (2 new with a destructive name recorded "
        "false: --new include-all includes them)"
    )
    assert run.stderr.splitlines() == [
        "store.py:28: warning[TI140]: Store.filter: takes no argument: *args and **kwargs left "
        "out (nothing says what they take); a new classification entry excludes it (document "
        "them in the docstring's Args, or set it true to offer it without arguments)",
        "t.classification.json: info[TI334]: 1 new method recorded as false, it takes no input "
        "(only *args/**kwargs that nothing describes, TI140): Store.filter",
        "t.classification.json: info[TI333]: 2 new methods recorded as false for a destructive "
        "word in their names: Store.delete_item (delete), Store.dropTable (drop); set true to "
        "offer, --new include-all includes them",
    ]
    assert run.stdout.splitlines()[-1] == (
        "diagnostics: 0 errors, 1 warning (1 TI140), 2 info (1 TI333, 1 TI334)"
    )
    rendered = run_cli("render", "--provider", "openai", "--tools", "t.json", "-q")
    names = [tool["function"]["name"] for tool in json.loads(rendered.stdout)]
    assert names == ["list_items", "deleted_items"]


OS_DESTRUCTIVE = (
    # run a program or a shell command
    ("system", "system"),
    ("popen", "popen"),
    *((name, "exec") for name in ("execl", "execle", "execlp", "execlpe", "execv", "execve")),
    *((name, "exec") for name in ("execvp", "execvpe")),
    *((name, "spawn") for name in ("spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv")),
    *((name, "spawn") for name in ("spawnve", "spawnvp", "spawnvpe", "posix_spawn")),
    ("posix_spawnp", "spawn"),
    # delete, move away, change access
    ("remove", "remove"),
    ("removedirs", "remove"),
    ("removexattr", "remove"),
    ("rmdir", "rmdir"),
    ("unlink", "unlink"),
    ("truncate", "truncate"),
    ("unsetenv", "unset"),  # an environment variable taken away
    ("rename", "rename"),
    ("renames", "rename"),
    ("chmod", "chmod"),
    ("fchmod", "chmod"),
    ("chown", "chown"),
    ("fchown", "chown"),
    ("lchown", "chown"),
    # stop a process
    ("kill", "kill"),
    ("killpg", "kill"),
    ("abort", "abort"),
)
OS_NEVER_RETURNING = frozenset(
    {"abort", "execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe"}
)
"""Destructive names whose methods never return (``-> NoReturn`` in typeshed): recorded false
for that (TI336), which ``--new include-all`` does not change."""
OS_DEPRECATED = frozenset(
    {
        "popen",
        "spawnl",
        "spawnle",
        "spawnlp",
        "spawnlpe",
        "spawnv",
        "spawnve",
        "spawnvp",
        "spawnvpe",
    }
)
"""Destructive names typeshed marks ``@deprecated`` ("Soft deprecated. Use the subprocess
module instead."): recorded false for that (TI340), which ``--new include-all`` does not
change either."""
OS_KEPT = ("listdir", "getcwd", "stat", "getpid", "walk", "makedirs", "get_exec_path", "replace")


def test_a_scan_of_os_records_what_runs_deletes_or_stops_false_and_keeps_the_user_s_values(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("t.classification.json").write_text(
        '{"os": {"system": true, "listdir": false}}', encoding="utf-8"
    )
    run = run_cli("scan", "os", "-o", "t.json")
    assert run.status == 0, run.stderr
    values = _read("t.classification.json")["os"]  # type: ignore[index]
    present = [(name, word) for name, word in OS_DESTRUCTIVE if hasattr(os, name)]
    assert len(present) > 20  # os on any POSIX system
    assert {name: values[name] for name, _ in present} == {
        name: name == "system" for name, _ in present
    }
    assert {name: values[name] for name in OS_KEPT} == {name: name != "listdir" for name in OS_KEPT}
    false_anyway = OS_NEVER_RETURNING | OS_DEPRECATED
    destructive = [(name, word) for name, word in present[1:] if name not in false_anyway]
    [line] = [line for line in run.stderr.splitlines() if "TI333" in line]
    assert line.startswith(f"t.classification.json: info[TI333]: {len(destructive)} new methods")
    *named, more = line.partition("names: ")[2].partition("; set true")[0].split(", ")
    assert more == f"and {len(destructive) - len(named)} more"  # the line stays readable
    assert set(named) <= {f"os.{name} ({word})" for name, word in destructive}
    assert len(line) < 500
    [line] = [line for line in run.stderr.splitlines() if "TI336" in line]
    never = line.partition("the process): ")[2].split(", ")
    assert set(never) == {f"os.{name}" for name in OS_NEVER_RETURNING if hasattr(os, name)}
    [line] = [line for line in run.stderr.splitlines() if "TI340" in line]
    deprecated = [name for name in OS_DEPRECATED if hasattr(os, name)]
    assert line.startswith(f"t.classification.json: info[TI340]: {len(deprecated)} new methods")
    *named, more = line.partition("deprecated: ")[2].split("), ")
    assert more == f"and {len(deprecated) - len(named)} more"
    soft = "Soft deprecated. Use the subprocess module instead."
    assert set(named) <= {f"os.{name} ({soft}" for name in deprecated}


def test_a_scan_of_yaml_ftp_and_smtp_records_code_and_protocol_commands_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    run = run_cli("scan", "yaml", "ftplib:FTP", "smtplib:SMTP", "-o", "t.json")
    assert run.status == 0, run.stderr
    [line] = [line for line in run.stderr.splitlines() if "TI333" in line]
    assert line == (
        "t.classification.json: info[TI333]: 18 new methods recorded as false for a "
        "destructive word in their names: BaseLoader.remove_possible_simple_key (remove), "
        "FullLoader.remove_possible_simple_key (remove), SafeLoader.remove_possible_simple_key "
        "(remove), Loader.remove_possible_simple_key (remove), "
        "UnsafeLoader.remove_possible_simple_key (remove), yaml.unsafe_load (unsafe), "
        "yaml.unsafe_load_all (unsafe), and 11 more; set true to offer, --new include-all "
        "includes them"
    )
    values = _read("t.classification.json")
    assert isinstance(values, dict)
    assert [values["yaml"][n] for n in ("unsafe_load", "safe_load", "load")] == [False, True, True]
    assert [values["SMTP"][n] for n in ("docmd", "sendmail", "noop")] == [False, True, True]
    ftp = ("putcmd", "abort", "sendcmd", "voidcmd", "ntransfercmd", "transfercmd", "rename")
    assert [values["FTP"][n] for n in (*ftp, "delete", "rmd", "login")] == [False] * 9 + [True]


def test_include_all_includes_destructive_names_but_never_inputless_ones(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("store.py").write_text(STORE, encoding="utf-8")
    run = run_cli("scan", "store.py", "-o", "t.json", "--new", "include-all")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {
        "Store": {
            "list_items": True,
            "delete_item": True,
            "deleted_items": True,
            "dropTable": True,
            "filter": False,
        }
    }
    assert "TI333" not in run.stderr


def test_the_user_s_values_are_kept_and_a_later_destructive_method_starts_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("store.py").write_text(STORE, encoding="utf-8")
    Path("t.classification.json").write_text(
        '{"Store": {"delete_item": true, "list_items": false}}', encoding="utf-8"
    )
    run = run_cli("scan", "store.py", "-o", "t.json")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {
        "Store": {
            "list_items": False,
            "delete_item": True,
            "deleted_items": True,
            "dropTable": False,
            "filter": False,
        }
    }


def test_config_new_include_all_and_the_render_of_an_unrecorded_method(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("store.py").write_text(STORE, encoding="utf-8")
    Path("pyproject.toml").write_text(
        '[tool.toolsinspector]\ntargets = ["store.py"]\nnew = "include-all"\n', encoding="utf-8"
    )
    assert run_cli().status == 0
    assert _read("tools.classification.json") == {
        "Store": {
            "list_items": True,
            "delete_item": True,
            "deleted_items": True,
            "dropTable": True,
            "filter": False,
        }
    }
    Path("tools.classification.json").write_text('{"Store": {"list_items": true}}', "utf-8")
    run = run_cli("render", "--provider", "mcp")
    names = [tool["name"] for tool in json.loads(run.stdout)["tools"]]
    assert names == ["list_items", "deleted_items"]
    assert [line for line in run.stderr.splitlines() if "delete_item" in line] == [
        "tools.classification.json: warning[TI304]: Store.delete_item is not in the "
        "classification file; excluded for the destructive word 'delete' in its name (rescan to "
        "record it)"
    ]
    run = run_cli("render", "--provider", "mcp", "--new", "include-all", "-q")
    assert [tool["name"] for tool in json.loads(run.stdout)["tools"]] == [
        "list_items",
        "delete_item",
        "deleted_items",
        "dropTable",
    ]


class Store:
    def delete_item(self, name: str) -> str:
        """Delete one.

        Args:
            name: The item.
        """
        return f"deleted {name}"

    def count(self) -> int:
        """How many."""
        return 3

    def filter(self, **kwargs) -> int:  # type: ignore[no-untyped-def]  # untyped: left out
        """Filter by keyword arguments."""
        return len(kwargs)


def test_the_toolbox_follows_the_same_rule_when_given_a_classification() -> None:
    assert [t.name for t in Toolbox(Store()).tools] == ["delete_item", "count"]
    chosen = Toolbox(Store(), classification={"Store": {"count": True}})
    assert [t.name for t in chosen.tools] == ["count"]
    everything = Toolbox(Store(), classification={"Store": {}}, new="include-all")
    assert [t.name for t in everything.tools] == ["delete_item", "count"]
    offered = Toolbox(Store(), classification={"Store": {"filter": True}})
    assert [t.name for t in offered.tools] == ["count", "filter"]  # delete_item: destructive
    assert offered.call("filter") == 0


def test_a_method_with_documented_keys_is_no_inputless_one() -> None:
    class Query:
        def filter(self, **kwargs) -> int:  # type: ignore[no-untyped-def]  # untyped: left out
            """Filter.

            Args:
                name (str): The name to match.
            """
            return len(kwargs)

        def where(self, *conditions, **named) -> int:
            """Filter by conditions."""
            return 0

    box = Toolbox(Query())
    assert [(t.name, [f.name for f in t.parameters]) for t in box.tools] == [("filter", ["name"])]
    assert [m for m in messages(box.diagnostics) if m.startswith("warning")] == [
        "warning: Query.where: takes no argument: *conditions and **named left out (nothing "
        "says what they take); a new classification entry excludes it (document them in the "
        "docstring's Args, or set it true to offer it without arguments)"
    ]


def test_django_queryset_methods_that_take_only_keywords_start_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure(INSTALLED_APPS=[], DATABASES={})
    django.setup()
    run = run_cli("scan", "django.db.models.query:QuerySet", "-o", "t.json", "--verbose")
    assert run.status == 0, run.stderr
    choices = _read("t.classification.json")
    assert isinstance(choices, dict)
    values = choices["QuerySet"]
    for name in ("filter", "get", "create", "update", "exclude", "annotate"):
        assert values[name] is False, name
    for name in ("delete", "adelete", "raw"):
        assert values[name] is False, name
    for name in ("count", "exists", "first", "all", "none", "iterator"):
        assert values[name] is True, name
    warned = {
        line.split(": ")[2].removeprefix("QuerySet.")
        for line in run.stderr.splitlines()
        if "warning[TI140]" in line
    }
    assert {"filter", "get", "create", "update"} <= warned


class Remote:
    """Fabric's and invoke's ``Connection``/``Context``: ``run`` and ``sudo`` run the shell
    command they are given; subprocess' ``call(args)`` and ``getoutput(cmd)`` the program."""

    def run(self, command: str, warn: bool = False) -> str:
        """Run a shell command on the remote host."""
        return command

    def sudo(self, command: str) -> str:
        """Run a shell command as root."""
        return command

    def call(self, args: list[str]) -> int:
        """Run a program."""
        return len(args)

    def getoutput(self, cmd: str) -> str:
        """Run a shell command and return its output."""
        return cmd

    def open(self, timeout: float = 10.0) -> None:
        """Open the connection."""


class Worker:
    """``run`` whose input is no command is left as it was (a thread's, a job's)."""

    def run(self, count: int) -> int:
        """Run the job ``count`` times."""
        return count


def test_a_method_that_runs_the_command_it_is_given_starts_false() -> None:
    """Fabric's ``Connection.run``/``sudo``, invoke's ``Context.run``/``sudo`` and
    ``subprocess.getoutput`` started true: their names alone say nothing a
    longer name (``run_command``) would not. A bare verb reads with its first parameter's
    name (``run`` + ``command``); ``sudo`` runs anything as root."""
    toolbox = Toolbox(Remote(), Worker(), classification={})
    assert [t.name for t in toolbox.tools] == ["open", "Worker_run"]


def test_a_scan_names_the_command_a_bare_verb_runs(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    Path("remote.py").write_text(
        "class Remote:\n"
        "    def run(self, command: str) -> str:\n        'Run.'\n        return command\n\n"
        "    def sudo(self, command: str) -> str:\n        'As root.'\n        return command\n",
        encoding="utf-8",
    )
    run = run_cli("scan", "remote.py", "-o", "t.json")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {"Remote": {"run": False, "sudo": False}}
    [line] = [line for line in run.stderr.splitlines() if "TI333" in line]
    assert line == (
        "t.classification.json: info[TI333]: 2 new methods recorded as false for a destructive "
        "word in their names: Remote.run (run command), Remote.sudo (sudo); set true to offer, "
        "--new include-all includes them"
    )


PARSER = '''\
from typing import NoReturn


class Parser:
    """In the shape of argparse's ArgumentParser and wave's Wave_read."""

    def format_usage(self) -> str:
        """The usage text."""
        return "usage: tool"

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """Exit the program.

        Args:
            status: The exit status.
            message: Printed first.
        """
        raise SystemExit(status)

    def getmark(self, id: int) -> NoReturn:
        """Not supported: always raises.

        Args:
            id: The mark.
        """
        raise LookupError(id)
'''


def test_a_method_that_never_returns_starts_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """``-> NoReturn`` only raises or ends the process: argparse's ``exit`` and ``error`` were
    offered, and a call ended in SystemExit, an answer the model could do nothing with."""
    Path("parser.py").write_text(PARSER, encoding="utf-8")
    run = run_cli("scan", "parser.py", "-o", "t.json", "--new", "include-all")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {
        "Parser": {"format_usage": True, "exit": False, "getmark": False}
    }
    assert run.stderr.splitlines() == [
        "t.classification.json: info[TI336]: 2 new methods recorded as false, they never return "
        "(NoReturn: only raises or ends the process): Parser.exit, Parser.getmark",
    ]
    Path("t.classification.json").unlink()
    run = run_cli("render", "--provider", "mcp", "--tools", "t.json")
    assert [tool["name"] for tool in json.loads(run.stdout)["tools"]] == ["format_usage"]
    assert run.stderr.splitlines()[1:] == [
        "t.classification.json: info[TI337]: Parser.exit is excluded: it never returns "
        "(NoReturn: only raises or ends the process); set it true in the classification file "
        "to offer it",
        "t.classification.json: info[TI337]: Parser.getmark is excluded: it never returns "
        "(NoReturn: only raises or ends the process); set it true in the classification file "
        "to offer it",
        "diagnostics: 0 errors, 0 warnings, 3 info (2 TI337, 1 TI303)",
    ]
    namespace: dict[str, object] = {}
    exec(compile(PARSER, "parser.py", "exec"), namespace)
    parser = typing.cast(type, namespace["Parser"])()
    assert [t.name for t in Toolbox(parser).tools] == ["format_usage"]
    offered = Toolbox(parser, classification={"Parser": {"exit": True}})
    assert [t.name for t in offered.tools] == ["format_usage", "exit"]


OBSERVER = '''\
class Observer:
    """In the shape of watchdog's BaseObserver and rich's Console."""

    def start(self) -> None:
        """Start watching."""

    def on_thread_stop(self) -> None:
        """Called by stop: unschedules every watch."""

    def onBrokenPipe(self) -> None:
        """Called when the output's pipe is closed."""

    def online(self) -> bool:
        """Whether the watched volume is online."""
        return True

    def on(self, event: str) -> None:
        """Send an event.

        Args:
            event: Its name.
        """

    def on_sale(self, category: str) -> list[str]:
        """The items on sale: a question, not a handler (it gives something back).

        Args:
            category: The category.
        """
        return []
'''


def test_a_method_named_as_an_event_handler_starts_false(
    in_tmp: Path, run_cli: Callable[..., Run]
) -> None:
    """watchdog's ``BaseObserver.on_thread_start`` and ``on_thread_stop`` ("Override this
    method instead of stop") and rich's ``Console.on_broken_pipe`` were offered: the library
    calls each when its event happens, and a model that called one stopped every watch, or
    redirected the output, with no event. ``on`` alone, or a word that starts with it, is no
    handler's name."""
    Path("observer.py").write_text(OBSERVER, encoding="utf-8")
    run = run_cli("scan", "observer.py", "-o", "t.json", "--new", "include-all")
    assert run.status == 0, run.stderr
    assert _read("t.classification.json") == {
        "Observer": {
            "start": True,
            "on_thread_stop": False,
            "onBrokenPipe": False,
            "online": True,
            "on": True,
            "on_sale": True,
        }
    }
    assert run.stderr.splitlines() == [
        "t.classification.json: info[TI338]: 2 new methods recorded as false, named as event "
        "handlers (on_...: the library calls them on the event): Observer.on_thread_stop, "
        "Observer.onBrokenPipe",
    ]
    Path("t.classification.json").unlink()
    run = run_cli("render", "--provider", "mcp", "--tools", "t.json")
    assert [tool["name"] for tool in json.loads(run.stdout)["tools"]] == [
        "start",
        "online",
        "on",
        "on_sale",
    ]
    assert run.stderr.splitlines()[1:] == [
        "t.classification.json: info[TI339]: Observer.on_thread_stop is excluded: it is named "
        "as an event handler (on_...: the library calls it on the event); set it true in the "
        "classification file to offer it",
        "t.classification.json: info[TI339]: Observer.onBrokenPipe is excluded: it is named as "
        "an event handler (on_...: the library calls it on the event); set it true in the "
        "classification file to offer it",
        "diagnostics: 0 errors, 0 warnings, 3 info (2 TI339, 1 TI303)",
    ]
    namespace: dict[str, object] = {}
    exec(compile(OBSERVER, "observer.py", "exec"), namespace)
    observer = typing.cast(type, namespace["Observer"])()
    assert [t.name for t in Toolbox(observer).tools] == ["start", "online", "on", "on_sale"]
    offered = Toolbox(observer, classification={"Observer": {"on_thread_stop": True}})
    assert [t.name for t in offered.tools] == ["start", "on_thread_stop", "online", "on", "on_sale"]
