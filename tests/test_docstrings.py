"""Docstrings: description without sections, whole multi-line texts, every style."""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable
from pathlib import Path

import docstring_parser.numpydoc
import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.codes import DOCUMENTED_NOT_IN_SIGNATURE
from inspector.runtime.toolbox import Toolbox
from inspector.scan.docstrings import (
    _GOOGLE_MARKER,
    _PARSERS,
    DocstringStyle,
    ParamDoc,
    _has_google_section,
    detect_style,
    parse_docstring,
)
from inspector.scan.numpy_sections import underlined_titles
from tests.conftest import Run, inspect_class, load, messages


class Google:
    def run(self, a: int, b: str) -> int:
        """Run the thing.

        The body explains more,
        over two lines.

        Args:
            a: The first argument,
                continued on a second line.
            b: The second.

        Returns:
            A number that
            spans lines.

        Raises:
            ValueError: Never shown in the description.
        """
        return a


class Numpy:
    def run(self, a: int, b: str) -> int:
        """Run the thing.

        The body explains more,
        over two lines.

        Parameters
        ----------
        a : int
            The first argument,
            continued on a second line.
        b : str
            The second.

        Returns
        -------
        int
            A number that
            spans lines.
        """
        return a


class Rest:
    def run(self, a: int, b: str) -> int:
        """Run the thing.

        The body explains more,
        over two lines.

        :param a: The first argument,
            continued on a second line.
        :param b: The second.
        :returns: A number that
            spans lines.
        """
        return a


@pytest.mark.parametrize(
    ("cls", "style"),
    [
        (Google, DocstringStyle.GOOGLE),
        (Numpy, DocstringStyle.NUMPY),
        (Rest, DocstringStyle.REST),
        (Google, DocstringStyle.AUTO),
        (Numpy, DocstringStyle.AUTO),
        (Rest, DocstringStyle.AUTO),
    ],
)
def test_each_style_gives_the_same_tool(cls: type, style: DocstringStyle) -> None:
    tools, diagnostics = inspect_class(cls, style)
    tool = tools["run"]
    assert tool.description == "Run the thing.\n\nThe body explains more,\nover two lines."
    assert [p.description for p in tool.parameters] == [
        "The first argument,\ncontinued on a second line.",
        "The second.",
    ]
    assert tool.returns.description == "A number that\nspans lines."
    assert messages(diagnostics) == []


def test_summary_without_blank_line_keeps_a_single_newline() -> None:
    class Tight:
        def run(self) -> None:
            """First line.
            Second line of the same paragraph.
            """

    tools, _ = inspect_class(Tight)
    assert tools["run"].description == "First line.\nSecond line of the same paragraph."


def test_autodocstring_placeholders_are_no_text_and_no_type() -> None:
    """VS Code's autoDocstring writes ``_summary_``, ``_type_`` and ``_description_`` for the
    author to fill in (rq's ``Queue.enqueue_at``): they reached the model as text, and
    ``_type_`` gave a TI107 warning."""

    class Queue:
        def enqueue_at(self, when: str, f, count: int = 1) -> object:
            """_summary_

            _extended_summary_

            Args:
                when (str): _description_
                f (_type_): _description_
                count (int): How many.

            Returns:
                _type_: _description_
            """

    tools, diagnostics = inspect_class(Queue)
    tool = tools["enqueue_at"]
    assert (tool.description, tool.returns.description) == ("", "")
    assert [(p.name, p.description) for p in tool.parameters] == [
        ("when", ""),
        ("f", ""),
        ("count", "How many."),
    ]
    assert messages(diagnostics) == [
        "warning: Queue.enqueue_at: parameter 'f': no type hint; any value accepted",
    ]


def test_a_block_indented_below_the_summary_keeps_its_lines_aligned() -> None:
    """emoji's ``emojize``: examples indented right below the summary; the first line of the
    block lost its indentation while the others kept theirs."""

    class Examples:
        def run(self, text: str) -> str:
            """Replace names in a text.
                >>> run(":smile:")
                    '...'
                >>> run("")

            Args:
                text: The text.
            """
            return text

        def spaced(self) -> None:
            """Run it.

            Usage:
                first
            then this.
            """

    tools, _ = inspect_class(Examples)
    assert tools["run"].description == (
        'Replace names in a text.\n>>> run(":smile:")\n    \'...\'\n>>> run("")'
    )
    assert tools["spaced"].description == "Run it.\n\nUsage:\n    first\nthen this."


def test_wrong_style_reports_undocumented_parameters() -> None:
    tools, diagnostics = inspect_class(Numpy, DocstringStyle.GOOGLE)
    assert messages(diagnostics) == [
        "warning: Numpy.run: parameters 'a' and 'b' are not documented",
    ]
    assert tools["run"].parameters[0].description == ""


class Epydoc:
    def run(self, a: int, b: str) -> int:
        """Run the thing.

        The body explains more,
        over two lines.

        @param a: The first argument,
            continued on a second line.
        @param b: The second.
        @return: A number that
            spans lines.
        """
        return a


@pytest.mark.parametrize("style", [DocstringStyle.EPYDOC, DocstringStyle.AUTO])
def test_epydoc_gives_the_same_tool(style: DocstringStyle) -> None:
    test_each_style_gives_the_same_tool(Epydoc, style)


@pytest.mark.parametrize(
    ("text", "style"),
    [
        ("One line only.", DocstringStyle.GOOGLE),
        ("Summary.\n\nNo sections at all.", DocstringStyle.GOOGLE),
        ("Summary.\n\n    Args:\n        a: x.\n", DocstringStyle.GOOGLE),
        ("Summary.\n\nParameters\n----------\na : int\n    x.", DocstringStyle.NUMPY),
        ("Summary.\n\n:param a: x.\n:rtype: int", DocstringStyle.REST),
        ("Summary.\n\n:returns: x.", DocstringStyle.REST),
        ("Summary.\n\n@param a: x.\n@rtype: int", DocstringStyle.EPYDOC),
        # Google wins where markers of two styles meet
        ("Summary.\n\nArgs:\n    a: see :param b: below.\n:param b: y.", DocstringStyle.GOOGLE),
        ("Summary.\n\nReturns\n-------\nint\n\n:param a: x.", DocstringStyle.NUMPY),
        # a role, a title without underline or an e-mail address is no marker
        ("Summary.\n\n:class:`Request` instance.\nParameters follow.", DocstringStyle.GOOGLE),
        ("Summary.\n\nWrite to\n@someone", DocstringStyle.GOOGLE),
        # what a doctest prints is no section (xarray's Dataset repr ends with Attributes:);
        # a section after the example's blank line is one
        (
            "Summary.\n\nParameters\n----------\nd : dict\n    x.\n\nExamples\n--------\n"
            ">>> ds\n<Dataset>\nAttributes:\n    title: air\n",
            DocstringStyle.NUMPY,
        ),
        ("Summary.\n\n>>> f()\n1\n\nArgs:\n    a: x.\n", DocstringStyle.GOOGLE),
    ],
)
def test_style_is_detected_from_markers(text: str, style: DocstringStyle) -> None:
    assert detect_style(text) is style


class Frames:
    """A method documented as xarray documents ``Dataset.from_dict``."""

    def from_dict(self, d: dict[str, object]) -> int:
        """Convert a dictionary into a dataset.

        Parameters
        ----------
        d : dict-like
            Mapping with the variables.

        Examples
        --------
        >>> Frames().from_dict({"t": {"dims": "t", "data": [0]}})
        <Dataset>
        Attributes:
            title:    air temperature
        """
        return len(d)


def test_a_numpy_docstring_whose_example_prints_a_google_title_is_read_as_numpy() -> None:
    """The example's ``Attributes:`` made the docstring Google: its whole text, sections and
    example, was the tool's description and the parameter had none."""
    tools, _ = inspect_class(Frames)
    tool = tools["from_dict"]
    assert tool.description == "Convert a dictionary into a dataset."
    assert [p.description for p in tool.parameters] == ["Mapping with the variables."]


_MARKER_LINES = st.lists(
    st.tuples(
        st.sampled_from(["", " ", "\t", "x "]),
        st.sampled_from(["Args", "Returns", "Keyword Args", "x", ""]),
        st.sampled_from(["", " ", "\t "]),
        st.sampled_from([":", "::", "", ": x", "x:"]),
        st.sampled_from(["", " ", "\t"]),
        st.sampled_from(["\n", "\r\n", "\n\n"]),
    ).map("".join),
    max_size=6,
)


@given(_MARKER_LINES)
def test_a_google_section_is_found_where_its_marker_matches_a_line(lines: list[str]) -> None:
    """The lines ending with a colon are tried, not every position: the same answer."""
    text = "".join(lines)
    assert _has_google_section(text) is bool(_GOOGLE_MARKER.search(text))


_TITLE_PIECES = st.lists(
    st.sampled_from(
        ["Returns", "returns", "Return", "See also", "SEE ALSO", "Yields", "Params", "x", " ",
         "\t", "\n", "---", "-------", "===", "=====", "-=-", "text"]
    ),
    max_size=14,
)  # fmt: skip
_ANY_TITLE_UNDERLINED = re.compile(
    r"^(?P<indent>[ \t]*)(?P<title>"
    + "|".join(re.escape(s.title) for s in docstring_parser.numpydoc.DEFAULT_SECTIONS)
    + r")(?P<gap>[ \t]*\n[ \t]*)(?P<line>={3,}|-{3,})(?=[ \t]*$)",
    re.M | re.I,
)
"""numpydoc's rule as one pattern: a title in any capitals alone on its line, over a line of at
least three ``=`` or ``-``."""


def _as_parser_spells(match: re.Match[str]) -> str:
    title, line = match["title"], match["line"]
    if len(line) < len(title):
        return match[0]
    spelled = next(
        s.title
        for s in docstring_parser.numpydoc.DEFAULT_SECTIONS
        if s.title.lower() == title.lower()
    )
    return match["indent"] + spelled + match["gap"] + "-" * len(title)


@given(_TITLE_PIECES)
def test_numpydoc_titles_are_underlined_as_the_parser_reads_them(pieces: list[str]) -> None:
    """A numpydoc title in any capitals (``See also``, ``SEE ALSO``), alone on its line over at
    least as many ``=`` or ``-`` as it has letters, is written as docstring-parser spells it
    over as many dashes; a shorter underline, a word that is no title, or a title sharing its
    line is left as written. Checked against numpydoc's rule written as one pattern."""
    text = "".join(pieces)
    assert underlined_titles(text) == _ANY_TITLE_UNDERLINED.sub(_as_parser_spells, text)


PREPARE_REQUEST = """Constructs a :class:`PreparedRequest <PreparedRequest>` for
        transmission and returns it. The :class:`PreparedRequest` has settings
        merged from the :class:`Request <Request>` instance and those of the
        :class:`Session`.

        :param request: :class:`Request` instance to prepare with this
            session's settings.
        :py:class:`Request` objects come from the user.
        :rtype: requests.PreparedRequest
        """


@pytest.mark.parametrize("style", [DocstringStyle.REST, DocstringStyle.AUTO])
def test_a_role_opening_a_line_does_not_cut_the_text(style: DocstringStyle) -> None:
    doc = parse_docstring(PREPARE_REQUEST, style)
    assert doc.description == (
        "Constructs a `PreparedRequest` for\n"
        "transmission and returns it. The `PreparedRequest` has settings\n"
        "merged from the `Request` instance and those of the\n"
        "`Session`."
    )
    assert doc.params["request"].description == (
        "`Request` instance to prepare with this\n"
        "session's settings.\n"
        "`Request` objects come from the user."
    )
    assert doc.returns_type == "requests.PreparedRequest"


class LazyDocstring(str):
    """Like botocore's ``LazyLoadedDocstring``: empty as a string until ``inspect.getdoc``
    expands it."""

    def expandtabs(self, tabsize: typing.SupportsIndex = 8) -> str:
        return """Deletes an object.

            :type Bucket: string
            :param Bucket: **[REQUIRED]**

              The bucket name.
            """.expandtabs(tabsize)


