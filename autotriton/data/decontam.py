"""Decontamination: drop training tasks and pairs that overlap an evaluation set.

Always checked against the built-in `heldout` split (task sources and their
reference solutions), the development suite (`dev`, tasks/dev/) with its rewrites, and
our own KernelBench answers (benchmarks/kernelbench_answers); external suites are added with
`--decontaminate-against kernelbench:PATH tritonbench-t:PATH ...`. A spec with
`:rewrites=K` indexes every rewrite the robustness channel could propose for its tasks
(tasks/rewrite.propose, not only the ones its check keeps): rewrites are eval data.

Two tests, both on normalised code (`normalize.py`: names, comments, docstrings,
imports and metadata removed):
- `exact_ast`: the normalised-AST fingerprint equals an eval item's, which
  catches renamed and reformatted copies;
- `ngram_overlap`: at least NGRAM_THRESHOLD of the item's 13-token windows occur
  in a single eval item that calls the same set of operations. The call-set
  condition is needed because task files are short: `F.mse_loss(x, y)` and
  the held-out `F.huber_loss(x, y)` tasks share 76% of their windows (imports,
  get_inputs, forward boilerplate) yet are different problems, and 3 of our
  hand-written train tasks share over 80% with some held-out task. Same calls plus
  half the windows is a copy with edited sizes, reordering or extra lines.

Measured: the offline benchmark build (`benchmarks/data_template.py`, 3000
composed tasks, 2611 distinct) dropped no task and no pair; the 76% above was
measured on the MSE task's earlier form `F.mse_loss(x, y)`. Every held-out task
re-indented, with sizes edited and a function added, is caught (22/22, overlap
0.78-0.96; `tests/test_data_compose.py`); the 38 hand-written train tasks all pass.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from autotriton.data.normalize import call_signature, fingerprint, ngrams, normalize_code
from autotriton.tasks.rewrite import propose
from autotriton.tasks.specs import parse_suite_spec, suite_tasks
from autotriton.tasks.tritonbench import load_tritonbench_g, load_tritonbench_t

NGRAM_N = 13
NGRAM_THRESHOLD = 0.5
# Rewrites indexed per task of the suites that are always held out: the robustness channel's
# default (1) with room, as each proposal costs only an AST pass (3 per kept rewrite).
ALWAYS_REWRITES = 3


@dataclass
class EvalIndex:
    """Fingerprints and n-gram postings of every evaluation text."""

    fingerprints: dict[str, str] = field(default_factory=dict)  # fingerprint -> eval item id
    postings: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))  # n-gram -> eval ids
    calls: dict[str, frozenset[str]] = field(default_factory=dict)
    suites: list[str] = field(default_factory=list)

    def add(self, item_id: str, text: str) -> None:
        code_print, grams, calls = _indexed(text)
        self.fingerprints.setdefault(code_print, item_id)
        self.calls[item_id] = calls
        for g in grams:
            self.postings[g].add(item_id)


# Every build indexes the same suites again: 10 s of each on the 2-core CPU once warm (15 s cold),
# most of a small build's time and about 150 s of the test suite. Both memos are keyed by the texts
# themselves, so an edited task file is indexed afresh.
@lru_cache(maxsize=8192)
def _indexed(text: str) -> tuple[str, frozenset[int], frozenset[str]]:
    """What the index keeps of one eval text: its fingerprint, n-grams and call set."""
    return fingerprint(text), frozenset(ngrams(text, NGRAM_N)), _calls(text)


_PROPOSALS: dict[tuple[str, str, int], list[tuple[str, str]]] = {}


def _proposal_texts(task, k: int) -> list[tuple[str, str]]:
    """(id, text) of every rewrite the robustness channel could propose for `task`
    (tasks/rewrite.propose, deterministic in the task's id and source)."""
    key = (task.id, task.source, k)
    if key not in _PROPOSALS:
        _PROPOSALS[key] = [(rt.id, rt.prompt_source) for _, rt in propose(task, k)]
    return _PROPOSALS[key]


@dataclass
class Verdict:
    keep: bool
    reason: str = ""  # "exact_ast" | "ngram_overlap"
    matched: str = ""  # the eval item it overlaps
    overlap: float = 0.0


def _suite_texts(text: str) -> list[tuple[str, str]]:
    """(id, text) of every task and reference solution an eval suite spec (`tasks/specs.py`) holds:
    the tasks the eval harness would load for the same spec, `levels=` included."""
    spec = parse_suite_spec(text)
    if spec.kind in ("builtin", "dev", "harvest", "kernelbench"):
        out = []
        for t in suite_tasks(spec):
            out.append((t.id, t.prompt_source))
            if t.solution_source:
                out.append((t.id + "#solution", t.solution_source))
            if spec.rewrites:
                out += _proposal_texts(t, spec.rewrites)
        return out
    loader = load_tritonbench_g if spec.kind == "tritonbench-g" else load_tritonbench_t
    return [(it.id, it.gold_code) for it in loader(spec.path)]


# Our own honest solutions to KernelBench tasks (evaluation material, benchmarks/):
# always in the index, so no training pair can be one of them in disguise.
ANSWERS_DIR = Path(__file__).resolve().parents[2] / "benchmarks" / "kernelbench_answers"


def _answer_texts() -> list[tuple[str, str]]:
    return [(f"kernelbench-answer/{p.parent.name}/{p.stem}", p.read_text(encoding="utf-8"))
            for p in sorted(ANSWERS_DIR.glob("level*/*.py"))] if ANSWERS_DIR.is_dir() else []


def build_index(suites: list[str]) -> EvalIndex:
    always = [f"builtin:heldout:rewrites={ALWAYS_REWRITES}", f"dev:rewrites={ALWAYS_REWRITES}"]
    index = EvalIndex(suites=always + [s for s in suites if s not in always])
    for spec in index.suites:
        for item_id, text in _suite_texts(spec):
            index.add(item_id, text)
    for item_id, text in _answer_texts():
        index.add(item_id, text)
    return index


def _calls(text: str) -> frozenset[str]:
    """The call set of the normalised code: type hints (`x: torch.Tensor` adds `@Tensor`) and
    imports are gone, so a held-out file stripped of its annotations still has its own call set
    (the composed cross-entropy task overlapped the held-out one by 0.77 and differed only in
    `@Tensor` and `@int64`)."""
    return call_signature(normalize_code(text))


def check(text: str, index: EvalIndex) -> Verdict:
    fp = fingerprint(text)
    if fp in index.fingerprints:
        return Verdict(False, "exact_ast", index.fingerprints[fp], 1.0)
    grams = ngrams(text, NGRAM_N)
    if not grams:
        return Verdict(True)
    hits: Counter[str] = Counter()
    for g in grams:
        for item_id in index.postings.get(g, ()):
            hits[item_id] += 1
    if not hits:
        return Verdict(True)
    calls = _calls(text)
    best = Verdict(True)
    for item_id, count in hits.most_common():
        overlap = count / len(grams)
        if overlap < NGRAM_THRESHOLD:
            break
        if index.calls[item_id] == calls:
            return Verdict(False, "ngram_overlap", item_id, overlap)
        if overlap > best.overlap:
            best = Verdict(True, "", item_id, overlap)
    return best
