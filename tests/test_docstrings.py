"""Docstrings: description without sections, whole multi-line texts, every style."""

from __future__ import annotations

import pytest

from inspector.scan.docstrings import DocstringStyle
from tests.conftest import inspect_class, messages


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


def test_wrong_style_reports_undocumented_parameters() -> None:
    tools, diagnostics = inspect_class(Numpy, DocstringStyle.GOOGLE)
    assert messages(diagnostics) == [
        "warning: Numpy.run: parameter 'a' is not documented",
        "warning: Numpy.run: parameter 'b' is not documented",
    ]
    assert tools["run"].parameters[0].description == ""
