"""Local tool search: a BM25 ranking of tools for a model's natural-language query, over their
names, descriptions and parameter names. Plain word counting: no model weights, no network.

Words are cut at anything that is not a letter or digit and inside names at snake_case and
camelCase boundaries (``readNamespacedPodLog`` → read, namespaced, pod, log), lower-cased,
stripped of a few English endings (``pods``/``pod``, ``expires``/``expired``/``expire``,
``running``/``run``) and of words that say nothing about a tool (``the``, ``of``, ``me``).
Compact names are cut into the words other tools use (redis' ``sadd`` → add). A name's words
count more than the description's. The only synonyms are the verbs of APIs (``remove`` also
looks for ``delete`` in names) and abbreviations (``increment`` for ``incr``), at half weight.
A tool whose name is all words the query asks for scores up to twice as much. Tools that do the
same thing share a place in the results."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import threading
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from inspector.diagnostics import InspectorError
from inspector.model import Field, Json, JsonObject, StringType, ToolDescriptor
from inspector.runtime.results import MAX_RESULT_CHARS

WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
"""A word: a run of capitals (an acronym), a capitalised or lower-case run, or digits."""

_STOP_TEXT = """a an the of to in on for from by with at into onto about as and or is are be
been being was were it its this that these those there their them they me my i you your we our
us do does did can could would should will shall may might must please how what which who whose
when where than then so not no via up out over per each just some any all every"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
"""Words a request is made of that tell nothing about which tool it wants."""
LONG_STOP_WORDS = frozenset(word for word in STOP_WORDS if len(word) > 2)
"""The stop words a compact name may be cut at (``hgetall``: h, get, all), as long as a word
of the vocabulary must be."""

NAME_WEIGHT = 3
"""How many times a word of the tool's name counts, against once in its description: a name
says what the tool does, a description also says much else."""

SUMMARY_WEIGHT = 2
"""How many times a word of the description's first paragraph counts: it says what the tool
does; the rest of a description often lists options and caveats."""

VERBS = (
    "get read show fetch retrieve view display return look",
    "list enumerate browse",
    "delete remove destroy drop erase",
    "create add new make insert",
    "update edit modify change patch replace set",
    "send post publish",
    "search find lookup query",
    "count number size length len many",
    "set store save put write assign",
)
"""The verbs of APIs, by what they do: a request says "remove" or "show", a tool is named
``delete`` or ``read``. A query's verb also counts, at ``SYNONYM_WEIGHT``, for the other verbs
of its group in tool names (only there: in descriptions they are everyday words). A plural in
the query counts so for ``list``. (Only these: a wider list of synonyms that helps one library
misleads the next.)"""
SYNONYM_WEIGHT = 0.5
"""What a verb of the same group counts for, against the query's own word."""

COVERAGE_WEIGHT = 1.0
"""How much a tool's score grows with the share of its name's words the query asks for (or
names by a verb of the same group, or abbreviates): up to twice for a name made only of them.
A short name that is all the request (``read_node`` for "get the details of a node") then
comes before a longer one that merely contains its words (``connect_get_node_proxy``)."""

ABBREVIATION = 3
"""The fewest letters of a name word that a query's longer word may start with to count as
that word (``incr`` for "increment")."""

K1 = 1.2
"""BM25's saturation of repeated words (the usual value)."""
B = 0.75
"""BM25's normalisation by length (the usual value)."""


