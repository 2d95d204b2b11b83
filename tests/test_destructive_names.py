"""The destructive-name rule: which new methods start false, and the word that says why."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from inspector.files.destructive_names import (
    ANY_WORD_STEMS,
    ASKING_FIRST_WORDS,
    DERIVED_ENDINGS,
    FIRST_WORD_STEMS,
    FIRST_WORDS,
    LEADING_PHRASES,
    NOT_DESTRUCTIVE_WORDS,
    WHOLE_NAMES,
    WORD_ENDINGS,
    destructive_word,
    name_words,
)

# Letters no stem, ending or listed word is made of alone: drawn words stay harmless.
_PLAIN = st.text("bghjqxyz", min_size=1, max_size=6)
_STEMS = st.sampled_from(sorted(FIRST_WORD_STEMS | ANY_WORD_STEMS))
_ANYWHERE = st.sampled_from(sorted(ANY_WORD_STEMS))
_FIRST_ONLY = st.sampled_from(sorted(FIRST_WORD_STEMS))
_ASKING = st.sampled_from(sorted(ASKING_FIRST_WORDS))


@pytest.mark.parametrize(
    ("name", "word"),
    [
        # the first word, whole, in every case style
        ("delete_pod", "delete"),
        ("deleteItem", "delete"),
        ("DropTable", "drop"),
        ("DELETE_ALL", "delete"),
        ("delete2", "delete"),
        ("executemany", "exec"),
        ("rmtree", "rmtree"),
        ("reset", "reset"),
        # a first word that starts with a stem: os, ftplib, imaplib, redis
        ("execl", "exec"),
        ("execvpe", "exec"),
        ("spawnlp", "spawn"),
        ("popen", "popen"),
        ("removedirs", "remove"),
        ("removexattr", "remove"),
        ("renames", "rename"),
        ("killpg", "kill"),
        ("deleteacl", "delete"),
        ("clear_edges", "clear"),
        ("dropna", "drop"),
        ("suspend", "suspend"),  # psutil's Process.suspend: the process stops (SIGSTOP)
        ("suspend_processes", "suspend"),
        # a stem anywhere, for the strongest words
        ("find_one_and_delete", "delete"),
        ("batch_delete", "delete"),
        ("chat_deleteScheduledMessage", "delete"),
        ("HTTPDelete", "delete"),
        ("client_kill", "kill"),
        ("slowlog_reset", "reset"),
        ("posix_spawnp", "spawn"),
        ("create_subprocess_shell", "subprocess"),
        ("connect_post_namespaced_pod_exec", "exec"),
        ("unsafe_load", "unsafe"),
        ("unsafe_load_all", "unsafe"),
        ("load_unsafe", "unsafe"),
        ("get_and_delete", "delete"),
        ("expunge", "expunge"),  # imaplib's: every message marked deleted is gone
        ("evict", "evict"),  # diskcache's Cache.evict(tag): every entry of the tag is gone
        ("evict_expired", "evict"),
        ("lru_evict", "evict"),
        ("cull", "cull"),  # diskcache's Cache.cull: entries gone until the cache fits
        ("eviction_policy", None),
        ("evicted_count", None),
        ("get_evict_count", None),
        ("culling_interval", None),
        ("uid_expunge", "expunge"),
        # a setting or a registration taken away: python-dotenv, os, shutil, tomlkit, AWS
        ("unset_key", "unset"),
        ("unsetenv", "unset"),
        ("unregister_archive_format", "unregister"),
        ("unregisterEncoder", "unregister"),
        ("deregister_task_definition", "deregister"),
        ("unsettled_count", None),
        ("unregistered_users", None),
        ("is_unset", None),
        ("list_unset_variables", None),  # what is not set: unset only as the first word acts
        ("find_unset_options", None),
        # word endings: protocol commands, permissions
        ("sendcmd", "cmd"),
        ("voidcmd", "cmd"),
        ("docmd", "cmd"),
        ("raw_cmd", "cmd"),
        ("chmod", "chmod"),
        ("lchown", "chown"),
        ("fchmod", "chmod"),
        # exact first words, whole names, phrases
        ("rmd", "rmd"),
        ("dele", "dele"),
        ("flushall", "flushall"),
        ("flush_all", "flush all"),  # pymemcache's Client.flush_all: every key gone
        ("flushDb", "flush db"),
        ("flush", None),
        ("flush_buffers", None),
        ("eval_ro", "eval"),
        ("system", "system"),
        ("raw", "raw"),
        ("raw_sql", "raw sql"),
        ("rawQuery", "raw query"),
        ("command", "command"),
        ("pop", "pop"),  # a mutable collection's: the entry is gone (ConfigParser.popitem)
        ("popitem", "popitem"),
        ("popleft", "popleft"),
        ("pop_item", "pop item"),  # spelled apart, as flush_all
        ("popLeft", "pop left"),
        ("pop_all", "pop all"),  # every entry gone
        ("e_val", None),  # a one-letter word joined to the next is no word (an eigenvalue)
        ("eVal", None),
        ("run_command_async", "run command"),
        ("shut_down", "shut down"),
        ("send_signal", "send signal"),
        # moved or renamed away
        ("move", "move"),
        ("rename", "rename"),
        ("rename_branch", "rename"),
        # handed to another owner or account
        ("transfer_ownership", "transfer"),
        ("transferFrom", "transfer"),
        ("transferred_bytes", None),
        ("withdraw", "withdraw"),  # ccxt's: funds sent out of the account to an address
        ("withdraw_ws", "withdraw"),
        ("fetch_withdrawals", None),
        ("withdrawal_fees", None),
        # a stem run together with a word that ends as a derived word does is still the act
        ("killsignal", "kill"),
        ("deleteoriginal", "delete"),
        ("resetlocal", "reset"),
        ("clearinterval", "clear"),
        ("deleteselection", "delete"),
        ("executioner", None),  # endings on endings: exec-ut-ion-er
        ("transform", None),
        # the traps: a stem inside a noun, an adjective, a past form, or a longer word
        ("deleted_items", None),
        ("undelete", None),
        ("executor", None),
        ("run_in_executor", None),
        ("execution_options", None),
        ("executable", None),
        ("clearance", None),
        ("clearly", None),
        ("dropdown", None),
        ("dropout", None),
        ("droppable", None),
        ("removable", None),
        ("resetting", None),
        ("truncated_cube_graph", None),
        ("movement", None),
        ("killer", None),
        ("evaluate", None),
        ("evalf", None),
        ("rmul", None),
        ("rmatvec", None),
        ("delta", None),
        ("delegate", None),
        # a weaker stem after the first word, a word that harms only alone, a question
        ("drag_and_drop", None),
        ("set_clear_color", None),
        ("bulk_move", None),
        ("system_info", None),
        ("solve_linear_system", None),
        ("raw_data", None),
        ("command_info", None),
        ("pop_context", None),
        ("populate", None),
        ("has_delete_permission", None),
        ("can_delete", None),
        ("check_unsafe_protocols", None),
        ("validate_delete", None),
        ("check_and_delete", "delete"),
        ("on_delete", None),
        ("get_exec_path", None),
        ("render_delete_form", None),
        ("cmdline", None),
        # where the line is: writes, sends and replacements stay true
        ("write_text", None),
        ("sendmail", None),
        ("send_message", None),
        ("replace", None),
        ("update", None),
        ("list_items", None),
        ("", None),
        ("_", None),
    ],
)
def test_the_word_that_makes_a_name_destructive(name: str, word: str | None) -> None:
    assert destructive_word(name) == word


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("drop_Table", ["drop", "table"]),
        ("dropTable", ["drop", "table"]),
        ("HTTPDelete", ["http", "delete"]),
        ("chat_deleteScheduledMessage", ["chat", "delete", "scheduled", "message"]),
        ("delete2", ["delete", "2"]),
    ],
)
def test_the_words_of_a_name(name: str, words: list[str]) -> None:
    assert name_words(name) == words


def test_an_async_twin_with_a_leading_a_counts_only_when_async() -> None:
    assert destructive_word("adelete", is_async=True) == "delete"
    assert destructive_word("aexecute_command", is_async=True) == "exec"
    assert destructive_word("aupdate", is_async=True) is None
    assert destructive_word("adelete") is None
    assert destructive_word("adjust", is_async=True) is None


def test_the_lists_do_not_overlap_or_undo_each_other() -> None:
    """Each list means something: a trap word is one a stem would take, an asking word is
    none of the destructive ones, and each listed word counts alone."""
    stems = FIRST_WORD_STEMS | ANY_WORD_STEMS
    assert not FIRST_WORD_STEMS & ANY_WORD_STEMS
    listed = stems | FIRST_WORDS | WORD_ENDINGS
    assert {word: destructive_word(word) for word in listed} == {word: word for word in listed}
    assert all(any(w.startswith(s) for s in stems) for w in NOT_DESTRUCTIVE_WORDS)
    assert not ASKING_FIRST_WORDS & listed
    for phrase in WHOLE_NAMES | LEADING_PHRASES:
        assert destructive_word("_".join(phrase)) == " ".join(phrase)


@given(stem=_STEMS, rest=st.lists(_PLAIN, max_size=3))
def test_a_name_starting_with_a_stem_is_destructive_in_every_case_style(
    stem: str, rest: list[str]
) -> None:
    snake = "_".join([stem, *rest])
    camel = stem + "".join(word.capitalize() for word in rest)
    pascal = "".join(word.capitalize() for word in [stem, *rest])
    for name in (snake, camel, pascal, snake.upper()):
        assert destructive_word(name) == stem, name


@given(stem=_STEMS, glued=_PLAIN, rest=st.lists(_PLAIN, max_size=2))
def test_a_first_word_that_only_starts_with_a_stem_counts(
    stem: str, glued: str, rest: list[str]
) -> None:
    """``execvpe``, ``removedirs``, ``killpg``: the rest of the word is no English ending."""
    word = stem + glued
    assume(not word.endswith(DERIVED_ENDINGS))
    assert destructive_word("_".join([word, *rest])) == stem


@given(stem=_STEMS, ending=st.sampled_from(DERIVED_ENDINGS), rest=st.lists(_PLAIN, max_size=2))
def test_a_stem_with_an_english_ending_is_another_word(
    stem: str, ending: str, rest: list[str]
) -> None:
    """``deleted``, ``executor``, ``clearance``: a thing, a state or a quality, not the act."""
    assert destructive_word("_".join([stem + ending, *rest])) is None


@given(first=_PLAIN, stem=_ANYWHERE, rest=st.lists(_PLAIN, max_size=2))
def test_a_strong_stem_counts_after_the_first_word(first: str, stem: str, rest: list[str]) -> None:
    assert destructive_word("_".join([first, stem, *rest])) == stem
    assert destructive_word(first + stem.capitalize()) == stem


@given(first=_PLAIN, stem=_FIRST_ONLY)
def test_a_weaker_stem_after_the_first_word_does_not(first: str, stem: str) -> None:
    assert destructive_word(f"{first}_{stem}") is None
    assert destructive_word(first + stem.capitalize()) is None


@given(asking=_ASKING, stem=_ANYWHERE, middle=st.lists(_PLAIN, max_size=2))
def test_after_a_question_or_a_hook_a_strong_stem_counts_only_joined_by_and(
    asking: str, stem: str, middle: list[str]
) -> None:
    assert destructive_word("_".join([asking, *middle, stem])) is None
    assert destructive_word("_".join([asking, *middle, "and", stem])) == stem


@pytest.mark.parametrize(
    ("name", "first_parameter", "word"),
    [
        # fabric's and invoke's Connection/Context, pexpect, subprocess
        ("run", "command", "run command"),
        ("run", "cmd", "run cmd"),
        ("run", "args", "run args"),
        ("call", "args", "call args"),
        ("run", "shell_script", "run shell"),
        ("sudo", "command", "sudo"),
        ("sudo", "", "sudo"),
        ("getoutput", "cmd", "getoutput"),
        ("getstatusoutput", "cmd", "getstatusoutput"),
        ("check_output", "args", "check output"),
        ("check_call", "args", "check call"),
        # a verb whose input is no command, and longer names, stay as they were
        ("run", "", None),
        ("run", "count", None),
        ("run", "options", None),
        ("call", "method", None),
        ("run_job", "command", None),
        ("run_query", "args", None),
        ("add_command", "cmd", None),
        ("check_health", "", None),
    ],
)
def test_a_verb_alone_reads_with_its_first_parameter(
    name: str, first_parameter: str, word: str | None
) -> None:
    assert destructive_word(name, first_parameter=first_parameter) == word
