"""TritonBench-G and -T items read from a user's checkout: the layout search, the split of each
item's .py into its code and its test section, and what is skipped and why. Reading only: running
items and judging answers is eval/tritonbench.py. Kept here, beside the KernelBench loader, so that
decontamination (data/) indexes the same items the eval harness loads without importing eval/.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from autotriton.tasks.contract import TaskError
from autotriton.tasks.kernelbench import SkippedFile

SEPARATOR = "#" * 146
G_FIELDS = ("file", "comp_instru", "output")  # the ones the loader needs
T_FIELDS = ("name", "description", "torch_code", "file")
RESULT_VAR = {"G": "result_gold", "T": "test_results"}
_SEARCH_DEPTH = 3  # folders below root searched for the JSON and the .py folder
_JSON_MAX_BYTES = 64 << 20


@dataclass(frozen=True)
class TBItem:
    id: str  # tritonbench_g/<file stem> or tritonbench_t/<file stem>
    channel: Literal["G", "T"]
    instruction: str
    gold_code: str  # the .py's code before its test section
    test_code: str  # the test section, run after the gold or candidate code
    difficulty: str
    file: str  # path of the item's .py
    result_var: str = ""  # what the test section stores its results in (RESULT_VAR, or its own name)

    def __post_init__(self):
        if not self.result_var:
            object.__setattr__(self, "result_var", RESULT_VAR[self.channel])


@dataclass(frozen=True)
class TBLoadReport:
    items: tuple[TBItem, ...]
    skipped: tuple[SkippedFile, ...]
    json_path: str
    py_dir: str


# ====================================================================== loading

def load_tritonbench_g(root: Path, *, json_path: Path | None = None, py_dir: Path | None = None) -> list[TBItem]:
    """TritonBench-G items of a checkout.

    Expected layout (found anywhere up to 3 folders below `root`, or given
    with json_path/py_dir):

        <any>/<name>.json   a JSON list; items have file, repo, simp_instru,
                            comp_instru, output, difficulty
        <any>/<name>/       one <file>.py per item (the folder named like the
                            JSON is preferred, else the folder holding most of
                            the items' files)

    Items whose .py is missing, lacks the 146-'#' separator, or whose test
    section never assigns `result_gold` are skipped: see
    `load_tritonbench_g_report`.
    """
    return list(load_tritonbench_g_report(root, json_path=json_path, py_dir=py_dir).items)


def load_tritonbench_t(root: Path, *, json_path: Path | None = None, py_dir: Path | None = None) -> list[TBItem]:
    """TritonBench-T items of a checkout.

    Expected layout, as for G (see `load_tritonbench_g`), with a JSON array
    file (often named .jsonl) whose items have name, func_inputs, description,
    math, example, torch_code, difficulty, file. Each .py is split at the
    146-'#' separator when it has one, else where its first top-level
    `def test_*` (or use of `test_results`) begins.
    """
    return list(load_tritonbench_t_report(root, json_path=json_path, py_dir=py_dir).items)


def load_tritonbench_g_report(root: Path, *, json_path: Path | None = None,
                              py_dir: Path | None = None) -> TBLoadReport:
    return _load_channel("G", Path(root), json_path, py_dir)


def load_tritonbench_t_report(root: Path, *, json_path: Path | None = None,
                              py_dir: Path | None = None) -> TBLoadReport:
    return _load_channel("T", Path(root), json_path, py_dir)


def _load_channel(channel: str, root: Path, json_path: Path | None, py_dir: Path | None) -> TBLoadReport:
    if not root.is_dir():
        raise TaskError(f"TritonBench root not found: {root}")
    if json_path is None:
        json_path = _find_json(root, channel)
    entries = _read_entries(Path(json_path), channel)
    if py_dir is None:
        py_dir = _find_py_dir(root, Path(json_path), entries, channel)
    items: list[TBItem] = []
    skipped: list[SkippedFile] = []
    for entry in entries:
        path = Path(py_dir) / Path(str(entry["file"])).name
        try:
            items.append(_make_item(channel, entry, path))
        except TaskError as exc:
            skipped.append(SkippedFile(str(path), str(exc)))
    return TBLoadReport(tuple(items), tuple(skipped), str(json_path), str(py_dir))


def _near(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.rglob(pattern) if len(p.relative_to(root).parts) <= _SEARCH_DEPTH + 1)


def _find_json(root: Path, channel: str) -> Path:
    fields = G_FIELDS if channel == "G" else T_FIELDS
    matches = []
    for path in _near(root, "*.json*"):
        if path.suffix not in (".json", ".jsonl") or not path.is_file() or path.stat().st_size > _JSON_MAX_BYTES:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue  # some other file of the checkout (or a true JSON-lines file): not this channel's list
        if isinstance(data, list) and data and isinstance(data[0], dict) and all(f in data[0] for f in fields):
            matches.append(path)
    if not matches:
        raise TaskError(f"no TritonBench-{channel} JSON under {root}: expected a JSON list whose items have "
                        f"fields {', '.join(fields)} (pass json_path= to name it)")
    if len(matches) > 1:
        raise TaskError(f"several TritonBench-{channel} JSON files under {root}: "
                        f"{', '.join(map(str, matches))} (pass json_path= to pick one)")
    return matches[0]


def _read_entries(json_path: Path, channel: str) -> list[dict]:
    fields = G_FIELDS if channel == "G" else T_FIELDS
    try:
        data = json.loads(json_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TaskError(f"cannot read TritonBench-{channel} JSON {json_path}: {exc}") from None
    if not isinstance(data, list):
        raise TaskError(f"{json_path}: expected a JSON list of items, got {type(data).__name__}")
    for i, entry in enumerate(data):
        missing = [f for f in fields if not isinstance(entry, dict) or f not in entry]
        if missing:
            raise TaskError(f"{json_path}: item {i} lacks fields {missing}")
    return data


def _find_py_dir(root: Path, json_path: Path, entries: list[dict], channel: str) -> Path:
    names = {Path(str(e["file"])).name for e in entries}
    sibling = json_path.with_suffix("")
    if sibling.is_dir() and any((sibling / n).is_file() for n in names):
        return sibling
    counts: dict[Path, int] = {}
    for name in sorted(names)[:20]:  # a sample is enough to find the folder
        for path in _near(root, name):
            counts[path.parent] = counts.get(path.parent, 0) + 1
    if not counts:
        raise TaskError(f"no folder of TritonBench-{channel} .py files under {root} (looked for "
                        f"{sorted(names)[:3]} …; expected e.g. {sibling}/; pass py_dir= to name it)")
    return max(counts, key=lambda d: (counts[d], d == sibling, str(d)))


def _make_item(channel: str, entry: dict, path: Path) -> TBItem:
    if not path.is_file():
        raise TaskError("file listed in the JSON is missing")
    source = path.read_text(encoding="utf-8")
    gold, test = _split_sections(source, channel)
    var = RESULT_VAR[channel]
    try:
        tree = ast.parse(test)
    except SyntaxError as exc:
        raise TaskError(f"test section is not valid Python ({exc.msg}, line {exc.lineno})") from None
    if not any(isinstance(n, ast.Name) and n.id == var and isinstance(n.ctx, ast.Store) for n in ast.walk(tree)):
        var = _own_result_var(tree)
        if var is None:
            raise TaskError(f"test section never assigns {RESULT_VAR[channel]} (nor the result of a test_* call)")
    instruction = str(entry["comp_instru"]) if channel == "G" else _t_instruction(entry)
    return TBItem(id=f"tritonbench_{channel.lower()}/{path.stem}", channel=channel, instruction=instruction,
                  gold_code=gold, test_code=test, difficulty=str(entry.get("difficulty", "")), file=str(path),
                  result_var=var)


def _own_result_var(tree: ast.Module) -> str | None:
    """The last module-level `name = test_*(...)` of a test section: two items store
    their results under their own names (`result_gold_float16`, `output`)."""
    found = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
                and node.value.func.id.startswith("test"):
            found = node.targets[0].id
    return found


def _split_sections(source: str, channel: str) -> tuple[str, str]:
    """(code, test section): at the separator line, else (T only) at the first test statement."""
    lines = source.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.strip() == SEPARATOR:
            return "".join(lines[:i]), "".join(lines[i + 1:])
    if channel == "G":
        raise TaskError(f"no separator line of {len(SEPARATOR)} '#' between gold code and tests")
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise TaskError(f"not valid Python ({exc.msg}, line {exc.lineno})") from None
    for node in tree.body:
        is_test = isinstance(node, ast.FunctionDef) and node.name.startswith("test")
        uses_results = any(isinstance(n, ast.Name) and n.id == "test_results" for n in ast.walk(node))
        if is_test or uses_results:
            start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            return "".join(lines[:start - 1]), "".join(lines[start - 1:])
    raise TaskError("no test section: no separator, no top-level def test_*")


def _t_instruction(entry: dict) -> str:
    parts = [f"Implement the function `{entry['name']}` with Triton kernels; it must behave like the "
             "PyTorch reference below."]
    for label, key in (("Signature", "func_inputs"), ("Description", "description"), ("Math", "math"),
                       ("Example", "example")):
        if str(entry.get(key) or "").strip():
            parts.append(f"{label}:\n{str(entry[key]).strip()}")
    parts.append(f"PyTorch reference:\n```python\n{str(entry['torch_code']).strip()}\n```")
    return "\n\n".join(parts)
