"""The run directory: the files every stage (data build, eval, training) keeps in its output folder.

A stage can be killed at any moment and re-run with the same command to resume,
so three rules hold for every stage, and live here once:

- Atomic writes. A reader sees the old file or the new one, never half of one
  (temp file, fsync, os.replace).
- Append-only JSONL logs. A kill can cut only the last line short (a record is
  one write of `json + "\\n"`). So an unparseable LAST line is a crash artefact:
  `read_jsonl` ignores it, and `append_jsonl` first truncates the file back to
  the last whole line. Appending onto the fragment instead glued the next record
  to it; a reader that stopped at that line then recomputed and re-appended
  everything after it on every resume (10 duplicated eval keys after two).
  An unparseable line anywhere else is corruption, not a kill: it raises
  `RunDirError` naming the file and line.
- One settings guard. A folder holding output made with some settings refuses
  a re-run with others, rather than mixing the two. The settings record binds
  the folder only once output sits beside it: a start that failed before
  producing any (a typo in a suite spec, a model that would not load) leaves a
  record that the corrected re-run simply overwrites.

A leaf module: it imports nothing from autotriton but the user-error base class.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import BinaryIO


_TAIL_CHUNK = 1 << 16  # bytes read per step when looking back for the last newline


class RunDirError(ValueError):
    """A run folder cannot be used as asked: made with other settings, or a corrupt log.

    One line, for the user: cli/errors.py's USER_ERRORS turn it into exit code 2."""


# ====================================================================== atomic writes

def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


# ====================================================================== JSONL logs

def _parse(line: bytes) -> dict | None:
    """The record a line holds, or None when it holds none (torn, corrupt, or not an object)."""
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return record if isinstance(record, dict) else None


def read_jsonl(path: Path) -> list[dict]:
    """Every record of a JSONL log, in order. A torn last line (after the final newline) is
    ignored; an unparseable line before it raises RunDirError. Blank lines are skipped."""
    if not path.exists():
        return []
    *whole, tail = path.read_bytes().split(b"\n")  # `tail` is b"" unless a kill cut the last write short
    records = []
    for number, line in enumerate(whole, start=1):
        if not line.strip():
            continue
        record = _parse(line)
        if record is None:
            raise RunDirError(f"{path}:{number}: not a JSON record, and not the last line, so not torn by a kill "
                              "but corrupt; remove or repair that line to resume")
        records.append(record)
    last = _parse(tail) if tail.strip() else None
    if last is not None:  # whole, only its newline was lost; the next append adds it
        records.append(last)
    return records


def append_jsonl(path: Path, record: dict) -> None:
    """Append one record as one line (flushed), after repairing a torn last line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+b") as f:  # O_APPEND: every write lands at the end, even after a truncate
        _repair_tail(f)
        f.write((json.dumps(record) + "\n").encode())
        f.flush()


def _repair_tail(f: BinaryIO) -> None:
    """End the file on a newline: a last line with no newline keeps its record (the newline is
    added) or, when it holds none, is a torn write and is cut off."""
    end = f.seek(0, os.SEEK_END)
    if end == 0:
        return
    f.seek(end - 1)
    if f.read(1) == b"\n":
        return
    start = _line_start(f, end)
    f.seek(start)
    if _parse(f.read()) is not None:
        f.write(b"\n")
    else:
        f.truncate(start)


def _line_start(f: BinaryIO, end: int) -> int:
    """Offset of the last line's first byte: just past the newline before `end` (0 if none).
    Read backwards in chunks, so an append costs a few reads, not a read of the whole log."""
    pos = end
    while pos > 0:
        size = min(_TAIL_CHUNK, pos)
        pos -= size
        f.seek(pos)
        found = f.read(size).rfind(b"\n")
        if found >= 0:
            return pos + found + 1
    return 0


# ====================================================================== settings guard

def _load_settings(path: Path) -> dict:
    text = path.read_text()
    if path.suffix in (".yaml", ".yml"):
        import yaml
        return yaml.safe_load(text) or {}
    return json.loads(text)


def write_settings(path: Path, settings: dict) -> None:
    """Record the settings a run uses: YAML for a .yaml path, else JSON."""
    if path.suffix in (".yaml", ".yml"):
        import yaml
        atomic_write(path, yaml.safe_dump(settings, sort_keys=False))
    else:
        atomic_write(path, json.dumps(settings, indent=2) + "\n")


def _flat(settings: dict, prefix: str = "") -> dict:
    """Nested settings as one level of dotted names ("sampling.temperature"), so a change names its leaf."""
    out = {}
    for key, value in settings.items():
        if isinstance(value, dict) and value:
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def changed_settings(old: dict, new: dict, may_change: tuple[str, ...] = ()) -> list[str]:
    """Dotted names of the settings that differ between two records, leaving out `may_change`
    and everything under them ("verifier" covers "verifier.timeout_s"). Both go through JSON
    first, so a tuple and the list it was saved as are equal."""
    old, new = (_flat(json.loads(json.dumps(d, default=str))) for d in (old, new))
    free = lambda k: any(k == m or k.startswith(m + ".") for m in may_change)  # noqa: E731
    return sorted(k for k in old.keys() | new.keys() if not free(k) and old.get(k) != new.get(k))


def check_settings(record: Path, settings: dict, has_output: bool, may_change: tuple[str, ...] = (),
                   hint: str = "use another --out to start fresh") -> None:
    """Refuse to add to output that was made with other settings.

    `record` is the settings file an earlier start wrote (`write_settings`). It counts only
    when `has_output`: the caller says what its output is (eval: logged samples; training: a
    checkpoint). `may_change` names settings a resume may change ("teachers", "settings.max_steps")."""
    if not has_output or not record.is_file():
        return
    changed = changed_settings(_load_settings(record), settings, may_change)
    if changed:
        raise RunDirError(f"{record.parent} holds output made with different settings "
                          f"(changed: {', '.join(changed)}; recorded in {record.name}); {hint}")


def holds_output(folder: Path, record: Path) -> bool:
    """Whether `folder` holds anything besides the settings record (and temp files of atomic writes):
    for a stage whose every output file counts."""
    return folder.is_dir() and any(p != record and not p.name.startswith(".") for p in folder.iterdir())