def test_a_lazily_built_docstring_is_read_as_getdoc_reads_it() -> None:
    class Client:
        def delete_object(self, Bucket: str) -> None:
            pass

    Client.delete_object.__doc__ = LazyDocstring()
    tools, diagnostics = inspect_class(Client)
    tool = tools["delete_object"]
    assert tool.description == "Deletes an object."
    assert tool.parameters[0].description == "The bucket name."
    assert messages(diagnostics) == []


def test_an_inherited_docstring_counts() -> None:
    class Base:
        def run(self, a: int) -> None:
            """Run it.

            Args:
                a: How far.
            """

    class Child(Base):
        def run(self, a: int) -> None:
            pass

    class Grandchild(Child):
        def run(self, a: int) -> None:
            pass

    class Attribute:
        run = "a class attribute, not a method"

    class Mixed(Attribute, Grandchild):
        def run(self, a: int) -> None:
            pass

    tools, diagnostics = inspect_class(Mixed)
    assert tools["run"].description == "Run it."
    tools, diagnostics = inspect_class(Child)
    assert tools["run"].description == "Run it."
    assert tools["run"].parameters[0].description == "How far."
    assert messages(diagnostics) == []


def test_runs_of_blank_lines_become_one_empty_line() -> None:
    text = "Summary.\n \n\n \nBody.\n\n:param a: First.\n  Second.\n \n\n \n  More.\n"
    doc = parse_docstring(text)
    assert doc.description == "Summary.\n\nBody."
    assert doc.params["a"].description == "First.\nSecond.\n\nMore."


MIXED_MODULE = '''\
class Mixed:
    def google(self, n: int) -> None:
        """Google.

        Args:
            n: How many.
        """

    def rest(self, n: int) -> None:
        """reST.

        :param n: How many.
        """

    def epydoc(self, n: int) -> None:
        """Epydoc.

        @param n: How many.
        """
'''


@pytest.mark.parametrize(
    ("flags", "described"),
    [
        ((), {"google": "How many.", "rest": "How many.", "epydoc": "How many."}),
        (("--docstring-style", "epydoc"), {"google": None, "rest": None, "epydoc": "How many."}),
    ],
)
def test_the_command_line_detects_each_style_unless_one_is_forced(
    in_tmp: Path, run_cli: Callable[..., Run], flags: tuple[str, ...], described: dict[str, str]
) -> None:
    Path("mixed.py").write_text(MIXED_MODULE, encoding="utf-8")
    result = run_cli("scan", "mixed.py:Mixed", "-o", "-", *flags)
    methods = json.loads(result.stdout)["classes"]["Mixed"]["methods"]
    found = {
        name: method["function"]["parameters"]["properties"]["n"].get("description")
        for name, method in methods.items()
    }
    assert found == described


def test_a_private_use_character_in_the_text_is_kept() -> None:
    doc = parse_docstring("Summary \ue000 here.\n\n:param a: A \ue000.\n")
    assert doc.description == "Summary \ue000 here."
    assert doc.params["a"].description == "A \ue000."


def test_paragraphs_after_rest_fields_are_description_again() -> None:
    """arrow's ``span``: notes and ``Usage::`` examples after the last ``:param`` are not that
    parameter's text; a field after them is still read."""
    doc = parse_docstring(
        """Returns a span.

        :param frame: the timeframe.
        :param week_start: (optional) only used with weeks.
            Monday is 1.

        Supported frame values: year, month.

        Usage::

            >>> span('hour')
        :rtype: tuple
        """
    )
    assert doc.description == (
        "Returns a span.\n\nSupported frame values: year, month.\n\nUsage:\n\n    >>> span('hour')"
    )
    assert {k: v.description for k, v in doc.params.items()} == {
        "frame": "the timeframe.",
        "week_start": "only used with weeks.\nMonday is 1.",
    }
    assert doc.returns_type == "tuple"


def test_an_optional_aside_before_an_argument_s_text_is_left_out() -> None:
    """asyncssh's ``:param localpath: (optional)`` over the text (116 of its parameters began
    ``(optional)`` and a line break); the default in the schema says it. An ``(optional)`` that
    is the whole text, or inside it, stays."""
    doc = parse_docstring(
        """Download remote files.

        :param remotepaths:
            The paths of the remote files.
        :param localpath: (optional)
            The path of the local file.
        :param preserve: (Optional) Whether to keep the times.
        :param sparse: (optional)
        :param block_size: The size (optional) of each read.
        """
    )
    assert {k: v.description for k, v in doc.params.items()} == {
        "remotepaths": "The paths of the remote files.",
        "localpath": "The path of the local file.",
        "preserve": "Whether to keep the times.",
        "sparse": "(optional)",
        "block_size": "The size (optional) of each read.",
    }


class Containers:
    def run(self, image, dns=None, mounts=None, **kwargs):  # type: ignore[no-untyped-def]
        """Run a container.

        Args:
            image (str): The image.
            dns (:py:class:`list`): DNS servers.
            mounts (:py:class:`list` of :class:`~docker.types.Mount`): Mounts.
            shm_size (str or int): Size of /dev/shm.
        """

    def set_params(self, *values, **params):  # type: ignore[no-untyped-def]
        """Set the parameters.

        Parameters
        ----------
        *values : tuple of int
            Numbers.
        **params : dict
            Estimator parameters.
        """
        return values, params


def test_a_google_type_with_a_role_keeps_its_argument() -> None:
    """docker's ``dns (:py:class:`list`): ...``: the role's colons are no name's end."""
    tools, diagnostics = inspect_class(Containers)
    schema = tools["run"].parameters_schema()["properties"]
    assert schema == {
        "image": {"type": "string", "description": "The image."},
        "dns": {
            "description": "DNS servers.",
            "anyOf": [{"type": "array"}, {"type": "null"}],
            "default": None,
        },
        "mounts": {
            "description": "Mounts.",
            "anyOf": [{"type": "array"}, {"type": "null"}],
            "default": None,
        },
        "shm_size": {"type": ["string", "integer"], "description": "Size of /dev/shm."},
    }
    assert [d for d in diagnostics if d.code == DOCUMENTED_NOT_IN_SIGNATURE] == []
    assert next(d.message for d in diagnostics if d.subject == "Containers.run") == (
        "parameter 'mounts': docstring type 'docker.types.Mount' not understood; the rest of "
        "the type kept"
    )


def test_a_numpy_variadic_type_that_names_the_whole_types_each_value_by_its_items() -> None:
    """scikit-learn's ``**params : dict``: an object of any values, not of objects."""
    tools, _ = inspect_class(Containers)
    assert tools["set_params"].parameters_schema()["properties"] == {
        "values": {"type": "array", "description": "Numbers.", "items": {"type": "integer"}},
        "params": {
            "type": "object",
            "description": "Estimator parameters.",
            "additionalProperties": True,
        },
    }
    box = Toolbox(Containers())
    assert box.call("set_params", {"values": [1, 2], "params": {"C": 0.5}}) == (
        (1, 2),
        {"C": 0.5},
    )


class Generated:
    def list_items(self, limit: int = 10) -> list[str]:
        """list_items

        List the items.

        :param limit: How many.
        """
        return []

    def list_items_with_info(self) -> list[str]:
        """list_items

        List the items, with their status.
        """
        return []

    def stock(self) -> int:
        """stock_level

        How many are in stock.
        """
        return 0

    def ping(self) -> str:
        """ping"""
        return "pong"


def test_a_first_paragraph_that_is_the_methods_own_name_is_dropped() -> None:
    # generated API clients (kubernetes) start every docstring with the method's name
    described = {t.name: t.description for t in Toolbox(Generated()).tools}
    assert described == {
        "list_items": "List the items.",
        "list_items_with_info": "List the items, with their status.",
        "stock": "stock_level\n\nHow many are in stock.",  # another name: kept
        "ping": "ping",  # nothing else to say: kept
    }


_NUMPY_TITLES = [section.title for section in docstring_parser.numpydoc.DEFAULT_SECTIONS]
_NUMPY_BODY_LINES = st.sampled_from(
    [
        "x : int",
        "y : str, optional",
        "z : float, default 1.5",
        "    The value.",
        "    >>> f(1)",
        ">>> g(2)",
        "int",
        "    Some text : with a colon",
        "Parameters",
        "----------",
        "",
        ".. deprecated:: 1.0",
    ]
)
_NUMPY_DOCSTRINGS = st.lists(
    st.tuples(
        st.sampled_from(_NUMPY_TITLES),
        st.lists(_NUMPY_BODY_LINES, max_size=4),
    ),
    max_size=5,
).map(
    lambda sections: (
        "Summary.\n\nMore text.\n\n"
        + "\n\n".join(
            (title if title.startswith("..") else f"{title}\n{'-' * len(title)}")
            + "\n"
            + "\n".join(body)
            for title, body in sections
        )
    )
)


@given(_NUMPY_DOCSTRINGS)
def test_numpydoc_sections_no_tool_reads_are_skipped_without_changing_what_is_read(
    text: str,
) -> None:
    """The numpydoc parser leaves Examples, Notes, Raises... unparsed: the description, the
    parameters and the returns are those of the library's parser with every section."""
    whole = docstring_parser.numpydoc.NumpydocParser().parse(text)
    ours = _PARSERS[DocstringStyle.NUMPY](text)
    assert (ours.short_description, ours.long_description) == (
        whole.short_description,
        whole.long_description,
    )
    assert ours.blank_after_short_description == whole.blank_after_short_description

    def read(parsed: docstring_parser.Docstring) -> list[tuple[object, ...]]:
        params = [
            (m.args, m.arg_name, m.type_name, m.description, m.default) for m in parsed.params
        ]
        returns = parsed.returns
        kept = (returns.type_name, returns.description, returns.is_generator) if returns else None
        return [*params, ("returns", kept)]

    assert read(ours) == read(whole)


def test_numpydoc_sections_underlined_with_equals_signs_are_read() -> None:
    """SymPy underlines every section with ``=``: its parameters are documented."""
    underlined = (
        "Rotate.\n\n"
        "Parameters\n{}\n\nk : int\n    How many times to rotate.\n\n"
        "Returns\n{}\n\nMatrix\n    The rotated matrix.\n\n"
        "Examples\n{}\n\n>>> m.rot90(2)\n"
    )
    with_equals = parse_docstring(underlined.format("=" * 10, "=" * 10, "=" * 8))  # SymPy's
    assert with_equals == parse_docstring(underlined.format("-" * 10, "-" * 7, "-" * 8))
    assert with_equals.description == "Rotate."
    assert with_equals.params["k"].description == "How many times to rotate."
    assert with_equals.returns == "The rotated matrix."
    equations = "Solve.\n\nx = y\n=====\n\nNot a section."
    assert parse_docstring(equations).description == equations
    rest = "Do.\n\n:param x: The x.\n:type x: int\n\nExamples\n========\n\n>>> do(1)\n"
    assert parse_docstring(rest).params["x"].type_name == "int"  # reST keeps its fields


def test_numpydoc_section_titles_in_other_capitals_are_read() -> None:
    """numpydoc capitalizes each word of a title: scipy's ``See also`` (``_cs_matrix.diagonal``)
    ends the parameters, as ``See Also`` does; its entries were read as two more arguments
    (TI203 for 'See also' and 'numpy.diagonal'). ``returns`` is read too."""
    text = (
        "Diagonal.\n\nParameters\n----------\nk : int, optional\n    Which one.\n\n"
        "returns\n-------\nlist\n    The values.\n\n"
        "See also\n--------\nnumpy.diagonal : Equivalent numpy function.\n\n"
        "EXAMPLES\n--------\n>>> diagonal(1)\n"
    )
    info = parse_docstring(text)
    assert (info.description, info.params, info.returns, info.returns_type) == (
        "Diagonal.",
        {"k": ParamDoc("Which one.", "int")},
        "The values.",
        "list",
    )


