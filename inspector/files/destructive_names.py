"""Which method names say the method destroys something, or runs whatever it is given: a new
method with such a name starts ``false`` on a first scan (TI333), until the user turns it on.

Every list the rule reads is here; the "Scan and classify" guide explains them to users.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

FIRST_WORD_STEMS: Final = frozenset(
    {
        # lose data, or the state a user built up (Graph.clear, DataFrame.reset_index)
        "drop",
        "truncate",
        "unlink",
        "clear",
        "discard",
        # a cache's entries thrown out before their time (diskcache's Cache.cull)
        "cull",
        # moved or renamed away: the old name stops working, an existing target is replaced
        # (os.rename, shutil.move, Path.rename, pymongo's Collection.rename)
        "move",
        "rename",
        # handed to another owner or account, which the caller cannot take back (PyGithub's
        # Repository.transfer_ownership, ccxt's transfer, an ERC-20 contract's transferFrom),
        # or sent out of the account to an address (ccxt's withdraw: funds on their way out)
        "transfer",
        "withdraw",
        # a setting the user made taken away: python-dotenv's unset_key (the key gone from the
        # .env file), os.unsetenv; only as the act, the first word (``list_unset_variables``
        # and ``unset_count`` name what is not set)
        "unset",
        # stop a process, a server, a job (psutil's Process.suspend sends SIGSTOP)
        "shutdown",
        "abort",
        "suspend",
    }
)
"""A name whose first word starts with one of these (``clear_edges``, ``killpg``, ``renames``)."""

ANY_WORD_STEMS: Final = frozenset(
    {
        "delete",
        "remove",
        "destroy",
        "purge",
        # IMAP's EXPUNGE erases every message marked deleted (imaplib's expunge)
        "expunge",
        "wipe",
        "erase",
        # a cache's entries, or a pod from its node, thrown out (diskcache's Cache.evict(tag),
        # every entry of a tag)
        "evict",
        "overwrite",
        # state set back, a token or key made useless, an installed app gone: redis'
        # slowlog_reset, Slack's auth_revoke and apps_uninstall
        "reset",
        "revoke",
        "uninstall",
        # a registration the user made taken away: shutil's unregister_archive_format,
        # tomlkit's unregister_encoder, an AWS client's deregister_*
        "unregister",
        "deregister",
        "kill",
        "terminate",
        # run the program, statement or code they are given: os.execvp, os.posix_spawn,
        # os.popen, asyncio's create_subprocess_exec, DB-API's executemany, redis'
        # execute_command, kubernetes' connect_post_namespaced_pod_exec
        "exec",
        "spawn",
        "popen",
        "subprocess",
        # the library's own warning (PyYAML's unsafe_load runs code the YAML names)
        "unsafe",
        "dangerously",
    }
)
"""A name with a word, anywhere, that starts with one of these (``find_one_and_delete``,
Slack's ``chat_delete``, redis' ``client_kill``), unless an ``ASKING_FIRST_WORDS`` word comes
first; at the first word, as ``FIRST_WORD_STEMS``."""

WORD_ENDINGS: Final = frozenset(
    {
        # a protocol command sent as given: ftplib's sendcmd/voidcmd, smtplib's docmd
        "cmd",
        # who may read, write or own a file: os.chmod, os.lchown, Path.chmod
        "chmod",
        "chown",
    }
)
"""A name with a word, anywhere, that ends with one of these (``sendcmd``, ``fchmod``), with
the same exception as ``ANY_WORD_STEMS``."""

FIRST_WORDS: Final = frozenset(
    {
        # the file system's words for delete, too short to be stems (rmul, rmatvec, delta)
        "rm",
        "rmd",
        "rmdir",
        "rmtree",
        "del",
        "dele",
        # runs the command that follows as root: fabric's and invoke's Connection.sudo
        "sudo",
        # redis: the whole database
        "flushall",
        "flushdb",
        # runs the code it is given (redis' eval; not evaluate, evalf)
        "eval",
    }
)
"""A name whose first word is one of these, exactly, or whose first two words are
(``flush_all``, ``rmTree``)."""

WHOLE_NAMES: Final = frozenset(
    {
        ("system",),  # os.system (not system_info)
        ("raw",),  # Django's Manager.raw (not raw_data)
        ("command",),  # pymongo's Database.command (not command_info)
        # an entry taken out of a mutable collection: every MutableMapping's and
        # MutableSequence's pop and popitem (ConfigParser.popitem drops a whole section),
        # deque's popleft (not pop_context, populate)
        ("pop",),
        ("popitem",),
        ("popleft",),
        ("popall",),
    }
)
"""Names that are these words and nothing more, or these words spelled apart in two
(``pop_item``, ``popLeft``): the same words are harmless in longer names."""

LEADING_PHRASES: Final = frozenset(
    {
        ("raw", "sql"),
        ("raw", "query"),
        ("run", "command"),
        ("run", "cmd"),
        ("run", "args"),
        ("run", "shell"),
        ("call", "args"),
        ("call", "cmd"),
        ("getoutput",),
        ("getstatusoutput",),
        ("check", "output"),
        ("check", "call"),
        ("send", "command"),
        # any signal, SIGKILL included: subprocess.Popen and psutil.Process.send_signal
        ("send", "signal"),
        ("cursor", "command"),
        ("shut", "down"),
    }
)
"""Names whose words begin with one of these phrases (``raw_sql``, ``run_command_async``). A
name that is a verb alone is read with its first parameter's name after it: fabric's
``run(command)`` is ``run command``, ``run(args)`` and ``call(args)`` (subprocess' form) are
``run args`` and ``call args``; ``getoutput(cmd)`` and ``check_output`` say it alone."""

DERIVED_ENDINGS: Final = (
    "al",
    "als",
    "ed",
    "er",
    "ers",
    "or",
    "ors",
    "ion",
    "ions",
    "ing",
    "ings",
    "ive",
    "able",
    "ible",
    "ance",
    "ment",
    "ments",
    "ness",
    "ly",
)
"""A word longer than its stem that ends so right after it (``_derived``) names a thing, a
state or a quality, not the act: ``deleted``, ``executor``, ``execution``, ``executable``,
``clearance``, ``movement``, ``withdrawal``."""

NOT_DESTRUCTIVE_WORDS: Final = frozenset({"dropdown", "dropout", "droplet", "dropbox"})
"""Compound nouns that start with a stem."""

ASKING_FIRST_WORDS: Final = frozenset(
    {
        # questions and permissions: Django's has_delete_permission, can_delete
        "is",
        "has",
        "can",
        "should",
        "may",
        "must",
        "needs",
        "allow",
        "allows",
        # hooks called around the act, not the act: on_delete, pre_delete
        "on",
        "pre",
        "post",
        "before",
        "after",
        # what reads or shows it: os.get_exec_path, Django's render_delete_form, response_delete
        "get",
        "render",
        "response",
        # what takes it back
        "undo",
        "cancel",
        "restore",
        # what checks it first: GitPython's check_unsafe_protocols, validate_delete
        "check",
        "checks",
        "validate",
        "verify",
    }
)
"""First words after which an ``ANY_WORD_STEMS`` or ``WORD_ENDINGS`` word does not count, unless
``and`` joins it (``get_and_delete``)."""

_STEMS_AT_FIRST_WORD: Final = FIRST_WORD_STEMS | ANY_WORD_STEMS
_PHRASE_LENGTHS: Final = sorted({len(phrase) for phrase in LEADING_PHRASES})
_ENDINGS: Final = sorted(WORD_ENDINGS)

_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
"""The words of a name: ``deleteItem`` → delete, Item; ``HTTPDelete`` → HTTP, Delete."""


def name_words(name: str) -> list[str]:
    """The words of a snake_case, camelCase or PascalCase name, lower-cased.

    Args:
        name: A method or function name.

    Returns:
        Its words in order (``drop_Table`` and ``dropTable`` → ``["drop", "table"]``).
    """
    return [word.lower() for part in name.split("_") for word in _WORDS.findall(part)]


def destructive_word(name: str, *, is_async: bool = False, first_parameter: str = "") -> str | None:
    """What makes a name destructive: the stem, word or phrase it matched, or None.

    Args:
        name: A method or function name.
        is_async: Whether it is awaited: then an ``a`` in front counts as its async twin
            (Django's ``adelete`` beside ``delete``).
        first_parameter: The name of the first parameter the method takes, if any: a name
            that is one verb reads with it (``run`` + ``command``: ``run command``).

    Returns:
        ``"exec"`` for ``execvpe``, ``"remove"`` for ``removedirs``, ``"delete"`` for
        ``find_one_and_delete``, ``"cmd"`` for ``sendcmd``, ``"raw sql"`` for ``raw_sql``;
        None for ``deleted_items``, ``executor``, ``has_delete_permission``, ``raw_data``.
    """
    if is_async and name[:1] == "a":
        twin = destructive_word(name[1:], first_parameter=first_parameter)
        if twin is not None:
            return twin
    words = name_words(name)
    if not words:
        return None
    whole = tuple(words)
    # a verb alone says what it acts on by its parameter: ``run(command)``
    read = (*whole, *name_words(first_parameter)) if len(whole) == 1 else whole
    # the shortest phrase first: a longer one that matches starts with it
    phrase = next((read[:n] for n in _PHRASE_LENGTHS if read[:n] in LEADING_PHRASES), None)
    # spelled apart (pymemcache's flush_all, rm_tree); two words, not a letter and a word
    # (``e_val``, an eigenvalue)
    joined = "".join(words[:2]) if len(words) > 1 and min(map(len, words[:2])) > 1 else ""
    if whole in WHOLE_NAMES or (len(words) == 2 and (joined,) in WHOLE_NAMES) or phrase:
        return " ".join(phrase or words)
    if words[0] in FIRST_WORDS:
        return words[0]
    if joined in FIRST_WORDS:
        return " ".join(words[:2])
    first = _stem(words[0], _STEMS_AT_FIRST_WORD) or _ending(words[0])
    if first is not None:
        return first
    for before, word in itertools.pairwise(words):
        if words[0] in ASKING_FIRST_WORDS and before != "and":
            continue
        found = _stem(word, ANY_WORD_STEMS) or _ending(word)
        if found is not None:
            return found
    return None


def _stem(word: str, stems: frozenset[str]) -> str | None:
    """The longest stem the word starts with, unless the rest makes it another word."""
    if word in NOT_DESTRUCTIVE_WORDS:
        return None
    # the word's own prefixes, longest first: a few set lookups, not a test of every stem
    stem = next((word[:end] for end in range(len(word), 0, -1) if word[:end] in stems), None)
    if stem is None:
        return None
    return None if _derived(word[len(stem) :], stem) else stem


_BRIDGE = 2
"""At most this many letters between a stem and a derived ending (``exec-ut-ion``,
``drop-p-ed``); a longer run is a word of its own (``kill-sign-al``, ``delete-select-ion``)."""


def _derived(rest: str, stem: str) -> bool:
    """Whether the letters after a stem make a word derived from it (``withdraw-al``,
    ``delete-d``, ``exec-ut-or``), not the stem joined to another word (``kill-signal``,
    ``clear-interval``, ``reset-local``)."""
    if not rest:
        return False
    spelled = (rest, "e" + rest) if stem.endswith("e") else (rest,)  # ``delete`` + ``d``
    return any(_ends_derived(text) for text in spelled)


def _ends_derived(text: str) -> bool:
    """Whether ``text`` is derived endings after at most ``_BRIDGE`` letters, one ending on
    another too (``ut-ion-er`` of ``executioner``)."""
    return any(
        text.endswith(ending)
        and (len(text) - len(ending) <= _BRIDGE or _ends_derived(text[: -len(ending)]))
        for ending in DERIVED_ENDINGS
    )


def _ending(word: str) -> str | None:
    return next((end for end in _ENDINGS if word.endswith(end)), None)
