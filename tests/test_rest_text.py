"""reST markup in docstring text becomes plain text a model reads easily."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from inspector.scan.docstrings import DocstringStyle, parse_docstring
from inspector.scan.rest_text import _patterns, may_hold_markup, plain_text


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Prefer :meth:`itertuples` for speed.", "Prefer `itertuples` for speed."),
        ("A :class:`~pandas.core.frame.DataFrame`.", "A `DataFrame`."),
        ("See :py:func:`!os.path.join`.", "See `os.path.join`."),
        ("See :ref:`the user guide <io.parquet>`.", "See the user guide."),
        ("Read :doc:`install`.", "Read install."),
        # a cross-reference alone on its line shows a title the docstring does not hold: its
        # label is no text (pyproj's ``:ref:`pipeline``` and ``:ref:`min_confidence```)
        ("Make one.\n\n:ref:`pipeline`\n\nSee:\n\n- x", "Make one.\n\nSee:\n\n- x"),
        ("The most confident.\n    :ref:`min_confidence`\n\n", "The most confident."),
        # in a sentence, the line's label is a word of it (as ``Read :doc:`install`.``)
        ("Read\n:doc:`install`\nfirst.", "Read\ninstall\nfirst."),
        (
            "Read the settings described in\n:ref:`configuration`\nbefore calling.",
            "Read the settings described in\nconfiguration\nbefore calling.",
        ),
        ("Set up:\n:ref:`a`\n:doc:`b`\n\nThen run.", "Set up:\n\nThen run."),
        ("One.\n\n:ref:`a`\n:doc:`b`\n\nTwo.", "One.\n\nTwo."),
        ("Read\n:doc:`a`\n:ref:`b`\nfirst.", "Read\na\nb\nfirst."),
        (":ref:`the guide <io>`\n:std:ref:`io` alone.", "the guide\nio alone."),
        ("A :class:`Request <requests.Request>` object.", "A `Request` object."),
        (":math:`x^2` grows.", "`x^2` grows."),
        ("Pass ``engine='pyarrow'`` here.", "Pass `engine='pyarrow'` here."),
        ("Text.\n\n.. versionadded:: 2.0", "Text.\n\nAdded in version 2.0."),
        (
            "Text.\n\n.. versionchanged:: 1.5.0\n    Now lazy.\n    Really.",
            "Text.\n\nChanged in version 1.5.0: Now lazy.\nReally.",
        ),
        (
            ".. deprecated:: 3.1.0\n    Use ``b``.\n\nAfter.",
            "Deprecated since version 3.1.0: Use `b`.\n\nAfter.",
        ),
        (  # SQLAlchemy writes the text on the version's line
            ".. deprecated:: 1.4 The :meth:`a` method is deprecated.\n    Use ``b``.",
            "Deprecated since version 1.4: The `a` method is deprecated.\nUse `b`.",
        ),
        (".. versionchanged:: 2.0 Lazy.", "Changed in version 2.0: Lazy."),
        (".. note::\n   Careful.", "Note: Careful."),
        (".. warning:: Slow.", "Warning: Slow."),
        (".. note::\n\n   After a blank line.", "Note: After a blank line."),
        ("Formula:\n\n.. math::\n\n    a + b\n\nEnd.", "Formula:\n\na + b\n\nEnd."),
        (
            "Use:\n\n.. code-block:: python\n\n    with c.scope():\n        pass\n\nEnd.",
            "Use:\n\nwith c.scope():\n    pass\n\nEnd.",
        ),
        (  # the format a raw block is in is no text (elasticsearch's every method)
            ".. raw:: html\n\n  <p>Run a search.</p>\n  <p>Get hits.</p>",
            "<p>Run a search.</p>\n<p>Get hits.</p>",
        ),
        (  # a directive inside another (praw's code block in a note)
            ".. note::\n\n    Like so:\n\n    .. code-block::\n\n        Text\n\nEnd.",
            "Note: Like so:\n\nText\n\nEnd.",
        ),
        (".. warning:: Mind the gap.", "Warning: Mind the gap."),
        ("  .. seealso:: :func:`g`", "  See also: `g`"),
        ("Plain text: no markup, a `single` quote and a .. b.", None),
        ("Two colons:: then a literal block.", None),
        (
            "A `.HostKeys` object and a `~paramiko.client.SSHClient`.",
            "A `HostKeys` object and a `SSHClient`.",
        ),
        (  # matplotlib's: the name searched for, the last part shown
            "Add an axis to this `~.axes.Axes`; use `~.Axes.hlines` or `.Axes.vlines()`.",
            "Add an axis to this `Axes`; use `hlines` or `Axes.vlines()`.",
        ),
        ("Code `x.y` and `.5` stay.", None),
        ("Usage::\n\n    >>> f()", "Usage:\n\n    >>> f()"),
        ("Example:\n\n::\n\n    f()", "Example:\n\n\n    f()"),
        ("::: {.callout-warning}\n## Experimental.\n:::", None),  # ibis: a Quarto block's fences
        ("Equivalent to:\n\n```python\nx = f()\n```", None),
        (
            "A fence ```` ``x`` ```` keeps its inner literal.",
            "A fence ```` `x` ```` keeps its inner literal.",
        ),
        ("Raises |ValueError| when |None| (|True|).", "Raises ValueError when None (True)."),
        ("Types int|str|None, a table | a | b | and x || y stay.", None),
        ("All rows but the last `|n|`, as `df[|n|:]` and df[|n|:] do.", None),  # absolute value
        ("Stops when |x - y| < tol, or ratio |r| <= 1.", None),
        ("| a | b |\n|---:|:---------|", None),  # a Markdown table
        (  # a line block (yfinance's argument texts): the bars only keep the lines apart
            "| Valid periods: 1d,5d,1mo\n| Default: '1mo'\n|\n  | Indented one.",
            "Valid periods: 1d,5d,1mo\nDefault: '1mo'\n\n  Indented one.",
        ),
        ("Pipe it:\n| grep x |\n| a | b |", None),  # a line ends with a bar: a table's
        # bars that go on a line, or in a literal block, are code: no line block
        ("flags = (os.O_RDWR\n         | os.O_CREAT\n         | os.O_TRUNC)", None),
        ("mode = os.O_RDWR \\\n    | os.O_CREAT", None),
        ("cat log\n| grep ERROR", None),
        # a line block as a definition's indented body, under its term (yfinance's), is one
        (
            "Download data.\n\nValid intervals:\n    | 1m, 2m, 5m\n    | 1h, 1d\n",
            "Download data.\n\nValid intervals:\n    1m, 2m, 5m\n    1h, 1d\n",
        ),
        (
            "period\n    | Valid periods: 1d\n    | Default: 1mo",
            "period\n    Valid periods: 1d\n    Default: 1mo",
        ),
        # in a literal block, bars stay, under a line of code indented less too
        (
            "Run::\n\n    if y:\n        | a\n        | b",
            "Run:\n\n    if y:\n        | a\n        | b",
        ),
        (".. code-block:: text\n\n    x\n      | a", "x\n  | a"),
        ("Intervals::\n    | 1m\n    | 1h", "Intervals:\n    | 1m\n    | 1h"),
        (
            "Run it::\n\n    cat log\n\n    | grep ERROR\n    | sort\n\nThen:\n\n| a\n| b",
            "Run it:\n\n    cat log\n\n    | grep ERROR\n    | sort\n\nThen:\n\na\nb",
        ),
        ("See\n\n.. _target:\n   https://x.org/t\n\nMore.", "See\n\n\nMore."),
        (
            "Return a `structured array`_ here.\n\n    .. _structured array: https://n.org/a",
            "Return a structured array here.",
        ),
        (
            "Read the `guide\n<https://x.org/g>`__ and `notes`_.",
            "Read the guide (https://x.org/g) and notes.",
        ),
        ("Where `%` is any run and `_` one, `x`_y stays.", None),
        ("Send it.\n\n.. versionadded: 20.1\n   Since then.\n\nMore.", "Send it.\n\n\nMore."),
        ("A comment\n..\n   hidden\nends.", "A comment\nends."),
        ("Wait...\n... and more.", None),  # an ellipsis opens no comment
        # footnotes and citations: numpy's references, tweepy's auto-numbered ones
        ("See [1]_ and [2]_ for more (as in [1]_).", "See [1] and [2] for more (as in [1])."),
        ("Not supported on this endpoint.\n[#]_ [#]_", "Not supported on this endpoint."),
        (
            "By [#b]_, [#]_ and [1]_ [Knuth74]_.\n\n"
            ".. [1] Smith.\n.. [#] Auto.\n.. [#b] Named.\n.. [Knuth74] Knuth, 1974.",
            "By [3], [2] and [1] [Knuth74].\n\n"
            "[1] Smith.\n[2] Auto.\n[3] Named.\n[Knuth74] Knuth, 1974.",
        ),
        ("Index a[i]_ or x [y]_z, `[1]_`.", None),
        # a link of its address alone (elasticsearch), an address over lines (PyGithub)
        ("Docs:\n\n`<https://x.org/docs/bulk>`_", "Docs:\n\nhttps://x.org/docs/bulk"),
        (
            "`PUT /repos <https://x.org/repos#create-or-\n    update-file>`_",
            "PUT /repos (https://x.org/repos#create-or-update-file)",
        ),
        # a link's title over lines of its paragraph (dropbox, python-telegram-bot)
        (
            "See the `Paper\n    Migration Guide\n    <https://x.org/p>`_ and `guide to\n"
            "    Webhooks`_.\n\nNot `a\n\nb`_ over paragraphs.",
            "See the Paper Migration Guide (https://x.org/p) and guide to Webhooks.\n\n"
            "Not `a\n\nb`_ over paragraphs.",
        ),
        # a title holding brackets before its address (gspread), a bracketed word in a title
        (
            "Calls `values/<ID>:append <https://x.org/a>`_ and `a <b> c`_.",
            "Calls values/<ID>:append (https://x.org/a) and a <b> c.",
        ),
        # a field no reader took, shown as Sphinx shows it (PyGithub, paramiko)
        (":calls: `GET /user <https://x.org/u>`_", "Calls: GET /user (https://x.org/u)"),
        # a field named as a directive reads as Sphinx renders the directive (paramiko)
        ("Rename.\n\n  :versionadded: 2.2", "Rename.\n\n  Added in version 2.2."),
        (":versionchanged: 2.3 Takes a path.", "Changed in version 2.3: Takes a path."),
        (":Deprecated: 1.0.", "Deprecated since version 1.0."),
        (":versionadded: v2.0b1 Paths.", "Added in version v2.0b1. Paths."),
        # no version first: the text is what changed (lxml's ``XSLT.tostring``), not a version
        (":deprecated: use str(result_tree) instead.", "Deprecated: use str(result_tree) instead."),
        (":versionchanged: Takes a path.", "Changed: Takes a path."),
        (":note: Closed after.\n:warning: Slow.", "Note: Closed after.\nWarning: Slow."),
        (":seealso: `open`", "See also: `open`"),
        (":versionadded:", "Versionadded:"),
        (":since version: 3", "Since version: 3"),
        ("A :b: c, :class:`X` and ::", "A :b: c, `X` and ::"),
        # Sphinx's metadata is for autodoc, which shows no reader it (nox, packaging)
        ("An alias.\n\n:meta private:\n\nMore.", "An alias.\n\nMore."),
        ("Major.\n\n  :meta hide-value:\n", "Major."),
        (":metadata: kept", "Metadata: kept"),
        # an escaped space ends inline markup inside a word: reST removes it (praw)
        (
            "All :class:`.Collection`\\ s, a ``\\ `` and `x`\\  y.",
            "All `Collection`s, a ``\\ `` and `x`\\  y.",
        ),
        # a backslash right after a role escapes the letter it goes on with: reST drops it
        # (GitPython's ``:class:`~git.objects.commit.Commit`\s``); one opening a literal stays
        (
            "Of :class:`~git.Commit`\\s, :class:`Tag`\\s and ``\\d+``.",
            "Of `Commit`s, `Tag`s and `\\d+`.",
        ),
    ],
)
def test_markup_becomes_plain_text(text: str, plain: str | None) -> None:
    assert plain_text(text) == (text if plain is None else plain)


def test_descriptions_of_every_part_are_plain() -> None:
    doc = parse_docstring(
        "Summary with :class:`~a.B`.\n\n"
        ".. versionadded:: 1.0\n\n"
        "Parameters\n----------\n"
        "x : int\n    The ``x``; see :meth:`go`.\n\n"
        "Returns\n-------\nint\n    A :class:`int`.\n",
        DocstringStyle.AUTO,
    )
    assert doc.description == "Summary with `B`.\n\nAdded in version 1.0."
    assert doc.params["x"].description == "The `x`; see `go`."
    assert doc.returns == "A `int`."


def test_a_reference_in_a_sentence_and_a_definition_s_line_block_in_a_docstring() -> None:
    """review44: a titleless reference on its own line inside a wrapped sentence lost its word
    with the line, and a line block as a definition's indented body kept its bars."""
    doc = parse_docstring(
        "Download data.\n\nValid intervals:\n    | 1m, 2m, 5m\n    | 1h, 1d\n\n"
        "Args:\n    period: Read the settings described in\n        :ref:`configuration`\n"
        "        before calling.\n\n        :ref:`periods`\n",
        DocstringStyle.AUTO,
    )
    assert doc.description == "Download data.\n\nValid intervals:\n    1m, 2m, 5m\n    1h, 1d"
    assert doc.params["period"].description == (
        "Read the settings described in\nconfiguration\nbefore calling."
    )