def test_numpydoc_sections_underlined_with_more_dashes_than_the_title_are_read() -> None:
    """numpydoc reads an underline at least as long as the title (rapidfuzz's ``Yields`` over
    seven dashes): its lines are a section, not parameters named ``Yields`` and ``-------``."""
    underlined = (
        "Find the matches.\n\n"
        "Parameters\n{}\nquery : str\n    What to find.\n\n"
        "Yields\n{}\ntuple[str, int]\n    Each match and its score.\n"
    )
    text, exact = underlined.format("-" * 13, "-" * 7), underlined.format("-" * 10, "-" * 6)
    for style in (DocstringStyle.AUTO, DocstringStyle.NUMPY):
        parsed = parse_docstring(text, style)
        assert parsed == parse_docstring(exact, style)
        assert parsed.description == "Find the matches."
        assert list(parsed.params) == ["query"]
        assert parsed.returns == "Each match and its score."
    short = "Find.\n\nYields\n---\nint\n    A match.\n"  # shorter than the title: no section
    assert "Yields" in parse_docstring(short, DocstringStyle.NUMPY).description


def test_rest_fields_of_many_words_are_read_without_losing_the_docstring() -> None:
    """docstring-parser refuses a reST field with more words than it expects, and with it the
    whole docstring (passlib's ``CryptContext.hash`` lost every parameter's text and type to
    ``:raises TypeError, ValueError:``). Read as Sphinx reads them: every word before a
    parameter's name is its type, several exceptions are one field, a return type may have
    several words."""
    text = (
        "Hash a secret.\n\n"
        ":type secret: unicode or bytes\n"
        ":arg secret: The password.\n"
        ":param list of str names: The names.\n"
        ":param int rounds: How many.\n"
        ":returns list of str: The hashes.\n"
        ":raises TypeError, ValueError: When a value is wrong.\n"
    )
    parsed = parse_docstring(text)
    assert parsed.description == "Hash a secret."
    assert {name: (doc.type_name, doc.description) for name, doc in parsed.params.items()} == {
        "secret": ("unicode or bytes", "The password."),
        "names": ("list of str", "The names."),
        "rounds": ("int", "How many."),
    }
    assert (parsed.returns, parsed.returns_type) == ("The hashes.", "list of str")
    assert parse_docstring(text, DocstringStyle.REST) == parsed


def test_a_paragraph_introducing_fields_is_not_description() -> None:
    """dateutil's ``parse``: a line between fields that ends with a colon introduces those
    after it; a paragraph after the fields is description again (arrow's usage)."""
    text = (
        "Parse a string.\n\n"
        ":param timestr: A date.\n\n"
        "The ``**kwargs`` parameter takes the following keyword arguments:\n\n"
        ":param dayfirst: Day first.\n\n"
        "Usage::\n\n    parse('2020')\n"
    )
    parsed = parse_docstring(text)
    assert parsed.description == "Parse a string.\n\nUsage:\n\n    parse('2020')"
    assert list(parsed.params) == ["timestr", "dayfirst"]
    alone = parse_docstring(
        text.replace(":type", "")
        .partition("Usage")[0]
        .replace(":param timestr: A date.", ":param timestr: A date.\n:type timestr: str")
    )  # no paragraph after the fields: the introduction is not the field before it either
    assert (alone.description, alone.params["timestr"].type_name) == ("Parse a string.", "str")


def test_rest_fields_for_variadics_without_their_names_document_them() -> None:
    """BeautifulSoup's ``:kwargs:`` (and an escaped ``:param \\*\\*kw:``) document the
    ``**kwargs`` parameter whatever it is called; the field before keeps its own text."""

    class Soup:
        def find(self, limit: int = 0, *names: str, **attrs: str) -> None:
            """Find.

            :param limit: Stop after this many.
            :args: Tag names.
            :kwargs: Filters on attribute values.
            """

        def select(self, limit: int = 0, **kwargs: str) -> None:
            """Select.

            :param limit: Stop after this many.
            :param \\*\\*kwargs: Filters on attribute values.
            """

        def find_all(self, limit: int = 0, **filters: str) -> None:
            """Find all.

            :param limit: Stop after this many.
            :keyword arguments: Filters on attribute values.
            """

    tools, diagnostics = inspect_class(Soup)
    assert {p.name: p.description for p in tools["find_all"].parameters}["filters"] == (
        "Filters on attribute values."
    )
    for name in ("find", "select"):
        texts = {p.name: p.description for p in tools[name].parameters}
        assert texts["limit"] == "Stop after this many."
        assert texts["attrs" if name == "find" else "kwargs"] == "Filters on attribute values."
    assert {p.name: p.description for p in tools["find"].parameters}["names"] == "Tag names."
    assert messages(diagnostics) == []


def test_google_texts_aligned_after_their_names_are_dedented() -> None:
    """xlsxwriter aligns each text after its name (``row:   The cell row``): the first line
    loses the alignment as the lines after it do, and a ``Returns:`` entry opened by a value
    (``0: Success.``) lists return values: the value is text, not a type."""
    parsed = parse_docstring(
        "Write a cell.\n\n"
        "Args:\n"
        "    row:   The cell row (zero indexed).\n"
        "    option:    0 : Don't hide gridlines\n"
        "               1 : Hide printed gridlines only\n\n"
        "Returns:\n"
        "     0:    Success.\n"
        "    -1:    Row or column is out of worksheet bounds.\n"
    )
    assert {name: doc.description for name, doc in parsed.params.items()} == {
        "row": "The cell row (zero indexed).",
        "option": "0 : Don't hide gridlines\n1 : Hide printed gridlines only",
    }
    assert (parsed.returns, parsed.returns_type) == (
        "0: Success.\n-1:    Row or column is out of worksheet bounds.",
        None,
    )
    typed = parse_docstring("Count.\n\nReturns:\n    int:   How many.\n")
    assert (typed.returns, typed.returns_type) == ("How many.", "int")


class Embedded:
    """Docstrings as Cython's ``embedsignature`` and C extensions write them."""

    def set(self, key: str, value: str) -> None:
        """set(self, key, value)

        Sets an element attribute."""

    def execute(self, query: str, parameters: object = None) -> None:
        """execute(self, query: object, parameters: object | None = None) -> _db.Connection

        Execute the given SQL query."""

    def pack(self, obj: object) -> None:
        """Packer.pack(self, obj)"""

    def match(self, string: str, pos: int | None = None) -> None:
        """match(string, pos=None, endpos=None) --> MatchObject or None.
        Match zero or more characters at the beginning of the string."""

    def all(self, axis: object = None) -> None:
        """a.all(axis=None, out=None, *, keepdims=(0, 1))

        Returns True if all elements evaluate to True."""

    def get(self, key: str) -> None:
        """get(key) returns the value.

        More."""

    def keys(self) -> None:
        """D.keys() -> a set-like object providing a view on D's keys"""

    def clear(self) -> None:
        """D.clear() -> None.  Remove all items from D."""

    def count(self, value: object) -> None:
        """S.count(value) -> integer -- return number of occurrences of value"""

    def fetch(self) -> None:
        """other(self)

        Another function's signature is kept."""

    def tostring(self, tree: object, method: str = "xml") -> None:
        """tostring(element_or_tree, encoding=None, method="xml",
                     pretty_print=False, with_tail=True)

        Serialize an element."""

    def parse(self, source: str) -> None:
        """parse(source,

        is no signature: a blank line inside it)."""

    def status(self, ignored: bool = False) -> None:
        """status(ignored: bool = False) -> dict[str, enums.FileStatus]

        Reads the status of the repository."""

    def lookup(self) -> None:
        """lookup() -> tuple[Object, list[str]] | None -- the object and its names"""


def test_a_first_line_that_is_the_functions_signature_is_dropped() -> None:
    described = {t.name: t.description for t in Toolbox(Embedded()).tools}
    assert described == {
        "set": "Sets an element attribute.",
        "execute": "Execute the given SQL query.",
        "pack": "",
        "match": "Match zero or more characters at the beginning of the string.",
        "all": "Returns True if all elements evaluate to True.",
        "get": "get(key) returns the value.\n\nMore.",  # a sentence, not a signature
        "fetch": "other(self)\n\nAnother function's signature is kept.",
        # what CPython writes after the arrow, beyond a type, is the description
        "keys": "a set-like object providing a view on D's keys",
        "clear": "Remove all items from D.",
        "count": "return number of occurrences of value",
        # a signature over lines (lxml's tostring), not over a blank line
        "tostring": "Serialize an element.",
        "parse": "parse(source,\n\nis no signature: a blank line inside it).",
        # a type written with brackets (pygit2's ``-> dict[str, enums.FileStatus]``) is a type
        "status": "Reads the status of the repository.",
        "lookup": "the object and its names",
    }


def test_pep_257_s_dashed_arguments_are_read_in_any_section_layout() -> None:
    """PEP 257's own example (``Keyword arguments:`` over ``real -- the real part``), and
    phonenumbers', whose entries and other sections are not indented: the parser of no style
    reads them, so every parameter was undocumented (and the docstring unparsable, TI202)."""
    pep_257 = """Form a complex number.

    Keyword arguments:
    real -- the real part (default 0.0)
    imag -- the imaginary part (default 0.0)
    """
    info = parse_docstring(pep_257)
    assert (info.description, info.params) == (
        "Form a complex number.",
        {
            "real": ParamDoc("the real part (default 0.0)"),
            "imag": ParamDoc("the imaginary part (default 0.0)"),
        },
    )
    phone = """Parse a string and return a corresponding PhoneNumber object.

    Arguments:
    number -- The number that we are attempting to parse. This can
              contain formatting such as +, ( and -.
    region -- The region that we are expecting the number to be from.

    Returns a PhoneNumber object filled with the parse number.

    Raises:
    NumberParseException if the string is not considered to be a viable
    phone number.
    """
    info = parse_docstring(phone)
    assert info.description == (
        "Parse a string and return a corresponding PhoneNumber object.\n\n"
        "Returns a PhoneNumber object filled with the parse number."
    )
    assert info.params == {
        "number": ParamDoc(
            "The number that we are attempting to parse. This can contain formatting such as "
            "+, ( and -."
        ),
        "region": ParamDoc("The region that we are expecting the number to be from."),
    }
    google = """Send a message.

    Args:
        text: What to say -- in plain words.
    """
    assert parse_docstring(google).params == {"text": ParamDoc("What to say -- in plain words.")}


def test_a_list_of_name_dash_text_entries_under_a_parameters_header_is_read() -> None:
    """spotipy's hundred methods write ``Parameters:`` over ``- limit - the number of items``
    list items: read as PEP 257's dashed entries, not as one Google argument named ``- limit -
    the number...`` (TI203) with every parameter undocumented (TI204)."""
    spotipy = """Get current user playlists

            Parameters:
                - limit  - the number of items to return (min = 1, default = 10, max = 50).
                           The limit is applied within each type.
                - offset - the index of the first item to return
        """
    info = parse_docstring(spotipy)
    assert (info.description, info.params) == (
        "Get current user playlists",
        {
            "limit": ParamDoc(
                "the number of items to return (min = 1, default = 10, max = 50). The limit is "
                "applied within each type."
            ),
            "offset": ParamDoc("the index of the first item to return"),
        },
    )
    google = """Send a message.

    Args:
        text: What to say - in plain words.
    """
    assert parse_docstring(google).params == {"text": ParamDoc("What to say - in plain words.")}


def test_dashed_entries_end_at_the_next_section_and_a_mixed_section_is_not_read_as_them() -> None:
    """A ``Returns:`` right below the entries (no blank line) is a section, not the last
    entry's text; a section whose other lines are Google entries is not read as dashed ones
    (``a`` took ``b (int): second`` as its text)."""
    follows = "Run it.\n\nArguments\n    x - the thing, see below\nReturns:\n    The value.\n"
    info = parse_docstring(follows)
    assert (info.params, info.returns) == ({"x": ParamDoc("the thing, see below")}, "The value.")
    mixed = "Run it.\n\nArgs:\n    a - first\n    b (int): second\n"
    # the Google entries are read; the line before the first of them opens no entry
    assert parse_docstring(mixed).params == {"b": ParamDoc("second", "int")}


