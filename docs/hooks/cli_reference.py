"""MkDocs hook: write the command-line reference from the argparse parsers themselves.

A page containing ``<!-- cli-reference -->`` gets, in its place, every command with its usage,
description and options, so the reference cannot fall behind the code.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from inspector.cli.main import _parser

MARKER = "<!-- cli-reference -->"
_WIDTH = 90
_COUNTS = {"+": " One or more.", "*": " Any number.", "?": " Optional."}


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace the marker with the generated reference."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, cli_reference())


def cli_reference() -> str:
    """The reference as Markdown: the top-level options, then one section per command."""
    parser = _parser()
    commands = _subcommands(parser)
    lines = [*_usage(parser), "", *_options_table(parser), ""]
    lines += ["| Command | What it does |", "|---|---|"]
    lines += [f"| [`{name}`](#{name}) | {_cell(help_text)} |" for name, (_, help_text) in commands]
    for name, (sub, _) in commands:
        lines += ["", f"## `{name}` {{#{name}}}", "", *_usage(sub), ""]
        if sub.description:
            lines += [_cell(sub.description), ""]
        lines += _options_table(sub)
    return "\n".join(lines) + "\n"


def _subcommands(
    parser: argparse.ArgumentParser,
) -> list[tuple[str, tuple[argparse.ArgumentParser, str]]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            return [(name, (sub, helps.get(name, ""))) for name, sub in action.choices.items()]
    return []


def _usage(parser: argparse.ArgumentParser) -> list[str]:
    formatter = argparse.HelpFormatter(parser.prog, width=_WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, "")
    return ["```", formatter.format_help().strip(), "```"]


def _options_table(parser: argparse.ArgumentParser) -> list[str]:
    rows = ["| Argument | Meaning |", "|---|---|"]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        rows.append(f"| {_argument(action)} | {_cell(_meaning(action))} |")
    return rows


def _argument(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    takes_value = action.nargs != 0
    metavar = action.metavar or (action.dest.upper() if not action.choices else None)
    suffix = f" {metavar}" if takes_value and metavar else ""
    return ", ".join(f"`{option}{suffix}`" for option in action.option_strings)


def _meaning(action: argparse.Action) -> str:
    text = (action.help or "").strip()
    if text and not text.endswith("."):
        text += "."
    if not action.option_strings:
        text += _COUNTS.get(str(action.nargs), "")
    if action.choices and action.nargs != 0:
        text += " One of: " + ", ".join(f"`{choice}`" for choice in action.choices) + "."
    if isinstance(action, argparse._AppendAction) and "repeat" not in text:
        text += " Repeatable."
    return text.strip()


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell: one line, no HTML, no table or emphasis marks."""
    text = " ".join(text.split()).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\|*])", r"\\\1", text)