def test_a_comment_or_footnote_alone_is_made_plain_in_a_docstring() -> None:
    """Text whose only markup is a comment or a footnote reference: the docstring's texts are
    made plain too (they were kept as written, with no role or literal beside them)."""
    doc = parse_docstring(
        "Send it.\n\n.. versionadded: 20.1\n\nMore [1]_.\n[#]_\n\nArgs:\n    x: As in [2]_.\n",
        DocstringStyle.AUTO,
    )
    assert doc.description == "Send it.\n\nMore [1]."
    assert doc.params["x"].description == "As in [2]."


@given(st.text(alphabet=st.sampled_from(list(":`.~<> \n\tabc-")), max_size=60))
def test_any_text_is_read_without_error(text: str) -> None:
    plain = plain_text(text)
    comment = re.search(r"^[ \t]*\.\.(?:[ \t]|$)", text, re.M)  # explicit markup
    field = re.search(r"^[ \t]*:[a-z]", text, re.M)
    if "`" not in text and "::" not in text and comment is None and field is None:
        assert plain == text


_LOOKBEHIND_FIRST = {  # the patterns as first written, each looking behind before its text
    "literal": re.compile(r"(?<!`)``(?=[^\s`])(.+?)(?<=[^\s`])``(?!`)", re.S),
    "literal_mark": re.compile(r"(?<=[^\s:])::$", re.M),
    "default_role": re.compile(r"(?<!`)`(~\.|[.~])([A-Za-z_][\w.]*(?:\(\))?)`(?!`)"),
}


@given(st.lists(st.sampled_from(["`", "``", ":", "::", ".", "~", " ", "\n", "a", "b_"])))
def test_patterns_that_look_behind_after_their_text_match_as_before(parts: list[str]) -> None:
    """The literal, literal-mark and default-role patterns start with their text (faster to
    search) and match where the lookbehind-first ones matched: the same spans and groups."""
    text = "".join(parts)
    patterns = _patterns()
    for name, before in _LOOKBEHIND_FIRST.items():
        now = getattr(patterns, name)
        assert [(m.span(), m.groups()) for m in now.finditer(text)] == [
            (m.span(), m.groups()) for m in before.finditer(text)
        ], name


@given(st.text(alphabet=st.sampled_from(list(":`.~<>|_[]#1 \n\tabc-\\")), max_size=60))
@example("Send.\n\n.. versionadded: 2\n")
@example("`x`\\ s")
@example("Text [1]_ and [#]_.")
@example("a\n  :b: c")
def test_a_text_said_to_hold_no_markup_is_plain_already(text: str) -> None:
    """Readers skip ``plain_text`` for a text ``may_hold_markup`` clears: no rule may change
    one (a comment alone was skipped so, written where the test was used)."""
    if not may_hold_markup(text):
        assert plain_text(text) == text