SPACED = (  # written out: ``ruff format`` would take the spaces out of a docstring
    "Access a value from *target* by *spec*.   \n\n"
    "Here the spec is a path. You can also use \n"
    "wildcards.\t\n\n"
    "Args:\n"
    "    target: The data. \n"
    "        Nested mappings too.  \n"
    "    spec: The path.\n\n"
    "Returns:\n"
    "    The value found. \n"
)


def test_lines_lose_their_trailing_spaces() -> None:
    """glom's docstrings end lines with a space: tools.json and every provider's file carried
    it, and the stubs written from them were not what ``ruff format`` writes."""
    info = parse_docstring(SPACED)
    assert info.description == (
        "Access a value from *target* by *spec*.\n\nHere the spec is a path. You can also use\n"
        "wildcards."
    )
    assert info.params["target"].description == "The data.\nNested mappings too."
    assert info.returns == "The value found."


SPACED_FIELDS = (  # written out: ``ruff format`` would take the spaces out of a docstring
    "from dataclasses import dataclass\n"
    "from typing import Annotated\n\n"
    "from pydantic import Field\n\n\n"
    "@dataclass\n"
    "class Depth:\n"
    "    depth: int = 1\n"
    '    """How deep.  \n    Really.\t"""\n\n\n'
    "class Tools:\n"
    "    def dig(self, where: Depth, note: Annotated[str, Field(description='A note. \\n')]):\n"
    '        """Dig."""\n'
)


def test_an_attribute_s_docstring_and_a_field_s_description_lose_their_trailing_spaces(
    modules: Callable[..., None],
) -> None:
    modules(**{"spaced_fields.py": SPACED_FIELDS})
    tools, _ = inspect_class(load("spaced_fields").Tools)
    schema = tools["dig"].parameters_schema()
    assert schema["properties"]["where"]["properties"]["depth"]["description"] == (
        "How deep.\nReally."
    )
    assert schema["properties"]["note"]["description"] == "A note."


class JSDocFields:
    """ccxt's exchanges (``binance.fetch_ohlcv``) write their reST fields as JSDoc does: an
    optional parameter's name in brackets, the keys a ``dict`` parameter takes as
    ``[params.key]`` after it."""

    def fetch_ohlcv(self, symbol: str, since: int | None = None, params={}):  # noqa: B006
        """Fetch candles.

        :param str symbol: unified symbol of the market
        :param int [since]: timestamp in ms of the earliest candle
        :param dict [params]: extra parameters specific to the exchange API endpoint
        :param str [params.price]: "mark" or "index" for mark price and index
            price candles
        :param int [params.until]: timestamp in ms of the latest candle
        :param bool [other.key]: a key of a parameter not documented
        :returns int[][]: candles
        """


def test_a_jsdoc_optional_name_and_the_keys_of_a_dict_parameter_are_read() -> None:
    """Each ``[name]`` was a documented argument not in the signature (TI203), its parameter
    left without text or docstring type (ccxt's 326 ``params={}``); each ``[params.key]`` too.
    The keys are listed in their parameter's description, as the model needs them."""
    tools, diagnostics = inspect_class(JSDocFields)
    properties = tools["fetch_ohlcv"].parameters_schema()["properties"]
    assert properties["since"]["description"] == "timestamp in ms of the earliest candle"
    assert properties["params"] == {
        "type": "object",
        "description": (
            "extra parameters specific to the exchange API endpoint\n\n"
            '- price (str): "mark" or "index" for mark price and index\n'
            "  price candles\n"
            "- until (int): timestamp in ms of the latest candle"
        ),
        "default": {},
    }
    assert messages(diagnostics) == [
        "warning: JSDocFields.fetch_ohlcv: documented argument 'other.key' is not in the signature"
    ]


def test_a_google_returns_entry_typed_with_a_role_keeps_its_type_and_text() -> None:
    """celery's ``Task.signature``: ``Returns:`` over ``:class:`~celery.signature`: object
    for...``. The role's colons ended the type at ``class`` (shown as ``'\\ue000class'``, the
    parser's own mark, in a TI107 warning) and left ```signature`:`` in the text."""
    text = (
        "Create signature.\n\n"
        "Returns:\n"
        "    :class:`~celery.signature`:  object for\n"
        "        this task.\n\n"
        "Raises:\n"
        "    :exc:`ValueError`: when wrong.\n"
    )
    parsed = parse_docstring(text)
    assert (parsed.returns, parsed.returns_type) == ("object for\nthis task.", "celery.signature")
    assert parse_docstring(text, DocstringStyle.GOOGLE) == parsed


def test_a_numpydoc_return_type_that_opens_with_a_role_is_the_type() -> None:
    """tweepy's ``API`` methods: ``Returns`` over ``:py:class:`List`[:class:`~...Status`]``.
    The section reads ``name : type`` at the first colon: the type was ``class:`List`...``,
    not understood (TI122, 33 methods). An entry of another section, or text indented below
    the type, keeps its roles."""
    text = (
        "Get the timeline.\n\n"
        "    Parameters\n    ----------\n    count\n        :class:`int` of them.\n\n"
        "    Returns\n    -------\n"
        "    :py:class:`List`[:class:`~tweepy.models.Status`]\n        Of :class:`Status`.\n"
    )
    for style in (DocstringStyle.AUTO, DocstringStyle.NUMPY):
        parsed = parse_docstring(text, style)
        assert (parsed.returns, parsed.returns_type) == (
            "Of `Status`.",
            "List[tweepy.models.Status]",
        )
        assert parsed.params["count"].description == "`int` of them."
    last = parse_docstring("Find.\n\nYields\n======\n:class:`~a.Match`", DocstringStyle.AUTO)
    assert last.returns_type == "a.Match"


def test_text_a_decorator_adds_at_the_margin_leaves_the_body_s_fields_fields() -> None:
    """openpyxl's ``@deprecated`` adds a note at the margin after the closing quotes' line:
    ``inspect.cleandoc`` then takes that margin, the ``:param:`` lines stayed indented and were
    description text (``Param name: ...`` once made plain); the parameter undocumented."""
    written = (
        "Returns a worksheet by its name.\n\n"
        "        :param name: the name of the worksheet\n"
        "        :type name: string\n\n"
        "        "  # the closing quotes' line
    )
    parsed = parse_docstring(written + "\n\n.. note::\n    Deprecated: Use wb[sheetname]")
    assert (
        parsed.description
        == "Returns a worksheet by its name.\n\nNote: Deprecated: Use wb[sheetname]"
    )
    assert parsed.params == {"name": ParamDoc("the name of the worksheet", "string")}
    indented = "Sum.\n\n    :param x: X.\n    \n    Written with the body."
    assert parse_docstring(indented).description == "Sum.\n\nWritten with the body."


def test_a_rest_field_with_the_name_after_its_colon_documents_that_argument() -> None:
    """PyGithub's ``Repository.get_deployments``: ``:param: sha: string``. docstring-parser
    refused the whole docstring (TI202): every parameter lost its text."""
    text = "Get them.\n\n:param: sha: the commit\n:type: sha: string\n:param ref: a ref: named\n"
    parsed = parse_docstring(text)
    assert parsed.description == "Get them."
    assert parsed.params == {
        "sha": ParamDoc("the commit", "string"),
        "ref": ParamDoc("a ref: named"),
    }


class IgnoredFirst:
    """ccxt's generated methods (``binance.mint_tokenized_asset``) open their docstring with a
    JSDoc tag written less indented than the body, and write a heading so between fields
    (``fetch_isolated_borrow_rate``)."""

    def mint(self, asset: str, amount: str, params={}) -> dict[str, object]:  # noqa: B006
        return {}

    mint.__doc__ = (
        "\n @ignore\n        mint a tokenized asset\n\n"
        "        :param str asset: underlying asset, ex. AAPL\n"
        "        :param str amount: quantity to mint\n"
        "        :param dict [params]: extra parameters\n\n"
        " EXCHANGE SPECIFIC PARAMETERS\n"
        "        :param str [params.venue]: where\n"
        "        :returns dict: the response\n        "
    )


def test_a_body_indented_deeper_than_its_first_line_keeps_its_fields() -> None:
    """The body kept the indentation it has beyond such a line, so no reST field started a
    line: every parameter was undocumented (TI204) and the fields were the description."""
    tools, diagnostics = inspect_class(IgnoredFirst)
    tool = tools["mint"]
    # a paragraph after a field is description again (``_after_fields``)
    assert tool.description == "@ignore\nmint a tokenized asset\n\nEXCHANGE SPECIFIC PARAMETERS"
    assert {
        name: p["description"] for name, p in tool.parameters_schema()["properties"].items()
    } == {
        "asset": "underlying asset, ex. AAPL",
        "amount": "quantity to mint",
        "params": "extra parameters\n\n- venue (str): where",
    }
    assert tool.returns.description == "the response"
    assert messages(diagnostics) == []


class OptionalOnly:
    """kafka-python's ``KafkaProducer.send`` (``value (optional): message value``) and jira's
    ``expand (Optional): ...``: the parentheses say the argument may be left out, no type."""

    def send(self, topic, value=None, key=None, retries=3):  # type: ignore[no-untyped-def]
        """Publish a message.

        Arguments:
            topic (str): topic where the message will be published
            value (optional): message value
            key (Optional, default None): a key
            retries (optional): how many times to try
        """


def test_a_docstring_type_that_only_says_optional_is_no_type() -> None:
    """Each was a TI107 "docstring type 'optional' not understood", and a default's type was
    not taken; it is a parameter the docstring gives no type (TI106, or its default's type)."""
    tools, diagnostics = inspect_class(OptionalOnly)
    properties = tools["send"].parameters_schema()["properties"]
    assert properties["value"] == {"description": "message value", "default": None}
    assert properties["key"] == {"description": "a key", "default": None}
    assert properties["retries"] == {
        "type": "integer",
        "description": "how many times to try",
        "default": 3,
    }
    assert messages(diagnostics) == [
        "warning: OptionalOnly.send: parameter 'value': no type hint; any value accepted",
        "warning: OptionalOnly.send: parameter 'key': no type hint; any value accepted",
    ]


class ColonInType:
    """kafka-python's ``KafkaProducer.send_offsets_to_transaction``: a Google argument typed as
    a mapping written with braces."""

    def commit(self, offsets, group):  # type: ignore[no-untyped-def]
        """Commit offsets.

        Arguments:
            offsets ({str: int}): map of topic-partition -> offsets to commit
                as part of current transaction.
            group (str): the group.
        """


def test_a_google_type_holding_a_colon_keeps_its_argument() -> None:
    """The parser took the name up to the type's colon: ``offsets ({TopicPartition`` was a
    documented argument not in the signature (TI203), ``offsets`` undocumented (TI204)."""
    tools, diagnostics = inspect_class(ColonInType)
    assert tools["commit"].parameters_schema()["properties"]["offsets"] == {
        "type": "object",
        "description": (
            "map of topic-partition -> offsets to commit\nas part of current transaction."
        ),
        "additionalProperties": {"type": "integer"},
    }
    assert messages(diagnostics) == []


class LooseRaises:
    """celery's ``Task.replace`` and kafka-python's ``KafkaProducer.begin_transaction``: a
    Google ``Raises:`` entry without a colon, or with a line of text after it."""

    def replace(self, sig):  # type: ignore[no-untyped-def]
        """Replace this task.

        Arguments:
            sig (str): signature to replace with.

        Raises:
            ~@Ignore: This is always raised when called in asynchronous context.
            It is best to always use ``return self.replace(...)``.
        """

    def begin(self, transactional_id):  # type: ignore[no-untyped-def]
        """Begin a transaction.

        Arguments:
            transactional_id (str): the id.

        Raises:
            ProducerFencedError if another producer is active.
        """


