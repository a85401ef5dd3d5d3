"""On-disk result cache: a re-run of the same (task, candidate, verifier, device, mode) is free."""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from autotriton.verify.result import VerifyResult

# Bump when a change could flip a verdict: cached results of older versions are ignored.
VERIFIER_VERSION = "39"  # 39: on TF32 dot-product tasks tiny 1-D parameters are a re-randomising draw of every trial, and the mixed trial draws zero biases instead half the time (only the mixed trial had tiny ones, which told it apart: issue 32, class D); the trials that vary the constructor floats move its ints too, where the reference still runs on meta with the same parameter and buffer shapes (a max pool with its kernel size, stride, padding and dilation written in, a transformer block with its 2 heads written in, and a task answered with zeros that are right only at its own max_dim passed: outside pass, session 42); float inputs drawn with exact zeros at the same places every time (a triangular matrix) keep them in every trial (an honest upper-triangular matmul was rejected on a trial that padded the zeros with -1e4); 38: 38: a size grows at the random size and gets a long-dim trial where it moves a parameter's element count too, not only an input's (a Linear garbage past 64 output columns passed every CPU trial: outside pass, session 41); 37: the TF32 run of the reference rounds parameters too (a weight is an nn.Parameter, which `type(x) is torch.Tensor` left whole: the bound counted only the input's rounding, and the H200 judge rejected 5 of 61 honest built-in answers, linear epilogues, SwiGLU and a 3-layer MLP) and the tensors of list operands; in trials whose inputs hold the padded kind's fill, the TF32 floor is per slice of the output's first dim (the -1e4 rows err by ~7 where the others err by ~0.01); a TF32 run past the unstable bounds is judged under its own bounds where it misses by at most 5e-2 and the float32 run by at most 2^-8 of that (a LayerNorm over 2 features after a Linear, refused once the weights were rounded); the GPU pre-poison takes what fits, never failing the candidate (31 of Triton's 256 MiB benchmark buffers killed the worker: `exited`); 36: the masked kind's rows keeping 3 values or more get holes too (-inf between finite values, a third of them and one at least: a log-softmax, a softmax and a cross-entropy reading -inf inside the finite run as 0 passed); every setting runs a related trial, as a heavy one (a half-sample MSE on inputs close to their targets passed 1.3% of related trials); the time limit runs from the candidate's last answer (timeout_s without one; 4 times it for the whole verification), where it bounded the whole verification (an honest KernelBench-L3 answer took 97 s of 4-s forwards in the interpreter); where the masked kind's -inf reaches the float64 reference's output (a log-softmax at a -inf logit, a cross-entropy at a masked target) with no NaN and a finite element in each output, and the reference is the same when a constant is added to each input row (what normalises over the row; not a sum, scan or maximum), those infinities are judged: the candidate must hold them, same place and sign, and the rest is judged on the finite elements (an online log-softmax giving NaN on rows partly -inf passed every run with the kind off: honest-kernel probe, session 39); 35: the tail check: in magnitude trials (not the small kind) of tasks without TF32 dots, a float32 element under the atol but at least atol/16, whose float32 noise (the reference in float32, on inputs moved an ulp, with approximate primitives, with the fills moved) is at most 2^-10 of it, must be within 1/8 of it, and in trials whose inputs hold -inf, where the reference and all those runs are exactly 0, it must be 0 (a softmax writing 0 under 5e-5 of the rms, one on a power-of-two exp under 2e-5, one leaking 2e-6 onto -inf logits, a sigmoid writing 0 below -11 and a relu writing -1e-7 passed); a heavy input kind (Student-t rows, df 2, 3, 4 in turn) in every setting and in the long-dim trials (a softmax and a layer norm wrong only on rows of kurtosis 8-60 passed); the magnitude kinds draw from a seed of their own (the inputs' seed had put spikes where |x| was small); 34: the near_ties kind puts inputs on 4 levels rounded to 4 significant bits, each element moved up to 31 steps of 2^-18 (an fp16 argmax passed about 1 verification in 50 by chance under the first form: a clean-clone CI run, 2026-11-30); 33: a CPU long-dim trial keeps the setting's rows where its inputs fit (few rows only where they do not: a matmul summed all of K only when M was 16 or less) and takes a size's largest value over the file and its GPU settings (a cumsum block capped at 8,192 passed at the file's 4,096 columns beside a GPU setting of 10,000: twenty-fifth outside pass); a reference all zero in its own dtype where float64 is not fails the trial as the task's (a product over 759 rows), and 16 subnormal steps of error are always allowed (a product's honest answer was 9e-46 off under a 1e-4 x rms atol); mv, addmv, dot, vdot, inner and multi_dot are dot-product ops (a traced torch.mv answer's TF32 tl.dot was judged at 1e-4); 32: on CPU an interpreted default-precision float32 tl.dot takes TF32 operands (the 13 low mantissa bits cleared, as a GPU's tensor cores read them) on tasks whose float32 tolerance does not admit TF32 (a sum written as tl.dot(ones, x) was exact on CPU and 5e-4 off on an H200: twenty-fourth outside pass); 31: on CPU up to three trials with one size at the task's own (full) value when that is 512 or more and 4 times its CPU value, never the first input's leading rows, those cut to 1-8, within 2^18 elements (long_NAME; kernels that capped a softmax row block, a matmul's K loop, a cross-entropy's classes, an attention's keys or a norm's features at 256-4,096 passed every CPU trial: twenty-fourth outside pass); 30: more than 1,024 values made tensors from Python data in one forward call (torch.Tensor(list) passed the rules), or more than 1,024 distinct Python floats given to one forward call's kernels, are a table (python_table; a sigmoid table computed with math.exp at every call went to 64 launches of 32 floats); 29: on CPU every config of an autotuned kernel runs at each new key from the same arguments, as a GPU autotuner benchmarks them, and each must write what the first wrote (autotune_disagree; a lazy 4,096-element config ran only on inputs its one block covered: twenty-second outside pass); a tensor the candidate keeps whose values torch computed at import or in the constructor, or made from more than 1,024 Python values, or that a kernel launched there was given, is a hack; so are more than 1,024 Python numbers kept in tuples and lists or handed to one launch (python_table) unless it is a parameter or a buffer the reference has too (init_compute; a sigmoid table built in __init__ and only interpolated); a near_ties input kind (levels with values 2^-16 to 7 * 2^-16 of themselves apart: an fp16 argmax passed 3 of 6); two re-randomising trials with zero biases instead of one (a Linear over half of K on zero bias tiles passed 2 of about 30); 28: the padded kind's atol is at most 1e-4 of the rms of the reference's output on the trial's inputs before the padding (its outputs near -1e4 set the rms, and a log-softmax 0.25 off, bf16 exp terms, tail terms dropped and a mean ignoring every real value passed, each only on rows holding the fill: twenty-first outside pass); plain floats passed to forward are varied before the magnitude kind is applied (they commute); 27: the padded kind's rows of one value (the row padded whole, the row of one small value) only on inputs up to JITTER_MAX_BYTES, where their floors are measured (a GPU full size past it had none, and an honest x / x.std() is 1% off on such a row); nothing changes at the CPU interpreter's sizes; 26: the padded kind has a row of one small value (0.375 to 1, either sign), unpadded, whose floors stay near its own ulp: a layer norm writing weight + bias, and an x / x.std() writing 0, on rows of one value passed under the row padded whole's wide floors; the atol's rms is that of the elements settled under the atol it gives, found in up to four rounds from the whole output's (one round kept that row's -1e5 and passed the other rows 1% off); 25: the padded kind's floor runs with the fills moved are three pairs, each element moved one way and then the other (a relu of a layer norm over a row padded whole showed no noise at an element whose noise was negative in all three runs, and an honest GPU kernel was rejected there); a speedup over 10x by events that the judge's wall clock does not confirm is reported at the wall clock's speed, flagged timing_unconfirmed, where it was a hack (an honest one-launch RMS norm, events 3.7 us, wall 51 us); 24: where a trial's inputs hold the padded kind's fill, the error floors are per element, from float32 runs with the fills moved an ulp too (an honest GPU x / x.std() of a row padded whole was rejected), and the atol's rms leaves out the elements above it; the events-against-wall check allows 15 us per Triton launch of a call (at most 8); constant_output only where the reference's output is not one value too; 23: as_strided only on a tensor the function allocated (its absolute offset read the CPU judge's fence); an interpreted kernel may not make a pointer an integer (addresses told the fenced inputs apart); a candidate's line endings are read as Python reads a file (\r\n and \r made \n) on every path; a file's LEVEL, or a reward row's level, sets a level-3 file's interpreter sizes; the structured kind's padding masks first have a row False whole (falling back to none where the reference cannot take one); constructor floats inside tuples, lists and dicts, and float scalars inside tuples and lists passed to forward (looked for inside them too), are varied; 22: cut rows (masked, padded, padding masks) alternate their side, so every input of two rows or more has both; a padding mask has one row True whole; a reference that changes its own state is checked once per verification, kept in step with one forward per call (restored after the judge's extra runs), and called in every call of the repeated-call trial; where it changes only buffers, the candidate may change only its own whole buffers, to the reference's values, and before each call those buffers get new values in both models (integer counts moved up by 1-1,000); buffers are matched by name, then by their names' last part, then by order; the held-state walk has no depth limit and refuses a candidate holding more than 20,000 objects (numbers and strings aside); rows cut by the masked, padded and structured kinds alternate in pairs between few and nearly all kept, and a padding mask has a row one short of whole; a structured trial the reference cannot judge is tried again with masks True over the padding; GPU timing's kept reps of a stateful reference are checked against it called as the candidate was; storage_offset is no longer an allowed tensor query; on CPU an autotuned kernel's first launch at a key is preceded by the benchmark's calls of its config (hooks included); fresh memory holds NaN, random bytes, zeros or normal float32 draws; 21: a library iterator or generator the candidate keeps is compared by its position around every trial (state_changed), and the held-state walk looks inside it; float buffers holding state (a value that is not a whole number, or one value throughout) are re-drawn in both models in the re-randomising trials, failing closed where the candidate's do not line up and the reference reads them; 20: the repeated-call trial keeps every row where one row broadcasts back to the full leading size against a parameter (an honest vector + bias kernel was rejected); 19: float scalars get_inputs passes to forward are varied with the constructor floats; 18: an interpreted load, store or atomic outside the elements of the launch's tensor arguments is a runtime error; an output the reference returns contiguous must be contiguous; fresh memory holds NaN or, half the time, a random finite byte pattern; a bare module is preferred to a fenced block that only mentions ModelNew; 17: literal sizes in get_inputs (and the get_init_inputs entries equal to them) are named, so random-size and small-rows trials move every size; on a GPU every input kind runs at a full and at a small setting; more than 32 autotune configs are refused at import; 16: state_changed compares whole storages of every tensor the candidate keeps between calls (module globals, class attributes, default arguments, closures, as well as the model's), not only the model's own views; `super(ModelNew, self)`, an unused torch.nn.functional import and typing annotations are allowed; 15: 15: a model tensor that a trial's forward changes is a hack (state_changed) unless the reference changes its own; a self-test block (`if __name__ == "__main__":`) and a copy of the reference (Model, get_inputs, get_init_inputs) are cut from an answer before it is checked and run; own private attributes and methods on a method's self are allowed; 14: three small-rows trials (one row over each setting's other sizes, 2-8 rows over either's), bool inputs made padding masks in the structured kind, every autotune config run on CPU (at most 32), casts that round float data count as torch compute, a leading byte-order mark ignored; 13: a dot-product task on a GPU draws the input kinds that keep its scale (ties, zeros, related, nonneg, structured, integral, masked, padded; before, none at all), only the scaling ones stay off there; 12: a padded kind (the last float input's rows padded with -1e4, one row whole); the repeated-call trial has three calls, its first on fewer leading rows (checked on meta) and its last into the second call's input tensors, refilled; 11: the error floor of magnitude trials also counts approximate functions (exp, tanh, division...) a few ulps off; 10: four more input kinds, moderate scales (x3-6 queued), related inputs (two of one shape), non-negative inputs and structured integers (runs of consecutive ids), scattered zeros in the zeros kind, zero biases as a parameter draw, and parameters re-randomised as trained ones (1-D gains near 1, weights Gaussian at their init's rms) as well as signed, an in-place parameter step before a repeated call's last call; 9: six input kinds each drawn once per verification (ties on 8 of its own values, zero slabs, small inputs new), plain trials in every setting (default and re-randomised parameters) and at the random size, constructor floats varied in half the trials, four native runs for the error floor, CPU inputs fenced with 64 KiB of NaN; 8: magnitude trials (scaled, spiked, shifted, quantized) in all but one trial, also on dot-product tasks in the interpreter; 7: concurrent interpreted programs, signed trials among the trials, repeated calls of one instance, output structure


