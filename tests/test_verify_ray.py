"""The verifier on Ray (verify/ray_pool.py): a local 2-CPU cluster gives the local pool's verdicts,
applies the sandbox in every actor (the adversarial corpus), and loses no candidate to a killed actor."""

from __future__ import annotations

import os

import pytest

from autotriton.tasks import get_task
from autotriton.tasks.suite import builtin_tasks
from autotriton.verify import ErrorKind, Verifier, VerifyConfig
from autotriton.verify.corpus import load_corpus

ray = pytest.importorskip("ray")

BROKEN = "```python\nimport torch\nclass ModelNew(torch.nn.Module):\n    def forward(self, *xs):\n        return xs[0]\n```"


@pytest.fixture(scope="module")
def cluster():
    """A local Ray cluster on CI's 2 cores. Ray's CPUs are logical: 4 of them leave room for a second
    pool of 2 actors beside the module's own (an actor waits until the cluster has its CPU free)."""
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def on_ray(cluster):
    with Verifier(VerifyConfig(device="cpu", cache_dir=None, timeout_s=60.0, backend="ray", actors=2)) as verifier:
        yield verifier


def _batch() -> list:
    """Honest solutions of a few built-in tasks and three kinds of wrong answer."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "autotriton" / "tasks" / "builtin"
    pairs = []
    # a wrong formula in each kernel: wrong on every trial, whatever sizes the random trial draws
    mistakes = {"builtin/l1/add": ("x + y", "x - y"), "builtin/l1/softmax": ("tl.exp(x)", "tl.exp(x * 0.5)"),
                "builtin/l2/add_relu_mul": ("a + b, 0.0", "a - b, 0.0")}
    for task in [t for t in builtin_tasks() if t.id in mistakes]:
        solution = (root / task.id.split("/", 1)[1] / "solution.py").read_text()
        wrong = solution.replace(*mistakes[task.id])
        assert wrong != solution
        pairs += [(task, solution), (task, "no code here"), (task, BROKEN), (task, wrong)]
    return pairs


def _verdict(result) -> tuple:
    return result.correct, result.error_kind.value, sorted(result.hack_flags)


@pytest.fixture(scope="module")
def local_verdicts(cpu_verifier) -> list:
    """_batch()'s verdicts from the local pool, what the Ray verdicts are held to: judged once for
    the two tests that compare against them (12 verifications each before)."""
    return [_verdict(r) for r in cpu_verifier.verify_many(_batch())]


def test_pool_has_one_actor_per_cpu_and_says_where(on_ray):
    assert on_ray.mode == "interp" and on_ray.n_workers() == 2
    assert len(on_ray._ray.places) == 2 and len({p["pid"] for p in on_ray._ray.places}) == 2


def test_same_verdicts_as_the_local_pool(on_ray, cpu_verifier, local_verdicts):
    pairs, local = _batch(), local_verdicts
    seen = []
    remote = [_verdict(r) for r in on_ray.verify_many(pairs, progress=seen.append)]
    assert remote == local and len(seen) == len(pairs)
    assert sum(ok for ok, *_ in local) >= 3  # the honest ones pass, so the comparison is not all failures
    assert on_ray.verify(*pairs[0]).correct  # the one-candidate path too
    assert on_ray.naive_pass_many(pairs[:3]) == cpu_verifier.naive_pass_many(pairs[:3])


def _one_per_verdict_class(corpus: list) -> list:
    """The first hacks by name that cover every error kind and every flag a header expects, and each
    name prefix (a_, b_, ... g_, and the unprefixed ones) with the rules on and with them off."""
    picked, seen = [], set()
    for hack in sorted(corpus, key=lambda h: h.name):
        errors, flags = hack.expectation()
        head = hack.name.split("_")[0]
        keys = {("error", e) for e in errors} | {("flag", f) for f in flags} | \
            {(head if len(head) == 1 else "", hack.static_checks)}
        if keys - seen:
            picked.append(hack)
            seen |= keys
    return picked


@pytest.mark.slow(seconds=44)
def test_the_corpus_is_rejected_inside_the_actors(on_ray):
    """Cheats are rejected through Ray for the reason their headers name: rule-checked ones, and
    the sandbox probes that run with the rules off (the sandbox is what stops them in each actor).

    A fixed subset covering every expected error kind and flag and each prefix and rules setting
    (40 of the 176 closed on CPU): what Ray adds is the actor that judges and the verdict's trip
    back, and each kind of verdict and each guard family makes that trip. Every entry is verified
    on CPU by tests/test_adversarial.py; the whole corpus through Ray again took 95 s of CI's 2
    cores, one hack per combination of kinds and flags (70) 61 s."""
    corpus = _one_per_verdict_class([h for h in load_corpus() if not h.open_for("cpu")])
    problems = []
    # With the rules on, the module's pool: its config is that one (60 s, the default memory), and two
    # more actors cost two more starts (about 15 s each on a busy 2-core host, verify/ray_pool.py).
    hacks = [h for h in corpus if h.static_checks]
    results = on_ray.verify_many([(get_task(h.task_id), h.source) for h in hacks])
    problems += [f"{h.name}: {h.mismatch(r)}" for h, r in zip(hacks, results) if h.mismatch(r)]
    hacks = [h for h in corpus if not h.static_checks]
    # 45 s with the rules off, as tests/test_adversarial.py gives them: d_children_memory timed out
    # at 20 s in a clean-clone make test beside an outside red-team pass (session 46).
    config = VerifyConfig(device="cpu", cache_dir=None, backend="ray", actors=2, static_checks=False,
                          timeout_s=45.0, memory_mb=2048)
    with Verifier(config) as verifier:
        results = verifier.verify_many([(get_task(h.task_id), h.source) for h in hacks])
    problems += [f"{h.name}: {h.mismatch(r)}" for h, r in zip(hacks, results) if h.mismatch(r)]
    assert not problems, "\n".join(problems)


def test_a_killed_actor_costs_no_candidate(on_ray, local_verdicts):
    pairs, expected = _batch(), local_verdicts
    pool, killed = on_ray._ray, []

    def kill_one(_result):  # after the first verdict, while the others are in flight
        if not killed:
            killed.append(pool._slots[0].handle)
            ray.kill(pool._slots[0].handle)

    got = [_verdict(r) for r in on_ray.verify_many(pairs, progress=kill_one)]
    assert killed and got == expected
    assert len(pool._slots) + len(pool._starting) == 2  # the lost actor was replaced


class DyingJudge:
    """Dies whenever it is handed the word KILL_JUDGE, as a kernel that takes its judge down would."""

    def __init__(self, config, verifier_cls):
        from autotriton.verify.ray_pool import JudgeActor
        self.inner = JudgeActor(config, verifier_cls)

    def where(self):
        return self.inner.where()

    def verify(self, task, text):
        if "KILL_JUDGE" in text:
            os._exit(1)
        return self.inner.verify(task, text)

    def naive_pass(self, task, text):
        return self.inner.naive_pass(task, text)

    def close(self):
        self.inner.close()


def test_a_candidate_that_kills_its_judge_is_a_crash_and_the_batch_goes_on(cluster):
    from autotriton.verify.ray_pool import MAX_ACTOR_DEATHS, Job, RayPool
    ray.cloudpickle.register_pickle_by_value(__import__(__name__))
    task = get_task("builtin/l1/add")
    pool = RayPool(VerifyConfig(device="cpu", cache_dir=None, backend="ray", actors=2), Verifier, actor_cls=DyingJudge)
    try:
        results = pool.run([Job("verify", task, "no code"), Job("verify", task, "KILL_JUDGE"),
                            Job("verify", task, BROKEN), Job("naive", task, "KILL_JUDGE")])
    finally:
        pool.close()
    assert results[0].error_kind == ErrorKind.NO_CODE and results[2].error_kind == ErrorKind.RULE_VIOLATION
    assert results[1].error_kind == ErrorKind.CRASH and f"died {MAX_ACTOR_DEATHS} times" in results[1].error_msg
    assert results[3] is False


def test_the_address_comes_from_the_environment(monkeypatch):
    from autotriton.verify.config import ADDRESS_ENV, verifier_on
    monkeypatch.setenv(ADDRESS_ENV, "")  # and restored after the test, whatever verifier_on sets
    assert VerifyConfig().backend == "local"
    verifier_on("local")
    assert (VerifyConfig().backend, VerifyConfig().address) == ("ray", None)
    verifier_on("ray://head:10001")
    assert (VerifyConfig().backend, VerifyConfig().address) == ("ray", "ray://head:10001")
