"""Composed tasks' docstrings and comments name the op in people's words and never in the template
answer's (data/docstrings.py says why: the model copied them into its answers)."""

import ast
import io
import random
import re
import tokenize
from collections import defaultdict

import pytest

from autotriton.data import compose
from autotriton.data.docstrings import FAMILY_NAMES, OP_NAMES, describe, main_ops
from autotriton.data.families import FAMILIES

N = 1500


def _docstrings(source: str) -> list[str]:
    tree = ast.parse(source.split(compose.METADATA_MARKER)[0])
    nodes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.ClassDef, ast.FunctionDef))]
    docs = [d for d in (ast.get_docstring(n) for n in nodes) if d]
    return docs + _comments(source)


def _comments(source: str) -> list[str]:
    code = source.split(compose.METADATA_MARKER)[0]
    return [t.string for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]


@pytest.fixture(scope="module")
def drawn() -> list:
    """compose(N, 0), drawn once for the three tests that read it (each drew its own before)."""
    return compose.compose(N, 0)


def test_every_grammar_point_has_names(drawn):
    for item in drawn:
        ops = main_ops(item.spec)
        assert ops, item.task_id
        assert all(op in OP_NAMES or op in FAMILY_NAMES for op in ops), (item.task_id, ops)


def test_docstrings_never_say_the_grammar_description(drawn):
    # The grammar description is what the template answer's opening restates ("elementwise
    # sigmoid" -> "a pure elementwise chain: sigmoid"); before v9 every docstring was it.
    with_docs = 0
    for item in drawn:
        grammar_desc = FAMILIES[item.spec["family"]].code(item.spec)[3].lower()
        docs = _docstrings(item.source)
        with_docs += bool(docs)
        if " " in grammar_desc:  # one-word descriptions ("layernorm") are also people's names
            said = re.compile(r"\b" + re.escape(grammar_desc) + r"\b")
            assert not any(said.search(d.lower()) for d in docs), (item.task_id, grammar_desc, docs)
    assert with_docs > N // 2


def test_the_same_op_is_described_in_several_ways(drawn):
    seen = defaultdict(set)
    for item in drawn:
        if item.spec["family"] == "unary":
            seen[item.spec["steps"][0]["op"]].update(_docstrings(item.source))
    common = [op for op, docs in seen.items() if len(docs) >= 5]
    assert len(common) >= 10
    assert all(len(seen[op]) >= 4 for op in common), {op: len(seen[op]) for op in common}


def test_describe_follows_the_forward_order():
    spec = {"family": "chain", "steps": [{"op": "relu"}, {"op": "scale", "a": 2.0}]}
    names = describe(spec, random.Random(0))
    relu_at = min(names.find(n) for n in OP_NAMES["relu"] if n in names)
    scale_at = min(names.find(n) for n in OP_NAMES["scale"] if n in names)
    assert 0 <= relu_at < scale_at


def test_some_files_carry_comments_and_they_leave_the_answer_alone():
    from autotriton.data.teachers.template import answer
    items = compose.compose(200, 0)
    commented = [it for it in items if _comments(it.source)]
    # half the files get comments (v10); the rewriter re-emits 60% of files without them (v11)
    assert 15 < len(commented) < 100
    for it in commented[:20]:
        task = it.task()
        bare = "".join(line for line in it.source.splitlines(keepends=True) if not line.lstrip().startswith("# ")
                       or line.startswith(compose.METADATA_MARKER))
        bare = re.sub(r"(return \[[^\]]*\])  # [^\n]*", r"\1", bare)
        assert not _comments(bare)
        plain = compose.task_from_source(bare, task_id=task.id, suite="compose", level=task.level)
        answers = [answer(it.spec, t.prompt_source) for t in (task, plain)]
        assert answers[0] == answers[1]  # the quoted forward skips comments: same answer, same verdict
