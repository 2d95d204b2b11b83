"""Where a docstring's body sits: the margin its lines are dedented to before parsing.

``inspect.cleandoc`` takes the least indentation of the lines after the first, which a line
written less indented than the body (ccxt's JSDoc tags) or text a decorator added at the margin
(openpyxl's ``@deprecated`` note) sets too low: the body's fields then stay indented and are
read as description. The closing quotes' line says where the body is."""

from __future__ import annotations


def body_dedented(text: str) -> str:
    """The docstring with each line that is less indented than its body put at the margin,
    the body being as indented as the closing quotes on their own line (and as some line of
    text): cleaned as ``inspect.cleandoc`` cleans it, the common indentation of such a line
    and the body was taken off, so no reST field started a line and the fields were read as
    description. ccxt writes its JSDoc tags so (``\n @ignore\n        mint a tokenized
    asset``, `` EXCHANGE SPECIFIC PARAMETERS`` between two fields)."""
    body, newline, closing = text.rpartition("\n")
    if newline and closing.strip():
        return _appended_kept_apart(text)
    if not newline or not closing:
        return text
    lines = body.split("\n")
    margin = len(closing)
    outdented = at_margin = False
    for line in lines[1:]:
        if line.startswith(closing):
            at_margin = at_margin or not line[margin : margin + 1].isspace()
        elif line.strip():
            outdented = True
    if not (outdented and at_margin):
        return text
    kept = [line[margin:] if line.startswith(closing) else line.lstrip() for line in lines[1:]]
    return "\n".join([lines[0], *kept])


def _appended_kept_apart(text: str) -> str:
    """A docstring that a decorator wrote more text after, at the margin (openpyxl's
    ``@deprecated`` adds ``\n\n.. note::\n    Deprecated: ...``), with its own body dedented:
    the margin ``inspect.cleandoc`` takes is the added text's, so the fields of the body
    stayed indented and were read as description. The body ends at the closing quotes' line
    (blanks only), as indented as the body's lines; the lines after it are less indented."""
    lines = text.split("\n")
    closing = next((index for index in range(len(lines) - 1, 0, -1) if lines[index].isspace()), 0)
    margin = lines[closing]
    added = [line for line in lines[closing + 1 :] if line.strip()]
    own = [line for line in lines[1:closing] if line.strip()]
    if not closing or not own or any(not line.startswith(margin) for line in own):
        return text
    if any(line.startswith(margin) for line in added):  # as indented as the body: its own
        return text
    kept = [line[len(margin) :] for line in lines[1:closing]]
    return "\n".join([lines[0], *kept, "", *lines[closing + 1 :]])