def _code_digest() -> str:
    """A digest of the code that judges (verify/*.py and tasks/*.py): a verdict cached by other
    judge code is never reused, even under one VERIFIER_VERSION, which a change can precede. An
    eval that ran while the judge was being changed reported the verdicts of an earlier state of
    it from the cache (2026-11-28)."""
    h = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
    for folder in ("verify", "tasks"):
        for path in sorted((package / folder).glob("*.py")):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


# What cache keys carry: the version and the code that judges.
VERIFIER_KEY = f"{VERIFIER_VERSION}+{_code_digest()}"


def default_cache_dir() -> Path:
    if "AUTOTRITON_CACHE" in os.environ:
        return Path(os.environ["AUTOTRITON_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "autotriton" / "verify"


def cache_key(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()


class ResultCache:
    def __init__(self, root: Path | None):
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> VerifyResult | None:
        if self.root is None:
            return None
        path = self._path(key)
        if not path.exists():
            return None
        try:
            result = VerifyResult.from_dict(json.loads(path.read_text()))
        except (json.JSONDecodeError, TypeError, ValueError):
            return None  # a torn write from a killed run: recompute it
        result.cached = True
        return result

    def put(self, key: str, result: VerifyResult) -> None:
        self.put_json(key, result.to_dict())

    def get_json(self, key: str) -> dict | None:
        """A plain record (a task's memory footprint), or None."""
        if self.root is None or not self._path(key).exists():
            return None
        try:
            value = json.loads(self._path(key).read_text())
        except json.JSONDecodeError:
            return None  # a torn write from a killed run
        return value if type(value) is dict else None

    def put_json(self, key: str, value: dict) -> None:
        if self.root is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}.{threading.get_ident()}")
        tmp.write_text(json.dumps(value))
        tmp.replace(path)  # atomic: readers never see half a file