def test_a_google_raises_section_the_parser_refuses_costs_nothing_else() -> None:
    """Such an entry failed the whole docstring (TI202): the arguments lost their texts and
    types. No tool reads what a method raises: the section is read as one text."""
    tools, diagnostics = inspect_class(LooseRaises)
    assert tools["replace"].parameters_schema()["properties"] == {
        "sig": {"type": "string", "description": "signature to replace with."}
    }
    assert tools["replace"].description == "Replace this task."
    assert tools["begin"].parameters_schema()["properties"] == {
        "transactional_id": {"type": "string", "description": "the id."}
    }
    assert messages(diagnostics) == []


class NapoleonSections:
    """kafka-python's ``KafkaConsumer.close``: Napoleon's other names of the sections a tool
    reads (``Keyword Arguments:``, ``Keyword Args:``, ``Other Parameters:``, ``Return:``)."""

    def close(self, autocommit=True, timeout_ms=None):  # type: ignore[no-untyped-def]
        """Close the consumer.

        Keyword Arguments:
            autocommit (bool): Commit pending offsets first.
            timeout_ms (int, optional): Milliseconds to wait.
        """

    def poll(self, timeout, max_records=None, update=True):  # type: ignore[no-untyped-def]
        """Fetch records.

        Args:
            timeout (int): Milliseconds to wait.

        Keyword Args:
            max_records (int): The most records.

        Other Parameters:
            update (bool): Update offsets.

        Return:
            dict: Records by partition.
        """


def test_napoleon_s_other_section_names_are_read() -> None:
    """Without ``Args:`` such a section was description text and its parameters undocumented
    (TI204); after ``Args:`` it was dropped, texts and the return's with it."""
    tools, diagnostics = inspect_class(NapoleonSections)
    assert tools["close"].description == "Close the consumer."
    assert tools["close"].parameters_schema()["properties"] == {
        "autocommit": {
            "type": "boolean",
            "description": "Commit pending offsets first.",
            "default": True,
        },
        "timeout_ms": {
            "type": ["integer", "null"],
            "description": "Milliseconds to wait.",
            "default": None,
        },
    }
    poll = tools["poll"]
    assert {
        name: p["description"] for name, p in poll.parameters_schema()["properties"].items()
    } == {
        "timeout": "Milliseconds to wait.",
        "max_records": "The most records.",
        "update": "Update offsets.",
    }
    assert (poll.returns.description, poll.description) == (
        "Records by partition.",
        "Fetch records.",
    )
    assert messages(diagnostics) == []


def test_google_text_after_a_section_at_the_margin_is_description_again() -> None:
    """docstring-parser drops every line at the margin after a section that is no section it
    knows (``Note:``, ``Warning:``, a paragraph): a note after ``Args:`` was lost."""
    text = (
        "Delete a queue.\n\n"
        "Args:\n"
        "    queue (str): The queue.\n\n"
        "Note:\n"
        "    This cannot be undone.\n\n"
        "Returns:\n"
        "    int: The messages deleted.\n\n"
        "Messages in flight are lost too.\n"
    )
    parsed = parse_docstring(text)
    assert parsed.description == (
        "Delete a queue.\n\nNote:\n    This cannot be undone.\n\nMessages in flight are lost too."
    )
    assert (parsed.params["queue"].description, parsed.returns) == (
        "The queue.",
        "The messages deleted.",
    )
    assert parse_docstring(text, DocstringStyle.GOOGLE) == parsed


class Underlined:
    def switch(self, conn_str, rate=2):  # type: ignore[no-untyped-def]
        """Switch connection parameters to use a new URL or hostname.

        Note:
        ----
            Does not reconnect!

        Arguments:
        ---------
            conn_str (str): Either a hostname or URL.
            rate (int): How often the tick is called,
                in seconds.

        Returns:
        -------
            bool: Whether it switched.

        Raises
        ------
            socket.timeout: If the timeout is exceeded.
        """
        return True


def test_google_titles_underlined_as_numpydoc_titles_are_read() -> None:
    """kombu's docstrings (pydocstyle's D407 fix underlines Google titles): the parser ended
    ``Arguments:`` at its underline, so the entries were description, each parameter untyped
    (TI106) and undocumented (TI204), and the return text lost; a numpydoc ``Raises`` among
    them was description too."""
    tools, diagnostics = inspect_class(Underlined)
    switch = tools["switch"]
    assert switch.description == (
        "Switch connection parameters to use a new URL or hostname.\n\n"
        "Note:\n----\n    Does not reconnect!"
    )
    assert switch.parameters_schema()["properties"] == {
        "conn_str": {"type": "string", "description": "Either a hostname or URL."},
        "rate": {
            "type": "integer",
            "description": "How often the tick is called,\nin seconds.",
            "default": 2,
        },
    }
    assert switch.returns.type is not None
    assert (switch.returns.description, switch.returns.type.to_schema()) == (
        "Whether it switched.",
        {"type": "boolean"},
    )
    assert messages(diagnostics) == []


def test_a_raises_entry_without_a_colon_keeps_the_rest_of_a_google_docstring() -> None:
    """docker's ``ImageCollection.build`` names an exception on a line of its own, what raises
    it on the next: docstring-parser refused the whole docstring (TI202), so the ``**kwargs``
    its ``Args:`` documents were left out and the tool took no argument (TI140)."""
    docker = """Build an image.

        Args:
            path (str): Path to the directory containing the Dockerfile
            tag (str): A tag to add to the final image

        Returns:
            The built image.

        Raises:
            :py:class:`docker.errors.BuildError`
                If there is an error during the build.
            ``TypeError``
                If neither ``path`` nor ``fileobj`` is specified.
        """
    info = parse_docstring(docker)
    assert (info.description, info.params, info.returns) == (
        "Build an image.",
        {
            "path": ParamDoc("Path to the directory containing the Dockerfile", "str"),
            "tag": ParamDoc("A tag to add to the final image", "str"),
        },
        "The built image.",
    )


def test_a_google_argument_continued_at_its_own_indent_is_one_argument() -> None:
    """docker's ``configs`` goes on with ``filters``' text at the entry's indent: it was read
    as an argument named ``list. Available filters`` (TI203), its text lost to ``filters``. A
    sentence that opens a section (atlassian-python-api's ``Args:`` over ``See the method
    signature...``) documents no parameter: it refused the whole docstring (TI202)."""
    docker = """List configs.

        Args:
            filters (dict): A map of filters to process on the configs
            list. Available filters: ``names``

            Note that names match exactly.
            verbose (bool): Say more.
        """
    info = parse_docstring(docker)
    assert info.params == {
        "filters": ParamDoc(
            "A map of filters to process on the configs\nlist. Available filters: `names`"
            "\n\nNote that names match exactly.",
            "dict",
        ),
        "verbose": ParamDoc("Say more.", "bool"),
    }
    shared = "Move.\n\nArgs:\n    x, y (int): The coordinates.\n    z: Depth.\n"
    assert parse_docstring(shared).params == {  # names that share a text open an entry too
        "x": ParamDoc("The coordinates.", "int"),
        "y": ParamDoc("The coordinates.", "int"),
        "z": ParamDoc("Depth."),
    }
    atlassian = """Perform the Jira component operation.

        Args:
            See the method signature for API request parameters.

        Returns:
            Decoded Jira REST response.
        """
    info = parse_docstring(atlassian)
    assert (info.description, info.params, info.returns) == (
        "Perform the Jira component operation.",
        {},
        "Decoded Jira REST response.",
    )


@pytest.mark.parametrize(
    ("returns", "expected"),
    [
        ("(:py:class:`Image`): The image.", ("The image.", "Image")),
        ("(list of :py:class:`Image`): The images.", ("The images.", "list of Image")),
        ("(dict): The data (see below): all of it.", ("The data (see below): all of it.", "dict")),
        ("(tuple(int, str)):\n    The pair.", ("The pair.", "tuple(int, str)")),
        (":py:class:`docker.types.SwarmSpec`", ("", "docker.types.SwarmSpec")),  # a role alone
        (":class:`Image`: The image.", ("The image.", "Image")),
        ("dict: The data.", ("The data.", "dict")),  # the usual form, as before
        ("(The data) as a mapping.", ("(The data) as a mapping.", None)),  # no colon: text
    ],
)
def test_a_google_return_type_in_parentheses_is_the_type(
    returns: str, expected: tuple[str, str | None]
) -> None:
    """docker writes ``Returns:`` over ``(:py:class:`Image`): The image.``: the type was read
    as ``(`` (TI107) and the text as ``py`Image`): The image.``; a role alone
    (``create_swarm_spec``) gave a type named after the colon's stand-in."""
    text = "Get it.\n\nReturns:\n    " + returns.replace("\n", "\n    ") + "\n"
    info = parse_docstring(text)
    assert (info.returns, info.returns_type) == expected


def test_a_rest_field_with_its_name_before_its_type_is_read_by_the_signature() -> None:
    """gspread writes ``:param notes dict:``: read in the field's own order (a type, then the
    name), it documented an argument ``dict`` the signature lacks (TI203) and left ``notes``
    undocumented (TI204)."""

    class Sheet:
        def update_notes(self, notes: dict[str, str]) -> None:
            """Update notes.

            :param notes dict: A dict of notes by cell.
            """

        def clear(self, ranges: list[str], dict: int = 0) -> None:
            """Clear notes.

            :param str dict: The field's own order: a type, then the name.
            :param ranges list: Where to clear.
            :param ranges other: Documented twice: not read again.
            """

    tools, diagnostics = inspect_class(Sheet)
    assert tools["update_notes"].parameters_schema()["properties"] == {
        "notes": {
            "type": "object",
            "description": "A dict of notes by cell.",
            "additionalProperties": {"type": "string"},
        }
    }
    assert tools["clear"].parameters_schema()["properties"]["dict"] == {
        "type": "integer",
        "description": "The field's own order: a type, then the name.",
        "default": 0,
    }
    assert messages(diagnostics) == [
        "warning: Sheet.clear: documented argument 'list' is not in the signature",
        "warning: Sheet.clear: documented argument 'other' is not in the signature",
        "warning: Sheet.clear: parameter 'ranges' is not documented",
    ]


def test_napoleon_section_names_are_made_readable_as_their_usual_names_are() -> None:
    """Napoleon's ``Keyword Arguments:`` and ``Return:`` are read (kafka-python); a line at the
    entries' indent continues an argument there too, and a return type in parentheses under
    ``Return:`` is the type, as under ``Args:`` and ``Returns:``."""
    text = """Connect.

        Keyword Arguments:
            timeout (float): Seconds to wait
            at most. Zero waits forever.
            retries (int): How often.

        Return:
            (list of str): The nodes.
        """
    info = parse_docstring(text)
    assert info.params == {
        "timeout": ParamDoc("Seconds to wait\nat most. Zero waits forever.", "float"),
        "retries": ParamDoc("How often.", "int"),
    }
    assert (info.returns, info.returns_type) == ("The nodes.", "list of str")


class Jacobian:
    """SymPy's ``Matrix.jacobian``: a paragraph at the margin after the NumPy entries."""

    def jacobian(self, X):  # type: ignore[no-untyped-def]
        """Calculates the Jacobian matrix (derivative of a vector-valued function).

        Parameters
        ==========

        ``self`` : vector of expressions representing functions f_i(x_1, ..., x_n).
        X : set of x_i's in order, it can be a list or a Matrix

        Both ``self`` and X can be a row or a column matrix in any order
        (i.e., jacobian() should always work).

        Examples
        ========

        >>> X.jacobian(Y)

        See Also
        ========

        hessian
        """


