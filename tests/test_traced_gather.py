"""The table-lookup lowering (data/teachers/template/traced_gather.py): one program per id reads
its row of the table and computes the later listing lines on it; a value that follows the width
is computed from n_cols; what it cannot write it declines; its answers verify on CPU at the sizes
the judge changes (the width among them)."""

from autotriton.data.teachers.template import listing_answers
from autotriton.data.teachers.template.traced_gather import traced_gather_answer
from autotriton.tasks.contract import task_from_source
from autotriton.verify.rules import check_rules
from tests.test_traced_teacher import _task


def _lookup(forward: str, setup: str = "self.table = nn.Embedding(vocab, d)", ids: str = "torch.randint(0, 50, (4, 7))",
            header: str = "import math\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n") -> str:
    source = _task(", vocab: int, d: int", forward, inputs=ids, init_inputs="50, 24", header=header)
    return source.replace("self.vocab = vocab\n        self.d = d", setup)


SOURCES = {
    "plain": _lookup("return self.table(x)"),
    "scaled in the constructor": _lookup("return self.table(x) * self.scale",
                                         setup="self.table = nn.Embedding(vocab, d)\n        self.scale = math.sqrt(d)"),
    "scaled in forward": _lookup("return self.table(x) * self.d ** 0.5",
                                 setup="self.table = nn.Embedding(vocab, d, padding_idx=0)\n        self.d = d"),
    "functional, plus a bias": _lookup(
        "return F.embedding(x, self.w) + self.b",
        setup="self.w = nn.Parameter(torch.randn(vocab, d))\n        self.b = nn.Parameter(torch.randn(d))"),
    "through gelu": _lookup("return F.gelu(self.table(x))", ids="torch.randint(0, 50, (3, 2, 5))"),
    # a module class of the file's own holds the table: the answer defines it, constructor only
    "held by a class of the file": _lookup("return torch.tanh(self.inner(x))", setup="self.inner = Rows(vocab, d)").replace(
        "class Model(", "class Rows(nn.Module):\n    def __init__(self, n: int, width: int):\n        super().__init__()\n"
                        "        self.emb = nn.Embedding(n, width)\n\n    def forward(self, i):\n        return self.emb(i)\n\n\n"
                        "class Model("),
}


def test_each_id_reads_its_row_and_the_width_is_n_cols():
    code = traced_gather_answer(SOURCES["scaled in forward"]).code
    assert "idx = tl.load(in0_ptr + row)" in code and "idx * n_cols + cols" in code
    assert "t2 = t1 * tl.sqrt(n_cols * 1.0)" in code  # 4.89898 moves with d: not a literal
    assert listing_answers(SOURCES["plain"])[0][0] == "gather"
    held = traced_gather_answer(SOURCES["held by a class of the file"]).code
    assert "class Rows(nn.Module):\n    def __init__(self, n: int, width: int):" in held
    assert "return self.emb(i)" not in held  # the rules refuse an answer that calls an nn layer


def test_what_it_cannot_write_it_declines():
    declined = {
        "a reduction after the lookup": _lookup("return self.table(x).mean(1)"),
        "a second input": _lookup("return self.table(x) + y").replace("def forward(self, x):",
                                                                      "def forward(self, x, y):"),
        "no lookup": _task("", "return torch.tanh(x)"),
        "float ids": _lookup("return self.table(x.long())", ids="torch.rand(4, 7) * 40"),
    }
    for name, source in declined.items():
        assert traced_gather_answer(source) is None, name


def test_answers_verify(cpu_verifier):
    pairs = []
    for name, source in SOURCES.items():
        solution = traced_gather_answer(source)
        assert solution is not None, name
        assert not check_rules(solution.code), (name, check_rules(solution.code))
        pairs.append((task_from_source(source, task_id=f"gather/{name}", suite="test", level=1), solution.answer()))
    results = cpu_verifier.verify_many(pairs)
    assert all(r.correct for r in results), [(n, r.error_msg[:300]) for n, r in zip(SOURCES, results) if not r.correct]
