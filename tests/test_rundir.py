"""The run directory's rules: one torn-line rule for every JSONL log, atomic writes, and the
settings guard that refuses to mix runs but not to retry a start that failed."""

from __future__ import annotations

import json

import pytest

from autotriton.rundir import (
    RunDirError,
    append_jsonl,
    atomic_write,
    changed_settings,
    check_settings,
    holds_output,
    read_jsonl,
    write_settings,
)


def _log(path, records, torn: str = "") -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records) + torn)


def test_torn_last_line_is_ignored_then_cut_before_the_next_append(tmp_path):
    path = tmp_path / "log.jsonl"
    _log(path, [{"i": 0}, {"i": 1}], torn='{"i": 2, "text": "cut sh')
    assert read_jsonl(path) == [{"i": 0}, {"i": 1}]
    append_jsonl(path, {"i": 2})
    assert read_jsonl(path) == [{"i": 0}, {"i": 1}, {"i": 2}]
    assert path.read_text().endswith('{"i": 2}\n') and "cut sh" not in path.read_text()


def test_a_whole_last_record_that_lost_only_its_newline_is_kept(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text('{"i": 0}\n{"i": 1}')
    assert read_jsonl(path) == [{"i": 0}, {"i": 1}]
    append_jsonl(path, {"i": 2})
    assert path.read_text() == '{"i": 0}\n{"i": 1}\n{"i": 2}\n'


def test_a_torn_line_longer_than_one_read_chunk_is_cut_whole(tmp_path):
    path = tmp_path / "log.jsonl"
    _log(path, [{"i": 0}], torn='{"text": "' + "x" * 200_000)  # over three 64 KiB chunks back to the newline
    append_jsonl(path, {"i": 1})
    assert read_jsonl(path) == [{"i": 0}, {"i": 1}]
    only_torn = tmp_path / "only.jsonl"
    only_torn.write_text('{"te')  # no newline at all: the whole file is the torn line
    append_jsonl(only_torn, {"i": 0})
    assert only_torn.read_text() == '{"i": 0}\n'


def test_an_unparseable_line_in_the_middle_is_corruption_naming_file_and_line(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text('{"i": 0}\n{"i": 1, "te{"i": 2}\n{"i": 3}\n')  # what appending onto a fragment used to leave
    with pytest.raises(RunDirError, match=r"log\.jsonl:2: .*corrupt"):
        read_jsonl(path)


def test_blank_lines_and_a_missing_file(tmp_path):
    path = tmp_path / "log.jsonl"
    assert read_jsonl(path) == []
    path.write_text('{"i": 0}\n\n   \n{"i": 1}\n')
    assert read_jsonl(path) == [{"i": 0}, {"i": 1}]


def test_atomic_write_replaces_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "sub" / "a.json"
    atomic_write(path, "one")
    atomic_write(path, "two")
    assert path.read_text() == "two" and [p.name for p in path.parent.iterdir()] == ["a.json"]


@pytest.mark.parametrize("name", ["run.json", "config.yaml"])
def test_guard_refuses_other_settings_once_output_exists(tmp_path, name):
    record = tmp_path / name
    old = {"model": "a", "sampling": {"temperature": 0.7, "n": 1}, "teachers": ["template"]}
    write_settings(record, old)
    check_settings(record, old, has_output=True)  # the same settings resume
    new = {**old, "sampling": {"temperature": 0.0, "n": 1}}
    with pytest.raises(RunDirError, match=r"different settings \(changed: sampling\.temperature;"):
        check_settings(record, new, has_output=True)
    check_settings(record, {**old, "teachers": ["template", "llm"]}, has_output=True, may_change=("teachers",))


def test_guard_ignores_a_record_with_no_output_beside_it(tmp_path):
    """A start that failed before producing output binds nothing: the corrected re-run goes ahead."""
    record = tmp_path / "run.json"
    write_settings(record, {"suites": ["kernelbench:typo"]})
    assert not holds_output(tmp_path, record)
    check_settings(record, {"suites": ["builtin:heldout"]}, has_output=holds_output(tmp_path, record))
    (tmp_path / ".run.json.123.tmp").write_text("")  # a killed atomic write is not output either
    assert not holds_output(tmp_path, record)
    (tmp_path / "runlog.jsonl").write_text("{}\n")
    assert holds_output(tmp_path, record)


def test_changed_settings_compares_what_a_file_would_hold():
    assert changed_settings({"levels": [1, 2]}, {"levels": (1, 2)}) == []  # a tuple is saved as a list
    assert changed_settings({"a": 1}, {"a": 1, "b": 2}) == ["b"]  # a new setting counts as a change
    assert changed_settings({"s": {"max_steps": 2, "lr": 1}}, {"s": {"max_steps": 3, "lr": 1}},
                            may_change=("s.max_steps",)) == []