def stem(word: str) -> str:
    """A word without a plural, ``-ing``, ``-ed``, ``-er`` or ``-ion`` ending and a final ``e``,
    and with a doubled final consonant made single: the forms of a word meet (``services`` and
    ``service`` → ``servic``; ``setting`` → ``set``; ``reminder`` → ``remind``; ``eviction`` →
    ``evict``)."""
    if len(word) <= 3:
        return word
    if word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for ending, shortest in (("ing", 3), ("ed", 3), ("er", 4), ("ion", 4)):
        if word.endswith(ending) and len(word) - len(ending) >= shortest:
            word = word[: -len(ending)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeioulsz":
        word = word[:-1]
    return word


def plain_words(text: str) -> list[str]:
    """The words of a text or a name, lower-case, without stop words, not stemmed."""
    found = (w.lower() for w in WORD.findall(text))
    return [w for w in found if w not in STOP_WORDS]


def words(text: str) -> list[str]:
    """The searchable words of a text or a name, in order."""
    return [stem(w) for w in plain_words(text)]


def pieces(word: str, vocabulary: frozenset[str]) -> list[str]:
    """The known words a compact name is made of (``sadd`` → add, ``hgetall`` → get, all,
    ``lrange`` → range): the cut of ``word`` into the fewest parts that are each a word of
    ``vocabulary`` other than itself (three letters or more) or a single letter; none when no
    such cut has a known word or leaves more than one letter alone, or for a word longer than
    ``LONGEST_CUT`` (the search for the cut grows with the square of the length)."""
    if len(word) > LONGEST_CUT:
        return []
    best: list[list[str] | None] = [[]] + [None] * len(word)
    for end in range(1, len(word) + 1):
        for start in range(end):
            before, part = best[start], word[start:end]
            if before is None or not (len(part) == 1 or (part in vocabulary and part != word)):
                continue
            if best[end] is None or len(before) + 1 < len(best[end] or ()):
                best[end] = [*before, part]
    cut = best[-1] or []
    known = [part for part in cut if len(part) > 1]
    return known if known and len(cut) - len(known) <= 1 else []


LONGEST_CUT = 40
"""The longest name word ``pieces`` cuts."""


def summary(tool: ToolDescriptor) -> str:
    """The description's first paragraph that is more than one identifier (generated API
    clients, such as kubernetes', start a docstring with a method's name)."""
    for paragraph in tool.description.split("\n\n"):
        if paragraph.strip() and not paragraph.strip().isidentifier():
            return paragraph.strip()
    return ""


def name_words(tool: ToolDescriptor, vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """The words of a tool's name, stemmed, each compact one followed by the known words it is
    made of (``hgetall`` → hgetall, get: "all" is a stop word, so it may cut but is not kept)."""
    named = plain_words(tool.name)
    cuttable = vocabulary | LONG_STOP_WORDS
    named += [p for w in named for p in pieces(w, cuttable) if p not in STOP_WORDS]
    return [stem(w) for w in named]


def tool_words(tool: ToolDescriptor, vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """What the index reads of a tool: its name's words and the known words its compact name
    words are made of (``NAME_WEIGHT`` times), its description's (the summary
    ``SUMMARY_WEIGHT`` times) and its parameter names'."""
    name = name_words(tool, vocabulary) * NAME_WEIGHT
    parameters = [w for field in tool.parameters for w in words(field.name)]
    described = words(summary(tool)) * (SUMMARY_WEIGHT - 1) + words(tool.description)
    return name + described + parameters


def vocabulary_of(tools: Sequence[ToolDescriptor]) -> frozenset[str]:
    """The words of three letters or more that the names and descriptions of two tools or
    more use: the words a compact name may be made of (a word only one tool uses is more
    likely a name itself than a word of the language)."""
    seen: Counter[str] = Counter()
    for tool in tools:
        seen.update({w for w in plain_words(f"{tool.name} {tool.description}") if len(w) > 2})
    return frozenset(word for word, count in seen.items() if count > 1)


def _synonyms() -> dict[str, tuple[str, ...]]:
    """Each verb of ``VERBS`` (stemmed) → the other verbs of its groups."""
    found: dict[str, dict[str, None]] = {}
    for group in VERBS:
        stems = [stem(verb) for verb in group.split()]
        for verb in stems:
            found.setdefault(verb, {}).update(dict.fromkeys(s for s in stems if s != verb))
    return {verb: tuple(others) for verb, others in found.items()}


SYNONYMS = _synonyms()


LIST = stem("list")


def _is_plural(word: str) -> bool:
    """Whether a (plain) word of a query looks like a plural: ``pods``, ``entries``."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _twin_key(tool: ToolDescriptor, position: int) -> object:
    """What tools that do the same thing share: their summary and parameter names (a tool
    without a summary is nobody's twin)."""
    text = summary(tool)
    return (text, tuple(f.name for f in tool.parameters)) if text else position


class ToolIndex:
    """The tools of a Toolbox or server, ready to rank for a query (BM25).

    Args:
        tools: The tools searched, in order (ties keep it).
    """

    def __init__(self, tools: Sequence[ToolDescriptor]) -> None:
        self.tools = list(tools)
        self._twins = [_twin_key(tool, position) for position, tool in enumerate(self.tools)]
        vocabulary = vocabulary_of(self.tools)
        self._counts = [Counter(tool_words(tool, vocabulary)) for tool in self.tools]
        self._names = [
            frozenset(w for w in name_words(tool, vocabulary) if len(w) > 1) for tool in self.tools
        ]
        self._named = frozenset().union(*self._names)
        self._named_in_order = sorted(self._named)  # sorted: the same sums, run after run
        self._lengths = [sum(counts.values()) for counts in self._counts]
        self._average = sum(self._lengths) / len(self._lengths) if self._lengths else 0.0
        frequency: Counter[str] = Counter()
        for counts in self._counts:
            frequency.update(counts.keys())
        total = len(self.tools)
        self._weights = {
            word: math.log(1 + (total - seen + 0.5) / (seen + 0.5))
            for word, seen in frequency.items()
        }

    def search(self, query: str, limit: int = 5) -> list[ToolDescriptor]:
        """The tools that best match a query, best first; none when no word of it is known.
        Tools that do the same thing (the same summary and parameter names, such as
        kubernetes' ``read_node`` and ``read_node_with_http_info``) take one place among the
        ``limit``: both are given, side by side.

        Args:
            query: What the model is looking for, in its own words.
            limit: At most this many places.

        Returns:
            The matching tools, best first (ties in the index's order).
        """
        plain = plain_words(query)
        stems = list(dict.fromkeys(stem(w) for w in plain))
        asked = [w for w in stems if w in self._weights]
        related = [other for w in stems for other in SYNONYMS.get(w, ())]
        related += [short for w in stems for short in self._abbreviations(w)]
        # what a name may be made of; a plural's hint at "list" below is too weak for that
        wanted = frozenset(asked) | frozenset(related)
        if any(_is_plural(w) and stem(w) in self._named for w in plain):
            related.append(LIST)
        related = [w for w in dict.fromkeys(related) if w in self._weights and w not in asked]
        scored = []
        for position, counts in enumerate(self._counts):
            length, named = self._lengths[position], self._names[position]
            score = sum(self._score(word, counts, length) for word in asked)
            score += SYNONYM_WEIGHT * sum(
                self._score(word, counts, length) for word in related if word in named
            )
            if named:
                covered = len(named & wanted) / len(named)
                score *= 1 + COVERAGE_WEIGHT * covered
            if score > 0:
                scored.append((-score, position))
        places: dict[object, list[ToolDescriptor]] = {}
        for _, position in sorted(scored):
            tool = self.tools[position]
            place = places.get(self._twins[position])
            if place is not None:
                place.append(tool)
            elif len(places) < limit:
                places[self._twins[position]] = [tool]
        return [tool for place in places.values() for tool in place]

    def _abbreviations(self, word: str) -> list[str]:
        """The name words that shorten a query's word: those it starts with, of three letters
        or more (``increment`` → incr, ``length`` → len, ``delete`` → del)."""
        return [
            short
            for short in self._named_in_order
            if len(word) > len(short) >= ABBREVIATION and word.startswith(short)
        ]

    def _score(self, word: str, counts: Counter[str], length: int) -> float:
        seen = counts.get(word, 0)
        if not seen:
            return 0.0
        norm = K1 * (1 - B + B * length / self._average)
        return self._weights[word] * seen * (K1 + 1) / (seen + norm)


SEARCH_TOOL_NAME = "search_tools"
"""The name of the tool a model calls to find tools."""
SEARCH_LIMIT = 5
"""How many places (see ``ToolIndex.search``) one search answers with."""

SEARCH_TOOL = ToolDescriptor(
    name=SEARCH_TOOL_NAME,
    description=(
        'Find tools by what they do. Describe the action in plain words (for example "show '
        'the logs of a pod"); the best-matching tools are returned with their parameters '
        "and can be called from then on. Search again with other words when none fits."
    ),
    parameters=(
        Field(
            "query",
            StringType(),
            "What the tool should do, in plain words.",
        ),
    ),
    class_name="ToolSearch",
    method_name=SEARCH_TOOL_NAME,
)
"""``search_tools(query)``: the tool the always-loaded tools come with."""


class ToolSearchSession:
    """One conversation's tool search: the tools offered from the start, and those the model
    found since. ``Toolbox.definitions(provider, search=True)`` uses the Toolbox's own session
    (``Toolbox.reset_search`` starts it again); ``Toolbox.search_session()`` makes one per
    conversation for a Toolbox that serves several at once; ``serve --search`` keeps one per
    client.

    Args:
        tools: Every tool that may be offered, in order.
        deferred: The names of the tools loaded on demand; none means every tool is.
        limit: How many places one search answers with.
        max_chars: The longest answer (JSON text) a search gives: what does not fit is left
            out whole (see ``answer``), never cut in the middle.

    Raises:
        InspectorError: A tool is already named ``search_tools``.
    """

    def __init__(
        self,
        tools: Sequence[ToolDescriptor],
        deferred: Iterable[str] = (),
        limit: int = SEARCH_LIMIT,
        max_chars: int = MAX_RESULT_CHARS,
    ) -> None:
        if any(tool.name == SEARCH_TOOL_NAME for tool in tools):
            raise InspectorError(
                f"a tool is named {SEARCH_TOOL_NAME!r}, the name of the tool search's own tool: "
                "rename it (classification file) to use tool search"
            )
        names = set(deferred) or {tool.name for tool in tools}
        self.limit = limit
        self.max_chars = max_chars
        self._tools = list(tools)
        self._searched = [tool for tool in self._tools if tool.name in names]
        self._index: ToolIndex | None = None
        self._found: dict[str, None] = {}
        self._lock = threading.Lock()

    @property
    def found(self) -> list[str]:
        """The names of the deferred tools the model found so far, in the order found."""
        with self._lock:
            return list(self._found)

    def offered(self) -> list[ToolDescriptor]:
        """The tools to offer now.

        Returns:
            The tools not deferred and those found so far (in the tools' order, none of them
            marked deferred any more), then ``search_tools``.
        """
        searched = {tool.name for tool in self._searched}
        with self._lock:
            shown = [t for t in self._tools if t.name not in searched or t.name in self._found]
        return [*(_loaded(tool) for tool in shown), SEARCH_TOOL]

    def search(self, query: str) -> list[ToolDescriptor]:
        """Find deferred tools; they are offered from now on.

        Args:
            query: What the model is looking for, in its own words.

        Returns:
            The deferred tools that best match ``query``, best first (see
            ``ToolIndex.search``).
        """
        matches = self._matches(query)
        self.keep(tool.name for tool in matches)
        return matches

    def _matches(self, query: str) -> list[ToolDescriptor]:
        if self._index is None:  # built at the first search: a session may never search
            self._index = ToolIndex(self._searched)
        return self._index.search(query, self.limit)

    def answer(self, arguments: Mapping[str, object]) -> JsonObject:
        """What a ``search_tools`` call returns to the model: the tools found, each with its
        name, description and JSON Schema of parameters, within ``max_chars``. When they do
        not fit, the parameters of the last ones are left out (they come with the tools'
        definitions from the next turn on, as a note says), then the last tools themselves;
        only the tools named in the answer count as found.

        Args:
            arguments: The call's arguments (``query``).

        Returns:
            ``{"tools": [...]}``, with a ``note`` when nothing matches or something was left
            out.

        Raises:
            ValueError: ``query`` is missing or not a string.
        """
        query = arguments.get("query")
        unexpected = sorted(set(arguments) - {"query"})
        if not isinstance(query, str) or unexpected:
            raise ValueError(
                f"unexpected argument {unexpected[0]!r}; the tool takes: query"
                if unexpected
                else "query: expected a string (what the tool should do, in plain words)"
            )
        matches = self._matches(query)
        if not matches:
            note = f"no tool matches {query!r}; describe the action in other words"
            return {"tools": [], "note": note}
        entries = [_definition(tool) for tool in matches]
        result = _fitted(entries, self.max_chars)
        self.keep(str(entry["name"]) for entry in entries)  # what the answer names
        return result

    def keep(self, names: Iterable[str]) -> None:
        """Offer these deferred tools from now on, as if found (what a conversation found
        before the tools were reloaded); other names are passed over.

        Args:
            names: Tool names.
        """
        searched = {tool.name for tool in self._searched}
        with self._lock:
            self._found.update(dict.fromkeys(n for n in names if n in searched))

    def reset(self) -> None:
        """Forget what was found: a new conversation starts with the always-loaded tools."""
        with self._lock:
            self._found.clear()


def _loaded(tool: ToolDescriptor) -> ToolDescriptor:
    """A tool offered now: no longer deferred, so that a render writes it in full."""
    if not tool.curation.defer:
        return tool
    return dataclasses.replace(tool, curation=dataclasses.replace(tool.curation, defer=False))


def _size(value: Json) -> int:
    """The length of a result's text, as the model gets it (``messages.to_text``)."""
    return len(json.dumps(value, ensure_ascii=False))


def _fitted(entries: list[JsonObject], max_chars: int) -> JsonObject:
    """The answer holding ``entries`` in at most ``max_chars``: first without the parameters
    of the last entries, then without the last entries (``entries`` is left holding those the
    answer names)."""
    result: JsonObject = {"tools": list(entries)}
    if _size(result) <= max_chars:
        return result
    shortened: list[str] = []
    for position in reversed(range(len(entries))):
        entry = entries[position]
        entries[position] = {key: value for key, value in entry.items() if key != "parameters"}
        shortened.insert(0, str(entry["name"]))
        result = {"tools": list(entries), "note": _SHORTENED.format(", ".join(shortened))}
        if _size(result) <= max_chars:
            return result
    while len(entries) > 1:
        entries.pop()
        kept = [name for name in shortened if name in {str(e["name"]) for e in entries}]
        result = {"tools": list(entries), "note": _SHORTENED.format(", ".join(kept))}
        if _size(result) <= max_chars:
            return result
    (first,) = entries  # one tool whose name and description alone are too long: cut its text
    note = _SHORTENED.format(first["name"])
    room = max_chars - _size({"tools": [{**first, "description": ""}], "note": note})
    text = str(first.get("description", ""))[: max(room - 10, 0)]
    return {"tools": [{**first, "description": f"{text} [...]"}], "note": note}


_SHORTENED = (
    "the parameters of {} are too long to show here: they come with the tools' definitions "
    "from your next turn; call the tools by name then"
)


def _definition(tool: ToolDescriptor) -> JsonObject:
    entry: JsonObject = {"name": tool.name}
    if tool.description:
        entry["description"] = tool.description
    entry["parameters"] = tool.parameters_schema()
    return entry