def test_a_numpydoc_paragraph_at_the_margin_after_the_entries_is_description() -> None:
    """Each line of the paragraph was an argument (``'Both ``self`` and X can be ...'``,
    ``'(i.e.'``, ``'jacobian() should always work).'``: TI203) and the sentence was lost. The
    phrase where the type is stays the text of ``X``, which has none below it."""
    tools, diagnostics = inspect_class(Jacobian)
    tool = tools["jacobian"]
    assert tool.description == (
        "Calculates the Jacobian matrix (derivative of a vector-valued function).\n\n"
        "Both `self` and X can be a row or a column matrix in any order\n"
        "(i.e., jacobian() should always work)."
    )
    assert tool.parameters_schema()["properties"]["X"]["description"] == (
        "set of x_i's in order, it can be a list or a Matrix"
    )
    assert not [d for d in diagnostics if d.code == DOCUMENTED_NOT_IN_SIGNATURE]


def test_an_entry_of_the_receiver_names_no_argument() -> None:
    """SymPy documents ````self```` among the parameters: a literal name is the name, and the
    bound method's receiver is no argument of the tool (it was TI203, ``'``self``'``); in a
    method that takes ``**kwargs`` it does not become a keyword argument either."""

    class Receiver:
        def apply(self, f: int, **kwargs: int) -> None:
            """Apply.

            Parameters
            ==========

            ``self`` : Matrix
                The matrix.
            ``f`` : int
                The function.
            """

    tools, diagnostics = inspect_class(Receiver)
    assert tools["apply"].parameters_schema()["properties"] == {
        "f": {"type": "integer", "description": "The function."},
        "kwargs": {"type": "object", "additionalProperties": {"type": "integer"}},
    }
    assert messages(diagnostics) == [
        "warning: Receiver.apply: parameter 'kwargs' is not documented"
    ]
    tools, diagnostics = inspect_class(Jacobian)
    assert messages(diagnostics) == [
        "warning: Jacobian.jacobian: parameter 'X': docstring type 'x_i' not understood; the "
        "rest of the type kept",
        "warning: Jacobian.jacobian: parameter 'X': docstring type 's in order' not "
        "understood; the rest of the type kept",
        "warning: Jacobian.jacobian: parameter 'X': docstring type 'a Matrix' not understood; "
        "the rest of the type kept",
    ]


def test_a_numpydoc_line_at_the_margin_right_below_an_entry_continues_it() -> None:
    """A line at the margin that is no ``name``, ``name : type``, ``a, b : type``, ``*args``
    or ``**kwargs`` continues the entry right above it (or the text below that entry); after
    a blank line, or before the first entry, it opens a paragraph that is description. A bare
    word right below such a line is its next line; a typed or starred one opens an entry."""
    text = """Shift it.

        Parameters
        ----------
        Note that all of these are counted in days.
        x : int
            How far,
        at most; (i.e. never more).
        y, z : float
        The other two, over
        lines
        *args
        The rest.
        w : str
        See the method.
        kind : str

        Both x and y may be negative,
        (e.g. -1).

            >>> shift(-1)

        flag : bool
            Whether.
        **kwargs
            Passed on.

        Returns
        -------
        int
            The result.
        """
    for style in (DocstringStyle.AUTO, DocstringStyle.NUMPY):
        info = parse_docstring(text, style)
        assert info.params == {
            "x": ParamDoc("How far,\nat most; (i.e. never more).", "int"),
            "y": ParamDoc("The other two, over\nlines", "float"),
            "z": ParamDoc("The other two, over\nlines", "float"),
            "*args": ParamDoc("The rest."),
            "w": ParamDoc("See the method.", "str"),
            "kind": ParamDoc("", "str"),
            "flag": ParamDoc("Whether.", "bool"),
            "**kwargs": ParamDoc("Passed on."),
        }
        assert info.description == (
            "Shift it.\n\nNote that all of these are counted in days.\n\n"
            "Both x and y may be negative,\n(e.g. -1).\n\n    >>> shift(-1)"
        )
        assert (info.returns, info.returns_type) == ("The result.", "int")


def test_a_numpydoc_section_of_entries_only_is_read_as_before() -> None:
    """SymPy's ``kwargs`` over ``======`` among the entries, names alone and typed names:
    nothing at the margin is text, so nothing moves."""
    text = "Make.\n\nParameters\n==========\n\nrows\ncols : int\n\nkwargs\n======\ncls : type\n"
    info = parse_docstring(text)
    assert list(info.params) == ["rows", "cols", "kwargs", "cls"]
    assert info.description == "Make."


class Shifted:
    """arrow's ``Arrow.shift``: ``Parameters:`` with its entries at the title's own indent."""

    def shift(self, check_imaginary: bool = True, weeks: int = 0) -> None:
        """Returns a new object with attributes updated
        according to inputs.

        Parameters:
        check_imaginary (bool): If True (default), will check for and resolve
        imaginary times (like during DST transitions).
            Indented deeper: still its text.

        weeks: How many weeks.
        Use pluralized property names to relatively shift their current value:

        >>> arw.shift(weeks=1)
        """

    def other(self, limit: int = 0) -> None:
        """Fetch.

        Args:
        count (int): Names no parameter: the section is text, as before.
        """

    def returned(self, limit: int = 0) -> None:
        """Fetch.

        Parameters:
        limit: At most this many.
        Returns:
            The rows.
        """


def test_google_entries_at_the_title_s_indent_are_read_when_they_name_parameters() -> None:
    """The section was description text and ``check_imaginary`` undocumented (TI204). Read
    up to a blank line that no entry of a parameter follows, or the next section; the text
    after it is description. An entry that names no parameter leaves the section text."""
    tools, diagnostics = inspect_class(Shifted)
    shift = tools["shift"]
    assert shift.parameters_schema()["properties"] == {
        "check_imaginary": {
            "type": "boolean",
            "description": "If True (default), will check for and resolve\n"
            "imaginary times (like during DST transitions).\nIndented deeper: still its text.",
            "default": True,
        },
        "weeks": {
            "type": "integer",
            "description": "How many weeks.\n"
            "Use pluralized property names to relatively shift their current value:",
            "default": 0,
        },
    }
    assert shift.description == (
        "Returns a new object with attributes updated\naccording to inputs.\n\n"
        ">>> arw.shift(weeks=1)"
    )
    assert tools["other"].description == (
        "Fetch.\n\ncount (int): Names no parameter: the section is text, as before."
    )
    returned = tools["returned"]
    assert returned.parameters_schema()["properties"]["limit"]["description"] == (
        "At most this many."
    )
    assert returned.returns.description == "The rows."
    assert messages(diagnostics) == [
        "warning: Shifted.other: parameter 'limit' is not documented",
    ]
    # without the signature's names (a stub's docstring), the section is read as before
    assert parse_docstring(Shifted.shift.__doc__).params == {}


class SaysNothing:
    """tweepy's ``|count|`` substitution and PyGithub's ``:param title: string``."""

    def get(
        self,
        *,
        count: int = 20,
        title: str = "",
        path: str | None = None,
        body: str = "",
        sha: str = "",
        name: str = "",
        size: int = 0,
        mode: int | str = 0,
        items: list[str] | None = None,
    ) -> None:
        """Get things.

        :param count: |count|
        :param title: string
        :param path: string, (required), path of the file
        :param body: ``Body``
        :param sha: **STRING**
        :param name: Name.
        :param size: integer in bytes
        :param mode: string
        :param items: list
        """


def test_a_text_that_is_only_the_name_or_a_type_word_the_schema_says_is_dropped() -> None:
    """Such a text told a model nothing (``"description": "count"``, ``"string"``); the
    parameter is shown without one, and is not counted as undocumented. A type word the
    schema does not say alone (``string`` for ``int | str``), more words or a sentence
    (``Name.``) keep their text."""
    tools, diagnostics = inspect_class(SaysNothing)
    assert tools["get"].parameters_schema()["properties"] == {
        "count": {"type": "integer", "default": 20},
        "title": {"type": "string", "default": ""},
        "path": {
            "type": ["string", "null"],
            "description": "string, (required), path of the file",
            "default": None,
        },
        "body": {"type": "string", "default": ""},
        "sha": {"type": "string", "default": ""},
        "name": {"type": "string", "description": "Name.", "default": ""},
        "size": {"type": "integer", "description": "integer in bytes", "default": 0},
        "mode": {"type": ["integer", "string"], "description": "string", "default": 0},
        "items": {
            "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}],
            "default": None,
        },
    }
    assert messages(diagnostics) == []


def test_numpydoc_entry_shapes_and_titles_numpydoc_does_not_know_are_kept() -> None:
    """numpy's ``a1, a2, ... : sequence of array_like`` and ``flags, buffersize (optional)``
    are entries; from a title numpydoc does not know (``Details`` over dashes) on, the
    section is read as before. A sentence alone in a section (numpy's ``matrix.all``: "See
    `numpy.all` for complete descriptions") is description, and the next title stays one."""
    text = (
        "Join.\n\nParameters\n----------\na1, a2, ... : sequence of array_like\n    The arrays.\n"
        "flags, buffersize (optional)\n    As for `nditer`.\nThe other ones\n\n"
        "Details\n-------\nconcatenate\n"
    )
    info = parse_docstring(text)
    assert info.params == {
        "a1": ParamDoc("The arrays.", "sequence of array_like"),
        "a2": ParamDoc("The arrays.", "sequence of array_like"),
        "...": ParamDoc("The arrays.", "sequence of array_like"),
        "flags": ParamDoc("As for `nditer`.\nThe other ones"),
        "buffersize": ParamDoc("As for `nditer`.\nThe other ones"),
        "Details": ParamDoc(""),
        "concatenate": ParamDoc(""),
    }
    alone = parse_docstring(
        "Test all.\n\nParameters\n----------\nSee `numpy.all` for complete descriptions\n\n"
        "See Also\n--------\nnumpy.all\n\nReturns\n-------\nbool\n    Whether.\n"
    )
    assert (alone.description, alone.params) == (
        "Test all.\n\nSee `numpy.all` for complete descriptions",
        {},
    )
    assert (alone.returns, alone.returns_type) == ("Whether.", "bool")


def test_a_numpydoc_section_of_the_authors_own_after_the_parameters_is_description() -> None:
    """great_tables' ``GT.fmt_date``: a title of its own after the entries ("Formatting with
    the `date_style=` argument" over dashes), then a table. Each of its lines was an argument
    not in the signature (TI203 120 times in four methods) and the text was lost; a title
    shaped like a name (SymPy's ``kwargs``, ``Details``) is still read as before."""
    text = (
        "Format dates.\n\nParameters\n----------\ncolumns\n    The columns.\n"
        "date_style\n    The style.\n\nFormatting with the `date_style=` argument\n"
        "-----------------------------------------\nWe need a preset style:\n\n"
        '| Style | Output |\n|-------|--------|\n| `"iso"` | `"2000-02-29"`, Tuesday |\n\n'
        "Examples\n--------\n>>> fmt()\n"
    )
    info = parse_docstring(text)
    assert info.params == {
        "columns": ParamDoc("The columns."),
        "date_style": ParamDoc("The style."),
    }
    assert info.description == (
        "Format dates.\n\nFormatting with the `date_style=` argument\n"
        "-----------------------------------------\nWe need a preset style:\n\n"
        '| Style | Output |\n|-------|--------|\n| `"iso"` | `"2000-02-29"`, Tuesday |'
    )


def test_a_numpydoc_sub_heading_of_the_authors_own_over_entries_keeps_them() -> None:
    """An author's own title among the parameters ("Layout options", "Keyword arguments" over
    dashes) over more entries is a sub-heading: the entries stay parameters and the title is
    dropped; a name of the author's own over a table ("Styles") is description, as any title
    over a body that is not entries."""
    text = (
        "Draw.\n\nParameters\n----------\ndata : DataFrame\n    The rows.\n\n"
        "Layout options\n--------------\nwidth : int\n    Width in pixels.\nheight : int\n"
        "    Height in pixels.\n\nKeyword arguments\n-----------------\ncolor : str\n"
        "    The colour.\n\nStyles\n------\niso         2023-01-05\n"
        "wday_month  Thursday, January 5\n\nReturns\n-------\nChart\n    The chart.\n"
    )
    info = parse_docstring(text)
    assert info.params == {
        "data": ParamDoc("The rows.", "DataFrame"),
        "width": ParamDoc("Width in pixels.", "int"),
        "height": ParamDoc("Height in pixels.", "int"),
        "color": ParamDoc("The colour.", "str"),
    }
    assert info.description == (
        "Draw.\n\nStyles\n------\niso         2023-01-05\nwday_month  Thursday, January 5"
    )
    assert (info.returns, info.returns_type) == ("The chart.", "Chart")
    styles = parse_docstring(
        "Format.\n\nParameters\n----------\nstyle : str\n    The style.\n\n"
        "Styles\n------\niso         2023-01-05\n"
    )
    assert (styles.params, styles.description) == (
        {"style": ParamDoc("The style.", "str")},
        "Format.\n\nStyles\n------\niso         2023-01-05",
    )


