"""Grammar families and kinds added for KernelBench L1/L2 coverage: activations, reduce kinds,
log_softmax, scans, losses, row/global normalisation, pooling, matmul variants (CPU)."""

import collections

from autotriton.data.compose import FAMILY_WEIGHTS, UNARY, compose, compose_one
from autotriton.data.decontam import build_index, check
from autotriton.data.normalize import fingerprint
from autotriton.data.teachers.template import styles, teach
from autotriton.tasks import load_suite
from autotriton.verify.rules import check_rules

NEW_UNARY = ("elu", "selu", "softplus", "softsign", "hardsigmoid", "hardswish", "exp", "neg", "gelu_tanh",
             "swish", "clamp")
# (family, kind or form) points whose template answers the verifier must accept, every style
NEW_POINTS = {("reduce", k) for k in ("min", "prod", "argmax", "argmin")} | {("softmax", "log")} | \
    {("scan", k) for k in ("cumsum", "cumprod", "reverse_cumsum", "exclusive_cumsum", "masked_cumsum")} | \
    {("normalize", k) for k in ("l1", "l2", "frobenius")} | \
    {("loss", k) for k in ("cross_entropy", "kl_div", "smooth_l1", "huber", "hinge", "cosine")} | \
    {("pool", k) for k in ("avg2d", "max1d", "avg1d")} | \
    {("matmul", f) for f in ("matvec", "diag_mm", "mm3d", "tril", "triu", "large_k", "small_k", "tall_skinny")}


def _point(spec: dict) -> tuple[str, str]:
    if spec["family"] == "softmax":
        return "softmax", "log" if spec.get("log") else ""
    if spec["family"] == "matmul":
        return "matmul", spec.get("shape") or spec["form"]
    return spec["family"], spec.get("kind", "")


def _first_per_point(n: int, seed: int) -> dict:
    """The first float32 task of every new grammar point (and of every new unary op) in compose(n, seed)."""
    picks = {}
    for c in compose(n, seed):
        if c.spec.get("dtype", "float32") != "float32":
            continue
        point = _point(c.spec)
        if point in NEW_POINTS:
            picks.setdefault(point, c)
        if c.spec["family"] == "unary" and c.spec["steps"][0]["op"] in NEW_UNARY:
            picks.setdefault(("unary", c.spec["steps"][0]["op"]), c)
    return picks


def test_the_grammar_reaches_every_new_op_and_weights_level_1_like_kernelbench():
    picks = _first_per_point(1500, 0)
    assert set(NEW_POINTS) <= set(picks)
    assert {("unary", op) for op in NEW_UNARY} <= set(picks)
    assert set(NEW_UNARY) <= set(UNARY)
    weights = FAMILY_WEIGHTS[1]
    share = {f: w / sum(weights.values()) for f, w in weights.items()}
    assert share["unary"] + share["softmax"] >= 0.15 and share["matmul"] >= 0.15
    assert min(share[f] for f in ("scan", "loss", "pool", "reduce")) >= 0.05
    # level 2 puts elementwise ops before scans, level 1 never
    scans = [c for c in compose(600, 0) if c.spec["family"] == "scan"]
    assert any(c.spec["pre"] for c in scans) and all(not c.spec["pre"] for c in scans if c.level == 1)


def test_new_points_are_deterministic_and_pass_the_rule_table():
    for point, c in _first_per_point(1500, 0).items():
        index = int(c.task_id.split("/")[-1].split("_")[0])
        assert compose_one(0, index).source == c.source, point
        for style in styles(c.spec):
            sol = teach(c.spec, style)
            assert not check_rules(sol.code), (point, style)
            assert len(sol.reasoning) > 200, (point, style)


def test_new_points_verify_in_every_style(cpu_verifier):
    """One task per new grammar point, every style it has, through the whole verifier."""
    pairs, names = [], []
    for point, c in sorted(_first_per_point(1500, 0).items()):
        for style in styles(c.spec):
            pairs.append((c.task(), teach(c.spec, style).answer()))
            names.append((point, c.task_id, style))
    results = cpu_verifier.verify_many(pairs)
    failed = [(n, r.error_kind.value, r.error_msg[:300]) for n, r in zip(names, results) if not r.correct]
    assert not failed
    assert len(pairs) >= 50


def test_surface_variety_keeps_tasks_valid():
    """Lower-case size names, docstrings, super(Model, self), torch.rand and inputs in locals all occur,
    and every task still parses with shape settings naming its own constants."""
    items = compose(300, 4)
    sources = [c.source for c in items]
    assert any("batch_size = " in s for s in sources) and any("ROWS = " in s or "B = " in s for s in sources)
    assert any("super(Model, self).__init__()" in s for s in sources)
    assert any("torch.rand(" in s for s in sources)
    assert any("    x = torch.randn(" in s for s in sources)
    assert any('    """' in s.split("class Model")[1] for s in sources)
    for c in items:
        task = c.task()
        assert len(task.shapes_for("interp")) == 2
        if any(s.get("op") in UNARY for s in c.spec.get("steps", []) + [c.spec.get("act") or {}]):
            assert "torch.rand(" not in c.source  # sign-sensitive ops keep signed inputs


def test_heldout_task_files_are_never_composed():
    """Held-out *operators* are in the grammar now; held-out task *files* are not: no composed
    source normalises to a held-out task's, and decontamination keeps every composed task."""
    heldout = {fingerprint(t.prompt_source) for t in load_suite("builtin:heldout")}
    index = build_index([])
    kinds = collections.Counter()
    for c in compose(1500, 0):
        src = c.task().prompt_source
        assert fingerprint(src) not in heldout, c.task_id
        verdict = check(src, index)
        assert verdict.keep, (c.task_id, verdict)
        kinds[_point(c.spec)] += 1
    assert kinds[("scan", "cumsum")] and kinds[("loss", "cross_entropy")] and kinds[("softmax", "log")]