class Sections:
    def crop(self, box: tuple[int, int, int, int]) -> int:
        """Crop the image.

        Parameters
        ----------
        box : tuple of int
            The edges.

        Example usage
        -------------
            img.crop((0, 0, 10, 10))
        """
        return 0

    def resize(self, size: int, mode: str = "nearest") -> int:
        """Resize the image.

        Parameters
        ----------
        size : int
            The new size.
        mode : str
            The interpolation.

        Valid modes
        -----------
        nearest
        bilinear
        bicubic
        """
        return 0

    def draw(self, data: int, width: int = 0, height: int = 0) -> int:
        """Draw.

        Parameters
        ----------
        data : int
            The rows.

        Layout options
        --------------
        width
            Width in pixels.
        height
            Height in pixels.
        """
        return 0

    def plot(self, x: float, **kwargs: str) -> int:
        """Plot.

        Parameters
        ----------
        x : float
            X.

        Style options
        -------------
        color
            The line color.
        width
            The line width.

        Valid modes
        -----------
        nearest
        bilinear
        """
        return 0


def test_a_numpydoc_title_of_the_authors_own_over_no_entries_is_description() -> None:
    """review43: a title of the author's own among the parameters is a sub-heading only over
    entries with a type, starred, or names of the signature. A code sample indented under it
    ("Example usage") went into the last parameter's text and the title was lost; bare words
    under it ("Valid modes" over ``nearest``) were arguments not in the signature (TI203)
    and the list was lost. Names of the signature alone ("Layout options" over ``width``)
    stay parameters."""
    tools, diagnostics = inspect_class(Sections)
    assert tools["crop"].description == (
        "Crop the image.\n\nExample usage\n-------------\n    img.crop((0, 0, 10, 10))"
    )
    assert tools["crop"].parameters_schema()["properties"]["box"]["description"] == "The edges."
    assert tools["resize"].description == (
        "Resize the image.\n\nValid modes\n-----------\nnearest\nbilinear\nbicubic"
    )
    assert tools["resize"].parameters_schema()["properties"] == {
        "size": {"type": "integer", "description": "The new size."},
        "mode": {"type": "string", "description": "The interpolation.", "default": "nearest"},
    }
    assert tools["draw"].description == "Draw."
    assert tools["draw"].parameters_schema()["properties"] == {
        "data": {"type": "integer", "description": "The rows."},
        "width": {"type": "integer", "description": "Width in pixels.", "default": 0},
        "height": {"type": "integer", "description": "Height in pixels.", "default": 0},
    }
    # a method that takes ``**kwargs``: untyped names over their texts are the keywords it
    # takes (matplotlib's and plotly's "Style options"; review44: they were description);
    # bare words with no text below them are still a list of values
    assert tools["plot"].description == "Plot.\n\nValid modes\n-----------\nnearest\nbilinear"
    assert tools["plot"].parameters_schema()["properties"] == {
        "x": {"type": "number", "description": "X."},
        "color": {"description": "The line color."},
        "width": {"description": "The line width."},
    }
    assert messages(diagnostics) == [
        "warning: Sections.plot: parameter 'color': no type hint; any value accepted",
        "warning: Sections.plot: parameter 'width': no type hint; any value accepted",
    ]


class Transport:
    """paramiko's shapes: ``:param socket sock:``, a ``:versionadded:`` field; gcs' ``file``."""

    def connect(self, sock, file_obj=None, timeout=None) -> None:  # type: ignore[no-untyped-def]
        """Connect over a socket.

        :param socket sock: an open socket
        :param file file_obj: where to log
        :param float timeout: seconds

        :versionadded: 2.2
        :versionchanged: 2.3 Takes a timeout.
        """


def test_directive_fields_read_as_the_directive_and_socket_and_file_name_types() -> None:
    """``:versionadded: 2.2`` read ``Versionadded: 2.2``; ``socket`` and ``file`` were not
    understood (TI107). ``socket`` is ``socket.socket`` and ``file`` a binary file object:
    neither has a JSON form, so the method is treated as for such annotations."""
    tools, diagnostics = inspect_class(Transport)
    tool = tools["connect"]
    assert tool.description == (
        "Connect over a socket.\n\nAdded in version 2.2.\nChanged in version 2.3: Takes a timeout."
    )
    assert tool.parameters_schema()["properties"] == {
        "sock": {"description": "an open socket"},
        "timeout": {"type": ["number", "null"], "description": "seconds", "default": None},
    }
    assert messages(diagnostics) == [
        "warning: Transport.connect: parameter 'sock': required, and type socket has no JSON "
        "form: a model cannot call this method (a new classification entry excludes it; set "
        "true, any value is accepted)",
        "info: Transport.connect: parameter 'file_obj': type BinaryIO has no JSON form; left out",
    ]


class ContentSettings:
    """A keyword's type that has no JSON form (Azure's ``ContentSettings``)."""

    def __init__(self, content_type: str) -> None:
        self.content_type = content_type


class BlobContainer:
    """Azure's SDKs document ``**kwargs`` with Sphinx's keyword fields: ``:keyword`` and its
    type in ``:paramtype``; Sphinx also takes ``:kwarg``/``:kwparam`` and ``:kwtype``."""

    def upload_blob(self, name: str, **kwargs: typing.Any) -> dict[str, typing.Any]:
        """Create a blob.

        :param str name: The blob to write.
        :keyword bool overwrite: Whether to replace the blob.
        :keyword ~tests.test_docstrings.ContentSettings content_settings:
            The blob's content settings.
        :keyword validate_content:
            Checksum validation.
        :paramtype validate_content: Union[bool, Literal['auto', 'crc64', 'md5']]
        :kwarg tier: The access tier.
        :kwtype tier: str
        :kwparam int timeout: Seconds to wait.
        """
        return {"name": name, **kwargs}


def test_sphinx_keyword_fields_and_their_types_are_read() -> None:
    """``:paramtype x:`` types the keyword ``x`` (it was the text ``Paramtype x: ...`` of the
    field before, and ``x`` took any value); ``:kwarg``, ``:kwparam`` and ``:kwtype`` are
    Sphinx's other names. The Toolbox converts by those types."""
    tools, diagnostics = inspect_class(BlobContainer)
    tool = tools["upload_blob"]
    fields = {f.name: (f.description, f.type.to_schema()) for f in tool.parameters}
    assert fields["validate_content"] == (
        "Checksum validation.",
        {"anyOf": [{"type": "boolean"}, {"type": "string", "enum": ["auto", "crc64", "md5"]}]},
    )
    assert fields["tier"] == ("The access tier.", {"type": "string"})
    assert fields["timeout"] == ("Seconds to wait.", {"type": "integer"})
    assert fields["overwrite"] == ("Whether to replace the blob.", {"type": "boolean"})
    assert "content_settings" not in fields  # no JSON form: left out (TI130), not TI203
    assert messages(diagnostics) == [
        "info: BlobContainer.upload_blob: parameter 'content_settings': type ContentSettings "
        "has no JSON form; left out"
    ]
    box = Toolbox(BlobContainer())
    for value in (True, "crc64"):
        assert box.call("upload_blob", {"name": "a", "validate_content": value}) == {
            "name": "a",
            "validate_content": value,
        }


def test_a_google_title_indented_less_than_the_entries_opens_its_section() -> None:
    """google-cloud-bigquery's ``list_models`` writes ``Returns:`` one space right of its
    ``Args:``: Napoleon reads a new section there. The title was the last argument's text and
    the return type an argument not in the signature (TI203)."""
    parsed = parse_docstring(
        "List models.\n\n"
        "        Args:\n"
        "            dataset (str):\n"
        "                A reference.\n"
        "            page_size (int):\n"
        "                Models a page.\n\n"
        "         Returns:\n"
        "            google.api_core.page_iterator.Iterator:\n"
        "                Iterator of models.\n"
    )
    assert {name: doc.description for name, doc in parsed.params.items()} == {
        "dataset": "A reference.",
        "page_size": "Models a page.",
    }
    assert (parsed.returns, parsed.returns_type) == (
        "Iterator of models.",
        "google.api_core.page_iterator.Iterator",
    )


class Files:
    def list(self, after: str = "", limit: int = 100, order: str = "desc") -> list[str]:
        """Returns a list of files.

        Args:
          after: A cursor for use in pagination.

        `after` is an object ID that defines your place
              in the list.

          limit: A limit on the number of objects to be returned.

          order: Sort order by the `created_at` timestamp.

        Returned newest first.
        """
        return []


def test_a_paragraph_at_the_margin_that_entries_follow_is_the_entry_s_text() -> None:
    """openai's and anthropic's generated list methods put the rest of ``after``'s text at the
    margin, then go on with ``limit:`` and ``order:``: the section ended there, so ``limit``
    and ``order`` were undocumented (TI204) and their entries the tool's description. A
    margin paragraph that no entry of a parameter follows still ends the section."""
    tools, diagnostics = inspect_class(Files)
    tool = tools["list"]
    assert tool.description == "Returns a list of files.\n\nReturned newest first."
    assert {f.name: f.description for f in tool.parameters} == {
        "after": "A cursor for use in pagination.\n`after` is an object ID that defines your "
        "place\nin the list.",
        "limit": "A limit on the number of objects to be returned.",
        "order": "Sort order by the `created_at` timestamp.",
    }
    assert messages(diagnostics) == []


def test_an_example_of_documented_names_after_a_margin_paragraph_is_no_entry_again() -> None:
    """A margin paragraph continues the section only when entries of parameters it has not
    documented yet follow (openai's ``after`` text, then ``limit``): an indented example of
    ``host: example.com`` after it replaced the parameters' texts."""

    def configure(host: str, port: int) -> None:
        """Configure the server.

        Args:
            host: The host name.
            port: The port number.

        The same settings in a config file (see below) are read at start.

            host: example.com
            port: 8080
        """

    doc = parse_docstring(configure.__doc__, names=("host", "port"))
    assert {k: v.description for k, v in doc.params.items()} == {
        "host": "The host name.",
        "port": "The port number.",
    }
    assert doc.description == (
        "Configure the server.\n\nThe same settings in a config file (see below) are read at "
        "start.\n\n    host: example.com\n    port: 8080"
    )


class Asides:
    def create(
        self, uid: str, options: dict[str, str] | None = None, level=1, casting="no", size=0
    ) -> str:  # type: ignore[no-untyped-def]
        """Create.

        Parameters
        ----------
        uid: str
            Its id.
        options (optional): dict
            Options passed at creation.
        level (int)
            How hard.
        casting, size (optional)
            Casting rules.
        """
        return uid


def test_a_numpy_entry_with_an_aside_after_its_name_documents_that_parameter() -> None:
    """meilisearch's ``options (optional): dict`` named no parameter: its text was lost and
    TI203/TI204 said so; an aside other than ``optional`` is the type, as in Google's form."""
    tools, diagnostics = inspect_class(Asides)
    assert tools["create"].parameters_schema()["properties"] == {
        "uid": {"type": "string", "description": "Its id."},
        "options": {
            "description": "Options passed at creation.",
            "anyOf": [
                {"type": "object", "additionalProperties": {"type": "string"}},
                {"type": "null"},
            ],
            "default": None,
        },
        "level": {"type": "integer", "description": "How hard.", "default": 1},
        "casting": {"type": "string", "description": "Casting rules.", "default": "no"},
        "size": {"type": "integer", "description": "Casting rules.", "default": 0},
    }
    assert messages(diagnostics) == []


class Consolidated:
    def replace(
        self, filter: dict[str, str], upsert: bool = False, hint=None, **kwargs: int
    ) -> str:  # type: ignore[no-untyped-def]
        """Replace one document.

        :Parameters:
          - `filter`: A query that matches
            the document to replace.
          - `upsert` (optional): Insert when
            nothing matches.
          - `hint` (str): An index to use.
          - `**kwargs` (optional): More options.

        This command uses the write concern of the collection.
        """
        return ""


def test_epydoc_consolidated_fields_document_their_arguments() -> None:
    """motor's ``:Parameters:`` over ``- `filter`: ...`` items: no parser read them, the list
    stayed in the description and every argument was undocumented (TI204)."""
    tools, diagnostics = inspect_class(Consolidated)
    tool = tools["replace"]
    assert tool.description == (
        "Replace one document.\n\nThis command uses the write concern of the collection."
    )
    assert tool.parameters_schema()["properties"] == {
        "filter": {
            "type": "object",
            "description": "A query that matches\nthe document to replace.",
            "additionalProperties": {"type": "string"},
        },
        "upsert": {
            "type": "boolean",
            "description": "Insert when\nnothing matches.",
            "default": False,
        },
        "hint": {"type": ["string", "null"], "description": "An index to use.", "default": None},
        "kwargs": {
            "type": "object",
            "description": "More options.",
            "additionalProperties": {"type": "integer"},
        },
    }
    assert messages(diagnostics) == []


class ConsolidatedEntries:
    def table(self, as_dict=False, freq="yearly", tickers=None, pretty=False) -> str:  # type: ignore[no-untyped-def]
        """
        :Parameters:
            as_dict: bool
                Return table as Python dict
                Default is False
            freq : str
                "yearly" or "quarterly"
            tickers : str, list
            pretty: Format row names nicely.
        """
        return ""


def test_epydoc_consolidated_field_over_numpy_entries_documents_them() -> None:
    """yfinance's ``:Parameters:`` over NumPy's entries without bullets (``as_dict: bool``, the
    text under it): the block stayed in the description as text and every argument was
    undocumented (TI204)."""
    tools, diagnostics = inspect_class(ConsolidatedEntries)
    tool = tools["table"]
    assert tool.description == ""
    assert tool.parameters_schema()["properties"] == {
        "as_dict": {
            "type": "boolean",
            "description": "Return table as Python dict\nDefault is False",
            "default": False,
        },
        "freq": {"type": "string", "description": '"yearly" or "quarterly"', "default": "yearly"},
        "tickers": {
            "anyOf": [{"type": "string"}, {"type": "array"}, {"type": "null"}],
            "default": None,
        },
        "pretty": {"type": "boolean", "description": "Format row names nicely.", "default": False},
    }
    assert messages(diagnostics) == []


class ConsolidatedWrapped:
    def find_docs(self, filter: dict, limit: int = 0) -> int:  # type: ignore[type-arg]
        """Delete documents.

        :Parameters:
            filter: A query that matches the documents to
                delete.
            limit: At most this many.
        """
        return 0


def test_epydoc_consolidated_entry_whose_text_wraps_keeps_its_first_line() -> None:
    """review43: after a tight colon (``filter: text``) the text was taken as the type whenever
    lines followed, so a wrapped description lost its first line, silently. It is the type only
    when it reads as one (``as_dict: bool`` above); else it opens the description."""
    tools, diagnostics = inspect_class(ConsolidatedWrapped)
    tool = tools["find_docs"]
    assert tool.description == "Delete documents."
    assert tool.parameters_schema()["properties"] == {
        "filter": {
            "type": "object",
            "description": "A query that matches the documents to\ndelete.",
        },
        "limit": {"type": "integer", "description": "At most this many.", "default": 0},
    }
    assert messages(diagnostics) == []


class Packed:
    """pygit2's ``Repository.pack``: a Google ``Parameters:`` title over entries in NumPy's
    layout without a type, each name alone on its line, its text indented below."""

    def pack(self, path: str | None = None, n_threads: int = 0) -> int:
        """Pack the objects.

        Parameters:

        path
            Where the files are written.
            `None`: the default location.

        n_threads
            How many threads.

        Packs are smaller.
        """
        return 0

    def indented(self, path: str = "", n_threads: int = 0) -> int:
        """Pack.

        Parameters:
            path
                Where the files are written.
            n_threads
                How many threads.
        """
        return 0


def test_google_entries_whose_names_stand_alone_over_their_text_are_read() -> None:
    """At the title's indent, after a blank line, the entries stayed in the description and
    every parameter was undocumented (TI204); indented, their text was lost."""
    tools, diagnostics = inspect_class(Packed)
    assert tools["pack"].parameters_schema()["properties"] == {
        "path": {
            "type": ["string", "null"],
            "description": "Where the files are written.\n`None`: the default location.",
            "default": None,
        },
        "n_threads": {"type": "integer", "description": "How many threads.", "default": 0},
    }
    assert tools["pack"].description == "Pack the objects.\n\nPacks are smaller."
    assert tools["indented"].parameters_schema()["properties"] == {
        "path": {"type": "string", "description": "Where the files are written.", "default": ""},
        "n_threads": {"type": "integer", "description": "How many threads.", "default": 0},
    }
    assert tools["indented"].description == "Pack."
    assert messages(diagnostics) == []


class Tagged:
    """mutagen's ``FLAC.save`` and pydub's ``AudioSegment.export`` and ``overlay``: entries
    that are a name and a type in parentheses without a colon, and entries without an
    ``Args:`` title."""

    def save(self, filething: str | None = None, deleteid3=False, padding=None) -> None:  # type: ignore[no-untyped-def]
        """Save metadata blocks to a file.

        Args:
            filething (str)
            deleteid3 (bool): delete id3 tags while at it
            padding (int)

        If no filename is given, the one most recently loaded is used.
        """

    def export(self, out_f=None, format="mp3", tags=None) -> None:  # type: ignore[no-untyped-def]
        """Export to a file with given options

        out_f (string):
            Path to destination audio file. Also accepts os.PathLike objects on
            python >= 3.6

        format (string)
            Format for destination audio file.
            ('mp3', 'wav', 'raw', 'ogg' or other ffmpeg/avconv supported files)

        tags (dict)
            Set metadata information to destination files.
        """

    def apply(self, func: str, rows: list[str]) -> None:
        """Apply a function to rows.

        The function is called as

        func(row)
            and what it returns replaces the row.

        Returns the rows.
        """

    def pan(self, pan_amount: float) -> None:
        """pan_amount (float) should be between -1.0 and +1.0

        pan_amount (in percent)
        is no entry: its text is not indented below it.
        """


def test_google_entries_of_a_name_and_a_type_in_parentheses_are_read() -> None:
    """Without a colon, such an entry was the text of the entry above it (``deleteid3``'s
    text went on with ``padding (int)``); without an ``Args:`` title above them, the entries
    were the tool's description and every parameter was undocumented (TI204) and untyped."""
    tools, diagnostics = inspect_class(Tagged)
    assert tools["save"].parameters_schema()["properties"] == {
        "filething": {"type": ["string", "null"], "default": None},
        "deleteid3": {
            "type": "boolean",
            "description": "delete id3 tags while at it",
            "default": False,
        },
        "padding": {"type": ["integer", "null"], "default": None},
    }
    assert tools["save"].description == (
        "Save metadata blocks to a file.\n\n"
        "If no filename is given, the one most recently loaded is used."
    )
    assert tools["export"].description == "Export to a file with given options"
    assert tools["export"].parameters_schema()["properties"] == {
        "out_f": {
            "type": ["string", "null"],
            "description": "Path to destination audio file. Also accepts os.PathLike objects "
            "on\npython >= 3.6",
            "default": None,
        },
        "format": {
            "type": "string",
            "description": "Format for destination audio file.\n('mp3', 'wav', 'raw', 'ogg' "
            "or other ffmpeg/avconv supported files)",
            "default": "mp3",
        },
        "tags": {
            "anyOf": [{"type": "object"}, {"type": "null"}],
            "description": "Set metadata information to destination files.",
            "default": None,
        },
    }
    assert tools["pan"].description == (
        "pan_amount (float) should be between -1.0 and +1.0\n\n"
        "pan_amount (in percent)\nis no entry: its text is not indented below it."
    )
    # a call in the text, ``func(row)`` over an indented line, is no entry (review44: the
    # call was lost, and ``func`` took the line below it as its text)
    assert tools["apply"].description == (
        "Apply a function to rows.\n\nThe function is called as\n\n"
        "func(row)\n    and what it returns replaces the row.\n\nReturns the rows."
    )
    assert messages(diagnostics) == [
        "warning: Tagged.apply: parameters 'func' and 'rows' are not documented",
        "warning: Tagged.pan: parameter 'pan_amount' is not documented",
    ]


class TypeAfterColon:
    """rich's ``Console.input`` and ``Progress.track``: a Google entry whose type, in
    parentheses, comes after the colon (``password: (bool, optional): Hide typed text.``)."""

    def track(self, sequence, total=None, task_id=None, description="Working..."):  # type: ignore[no-untyped-def]
        """Track progress by iterating over a sequence.

        Args:
            sequence (list): Values you want to iterate over.
            total: (float, optional): Total number of steps. Default is len(sequence).
            task_id: (TaskID): Task to track. Default is new task.
            description: (str, optional): Description of task,
                if new task is created.
        """

    def ask(self, prompt="", note=None):  # type: ignore[no-untyped-def]
        """Ask the user.

        Args:
            prompt: (shown in bold): the prompt to show.
            note: (see the guide) Text under the prompt.
        """

    def sample(self, count=1, rows=10, level=None):  # type: ignore[no-untyped-def]
        """Sample rows.

        Args:
            count: (int): How many, as the section's first entry.
            rows: (e.g. 10): How many rows: an example, no type.
            level: (required): A qualifier, no type.
        """


def test_a_google_type_in_parentheses_after_the_colon_is_the_type() -> None:
    """Each such entry's text opened with ``(float, optional):`` and its parameter was
    untyped (any value); a parenthesis after the colon that no colon follows is text, and one
    that holds no type (``(shown in bold):``) is text too."""
    tools, diagnostics = inspect_class(TypeAfterColon)
    assert tools["track"].parameters_schema()["properties"] == {
        "sequence": {
            "type": "array",
            "description": "Values you want to iterate over.",
        },
        "total": {
            "type": ["number", "null"],
            "description": "Total number of steps. Default is len(sequence).",
            "default": None,
        },
        "task_id": {"description": "Task to track. Default is new task.", "default": None},
        "description": {
            "type": "string",
            "description": "Description of task,\nif new task is created.",
            "default": "Working...",
        },
    }
    assert tools["ask"].parameters_schema()["properties"] == {
        "prompt": {
            "type": "string",
            "description": "(shown in bold): the prompt to show.",
            "default": "",
        },
        "note": {"description": "(see the guide) Text under the prompt.", "default": None},
    }
    assert tools["sample"].parameters_schema()["properties"] == {
        "count": {
            "type": "integer",
            "description": "How many, as the section's first entry.",
            "default": 1,
        },
        "rows": {
            "type": "integer",
            "description": "(e.g. 10): How many rows: an example, no type.",
            "default": 10,
        },
        "level": {"description": "(required): A qualifier, no type.", "default": None},
    }
    assert messages(diagnostics) == [
        "warning: TypeAfterColon.track: parameter 'task_id': docstring type 'TaskID' not "
        "understood; any value accepted",
        "warning: TypeAfterColon.ask: parameter 'note': no type hint; any value accepted",
        "warning: TypeAfterColon.sample: parameter 'level': no type hint; any value accepted",
    ]
