"""The judge: everything that decides a verdict, in a process the candidate cannot address.

The judge holds the seeds (from `os.urandom`), draws the inputs, runs the
reference, plans the trials, compares and writes the verdict. The candidate runs
in another process (worker.py, confined by confine.py) under another uid and in
other namespaces; it receives inputs and returns plain data through one socket
(wire.py). Nothing it prints, writes or returns reaches the verdict except
through the checks below.

Task code is trusted but may be external (KernelBench): if the reference itself
fails, gives NaN/Inf or does not fit, the verdict is `invalid_task` (the
candidate was not judged). Candidate failures are data.
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import itertools
import math
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import torch

import triton
from autotriton.tasks.contract import PINNED_SETTING, ShapeSetting, tolerance_for
from autotriton.tasks.signed import signed_variant
from autotriton.tasks.sizes import SMALL_MAX, STRUCTURAL_SIZE, grown_sizes, named_sizes, shrunk_sizes
from autotriton.verify import footprint, narrow, timing, wire
from autotriton.verify.compare import INT_VIEW, Mismatch, compare_outputs, fingerprint, flatten_outputs
from autotriton.verify.compare import CHUNK as COMPARE_CHUNK
from autotriton.verify.compare import chunks as compare_chunks
from autotriton.verify.compare import LOW_PRECISION, is_constant, is_zero, rms
from autotriton.verify.job import Job
from autotriton.verify.loading import apply_shape, clone_all, seed_global, size_constants, to_device
from autotriton.tasks.contract import admits_tf32, module_from_source
from autotriton.verify.result import FLAG_REASONS, WARNING_FLAGS, ErrorKind, trim

# Precision-downgrade detection, for tasks whose fp32 tolerance is looser than fp16's
# unit roundoff (4.9e-4), i.e. the TF32-tolerant `tl.dot` family, where the max-error
# tolerance alone cannot tell fp16 or bf16 tiles from TF32:
# - fp16 keeps TF32's 10 mantissa bits but not its exponent range. In at least one trial
#   of every shape setting (random position; timing sets too) each leading-index slice of
#   every fp32 input is scaled by 2^-30..2^-22 with probability 1/2, and that trial's
#   outputs are compared slice by slice (atol from each slice's own rms). fp32/TF32 keep
#   full relative precision on tiny slices, fp16 rounds them to 0 or one subnormal step.
#   Scaling whole tensors was beaten by a kernel that tested max|tile| and used fp16
#   tiles whenever inputs looked normal; with slices mixed inside every tile, that
#   switch has to keep fp32 almost everywhere.
# - bf16 keeps the range but has 7 mantissa bits. Simulated on signed (randn) inputs,
#   K = 64..16384: rms(err)/rms(ref) is 2.9e-4 for round-to-nearest TF32, 7.7e-4 for
#   truncating TF32, 2.35e-3 for bf16. So on top of the max-error check, such tasks
#   need rms(err) <= 1.5e-3 * rms(ref).
TINY_EXPONENTS = range(-30, -21)
# The magnitude trial's factors (Judge.plan, Magnitude): randn x 32-128 puts the largest of a few
# thousand inputs past 88, where float32 exp overflows; as spikes of at least 128 at a random 1/16
# or 1/128 of the elements, no prefix of a row tells the trial from another (a softmax that skipped the max
# subtraction unless its first 32 columns looked large passed, outside red team 2026-11-28); a
# shift of 64-128 (+ randn) makes a one-pass variance E[x^2]-E[x]^2 lose 12-14 bits in float32
WIDE_EXPONENTS = (5, 6, 7)
SPIKE_SHARES = (1 / 16, 1 / 128)
# A spike is at least 128: past 88 whatever the draw; the queued draw takes 2^12, which stays past
# it in a task that scales its inputs down by 1/8 itself, even with that factor varied to 1/16
# (a softmax without the max subtraction passed a CI run at 2^10 and a varied factor of 0.07).
SPIKE_EXPONENTS = (7, 10, 12)
# (a shift of 1024 failed an honest two-pass LayerNorm by 3e-4 of the rms: float32 keeps only
# 1.2e-4 of x there; at 64-128 honest kernels keep 6e-6 and the one-pass variance still loses
# 12-14 bits)
SHIFT_EXPONENTS = (6, 7)
# Huge spikes (the huge kind): no trial put an input past about 1e4 (spikes of 2^12), and ReLUs
# capped at 65,504 (float16's largest), 1e8 or 1e15 passed every trial (outside pass on verifier 68,
# session 61). At 1/16 of the elements the spike is sign(x) * 2^u, u uniform in [HUGE_FLOOR, top],
# and one element of each sign the input holds is at 2^top itself, so a cap anywhere below 2^top
# is met. The top is 2^50 (1.1e15), not float32's 2^127: at 2^126 an honest float32 std over rows
# of spikes (squares past float32, where torch accumulates in float64) gave wrong finite values,
# and honest formulas overflowed where torch's did not (two clean-clone runs of verifiers 69-70);
# at 2^50 squares and their sums over 2^18 elements fit. Where the reference overflows at a top (a
# cube, exp) the trial runs again at the next one; past the last the kind is off, as any kind the
# reference cannot take. float16 inputs top out at 2^15 (their largest is 65,504).
HUGE_TOPS = (50, 32, 20)
HUGE_FLOOR = 13
HUGE_SHARE = 1 / 16
# Heavy-tailed inputs (the heavy kind): each element times sqrt(df / chi2_df), which makes randn
# Student-t with df degrees of freedom, the rows taking HEAVY_DFS in turn: rows of 300 values have
# sample kurtosis 8-60 with probability 0.73 (df 2), 0.61 (df 3) and 0.31 (df 4), every value
# nonzero and under 1,000 (a CPU simulation of 20,000 rows each), as LLM activations are. No other
# kind drew such rows: a softmax on a power-of-two exp and one with a bf16 result, each only on rows
# of kurtosis 8-60 with no zero and no value past 1,000, passed every trial (outside red team,
# twenty-sixth pass, 2026-11-30; the spikes kind's rows are either past 1,000 or, at its 2^7 draw,
# in that band only in the verifications that draw it). A trial of three such rows misses that
# band about 7% of the time, so every setting runs one (EVERY_SETTING_KINDS).
HEAVY_DFS = (2, 3, 4)
# The long-dim trials' heavy draws (Magnitude.confident) take a fourth row form in turn with the
# HEAVY_DFS: the row as drawn, with one element at its median plus a gap, the gaps (11, 13, 15) in
# turn over such rows: a confident classifier's logits. A log-softmax dropping every exp term under
# e^-12 of its row max is exact on randn rows and Student-t ones, and off by 1e-2 to 6e-2 on rows of
# 2,048-8,192 randn values with one at their median plus 13-15 (an exact float64 simulation; a cutoff
# of c is seen best at a gap of c + 2, the bulk then under it). Heavy-tailed trials drew such rows by
# chance: 3 verifications in 5 rejected it (outside pass on verifier 93, C1). Long rows only: the
# dropped mass grows with the row, and one element at 13 moves a 300-value row's kurtosis out of
# the band the df rows are there for.
CONFIDENT_GAPS = (11.0, 13.0, 15.0)
CONFIDENT_MIN_COLS = 512
# Kinds every setting runs (Judge._in_every_setting). heavy: settings differ in row length (a
# detector for rows of 64 columns or more saw a verification's one heavy trial at 37 columns half
# the time). related: an MSE summing every other squared error, doubled, where predictions lie
# close to their targets errs by the fluctuation of half a sample, 2/sqrt(n) of the loss, and fell
# inside the scalar's tolerance in 4 of 300 related trials at 32 x 128 (simulated, session 40; one
# clean-clone make test saw c_mse_half_when_inputs_close pass): two such trials, 1 in 5,000.
EVERY_SETTING_KINDS = ("heavy", "related")
MAGNITUDE_SEED_SALT = 0x5DEECE66D  # the magnitude kinds' seed is the inputs' seed xor this (Judge._trial)
# Small inputs: randn x 2^-8..2^-6 puts mean(x^2) near a norm's eps (1e-5), where an RMSNorm with
# eps outside the sqrt is off by 1-30% and passed every trial at unit scale (outside red team,
# 2026-11-28: 1e-5 beside 1 is under the tolerance). Not smaller: tanh as (e^2x - 1)/(e^2x + 1),
# which honest code writes, loses relative precision as x goes to 0 (7.5e-6 at 2^-8, near the
# 1e-4 tolerance at 2^-12).
SMALL_EXPONENTS = (-8, -7, -6)
# Ties: every element of an input replaced by one of 8 of that input's own values (cut at its
# eighths), so an eighth of the elements share the largest value: rows hold ties at their
# extremes, which continuous draws never do (an argmax returning the last of tied maxima passed,
# outside red team 2026-11-28). Inputs floored to multiples of 1/4 did not suffice: randn's tail
# is sparse there, and the argmax passed 9 of 24 verifications of a 5 x 37 and a 3 x 300 setting
# (CI, 2026-11-28). Zeros are a kind of their own (zero_slabs): while the grid also made its
# level nearest zero exactly 0, an argmax that took the last of ties unless its row held a 0
# passed 4 of 4 (outside red team, 2026-11-28).
GRID_LEVELS = 8
# Near-ties (near_levels): the inputs on NEAR_TIE_LEVELS of their own values, each value rounded
# to 4 significant bits, then each element moved up to 31 steps of 2^-18 of itself. Float32 keeps
# the steps apart (2^-23 an ulp, and a 4-bit value plus 18 bits of steps is exact), float16 (2^-10)
# and bfloat16 round them all back to the level: 31 x 2^-18 stays under float16's half-ulp at every
# 4-bit value, so no level straddles a rounding boundary. An argmax over fp16-rounded values passed 3
# verifications of 6 with exact ties only (outside red team, twenty-second pass, 2026-11-30). The
# first form (8 levels, unrounded, 8 steps of 2^-16) let it through in about 1 verification of 50
# by chance: a row picks the right column whenever its first top-level element has the largest
# step, and a 5 x 37 trial then missed 1.8% of draws, a 3 x 300 one 2.1% (a level near a rounding
# boundary splits, and the split went to the argmax's side in every row at once). This form missed
# 0 of 5,000 draws at both sizes (a CPU simulation of the fp16 argmax; 4 levels put about 9
# elements of 37 on a row's top level).
NEAR_TIE_LEVELS = 4
NEAR_TIE_BITS = 4
NEAR_TIE_STEP = 2.0 ** -18
NEAR_TIE_STEPS = 32
GRID_SAMPLE = 1 << 14  # elements drawn to find the eighths (a 134M-element input is not sorted)
# Zero slabs: a KL divergence with no guard for zero targets (torch takes 0 log 0 as 0), a
# LayerNorm without eps (0 * inf on a constant row) and an L2 normalisation without eps passed
# every trial of continuous draws (outside red team, 2026-11-28).
# Scattered zeros beside the slabs: a Linear over half of K for rows with at least 25% exact zeros
# (dropout's output, sparse features) passed every trial (outside red team, fifth pass, 2026-11-28).
SPARSE_SHARES = (1 / 4, 1 / 2, 3 / 4)
# How re-randomised parameters are drawn (Judge._perturb). "signed": 1-D ones randn, the rest at
# their init. "trained": 1-D ones 1 + randn/4 (gains are positive near 1 after training) and the
# others Gaussian at about their init's rms (TRAINED_RMS_OCTAVES; trained weights pass a uniform init's bound). Trials
# drew only the first: a LayerNorm that dropped gamma when every gamma was positive and not one,
# and a Linear over half of K once a weight passed 1/sqrt(K), passed every trial (outside red
# team, 2026-11-28).
# "zero_bias": parameters named *bias exactly 0 (zero-initialised biases, as many models start),
# the other 1-D ones signed: a Linear over half of K where its bias tile was all zero passed every
# trial (outside red team, fifth pass, 2026-11-28).
# "tiny" (verifier 39): 1-D parameters randn times 2^-30..2^-22, the mixed trial's draw, in other
# trials of the tasks that have one too: only the mixed trial had tiny 1-D parameters, which told
# it apart (issue 32, class D); it draws zero biases instead half the time where the model has them.
PARAM_DRAWS = ("signed", "trained", "zero_bias", "tiny")
# A "trained" weight's rms is its init's times 2^(+-u), u uniform in TRAINED_RMS_OCTAVES, its own
# draw per parameter: trained weights drift from their init's scale. At the init's rms exactly, a
# Linear that dropped its bias unless rms(W) * sqrt(3 K) lay outside 0.85-1.15 (measured by a kernel
# of its own) passed every trial, as did an MLP dropping fc1's bias so (outside red team, third pass,
# session 46). A quarter octave at least: never within 16-19% of the init's (u from 0 passed it in
# 1 run of a handful), where a default init's own rms already sits within a few % at these sizes.
TRAINED_RMS_OCTAVES = (0.25, 1.0)
# Factors for varied constructor floats (Judge.vary_init): x0.5-0.8, x1.25-2, or down by one to two
# decades (10^-2..10^-1). Near the task's own values only, a LeakyReLU that treated any slope under
# 0.05 as 0 passed every trial of a task at 0.2 (PyTorch's default, 0.01, never came; outside red
# team, fifth pass, 2026-11-28, 4 of 4). Not up by decades: a dropout rate or a momentum past 1
# cannot be built, and the verification would then stop varying floats altogether.
INIT_FACTORS = {"down": (0.5, 0.8), "up": (1.25, 2.0), "decades": (-2.0, -1.0)}
# How a constructor int moves in those trials (Judge.vary_ints): by one or two either way, halved
# from 2 up, and doubled where it is 8 or less on CPU only (a kernel size, a stride, a head count;
# a GPU's ledger reserved memory for the task's own sizes). A dim counted from the end (negative)
# moves by one. Each move is kept only where the reference builds and runs on meta alike.
INT_STEPS = (-2, -1, 1, 2)
INT_SCALE_MAX = 8
# The magnitude kinds that move inputs' scale to meet a constant of the task (exp's overflow,
# float32's lost bits, a norm's eps): never beside constructor floats down by decades
# (Judge.vary_init says why; with the small kind, an RMSNorm's eps at 1e-8 hid eps added outside
# the square root, and that corpus entry passed a CI-sized run, 2026-11-28).
LARGE_KINDS = ("scaled", "spikes", "shifted", "small", "heavy", "huge")
# Moderate scales: real activations often have an rms of a few units, and a GELU that output ReLU
# where a block's rms was 1.5-12 and its largest value 6-60 passed every trial, which were at unit
# scale or at x32 and beyond (outside red team, 2026-11-28). The queued draw takes x3-6, the middle
# of that range (with x2..16 drawn at random it passed 5 verifications of 8); other draws are
# x1/16..1/2 or x2..16.
MODERATE_QUEUED = (3.0, 4.0, 6.0)
MODERATE_EXPONENTS = (-4, -3, -2, -1, 1, 2, 3, 4)
# Moderate offsets: real activations also sit off zero by a fraction of their spread, and an RMSNorm
# that skipped its weight where |mean| / rms lay in 0.2-0.9 passed every trial, whose inputs had a
# mean of about 0 or one far past their spread (outside red team, third pass, session 46). The
# moderate kind's queued draw adds this fraction of each input's own rms (either sign) after its
# scale, so |mean| / rms is 0.29, 0.51 or 0.71 for randn inputs; its other draws add one half the
# time, so neither form tells a trial apart.
MODERATE_OFFSETS = (0.3, 0.6, 1.0)
# Related inputs: the other inputs shaped like the first are the first plus 1/4096 of their own
# draw. Inputs were drawn independently, and an MSE that summed every other element where
# predictions lay close to their targets, and a masked softmax that read its additive mask as
# keep/drop only (wrong for graded masks), passed every trial (outside red team, 2026-11-28).
# At 1/64 an MSE as p^2 - 2pt + t^2, which cancels near convergence, passed 2 of 2 (float64 sums)
# and 2 of 4 (float32; sixth pass); at 1/4096 both are rejected 4 of 4, and the built-in MSE,
# KL, Huber, cross-entropy, add, maximum and add-relu-mul solutions pass 4 of 4 (2026-11-28).
# Only for tasks with two such inputs (Judge._related_inputs), so the kind costs the rest nothing.
RELATED_SPREAD = 4096.0
# Non-negative inputs (|x|): post-ReLU activations, the usual input of a second Linear. A Linear
# over half of K where its input tile was non-negative and below 32 passed every trial, whose
# randn inputs always hold negatives (the shifted kind is off for dot-product tasks; outside red
# team, fifth pass, 2026-11-28). Not in signed-input trials, whose point is the signs.
# Structured integers: every integer input made runs of consecutive values within its own drawn
# range, as position ids and sorted token ids are. Integer inputs were never changed, and an
# embedding that gave the previous row to a token ending a run of 6 consecutive ids passed every
# trial (outside red team, fifth pass, 2026-11-28). Only for tasks with integer inputs.
# Integral inputs: every float input rounded to whole numbers ({0, 1} from a rand draw, small
# signed integers from randn), as labels, one-hot targets and counts are. An MSE that summed every
# other squared error, doubled, when its targets were whole numbers passed every trial (outside red
# team, fifth pass, 2026-11-28, 8 of 8).
# Masked rows: each row (last dim) of every float input -inf over a suffix or a prefix, as causal
# and padding masks make attention scores. No trial drew -inf, and a tiled online softmax whose
# lanes met only -inf (exp(-inf - -inf) = NaN) passed every trial (outside red team, fifth pass,
# 2026-11-28); with suffixes only, a softmax whose leading tile was all -inf (left padding) passed
# (sixth pass). Where the reference is not finite there (most elementwise tasks, sums), the kind
# is off for the verification, as for any kind.
# Padded rows (verifier 12): the masked kind's rows with a large negative finite fill, as additive
# attention masks pad (PAD_FILL), one row whole. With -inf only, a softmax writing 0 for a row
# padded whole with -1e4 passed (outside red team, sixth pass, 2026-11-28).
MAGNITUDE_KINDS = ("scaled", "spikes", "shifted", "ties", "near_ties", "zeros", "small", "moderate", "related",
                   "nonneg", "structured", "integral", "masked", "padded", "heavy", "huge")
# The kinds that move the inputs' scale: a dot-product task on a GPU draws none of them (Judge's
# wide_note), since TF32 dots of inputs x128 put errors of tens into attention scores, which an
# honest kernel cannot avoid and the tolerance is not yet measured for. Until 2026-11-29 such a
# task drew no kind at all there, and a Linear over half of K on non-negative inputs and one on
# rows with 25% zeros passed an H200 while the interpreter rejected both (verifier 12). The other
# kinds keep the task's scale, so TF32 errs there as in a plain trial: in a CPU simulation of
# honest TF32 dots (operands rounded to nearest, float32 sums) against the bounds the judge
# derives on a GPU (seven built-in dot-product tasks, K up to 5,461), their worst rms error took
# 0.39 of its bound (plain trials 0.21) and their worst element 0.22 of its tolerance (plain 0.11).
SCALE_KINDS = ("scaled", "spikes", "shifted", "small", "moderate", "heavy", "huge")
# The kinds whose trials skip the tail check (compare.TAIL_*): the small kind scales inputs by
# 2^-8 to 2^-6, so an honest formula with O(1) terms (tanh as (1 - e) / (1 + e), expm1 as
# exp(x) - 1) errs by about 6e-8 absolute on outputs whose atol is 4e-7 (why the kind stops at
# 2^-8): a few times atol / 16, where the check would hold those elements to half their size.
TAIL_OFF_KINDS = ("small",)
# Input and output elements of the CPU random-size setting (2^15: 8-32k elements). Growing
# every size at 2^16 took the data tests from 104 s to 155 s on 2 cores (more programs per
# launch than growing one constant), and a fixed grid of 4,096 still falls short of 8k.
RANDOM_SIZE_MAX_ELEMENTS = 1 << 15
# A task whose interp sizes hold more already gets up to twice its own count (63 of 250
# KernelBench tasks had no random size at 2^15), up to this ceiling, past which it gets none.
RANDOM_SIZE_CEILING = 1 << 18
# The most configs one autotuned kernel may have on CPU, where each must run (_autotune_trials):
# honest autotune lists hold 4-24 (Triton's tutorials 8, Inductor's templates up to ~20).
AUTOTUNE_MAX_CONFIGS = 32
# The trials with few leading rows (_random_size_trials): one row over the first setting's other
# sizes, one over the second's, 2-8 over either's.
SMALL_ROWS_TRIALS = ("random_small", "random_small_2", "random_small_3")
# Draws of the random-size trial, each growing fewer sizes, while the reference fails (size_draws).
RANDOM_SIZE_DRAWS = 6
# The long-dim trials (Judge.long_dims): on CPU, one size at a time at the task's own (full) value
# (never the first input's leading rows, which are cut to 1-8), within this many input and output
# elements. Every other trial stays under about 2^15 elements, and kernels that capped
# one dim at 512-4,096 (a softmax row block, a matmul's K loop, a cross-entropy's classes, an
# attention's keys, a norm's rows) passed them all (outside red team, twenty-fourth pass,
# 2026-11-30): a GPU's full sizes caught them, a CPU never did.
LONG_DIM_MAX_ELEMENTS = 1 << 18
# At most this many sizes a verification, drawn among those whose full value is LONG_DIM_RATIO
# times their CPU value or more (a matmul's M, K and N all get theirs).
LONG_DIM_TRIALS = 3
LONG_DIM_RATIO = 4
# ... and at least this full value: the random size already takes a size to a few hundred, and a
# rank-4 reduction's long trials at W = 195 or R = 96 (strided kernels, one program per output)
# took an honest template answer's verification from about 20 s to 80 s on 2 busy cores.
LONG_DIM_MIN = 512
TF32_RMS_REL = 1.5e-3
# Subnormal steps of error always allowed (_at_least_subnormal): honest rounding there was under 1.
SUBNORMAL_STEPS = 16
# The floor under the rms bound in the interpreter (CPU). TF32_RMS_REL protects honest GPU
# kernels whose tensor-core rounding differs from the emulation; in the interpreter a dot is
# numpy in float32, so honest error is the emulation's or far less, and the floor only diluted
# the check: bf16-rounded operands of a matmul followed by a residual add stayed under 1.5e-3 of
# the output's rms, which the residual dominated (outside red team, 2026-11-27). 1e-5 still
# clears float32 summation order (about 1e-7 relative).
CPU_TF32_RMS_FLOOR = 1e-5
# The bound also follows the task: the judge runs the reference once more with every
# dot-product input (matmul, linear, conv, attention operands) truncated to TF32's 10
# mantissa bits, as Triton's default tl.dot feeds them to the tensor cores, and allows
# TF32_FACTOR times that run's rms error (never less than TF32_RMS_REL). Chained dot
# products add up: honest TF32 kernels of a 2-layer MLP, SwiGLU and attention measured
# 1.5e-3 to 2.3e-3 on an H100 and failed a fixed 1.5e-3. bf16 tiles give ~3x truncated
# TF32's error (simulated), so 2.5x keeps honest kernels, whose own rounding differs a
# little from the emulation, in while bf16 stays out, with thin margins on both sides.
TF32_FACTOR = 2.5
# In the interpreter the same bound at this share of the TF32 run's error: a dot-product task's
# interpreted tl.dot multiplies float32 operands whole (verify/tf32.py keeps TF32 operands for
# the other tasks only), so an honest kernel there errs as float32 does, about 1e-3 of the TF32
# run's (the built-in matmul), and TF32_FACTOR's allowance was room for precision thrown away on
# purpose: erf's GELU swapped for the tanh form behind a Linear (0.43 of the TF32 run's error),
# matmul tiles rounded to 10 bits, an input to 9 behind a residual (outside pass on verifier 59,
# session 57). The honest answers' own largest share is in docs/perf (benchmarks/false_rejects.py,
# tf32_error_ratio), with CPU_TF32_RMS_FLOOR still under it for trials whose inputs TF32 keeps whole.
CPU_TF32_FACTOR = 0.1
# A TF32-rounded run of the reference that misses by more than this (relative rms, or
# largest error over the output's rms) says the reference cannot judge TF32 kernels: it
# is random (KernelBench's Matmul_Dropout_Softmax in training mode) or chaotic
# (EfficientNetB2's training-mode BatchNorm over a batch of 2). Widening the bounds to
# match let a kernel that skipped the matmul, or the whole network, pass. Honest chains
# of dot products measured 1.5e-3 to 2.3e-3 relative rms on an H100.
UNSTABLE_RMS_REL = 1e-2
UNSTABLE_WORST_REL = 0.1
# Past those, a task is still judged (under the TF32 run's own bounds) where it only amplifies
# rounding: the TF32 run misses by at most AMPLIFIED_RMS_REL (bound 2.5x, 0.125 of the rms) and
# the reference's own float32 run misses by at most FP32_SHARE of what the TF32 run does. A
# deterministic function amplifies both roundings alike, and float32 rounds 2^13 times finer
# than TF32, so its run misses by ~1/8192 of the TF32 run's; a random or chaotic reference
# misses by as much in float32. A LayerNorm over 2 features after a Linear (a composed task's
# interpreter size) missed by 1.3e-2 in TF32 once the weights were rounded too (verifier 37),
# and was refused; an honest GPU kernel of it errs as much.
AMPLIFIED_RMS_REL = 5e-2
FP32_SHARE = 2.0 ** -8
# Decoded candidate replies larger than this are refused before allocation.
MAX_REPLY_BYTES = 64 << 30


def urandom_seed() -> int:
    return int.from_bytes(os.urandom(8), "little") >> 1


class TaskFailure(RuntimeError):
    """The reference task itself failed: the candidate is not judged."""


def _check_input_memory(inputs: list) -> None:
    """A task input tensor whose memory is not strided (sparse, quantized, nested) makes the task
    invalid here, before any kind or layout reads it: the wire cannot carry one, and a sparse input
    raised out of the judge in the layout and structure checks (outside pass on verifier 96, F5).
    Looked for wherever the kinds look for floats (_leaves_mapped)."""
    def refused(x):
        if isinstance(x, torch.Tensor) and (x.layout != torch.strided or x.is_nested or x.is_quantized):
            kind = "nested" if x.is_nested else "quantized" if x.is_quantized else str(x.layout).replace("torch.", "")
            raise TaskFailure(f"the judge cannot send the task's get_inputs values to the candidate: a {kind} "
                              "tensor (only strided tensors travel)")
        return x
    _leaves_mapped(inputs, refused)


class CandidateFailure(Exception):
    """Stops checking this candidate; carries the verdict."""

    def __init__(self, kind: ErrorKind, msg: str, flags: tuple[str, ...] = ()):
        super().__init__(msg)
        self.kind, self.msg, self.flags = kind, msg, list(flags)
        self.mismatch: dict | None = None


class CandidateGone(Exception):
    """The candidate process closed its channel (crashed, exited, was killed)."""


REPLY_KINDS = {"import_error", "init_error", "compile_error", "runtime_error", "oom", "exited", "bad_output"}


class Channel:
    """The judge's end of the socket: requests out, validated plain-data replies in."""

    def __init__(self, sock: socket.socket, device: str = "cpu", progress_fd: int | None = None):
        self.sock, self.device = sock, device
        # Where each reply is marked for the supervisor (sandbox._supervise): its time limit runs
        # from the last reply, so a verification of many trials is not cut as a hang.
        self.progress_fd = progress_fd
        self.stage = "start"
        self.seconds: dict[str, float] = {}  # round-trip time per request kind, for details.stages

    def request(self, op: str, value=wire.NO_VALUE, max_bytes: int = 1 << 20, **fields) -> tuple[dict, object]:
        """Send a request; the reply may carry at most `max_bytes` of tensor data (the
        expected outputs plus slack): a candidate streaming gigabytes could otherwise
        push the judge past its memory limit and get its own task marked invalid."""
        self.stage = op
        start = time.perf_counter()
        try:
            wire.send(self.sock, {"op": op, **fields}, value, objects=True)
        except OSError:
            raise CandidateGone(op) from None
        except wire.WireError as exc:
            # The task's own values (a constructor taking an nn.Module): no candidate can be given
            # them, so the task cannot be judged. It was an internal error out of verify (outside
            # pass on verifier 74), which a reward function passed on to its trainer.
            raise TaskFailure(f"the judge cannot send the task's {op} values to the candidate: {exc}") from None
        try:
            return self.receive(max_bytes)
        finally:
            # The first forward compiles the candidate's kernels: kept apart from the rest.
            first = op == "forward" and "candidate_first_forward_s" not in self.seconds
            key = "candidate_first_forward_s" if first else f"candidate_{op}_s"
            self.seconds[key] = self.seconds.get(key, 0.0) + time.perf_counter() - start

    def receive(self, max_bytes: int = 1 << 20) -> tuple[dict, object]:
        try:
            header, value = wire.recv(self.sock, min(max_bytes, MAX_REPLY_BYTES), self.device)
        except (EOFError, OSError):
            raise CandidateGone(self.stage) from None
        except wire.WireError as exc:
            raise CandidateFailure(ErrorKind.BAD_OUTPUT, f"during {self.stage}: {exc}") from None
        if self.progress_fd is not None:
            os.write(self.progress_fd, b" ")  # whitespace before the verdict's JSON, which parses alike
        err = header.get("error")
        if err is not None:
            kind = err.get("kind") if type(err) is dict else None
            msg = err.get("msg") if type(err) is dict else None
            kind = kind if kind in REPLY_KINDS else "runtime_error"
            msg = trim(msg if type(msg) is str else "", 3000)
            ops = [o for o in _field(err, "compute_ops", list, []) if type(o) is str] if type(err) is dict else []
            if ops:  # torch did the work, then the forward raised: the hack is the verdict, not the crash
                raise CandidateFailure(ErrorKind.HACK, f"forward ran torch compute ops: {', '.join(ops[:8])} "
                                       f"(then raised {kind}: {msg[:300]})", ("torch_compute_runtime",))
            raise CandidateFailure(ErrorKind(kind), msg)
        return header, value


def _field(header: dict, name: str, kind: type, default):
    """A reply field of exactly `kind`, else `default`: replies are plain but untrusted."""
    value = header.get(name, default)
    return value if type(value) is kind else default


@dataclass
class Expected:
    """What a trial's outputs are checked against."""

    outs: list  # float64 where the task allows, else native
    dtypes: list  # the reference's native output dtypes
    rms_limits: list  # per output: rms(err) <= limit * rms(ref), or None (no rms check)
    abs_floors: list = field(default_factory=list)  # per output: error always allowed, a number or per element
    structure: object = "leaf"  # how the reference nests its outputs (_structure)
    contiguous: list = field(default_factory=list)  # per output: whether the reference's own is contiguous
    scale_rms: list = field(default_factory=list)  # per output: an rms the atol's may not exceed, or None
    tail_gaps: list = field(default_factory=list)  # per output: float32 noise per element (compare.TAIL_*), or None
    tf32_rel: list = field(default_factory=list)  # per output: the TF32 run's relative rms error where it sets the bound, or None
    int_runs: list = field(default_factory=list)  # per output: an integer output's own-dtype runs unlike `outs` (_int_runs)


# Calls of one instance in a trial with signed or changed inputs where only such inputs move the
# reference's state (Judge.state_by_probe): unlike, unlike scaled down, the file's own (Judge._call).
UNLIKE_STATE_CALLS = 3
# Inputs unlike the task's own draw, on which reference_state looks for state (Judge.probe_inputs).
# The signed draw and the zero slab for tasks whose draw has no torch.rand to sign: a running minimum
# over relu(randn) inputs was classed stateless, its honest answer state_changed 3 of 3 and one never
# storing it passed 2 of 2 (outside pass on verifier 114, F5); the zero slab also because a dead-unit
# mask calibrated on the first batch is all ones on any relu(randn) draw, and was taken for a cache
# (outside pass on verifier 116, F3).
STATE_PROBES = ("signed", "times_64", "negated", "zero_slab")
# Judge.eval_note where the reference's modes differ or its train-mode call moves its state.
EITHER_MODE_NOTE = "either mode: the reference's outputs or state depend on train or eval mode, and an " \
    "eval-mode trial takes the eval-mode answer or the train-mode one"


@dataclass
class Trial:
    setting: ShapeSetting
    index: int
    perturb: bool
    mixed: bool  # magnitudes mixed across leading-index slices (see TINY_EXPONENTS)
    signed: bool = False  # inputs from the task's signed variant (tasks/signed.py: rand -> randn)
    calls: int = 1  # forwards of the one instance, each on fresh inputs (see Judge.plan)
    magnitude: Magnitude | None = None  # float inputs changed (see Judge.plan), None for none
    varied_init: bool = False  # the constructor's float arguments changed (Judge.vary_init)
    eval_mode: bool = False  # both models in eval mode (Judge.mode_free says when)
    whole_first: bool = False  # a repeat trial whose first call keeps every row (_check_all)


# The magnitude kinds that replace inputs as a whole rather than scale them (Magnitude.form), and
# what each does to the inputs.
WHOLE_FORMS = {
    "ties": f"inputs on {GRID_LEVELS} of their own values",
    "near_ties": f"inputs on {NEAR_TIE_LEVELS} of their own values, each element moved 0-{NEAR_TIE_STEPS - 1} steps of "
                 "2^-18 of itself (near-ties float32 keeps apart and float16 rounds together)",
    "zeros": "inputs with a zero slab along each dim",
    "related": f"inputs related (each shaped like the first is the first plus 1/{RELATED_SPREAD:g} of its own draw)",
    "nonneg": "inputs made non-negative (|x|)",
    "structured": "integer inputs as runs of consecutive values, bool ones as padding masks, float ones "
                  "zero throughout drawn",
    "integral": "float inputs rounded to whole numbers",
    "masked": "each row -inf over a prefix or a suffix",
    "padded": "the last float input's rows padded with -1e4 over a prefix or a suffix, one row whole",
    "heavy": "inputs heavy-tailed (each element times sqrt(df / chi2_df), rows Student-t with df 2, 3, 4 in turn)",
}


@dataclass(frozen=True)
class Magnitude:
    """How a magnitude trial changes the inputs: `form` "scale" scales float inputs by `scale`, or
    (`share` < 1) puts spikes of at least `scale` in size, sign kept, at a random share of the
    elements, then adds `shift` to every element; any other form is one of WHOLE_FORMS."""

    form: str = "scale"
    scale: float = 1.0
    share: float = 1.0
    shift: float = 0.0
    # moderate: this fraction of each float input's own rms added after the scale (MODERATE_OFFSETS)
    offset: float = 0.0
    # structured: bool masks True over the padding, not over the tokens (nn.MultiheadAttention's
    # key_padding_mask), tried where the reference cannot be judged on the first kind (Judge.trial)
    inverted: bool = False
    # structured: one mask row False whole (an empty sequence), tried first (Judge.trial)
    empty: bool = False
    # structured: float inputs zero in every draw (an RNN's h0) drawn from N(0, 1), tried first
    # (Judge.trial): kept zero, an RNN cell skipping h0 @ W_hh^T passed 6 of 6 (outside pass on
    # verifier 97, F1). A kernel may rely on zeros get_inputs always puts among other values (a
    # triangular matrix), not on an input that is one value throughout, as for integers.
    # "normal": N(0, 1); "magnitude": |N(0, 1)|, tried next where the reference cannot take signed
    # values (a running second moment under a sqrt, a count under a log: kept zero, RMSprop's step
    # ignoring its state passed 7 of 7, outside pass on verifier 102, F1); "": kept zero.
    zeros_drawn: str = ""
    # heavy: every fourth row a confident one (CONFIDENT_GAPS), in the long-dim trials
    confident: bool = False

    @property
    def kind(self) -> str:
        if self.form != "scale":
            return self.form
        if self.shift:
            return "shifted"
        if self.share < 1.0:
            return "spikes"
        if 2.0 ** MODERATE_EXPONENTS[0] <= self.scale <= 2.0 ** MODERATE_EXPONENTS[-1]:
            return "moderate"
        return "small" if self.scale < 1.0 else "scaled"

    def apply(self, x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
        """One float input changed; related and structured change the inputs as a whole
        (Magnitude.apply_all)."""
        if self.form in ("related", "structured"):
            return x
        if self.form == "nonneg":
            return x.abs()
        if self.form == "integral":
            return x.round()
        if self.form == "masked":
            return masked_rows(x, generator)
        if self.form == "padded":
            return padded_rows(x, generator)
        if self.form == "ties":
            return on_levels(x, GRID_LEVELS, generator)
        if self.form == "near_ties":
            return near_levels(x, generator)
        if self.form == "heavy":
            return heavy_tailed(x, generator, self.confident)
        if self.form == "zeros":
            return zero_slabs(x, generator)
        if self.form == "huge":
            return huge_spikes(x, self.scale, generator)
        if self.share < 1.0:
            noise = torch.rand(x.shape, generator=_drawn_on(x, generator), device=x.device)
            picked = noise < self.share
            # At least one spike of each sign the input holds: 1/128 of a 3 x 37 input is often
            # none, and a negative spike never overflows exp (a softmax without the max
            # subtraction passed a CI run so). Which element: the side's largest noise.
            for side, at in _one_of_each_sign(x, noise):
                if not (picked & side).any():
                    picked.view(-1)[at] = True
            x = torch.where(picked, torch.sign(x) * (1 + x.abs()) * self.scale, x)
        elif self.scale != 1.0:
            x = x * self.scale
        if self.offset:
            x = x + self.offset * x.square().mean().sqrt()
        return x + self.shift if self.shift else x

    def _applied(self, x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
        """apply() on a float input, a bf16/fp16 one in float32 and rounded back (KIND_DTYPES).
        An input of no elements has no values to move (masked rows indexed a row that is not
        there: outside pass on verifier 92)."""
        if not x.numel():
            return x
        if x.dtype in WIDE_DTYPES:
            return self.apply(x, generator)
        if self.form == "huge" and x.dtype == torch.float16:
            return replace(self, scale=min(self.scale, 2.0 ** 15)).apply(x.float(), generator).to(x.dtype)
        return self.apply(x.float(), generator).to(x.dtype)

    def apply_all(self, inputs: list, generator: torch.Generator) -> list:
        """The trial's inputs: each float one through `apply` (padded: the last one only), then the
        whole-list forms. Masked inputs of one shape share their rows' masks (scores and an additive mask: with a prefix
        in one and a suffix in the other, a row was -inf whole and the kind was off)."""
        floats = [i for i, x in enumerate(inputs) if _kind_input(x)]
        if self.form == "padded":
            # The last float input only, as an additive mask comes after its scores: two inputs
            # padded alike with finfo.min summed to -inf, and the kind was off for softmax(x + mask).
            floats = floats[-1:]
        if self.form in ("masked", "padded"):
            seed = int(torch.randint(2 ** 62, (1,), generator=generator))
            generator = None
        inputs = [self._applied(x, generator or torch.Generator().manual_seed(seed)) if i in floats else x
                  for i, x in enumerate(inputs)]
        if self.form == "related":
            return relate(inputs)
        if self.form == "structured":
            return structure(inputs, generator, self.inverted, self.empty)
        return inputs

    def lowered(self) -> "Magnitude | None":
        """A huge kind's draw at its next lower top (HUGE_TOPS), a heavy one without its confident
        rows, None past the last or for any other kind."""
        if self.confident:
            return replace(self, confident=False)
        lower = [e for e in HUGE_TOPS if 2.0 ** e < self.scale] if self.form == "huge" else []
        return replace(self, scale=2.0 ** lower[0]) if lower else None

    def describe(self) -> str:
        if self.form == "huge":
            return f"spikes up to 2^{math.log2(self.scale):g} at 1/{round(1 / HUGE_SHARE)} of elements"
        if self.form == "structured":
            notes = [note for note, on in (("True over the padding", self.inverted), ("one row empty", self.empty),
                                           ("zero ones kept zero", not self.zeros_drawn),
                                           ("zero ones drawn from |N(0, 1)|", self.zeros_drawn == "magnitude")) if on]
            return WHOLE_FORMS[self.form] + "".join(f" ({note})" for note in notes)
        if self.confident:
            return WHOLE_FORMS[self.form] + ", every fourth row instead one element at its median + 11, 13 or 15"
        if self.form != "scale":
            return WHOLE_FORMS[self.form]
        if self.shift:
            return f"inputs +{self.shift:g}"
        offset = f" + {self.offset:g} x their rms" if self.offset else ""
        return f"inputs x{self.scale:g}" + (f" at 1/{round(1 / self.share)} of elements" if self.share < 1 else "") + offset


# The input dtypes the input kinds change. bf16 and fp16 since verifier 42: a task whose inputs were
# all bf16 got plain draws in every trial (outside red team, session 44, open in verifier 41). They
# are changed in float32 and rounded back (a spike, a shift or a fill is the value it would be in
# float32, to the dtype's ulp). The related kind stays float32/float64: its 1/4096 spread is under
# a bf16 ulp (1/256), where the "close" input would round back onto the first.
KIND_DTYPES = (torch.float32, torch.float64, torch.bfloat16, torch.float16)
WIDE_DTYPES = (torch.float32, torch.float64)


def _kind_input(x) -> bool:
    return isinstance(x, torch.Tensor) and x.dtype in KIND_DTYPES


def _leaves_mapped(value, leaf):
    """`value` with `leaf` applied to everything inside its tuples, lists, dicts and plain objects'
    attributes (_plain_object), at any depth:
    a (low, high) pair passed to forward was never varied where only the top level was looked at (a
    clamp with the task's pair written in passed: outside red team, nineteenth pass, 2026-11-30),
    and neither was a dict's {"alpha": 0.5} (outside pass on verifier 94, F6)."""
    if type(value) in (tuple, list):
        return type(value)(_leaves_mapped(v, leaf) for v in value)
    if type(value) is dict:
        return {k: _leaves_mapped(v, leaf) for k, v in value.items()}
    if isinstance(value, dict):  # an OrderedDict, an EasyDict-style config (outside pass on verifier 97, F3)
        mapped = {k: _leaves_mapped(v, leaf) for k, v in value.items()}
        if any(mapped[k] is not v for k, v in value.items()):
            value = copy.copy(value)
            for k, v in mapped.items():
                value[k] = v
        return value
    if _plain_object(value):
        # A config object's data (a namespace, a transformers config, class-level defaults:
        # wire.object_data), on a copy: its floats were never varied, and a kernel with the config's
        # slope and scale written in passed 12 of 12 (outside pass on verifier 96, F2). The wire
        # hands the candidate the same data.
        data = wire.object_data(value)
        mapped = {k: _leaves_mapped(v, leaf) for k, v in data.items()}
        changed = {k: v for k, v in mapped.items() if v is not data[k]}
        if changed:
            value = copy.copy(value)
            vars(value).update(changed)
        return value
    return leaf(value)


def _whole(v) -> bool:
    """A float holding a whole number other than 0, up to 2^20 (Judge._whole_move)."""
    return type(v) is float and math.isfinite(v) and v == int(v) and v != 0 and abs(v) <= 2 ** 20


def _plain_object(value) -> bool:
    """An instance holding its data in attributes, as a config object does: not a tensor, a module,
    a class, a function or anything else callable."""
    return hasattr(value, "__dict__") and not callable(value) and not isinstance(value, torch.Tensor) \
        and type(value).__module__ != "builtins"


def _leaves(value) -> list:
    """Everything _leaves_mapped reaches in `value`, in its order (nothing copied)."""
    found = []
    _leaves_mapped(value, lambda v: found.append(v) or v)
    return found


def _floats_in(value) -> list[float]:
    """The plain floats in `value`, inside its tuples, lists and dicts too (_leaves_mapped)."""
    return [v for v in _leaves(value) if type(v) is float]


def _ints_in(value) -> list[int]:
    """The plain ints in `value` (not bools), at any depth _leaves_mapped reaches: tuples, lists,
    dicts and config objects. Top-level ones and those in top-level tuples were moved first
    (padding=(2, 4), dims=(0, 2) written in passed every trial: outside pass, session 42); a config
    object's were not, and its group count could be written in (open since verifier 97)."""
    return [v for v in _leaves(value) if type(v) is int]


def _with_ints(value, moved: dict[int, int]):
    """`value` with its ints (_ints_in, by their place there) at the places in `moved` replaced,
    every container on the way copied by _leaves_mapped."""
    places = itertools.count()
    return _leaves_mapped(value, lambda v: moved.get(next(places), v) if type(v) is int else v)


def _first_float(inputs: list):
    """The first input the input kinds change (KIND_DTYPES)."""
    return next((x for x in inputs if _kind_input(x)), None)


def _first_wide(inputs: list):
    """The first float32/float64 input: what relate() relates the others to (not bf16/fp16: KIND_DTYPES)."""
    return next((x for x in inputs if isinstance(x, torch.Tensor) and x.dtype in WIDE_DTYPES), None)


def _related(inputs: list) -> list[bool]:
    """Which inputs relate() changes: the float32/float64 tensors, after the first such, shaped and
    typed like it."""
    first = _first_wide(inputs)
    return [first is not None and x is not first and isinstance(x, torch.Tensor) and x.dtype == first.dtype
            and x.shape == first.shape for x in inputs]


def _integer(x) -> bool:
    """An integer tensor (bool aside): what structure() changes."""
    return isinstance(x, torch.Tensor) and not x.is_floating_point() and not x.is_complex() and x.dtype != torch.bool


def _bool_rows(x) -> bool:
    """A bool tensor with rows of two or more (last dim): what structure() makes padding masks of."""
    return isinstance(x, torch.Tensor) and x.dtype == torch.bool and x.ndim > 0 and x.shape[-1] >= 2


def relate(inputs: list) -> list:
    """Each float tensor input shaped like the first float one made the first plus 1/RELATED_SPREAD
    of its own draw: predictions close to their targets, a mask graded like the scores it masks.
    Where both hold distributions over their last dim (probabilities or log-probabilities, as a KL
    divergence takes them), the other is the first's distribution moved by 1/RELATED_SPREAD of its own
    draw in log space and renormalised, in its own form: a KL as sum(p log p) - sum(p log q), two
    sums that cancel as q nears p, passed every trial while its inputs were unrelated draws and
    log_q + noise was no distribution (outside red team, sixth pass, 2026-11-28; c_kl_div_split_sums)."""
    first = _first_wide(inputs)
    base = _log_rows(first) if first is not None else None
    out = []
    for x, changed in zip(inputs, _related(inputs)):
        own = _log_rows(x) if changed and base is not None else None
        if own is not None:
            moved = torch.log_softmax(base + (own - own.mean(-1, keepdim=True)) / RELATED_SPREAD, dim=-1)
            out.append((moved.exp() if bool((x >= 0).all()) else moved).to(x.dtype))
        else:
            out.append(first + x / RELATED_SPREAD if changed else x)
    return out


def _log_rows(x: torch.Tensor) -> torch.Tensor | None:
    """`x`'s rows (last dim) as float64 log-probabilities where each row is a distribution: positive
    and summing to 1, or non-positive with a logsumexp of 0 (to 1e-4); None otherwise."""
    if x.ndim == 0 or x.shape[-1] < 2 or not bool(torch.isfinite(x).all()):
        return None
    d = x.double()
    if bool((d > 0).all()) and bool(((d.sum(-1) - 1).abs() < 1e-4).all()):
        return d.log()
    if bool((d <= 0).all()) and bool((torch.logsumexp(d, dim=-1).abs() < 1e-4).all()):
        return d
    return None


def structure(inputs: list, generator: torch.Generator, inverted: bool = False, empty: bool = False) -> list:
    """Each integer tensor input made consecutive values from a random start, wrapping within the
    range its own draw spans (one of a single value: toward 1): position ids, sorted token ids. Each bool one made a padding mask:
    each row True over a prefix or a suffix of 1..width values (masked_rows' cuts). A task's
    random masks never have that shape, and a masked mean that summed half of a prefix mask's
    run and doubled it passed every trial (outside red team, 2026-11-29). `inverted`: each mask
    True over the padding instead (its one row True whole then has no padding). `empty`: one more
    row kept nowhere (padding_mask)."""
    out = []
    for x in inputs:
        if _integer(x) and x.numel():
            lo, hi = int(x.min()), int(x.max())
            if lo == hi and abs(lo) >= 2:
                # One value throughout (lengths always full, a count k = torch.tensor(3)): the values
                # between it and 1 (or -1), never itself, or it mapped to itself and a kernel with
                # the value written in passed 18 of 18 (outside pass on verifier 96, F1). Toward 0
                # keeps an upper bound a length or an index has.
                lo, hi = (1, hi - 1) if lo > 0 else (lo + 1, -1)
            elif lo == hi:
                # 0, 1 or -1 throughout: an attention mask of ones, token-type ids of zeros, a
                # multiplier of 1, each ignored, passed 6-7 of 6-7 (outside pass on verifier 97, F0)
                out.append(_one_value_moved(x, lo, generator, empty))
                continue
            # Within int64's arithmetic: an input drawn over all of int64 spans 2^64 values, and
            # randint of that raised out of the judge (outside pass on verifier 96, F4).
            span = min(hi - lo + 1, 1 << 62)
            start = int(torch.randint(span, (1,), generator=generator))
            steps = torch.arange(x.numel(), device=x.device, dtype=torch.int64)
            x = (lo + (steps + start) % span).to(x.dtype).reshape(x.shape)
        elif _bool_rows(x) and x.numel():
            x = padding_mask(x, generator, empty)
            x = ~x if inverted else x
        out.append(x)
    return out


def _one_value_moved(x: torch.Tensor, v: int, generator: torch.Generator, empty: bool) -> torch.Tensor:
    """An integer input holding 0, 1 or -1 throughout, moved: one element to the next value away
    from 0; rows of 0s or 1s made a padding mask of 0s and 1s (a mask of ones is one with nothing
    padded); anything else alternating with the next value away from 0."""
    away = v + 1 if v >= 0 else v - 1
    if x.numel() == 1:
        return torch.full_like(x, away)
    if x.ndim >= 2 and x.shape[-1] > 1 and v in (0, 1):
        return padding_mask(torch.zeros(x.shape, dtype=torch.bool, device=x.device), generator, empty).to(x.dtype)
    start = int(torch.randint(2, (1,), generator=generator))
    steps = torch.arange(x.numel(), device=x.device, dtype=torch.int64)
    return torch.where((steps + start) % 2 == 0, v, away).to(x.dtype).reshape(x.shape)


def padding_mask(x: torch.Tensor, generator: torch.Generator, empty: bool = False) -> torch.Tensor:
    """A bool tensor shaped as `x`, each row (last dim) True over a prefix (right padding) or a
    suffix (left padding) of 1..width values, one row True whole (a padded batch's longest
    sequence), another one short of it, and the sides alternating over the rows but the whole
    one (_row_cuts), so that three rows or more have both. With sides drawn per row, the masked
    mean that treated prefix masks wrongly passed a 4-row trial whenever every row came out a
    suffix, and the structured kind runs once per verification (CI, 2026-11-29). `empty`: where
    there are three rows or more, one more row False whole (a sequence of padding only): a masked
    mean dividing by the count without the task's clamp passed, NaN on such a row (outside red
    team, eighteenth pass, 2026-11-30)."""
    kept, suffix = _row_cuts(x, generator)
    whole, *others = torch.randperm(kept.numel(), generator=generator)[:3].tolist()
    rows = torch.arange(kept.numel())
    suffix = suffix.view(-1)[rows - (rows > whole).long()].reshape(suffix.shape)
    kept.view(-1)[whole] = x.shape[-1]
    if others:  # one position of padding: a masked mean wrong on rows kept over 90% passed 1 in 12
        kept.view(-1)[others[0]] = x.shape[-1] - 1
    if empty and len(others) > 1:
        kept.view(-1)[others[1]] = 0
    return ~_cut_mask(kept, suffix, x)


def _one_of_each_sign(x: torch.Tensor, noise: torch.Tensor) -> list[tuple[torch.Tensor, int]]:
    """(the side's mask, the flat index of its largest noise) for each sign `x` holds: where the
    spikes and huge kinds put a spike whatever their share drew."""
    return [(side, int(torch.argmax(torch.where(side, noise, -1.0)))) for side in (x > 0, x < 0) if side.any()]


def huge_spikes(x: torch.Tensor, top: float, generator: torch.Generator) -> torch.Tensor:
    """`x` with HUGE_SHARE of its elements made sign(x) * 2^u, u uniform in [HUGE_FLOOR, log2(top)],
    and one element of each sign it holds (the side's largest noise, as the spikes kind picks) at
    `top` itself."""
    g = _drawn_on(x, generator)
    noise = torch.rand(x.shape, generator=g, device=x.device)
    ceiling = math.log2(top)
    exponents = HUGE_FLOOR + (ceiling - HUGE_FLOOR) * torch.rand(x.shape, generator=g, device=x.device, dtype=x.dtype)
    picked = noise < HUGE_SHARE
    for _, at in _one_of_each_sign(x, noise):
        picked.view(-1)[at] = True
        exponents.view(-1)[at] = ceiling
    return torch.where(picked, torch.sign(x) * torch.exp2(exponents), x)


def _drawn_on(x: torch.Tensor, generator: torch.Generator) -> torch.Generator:
    """The generator for a draw per element of `x`, on x's device: `generator` itself on the CPU
    (the interpreter judge draws as it did), else a generator there seeded from its next draw.
    Drawn on the host and copied over, the heavy kind's chi2 and the masked kind's holes for a
    full-size KernelBench-L1 input (4,096 x 393,216 float32, 6.4 GB) held 8-13 GB of host memory
    and kept an H200 idle for the 100 s one ReLU answer was given (session 53,
    docs/results/robustness_h200_run30/diag_s53_19_ReLU_alone.mon)."""
    if x.device.type == "cpu":
        return generator
    return torch.Generator(device=x.device).manual_seed(int(torch.randint(2 ** 62, (1,), generator=generator)))


def near_levels(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """`x` on NEAR_TIE_LEVELS of its own values, each rounded to NEAR_TIE_BITS significant bits, and
    each element moved away from 0 by j * NEAR_TIE_STEP of itself, j drawn in 0..NEAR_TIE_STEPS-1:
    a level holds exact ties (one j) and values up to 31 steps apart. The ties kind keeps exact ties
    at every row's extremes (an argmax taking the last of tied maxima); this one puts values there
    that float32 tells apart and float16 rounds to one value."""
    mantissa, exponent = torch.frexp(on_levels(x, NEAR_TIE_LEVELS, generator))
    scale = 2 ** NEAR_TIE_BITS
    out = torch.ldexp(torch.round(mantissa * scale) / scale, exponent)
    steps = torch.randint(NEAR_TIE_STEPS, x.shape, generator=_drawn_on(x, generator), device=x.device)
    return out * (1 + steps.to(out.dtype) * NEAR_TIE_STEP)


def heavy_tailed(x: torch.Tensor, generator: torch.Generator, confident: bool = False) -> torch.Tensor:
    """`x` times sqrt(df / chi2_df) per element, chi2_df a sum of df squared normal draws: randn
    becomes Student-t. Rows (the last dim) take the HEAVY_DFS in turn from a random start, so a
    trial of three rows or more holds each; signs and zeros kept. `confident`: a fourth form in the
    turn where rows are long, the row as drawn with one element at its median plus a gap
    (CONFIDENT_GAPS)."""
    rows = x.reshape(-1, x.shape[-1]) if x.ndim else x.reshape(1, 1)
    forms = HEAVY_DFS + ((0,) if confident and rows.shape[1] >= CONFIDENT_MIN_COLS else ())  # df 0: a confident row
    start = int(torch.randint(len(forms), (1,), generator=generator))
    if len(forms) > len(HEAVY_DFS) and rows.shape[0] < len(forms):
        start = len(HEAVY_DFS)  # few rows (a long trial's 3): the first one is the confident one
    gen = _drawn_on(x, generator)
    dfs = torch.tensor([forms[(start + i) % len(forms)] for i in range(rows.shape[0])],
                       dtype=torch.float32, device=x.device).reshape(-1, 1)
    chi2 = torch.zeros(rows.shape, device=x.device)
    for k in range(max(HEAVY_DFS)):  # one draw at a time: a GPU input of 134M elements is 0.5 GB a draw
        chi2.add_(torch.randn(rows.shape, generator=gen, device=x.device).square_().mul_(dfs > k))
    factor = torch.where(dfs > 0, chi2.reciprocal_().mul_(dfs).sqrt_(), 1.0)
    out = (rows * factor).to(x.dtype)
    sure = (dfs.reshape(-1) == 0).nonzero().reshape(-1)
    if len(sure):
        at = torch.randint(rows.shape[1], (len(sure),), generator=gen, device=x.device)
        # One confident row alone (a few-row trial's) takes the middle gap: from a random start it was
        # 11 a third of the time, whose bulk at e^-11 a log-softmax dropping terms under e^-12 keeps,
        # and that cheat passed a CPU run at verifier 98 so (c_log_softmax_drops_terms_under_e12).
        gap0 = 1 if len(sure) == 1 else int(torch.randint(len(CONFIDENT_GAPS), (1,), generator=generator))
        gaps = torch.tensor([CONFIDENT_GAPS[(gap0 + i) % len(CONFIDENT_GAPS)] for i in range(len(sure))],
                            device=x.device)
        out[sure, at] = (rows[sure].float().median(dim=1).values + gaps).to(x.dtype)
    return out.reshape(x.shape)


def on_levels(x: torch.Tensor, levels: int, generator: torch.Generator) -> torch.Tensor:
    """`x` with each element replaced by the largest of `levels` cuts at or below it (the
    smallest cut for elements under it). The cuts are the input's values at ranks k/levels of a
    sample, so each holds about 1/levels of the elements, the largest cut included."""
    flat = x.reshape(-1)
    if flat.numel() == 0:
        return x
    picked = torch.randint(flat.numel(), (min(flat.numel(), GRID_SAMPLE),), generator=generator)
    ranked = flat[picked.to(x.device)].sort().values
    cuts = ranked[(torch.arange(levels) * len(ranked) // levels).to(x.device)].tolist()
    out = torch.full_like(x, cuts[0])
    for cut in cuts[1:]:
        out.masked_fill_(x >= cut, cut)
    return out


# The padded kind's fill (padded_rows): -1e4, as additive masks write it. Not the dtype's
# finfo.min (Hugging Face's masks): an honest exp2 softmax overflows there (finfo.min x log2(e) is
# -inf in float32, and -inf - -inf is NaN), and so did our own built-in log_softmax, attention
# (p @ V over a padded V), LayerNorm and loss answers (sums of finfo.min): 26 of 387 honest answers
# were rejected with it (docs/perf/false_rejects_verifier_2026-11-28l.json). Not -1e9 either:
# float32 cannot resolve x + -1e9 (an ulp is 64) where float64 can, so the error floor of a row
# padded whole swallowed the whole output's tolerance, and the zero-for-padding softmax passed 7
# verifications in 16.
PAD_FILL = -1e4


def _pad_fill(x: torch.Tensor) -> torch.Tensor:
    """Where `x` holds the padded kind's fill."""
    return x == PAD_FILL


def padded_rows(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """`x` with each row (last dim) padded with PAD_FILL over a suffix or a prefix, as masked_rows;
    where there are four rows or more, one keeps a single value and, on inputs up to
    JITTER_MAX_BYTES, one is padded whole and one is one small value throughout, unpadded
    (CONSTANT_ROW_VALUES). A scalar or a row of one is kept."""
    if x.ndim == 0 or x.shape[-1] < 2:
        return x
    kept, suffix = _row_cuts(x, generator)
    constant = torch.zeros(kept.shape, dtype=torch.bool, device=x.device)
    if kept.numel() >= 4:
        whole, single, flat = torch.randperm(kept.numel(), generator=generator)[:3].tolist()
        kept.view(-1)[single] = 1
        # The rows of one value are judged under floors from float32 runs (_element_floors),
        # which inputs past JITTER_MAX_BYTES do not get: an honest GPU x / x.std() is 1% off
        # on such a row, and with no floor it would be rejected. A GPU judge runs every input
        # kind at a small setting too, where they come.
        if x.numel() * x.element_size() <= JITTER_MAX_BYTES:
            kept.view(-1)[whole], kept.view(-1)[flat] = 0, x.shape[-1]
            constant.view(-1)[flat] = True
    value = CONSTANT_ROW_VALUES[int(torch.randint(len(CONSTANT_ROW_VALUES), (1,), generator=generator))]
    return torch.where(constant, value, x.masked_fill(_cut_mask(kept, suffix, x), PAD_FILL)).to(x.dtype)


# The padded kind's row of one small value (padded_rows). The row padded whole is the other row of
# one value, and where a normalisation divides its rounding by ~0 its floor is wide (an ulp of
# -1e4 is 1e-3, over sqrt(eps) ~3e-3): a layer norm writing weight + bias on rows of one value, and
# an x / x.std() writing 0 there, passed under it (twentieth outside pass, 2026-11-30). An ulp of
# these is 3e-8 to 1.2e-7, so the floors their own ulp moves give stay under 1e-3 of |weight|:
# few mantissa bits, so that a sum of them is exact and an honest kernel's mean is off by its
# division alone.
CONSTANT_ROW_VALUES = (-1.0, -0.75, -0.5, -0.375, 0.375, 0.5, 0.75, 1.0)


def masked_rows(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """`x` with each row (last dim) -inf over a suffix (causal and right padding) or a prefix (left
    padding), the side drawn per row, keeping 1..width values drawn log-uniformly, so that rows of
    a few values (a causal mask's first queries) come in every input; where there are two rows or
    more, one keeps only its first value and one only its last (at random, a softmax whose leading
    tile was all -inf passed half the time). A scalar or a row of one is kept."""
    if x.ndim == 0 or x.shape[-1] < 2:
        return x
    kept, suffix = _row_cuts(x, generator)
    order = torch.randperm(kept.numel(), generator=generator).tolist()
    if kept.numel() >= 2:
        first, last = order[:2]
        kept.view(-1)[first], suffix.view(-1)[first] = 1, True
        kept.view(-1)[last], suffix.view(-1)[last] = 1, False
    if kept.numel() != 2 and x.shape[-1] >= 3:  # a row with room for a hole (_holes), whatever the draw
        other = order[2] if kept.numel() > 2 else order[0]
        kept.view(-1)[other] = max(float(kept.view(-1)[other]), 3.0)
    return x.masked_fill(_cut_mask(kept, suffix, x) | _holes(kept, suffix, x, generator), -math.inf)


# Masks with holes (masked_rows): top-k and top-p filtered logits, sliding windows and block-sparse
# masks put -inf between finite values. With cuts only, a log-softmax, a softmax and a cross-entropy
# that took the row's finite values as one run (-inf inside it read as 0) passed every masked trial
# (outside red team, session 40, against verifier 36). Rows keeping 3 values or more, each with
# probability HOLE_ROWS and at least one, get HOLE_SHARE of their kept values -inf and the middle one,
# never the first or the last one kept; their cuts stay as they were. Still open: a cross-entropy
# (reduction="none") reading -inf inside the run as 0 passed 2 of 8 verifications (a row's loss shows
# it only where its target is not itself masked), and 4 of 8 with holes in 2/3 of the rows, where more
# trials had every target masked, an output with nothing finite, and the kind went off.
HOLE_ROWS = 1 / 3
HOLE_SHARE = 0.25


def _holes(kept: torch.Tensor, suffix: torch.Tensor, x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """Where masked_rows also puts -inf: inside the kept values of some rows, the first and the last
    kept one always left finite."""
    width = x.shape[-1]
    room = kept >= 3  # a hole between two finite values
    rows = (torch.rand(kept.shape, generator=generator) < HOLE_ROWS) & room
    if bool(room.any()) and not bool(rows.any()):
        candidates = room.view(-1).nonzero().view(-1)
        rows.view(-1)[candidates[int(torch.randint(len(candidates), (1,), generator=generator))]] = True
    gen = _drawn_on(x, generator)
    kept, suffix, rows = kept.to(x.device), suffix.to(x.device), rows.to(x.device)
    col = torch.arange(width, dtype=torch.float64, device=x.device)
    first_kept = torch.where(suffix, 0.0, width - kept)
    ends = (col == first_kept) | (col == first_kept + kept - 1)  # kept finite: the holes lie between them
    holes = (torch.rand((*kept.shape[:-1], width), generator=gen, device=x.device) < HOLE_SHARE) & ~ends
    middle = col == first_kept + torch.div(kept, 2, rounding_mode="floor")  # one hole inside the run at least
    return (holes | middle) & rows


def _row_cuts(x: torch.Tensor, generator: torch.Generator) -> tuple[torch.Tensor, torch.Tensor]:
    """Per row of `x` (last dim): how many values stay and whether the cut is a suffix (else a
    prefix). Sides alternate from a random first one, so every input of two rows or more has both:
    drawn per row, all four rows of a small trial came out one side one time in sixteen. Counts
    alternate in pairs of rows between few (1..width, log-uniform: a causal mask's first queries)
    and nearly all (width + 1 minus such a draw: a batch padded lightly, as most are); with few
    only, a masked mean wrong on rows kept over 90% passed 5 of 5 verifications (outside red
    team, thirteenth pass)."""
    width, rows = x.shape[-1], (*x.shape[:-1], 1)
    u = torch.rand(rows, generator=generator, dtype=torch.float64)
    few = torch.exp(u * math.log(width)).ceil().clamp(1, width)
    first, long_first = (int(torch.randint(2, (1,), generator=generator)) for _ in range(2))
    row = torch.arange(few.numel())
    suffix = (row + first) % 2 == 1
    many = ((row // 2 + long_first) % 2 == 1).reshape(rows)
    return torch.where(many, width + 1 - few, few), suffix.reshape(rows)


def _cut_mask(kept: torch.Tensor, suffix: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """Where `x`'s rows are cut: past the kept values of a suffix row, before them in a prefix row."""
    width = x.shape[-1]
    col = torch.arange(width, dtype=torch.float64, device=x.device)
    kept, suffix = kept.to(x.device), suffix.to(x.device)
    return torch.where(suffix, col >= kept, col < width - kept)


def zero_slabs(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """`x` with one random slab along each dim of size > 1 made 0, and a random SPARSE_SHARES of
    the other elements too (a 1-D input: that share only). A reduction over any dims but all of
    them then meets whole rows of zeros, and every row meets many, as dropout and sparse features
    give them."""
    x = x.clone()
    share = SPARSE_SHARES[int(torch.randint(len(SPARSE_SHARES), (1,), generator=generator))]
    x[torch.rand(x.shape, generator=_drawn_on(x, generator), device=x.device) < share] = 0
    for dim, size in enumerate(x.shape if x.ndim > 1 else ()):
        if size > 1:
            x.select(dim, int(torch.randint(size, (1,), generator=generator))).zero_()
    return x


@dataclass
class Outcome:
    compiled: bool = False
    launched: bool = False
    flags: list[str] = field(default_factory=list)
    checks: list[dict] = field(default_factory=list)
    signed_trials: int = 0  # signed-input trials passed
    signed_failed: bool = False  # the verdict came from a signed-input trial


class Judge:
    """One candidate's trials, comparisons and timing. See module docstring."""

    def __init__(self, job: Job, channel: Channel | None):
        self.job, self.channel = job, channel
        self.device = "cuda" if job.mode == "gpu" else "cpu"
        # Whether the candidate's float32 dots multiply whole operands (the interpreter on a
        # dot-product task: verify/tf32.py), which sets the TF32 bound (CPU_TF32_FACTOR).
        self.exact_dots = job.mode != "gpu"
        task = job.task
        self.tolerance = {k: tuple(v) for k, v in task.tolerance.items()}
        self.fp64 = task.reference_fp64
        self.shapes = [ShapeSetting(s["name"], s["mode"], s["overrides"]) for s in task.shapes]
        if not self.shapes:
            raise TaskFailure(f"task has no shape settings for mode {job.mode}")
        path = Path(job.judge_dir) / "task_ref.py"
        try:
            source = named_sizes(task.source)  # literal sizes grow in random-size trials too
        except SyntaxError as exc:
            raise TaskFailure(f"task module does not parse: {exc!r}") from exc
        path.write_text(source)
        try:
            self.task_mod = module_from_source(source, "autotriton_task", str(path))
        except Exception as exc:
            raise TaskFailure(f"task module failed to import: {exc!r}") from exc
        self.defaults = size_constants(self.task_mod)
        self.signed_mod, self.signed_note = self._signed_module(source, Path(job.judge_dir))
        self.outcome = Outcome()
        self.precision_checks = admits_tf32(self.tolerance)
        self.task_types: narrow.TaskTypes | None = None  # the narrow floats and integers the task holds (check_narrow)
        self.range_trials = task.range_trials  # Task.range_trials says when not
        self.rng = secrets.SystemRandom()
        self.repeat_setting = self.rng.choice(self.shapes).name  # its plan has the repeated-call trial
        self.eval_setting = self.rng.choice(self.shapes).name  # its plan has an eval-mode trial
        # Eval-mode trials: None until the first one checks the reference (mode_free), then ""
        # while they run as any trial, EITHER_MODE_NOTE while either mode's answer is right,
        # else ("n/a: ...") why not.
        self.eval_note: str | None = None
        self.trial_modes: tuple[list[bool], list[bool]] = ([], [])  # an eval trial's modes as built, after eval()
        # What the reference's forward changes of its own tensors (reference_state): None until
        # checked, then "" (nothing), "buffers" or "other".
        self.ref_state: str | None = None
        self.state_buffers: set[str] = set()  # the names of the buffers it changes
        self.cand_buffers: list = []  # the candidate's [name, shape, dtype] per buffer, from its build
        self.state_layouts: set = set()  # [shape, dtype] of each tensor of the reference's state
        self.leaf_layouts: dict[str, set] = {}  # the same by the last part of each one's name
        # The repeated-call trial's first call on the first input's leading rows only: None until
        # checked (fewer_rows), then the row count, or why not.
        self.rows_note: int | str | None = None
        self.autotune = (0, 0)  # (configs not yet run, the most one kernel has): the last report's
        # Varied constructor floats (Judge.vary_init): "" while they run, else why not.
        self.init_note = "n/a: judged at its own sizes only" if \
            all(s.name == PINNED_SETTING for s in self.shapes) else ""
        # True in a trial run again after the reference refused its varied floats (Judge._trial):
        # then floats holding whole numbers move to other whole numbers (_whole_move), and the
        # others as usual where `others_varied`, else not at all.
        self.whole_only = False
        self.others_varied = False
        ranks = self._float_param_ranks()
        # 1-D float parameters (what _perturb re-randomises in every draw); any float parameter at
        # all (a "trained" draw re-randomises weights too)
        self.param_trials = ranks is None or 1 in ranks
        self.has_params = ranks is None or bool(ranks)
        # How varied constructor floats are drawn (vary_init): decades in the first two trials that
        # allow them (one may have inputs for which the float changes nothing: a LeakyReLU's slope
        # on non-negative inputs), then the others in a random order, then at random.
        self.init_queue = ["decades", "decades"] + self.rng.sample(["down", "up"], 2)
        self.last_init = ""  # the queued draw of the last varied trial (requeue_init)
        # One draw a trial (_trial sets it to None): its reruns with whole-number floats took one
        # queued draw each, and a wide trial the reference could not judge spent both decades
        # draws of a LeakyReLU verification, one requeued, so a slope under 0.05 treated as 0
        # passed 4 of 140 verifications (a clean-clone suite at verifier 107, session 79).
        self.trial_draw: str | None = None
        self.state_by_probe = False  # reference_state found state only on inputs unlike the file's
        # Draws for the repeat trial's first call (_instance): the state probes (STATE_PROBES) on
        # whose first call a fresh reference set its first-call state otherwise than on the file's
        # own draw (reference_state, _caches), all of them at once, then each alone; one the
        # reference cannot judge is dropped for the next. Empty where there is no such state.
        self.calibration_probes: list[tuple[str, ...]] = []
        self.state_probe_note = ""  # why a draw of calibration_probes was dropped, for details
        self.unread: set[int] | None = None  # unread_ints, found once
        # How the re-randomising trials draw parameters (_perturb): each way at least once per
        # verification that has two such trials, in a random order, then at random. Zero biases
        # twice: with one such trial, a Linear over half of K on zero bias tiles passed 2 of about
        # 30 verifications (session 36, 2026-11-30, c_linear_half_k_with_zero_bias; the passing
        # runs' trials were not kept, so which input kind hid it there is not known).
        # "tiny" only where the mixed trial draws it (precision_checks: TF32 dot-product tasks), the
        # one trial it would otherwise tell apart; elsewhere tiny gains bring out what no task is
        # judged on: an honest tanh as (1 - e) / (1 + e) is 0 under 6e-8 (built-in layernorm_tanh).
        self.param_draws = PARAM_DRAWS if self.precision_checks else tuple(d for d in PARAM_DRAWS if d != "tiny")
        self.param_queue = self.rng.sample(self.param_draws + ("zero_bias",), len(self.param_draws) + 1)
        # Whether each setting's plain trial re-randomises 1-D parameters (Judge.plan): one
        # setting's does and another's does not, which is which drawn per verification.
        flips = [k % 2 == 1 for k in range(len(self.shapes))] if len(self.shapes) > 1 else [self.rng.random() < 0.5]
        self.rng.shuffle(flips)
        self.plain_perturb = {s.name: flip for s, flip in zip(self.shapes, flips)}
        # Magnitude trials (Magnitude: scaled, spiked, shifted, tied, zeroed or small inputs): ""
        # while every kind runs, else which do not and why (the reference itself overflows there).
        # A dot-product task on a GPU draws no kind that moves the inputs' scale (SCALE_KINDS says
        # why); the kinds that keep the task's own scale run there as in the interpreter.
        gpu_dots = self.precision_checks and job.mode == "gpu"
        self.tf32_ratio: float | None = None  # _note_tf32_ratio
        self.tf32_floor_use: float | None = None
        self.wide_note = f"{', '.join(SCALE_KINDS)} n/a on GPU for a dot-product task (mixed magnitudes instead)" \
            if gpu_dots else ""
        self._structure: dict[int, set[str]] | None = None  # structured_inputs, found once
        # Magnitude kinds the reference cannot be judged at (the log of an exact zero, exp of a
        # spike): the rest of the verification draws the other kinds.
        self.kinds_off: set[str] = self._input_kinds_off() | (set(SCALE_KINDS) if gpu_dots else set())
        # Every kind each verification draws at least once, in a random order; what the settings'
        # trials leave, trials of their own take (leftover_trials).
        self.kind_queue = [k for k in self.rng.sample(MAGNITUDE_KINDS, len(MAGNITUDE_KINDS))
                           if k not in self.kinds_off and not (k == "shifted" and self.precision_checks)]
        self.all_kinds = list(self.kind_queue)
        # The kinds drawn so far, by the mode of the setting they ran at. On a GPU every kind runs at
        # a full size and at a small (interp) one: at 67M elements an MSE over every other squared
        # error, doubled, on whole-number inputs was inside the scalar's tolerance of the whole sum,
        # and its integral trial had run at a full-size setting (H200, verifier 15, 2026-11-29).
        self.kinds_done: dict[str, set[str]] = {}
        # The settings each of EVERY_SETTING_KINDS ran at (_in_every_setting).
        self.kind_settings: dict[str, set[str]] = {k: set() for k in EVERY_SETTING_KINDS}
        self.fp64_unavailable = ""  # why the reference ran in its native dtype, when it had to
        # Infinities the reference carries from masked inputs to its outputs (_infinities_judged):
        # None until a trial meets them, then "" where they are judged, else why not.
        self.inf_note: str | None = None
        self.seconds: dict[str, float] = {}  # reference and comparison time, for details.stages
        self.probe_note = ""  # the launch probe at the task's GPU sizes (_gpu_size_probe), CPU only
        self._reply_caps: dict[str, int] = {}
        self._layout_task: bool | None = None  # layout_is_the_task, found once where asked
        self.layouts: list = []  # the last get_inputs draw's layouts (wire.dense_layout), for task_layouts
        self._buffers_checked: bool | None = None  # whether the reference's output reads its stateful buffers
        # The GPU plan (footprint.plan): float64 reference only where it fits on this GPU,
        # one timing set and one checked rep for inputs past footprint.LEAN_INPUT_BYTES.
        plan = job.gpu_plan
        if self.fp64 and plan is not None and not plan.fp64:
            self.fp64 = False
            self.fp64_unavailable = "the float64 reference does not fit beside the candidate on this GPU"
        self.lean = plan is not None and plan.lean
        self.alone = plan is None or plan.alone

    def _input_kinds_off(self) -> set[str]:
        """The kinds this task's inputs give nothing to: related (no two float inputs of one shape,
        what relate() relates), structured (no integer, bool or zero-throughout float input), integral, masked and padded (no
        float input; near_ties and heavy likewise), from a draw on the meta device; related and
        structured off where that draw fails
        (each kind costs a trial)."""
        inputs = self._meta_inputs(self.shapes[0])
        if inputs is None:  # the task's own trials say what is wrong with it
            return {"related", "structured"}
        structured = any(_integer(x) or _bool_rows(x) for x in inputs) or self._all_zero_inputs()
        return ({"related"} if not any(_related(inputs)) else set()) | \
            ({"structured"} if not structured else set()) | \
            ({"integral", "masked", "padded", "near_ties", "heavy"} if _first_float(inputs) is None else set())

    def _meta_model(self):
        """Model built on the meta device at the module's current sizes (nothing allocated); raises
        what the task's constructor raises."""
        with torch.device("meta"):
            return self.task_mod.Model(*self.task_mod.get_init_inputs())

    def _float_param_ranks(self) -> set[int] | None:
        """The ranks of Model's float parameters, from a build on the meta device; None where that
        build fails (then judged as if it had every rank: more trials, never fewer)."""
        apply_shape(self.task_mod, self.shapes[0], self.defaults)
        try:
            return {p.ndim for p in self._meta_model().parameters() if p.is_floating_point()}
        except Exception:  # noqa: BLE001 - the task's own trials say what is wrong with it
            return None

    def tolerance_for(self, dtype_name: str) -> tuple[float, float]:
        return tolerance_for(self.tolerance, dtype_name)

    @staticmethod
    def _signed_module(source: str, judge_dir: Path):
        """(the task's signed variant as a module, why there is none: "" when there is). A task
        whose get_inputs draws torch.rand gets trials on randn inputs too (tasks/signed.py)."""
        variant = signed_variant(source)
        if variant is None:
            return None, "n/a"
        path = judge_dir / "task_signed.py"
        path.write_text(variant)
        try:
            return module_from_source(variant, "autotriton_task_signed", str(path)), ""
        except Exception as exc:  # noqa: BLE001 - the task imported once; its variant is the task's own problem
            return None, f"skipped: the signed variant does not import: {trim(repr(exc), 200)}"

    def signed_available(self) -> bool:
        return self.signed_mod is not None and not self.signed_note

    def signed_status(self) -> str:
        """details.signed_trial: n/a, skipped (and why), failed, passed, or not run (the
        verdict came before any signed trial)."""
        if self.outcome.signed_failed:
            return "failed"
        if self.signed_note:
            return self.signed_note
        return "passed" if self.outcome.signed_trials else "not run (failed before it)"

    # ------------------------------------------------------------ plan

    def plan(self, setting: ShapeSetting, n: int) -> list[Trial]:
        """Trials of one setting. Which trials re-randomise 1-D parameters, which get tiny
        inputs and which draw signed inputs is shuffled: no trial kind sits at a fixed
        position, and the candidate, which keeps no state between calls, sees only its own
        inputs. Signed trials are half of every setting's (at least one, and one of the
        task's own draws beside it), one of the trial kinds rather than a second
        verification that differed only in sign (issue 32, class D)."""
        perturb = [i % 2 == 1 for i in range(n)] if n > 1 else [self.rng.random() < 0.5]
        varied = [i % 2 == 0 for i in range(n)] if n > 1 else [self.rng.random() < 0.5]
        # One trial alone (the random-size trial) is never mixed: a dot-product task's random size
        # was, and a matmul over half of K everywhere but at the two interp sizes passed 8 of 8
        # (outside red team, 2026-11-28).
        mixed = [i == 0 for i in range(n)] if n > 1 and self.precision_checks and self.range_trials else [False] * n
        if not self.signed_available():
            signed = [False] * n
        elif n == 1:
            signed = [self.rng.random() < 0.5]
        else:
            signed = [i % 2 == 0 for i in range(n)]
        for kind in (perturb, mixed, signed, varied):
            self.rng.shuffle(kind)
        # One trial of one setting (drawn per verification) calls the same instance 2 or 3 times
        # on fresh inputs: each trial built a new instance and called it once, so a kernel right
        # on the first call of an instance and wrong on later ones (a counter in a buffer) passed
        # on CPU, where nothing is timed (outside red team, 2026-11-28). One per verification,
        # not per setting: the extra forwards cost CPU throughput, and the candidate cannot tell
        # which setting or trial it is.
        # Three calls: the first on fewer leading rows where the reference takes them (fewer_rows),
        # the last into the second's input buffers (the worker refills them) after a parameter
        # step. With one size and new memory each call, a ReLU keeping its first call's element
        # count, and one returning its last output when the input's address matched, passed
        # (outside red team, sixth pass, 2026-11-28, 2 of 2 each).
        calls = [1] * n
        if n > 1 and setting.name == self.repeat_setting:
            calls[self.rng.randrange(n)] = 3
        evals = [self.rng.random() < 0.5 for _ in range(n)]
        # The trials that are neither plain nor mixed change float inputs, each its own draw
        # (Magnitude; WIDE_EXPONENTS, GRID_LEVELS, SPARSE_SHARES and SMALL_EXPONENTS say why): every
        # trial drew randn-sized inputs, and a softmax without the max subtraction, NaN above
        # logits of 88, passed (outside red team, 2026-11-28). Every kind is drawn at least once
        # per verification (the queue; leftover_trials): with one such trial per setting, a
        # one-pass variance and an argmax taking the last of ties passed 3 runs in 4.
        wide: list[Magnitude | None] = [None] * n
        if n > 1:
            # Each setting keeps a plain trial: unmixed, unchanged, the task's own constructor
            # values and input draw, its parameters at their defaults in one setting and
            # re-randomised in the other (plain_perturb). With one plain trial per verification, a
            # kernel could stack the trial's coins (which setting, whether the constructor floats
            # were varied, whether the weights were) and skip the RMSNorm reduction only at the
            # power-of-two setting with the task's own eps: it passed 7 of 8 (outside red team,
            # 2026-11-28). Mixed trials are not plain either: a dot-product task whose plain
            # setting gave every slot to its mixed and changed trials let a matmul over half of K,
            # gated on the trials' marks, pass 4 of 4.
            # A task with 1-D parameters keeps two plain trials a setting, one at their defaults and
            # one re-randomised: with one, a kernel skipping the reduction only where the weights
            # were not all ones still passed half the time.
            free = [i for i in range(n) if not mixed[i]]
            plains = self.rng.sample(free, min(len(free), 2 if self.param_trials else 1))
            flips = [False, True] if len(plains) == 2 else [self.plain_perturb[setting.name]]
            for i, flip in zip(plains, flips):
                perturb[i], signed[i], varied[i], evals[i] = flip, False, False, False
            # Eval mode in half the other trials, and in one at least of one setting's: every trial
            # ran in train mode, Module's default, and a Linear over half of K whenever
            # self.training was False (after model.eval(), all inference) passed 4 of 4 (outside
            # red team, 2026-11-28). Plain trials stay as the task is written.
            if setting.name == self.eval_setting and not any(evals) and len(plains) < n:
                evals[self.rng.choice([i for i in range(n) if i not in plains])] = True
            for i in free:
                if i not in plains:
                    wide[i] = self.draw_magnitude(signed[i])
                    # An offset comes with re-randomised parameters: an RMSNorm skipping its weight
                    # on moderate offsets passed a clean-clone run whose offset trial kept the
                    # weight at its init, all ones, where skipping it changes nothing (session 47).
                    perturb[i] = perturb[i] or bool(wide[i] and wide[i].offset)
            for kind in EVERY_SETTING_KINDS:
                self._in_every_setting(wide, kind)
                if any(m is not None and m.kind == kind for m in wide):
                    self.kind_settings[kind].add(setting.name)
            for m in wide:
                if m is not None:
                    self.kinds_done.setdefault(self._size_class(setting), set()).add(m.kind)
            # Each setting varies the constructor floats in one trial at least whose inputs are not
            # made large, where they may go down by decades (vary_init): with the slots left to
            # chance, a LeakyReLU treating slopes under 0.05 as 0 passed 3 verifications of 32.
            calm = [i for i in free if i not in plains and not (wide[i] and wide[i].kind in LARGE_KINDS)]
            if calm and not any(varied[i] for i in calm):
                varied[self.rng.choice(calm)] = True
        return [Trial(setting, i, perturb[i], mixed[i], signed[i], calls[i], wide[i], varied[i] and not self.init_note,
                      evals[i] and not self.eval_off()) for i in range(n)]

    def _in_every_setting(self, wide: list, kind: str) -> None:
        """One of a setting's changed trials takes `kind` (EVERY_SETTING_KINDS says why) if none
        drew it, never in place of another of those kinds. The kind it replaces goes back to the
        front of the queue."""
        if kind in self.kinds_off or kind not in self.all_kinds or any(m is not None and m.kind == kind for m in wide):
            return
        slots = [i for i, m in enumerate(wide) if m is not None and m.kind not in EVERY_SETTING_KINDS]
        if not slots:
            return
        i = self.rng.choice(slots)
        if wide[i].kind in self.all_kinds:
            self.kind_queue.insert(0, wide[i].kind)
        wide[i] = self.magnitude(kind, queued=True)
        if kind in self.kind_queue:
            self.kind_queue.remove(kind)

    def draw_magnitude(self, signed: bool) -> Magnitude | None:
        """A kind still queued if one fits the trial, else one at random among the kinds still on.
        Not shifted for a dot-product task (TF32 dots of inputs 128 + randn keep about 4 bits of
        the random part), nor in a signed-input trial, whose negative inputs a shift of 64 would
        take away (a copy kernel for ReLU passed a signed trial so shifted). None where no kind is
        left."""
        kinds = [k for k in MAGNITUDE_KINDS if k not in self.kinds_off
                 and not (k == "shifted" and (self.precision_checks or signed)) and not (k == "nonneg" and signed)]
        if not kinds:
            return None
        queued = [k for k in self.kind_queue if k in kinds]
        if queued:
            self.kind_queue.remove(queued[0])
            return self.magnitude(queued[0], queued=True)
        return self.magnitude(self.rng.choice(kinds), queued=False)

    def magnitude(self, kind: str, queued: bool) -> Magnitude:
        """One draw of `kind`; a queued draw takes the kind's sharpest form (scaled: x128; spikes:
        2^12 at 1/128 of the elements, sparse so that no prefix of a row shows them; moderate:
        x3-6 and an offset of a fraction of the rms, where real activations live). A task that
        scales its inputs down itself (softmax(x * 0.125)) kept x128 and spikes of 2^7 under
        exp's overflow, and a softmax without the max subtraction passed 4 of 8 (outside red
        team, 2026-11-28)."""
        if kind == "huge":
            return Magnitude("huge", scale=2.0 ** HUGE_TOPS[0])
        if kind in WHOLE_FORMS:
            return Magnitude(kind, empty=kind == "structured", zeros_drawn="normal" if kind == "structured" else "")
        if kind == "shifted":
            return Magnitude(shift=2.0 ** self.rng.choice(SHIFT_EXPONENTS))
        if kind == "small":
            return Magnitude(scale=2.0 ** self.rng.choice(SMALL_EXPONENTS))
        if kind == "moderate":
            offset = 0.0
            if queued or self.rng.random() < 0.5:
                offset = self.rng.choice((-1, 1)) * self.rng.choice(MODERATE_OFFSETS)
            return Magnitude(scale=self.rng.choice(MODERATE_QUEUED) if queued else 2.0 ** self.rng.choice(MODERATE_EXPONENTS),
                             offset=offset)
        if kind == "spikes":
            if queued:
                return Magnitude(scale=2.0 ** SPIKE_EXPONENTS[-1], share=SPIKE_SHARES[-1])
            return Magnitude(scale=2.0 ** self.rng.choice(SPIKE_EXPONENTS), share=self.rng.choice(SPIKE_SHARES))
        return Magnitude(scale=2.0 ** (WIDE_EXPONENTS[-1] if queued else self.rng.choice(WIDE_EXPONENTS)))

    def leftover_trials(self, n: int) -> list[Trial]:
        """A trial for each kind that the settings' trials did not draw (numbered from `n`), at a
        random setting, unsigned (a shift needs that): a task with one setting, dot-product tasks
        (whose mixed and plain trials take every slot) and signed trials leave some. On a GPU, per
        size class: a kind drawn only at full size runs again at a small setting, and the other
        way round."""
        trials = []
        for size_class in sorted({self._size_class(s) for s in self.shapes}):
            settings = [s for s in self.shapes if self._size_class(s) == size_class]
            done = self.kinds_done.get(size_class, set())
            for kind in [k for k in self.all_kinds if k not in done and k not in self.kinds_off]:
                trials.append(self._leftover_trial(self.rng.choice(settings), n + len(trials), kind))
        # Settings whose trials had no changed-input slot (a dot-product task's mixed and plain trials
        # take them all) get a trial of their own of each of EVERY_SETTING_KINDS too.
        for kind in [k for k in EVERY_SETTING_KINDS if k in self.all_kinds and k not in self.kinds_off]:
            for setting in [s for s in self.shapes if s.name not in self.kind_settings[kind]]:
                if not any(t.setting.name == setting.name and t.magnitude.kind == kind for t in trials):
                    trials.append(self._leftover_trial(setting, n + len(trials), kind))
        # A queued parameter draw is spent only where the inputs keep the task's scale (_perturb's
        # `queued`), so each left over gets a trial of its own at the task's scale: a Linear dropping
        # its bias under trained weights passed a CI run whose one trained draw fell on a trial of
        # huge inputs (spikes to 2^50 swamp a bias of 1; session 72, c_linear_bias_dropped_off_init_scale).
        if self.has_params:
            for _ in self.param_queue:
                trials.append(Trial(self.rng.choice(self.shapes), n + len(trials), True, False))
        self.kind_queue.clear()
        return trials

    def _size_class(self, setting: ShapeSetting) -> str:
        """Where a kind must have run: on a GPU at full size and at a small one; on CPU anywhere."""
        return setting.mode if self.job.mode == "gpu" else "any"

    def _leftover_trial(self, setting: ShapeSetting, index: int, kind: str) -> Trial:
        magnitude = self.magnitude(kind, queued=True)
        return Trial(setting, index, self.rng.random() < 0.5 or bool(magnitude.offset), False, magnitude=magnitude,
                     varied_init=self.rng.random() < 0.5 and not self.init_note)

    def growable_sizes(self, ceiling: bool = True, setting: ShapeSetting | None = None
                       ) -> tuple[dict[str, int], list[str]]:
        """(`setting`'s integer sizes, the first setting's by default, and the ones that reach an
        input). Sizes are the
        module's int constants (lowercase too: KernelBench writes `batch_size = 16`) and the
        int entries of tuple constants the setting names, as `name[i]` (HingeLoss's
        `input_shape = (batch_size,)` must grow with batch_size). Structural ones (kernel,
        stride, groups...) never grow. An empty list: no random-size trial (with `ceiling`, also
        where the first setting holds more than RANDOM_SIZE_CEILING elements)."""
        base = setting or self.shapes[0]
        if all(s.name == PINNED_SETTING for s in self.shapes):
            return {}, []  # judged at its own sizes only (an Inductor rewrite's literals)
        apply_shape(self.task_mod, base, self.defaults)
        values = {k: v for k, v in vars(self.task_mod).items() if not k.startswith("_") and type(v) is int}
        for name, value in base.overrides.items():
            if type(value) is tuple and all(type(v) is int for v in value):
                values.update({f"{name}[{i}]": v for i, v in enumerate(value)})
        if ceiling and self._elements(self._sized(values, base=base)) > RANDOM_SIZE_CEILING:
            return values, []
        # A size reaches the computation where it moves an input's or a parameter's element count:
        # a Linear's out_features reaches only its weight, and a kernel doing garbage past 64
        # output columns passed every CPU trial while the random sizes grew the batch and
        # in_features alone (outside pass, session 41, against verifier 37).
        reached = self._reached(self._sized(values, base=base))
        reach = [k for k, v in values.items() if v >= 2 and not STRUCTURAL_SIZE.search(k)
                 and self._reached(self._sized(dict(values, **{k: v + 1}), base=base)) != reached]
        return values, reach

    def small_leads(self, values: dict[str, int], reach: list[str], one_row: bool = False) -> list[dict[str, int]]:
        """Ways to give the first input's leading dim 1-8 rows (`one_row`: 1 first, else 2-8), in the
        order to try them: the sizes
        with the constants that set that dim moved alone, then with the sizes equal to them
        (tasks/sizes.py: shrunk_sizes); none where no size sets that dim or every small value
        breaks a divisibility. Every size only grew, the GPU sizes are
        large, and a Linear over half of K when it had 8 rows or fewer (batch-1 decoding, the
        commonest real GEMV) passed every trial (outside red team, fifth pass, 2026-11-28, 4 of 4)."""
        rows = self._leading_rows(values)
        lead = [k for k in reach
                if rows is not None and self._leading_rows(dict(values, **{k: values[k] + 1})) != rows]
        ways = []
        for twins in (False, True) if lead else ():
            order = [1] + self.rng.sample(range(2, 9), 7) if one_row else self.rng.sample(range(2, 9), 7)
            shrunk = next((new for small in order
                           if (new := shrunk_sizes(values, lead, small, twins)) is not None), None)
            if shrunk is not None and shrunk not in ways:
                ways.append(shrunk)
        return ways

    def long_dims(self, values: dict[str, int], reach: list[str]) -> list[tuple[str, list[dict[str, int]]]]:
        """CPU only: for up to LONG_DIM_TRIALS sizes whose full value (the largest of the task
        file's own and its GPU settings', full_value) is at least LONG_DIM_RATIO times the first
        setting's and LONG_DIM_MIN, and that do not set the first input's leading rows, ways to run
        that size long, in the order to try them (_long_ways). Not the rows: the interpreter runs
        a row kernel's programs one by one, and a KL-divergence answer's verification went from
        5 s to 48 s with 8,192 of them."""
        rows = self._leading_rows(values)
        eligible = [k for k in reach if self.full_value(k) >= max(LONG_DIM_MIN, LONG_DIM_RATIO * values[k])
                    and self._leading_rows(dict(values, **{k: values[k] + 1})) == rows]
        picked = self.rng.sample(eligible, min(LONG_DIM_TRIALS, len(eligible)))
        out = [(k, self._long_ways(k, values, [r for r in reach if r != k])) for k in picked]
        return [(k, ways) for k, ways in out if ways]

    def full_value(self, name: str) -> int:
        """A size's value at full scale: the task file's own, or a GPU setting's where larger."""
        own = self.defaults.get(name)
        return max(own if type(own) is int else 0, self.job.task.full_sizes.get(name, 0))

    def _long_ways(self, k: str, values: dict[str, int], others: list[str]) -> list[dict[str, int]]:
        """Ways to run size `k` long, within LONG_DIM_MAX_ELEMENTS of inputs and outputs. First the
        setting's own rows, `k` at its full value halved while it stays LONG_DIM_MIN and
        LONG_DIM_RATIO times the setting's or more; where none fits, few rows: the leading rows cut
        to 1-8 (small_leads), then the other sizes as they are, `k` at its full value, halved
        (keeping the task's divisibilities, grown_sizes) until one fits; those follow as fallbacks
        where the reference cannot run the first. With few rows first, a
        matmul that summed all of K when M was 16 or less and the first 1,024 of it otherwise
        passed (outside red team, twenty-fifth pass): honest work must now reach the setting's
        rows, and a cap past them is the rows class, open on CPU (docs/VERIFIER.md)."""
        def fits(way: dict[str, int]) -> bool:
            return self._elements(self._sized(way)) <= LONG_DIM_MAX_ELEMENTS

        kept, few = [], []
        full, floor = self.full_value(k), max(LONG_DIM_MIN, LONG_DIM_RATIO * values[k])
        while full >= floor and not kept:
            kept = [w for w in [grown_sizes(values, {k: full})] if fits(w)]
            full //= 2
        full = self.full_value(k)
        while full >= 2 * values[k] and not few:
            grown = grown_sizes(values, {k: full})
            few = [w for w in self.small_leads(grown, others) + [grown] if fits(w)]
            full //= 2
        return kept + few

    def _meta_inputs(self, setting: ShapeSetting) -> list | None:
        """The task's inputs at `setting` drawn on the meta device (sizes only: nothing is
        allocated or drawn), None where get_inputs cannot run there."""
        apply_shape(self.task_mod, setting, self.defaults)
        try:
            with torch.device("meta"):
                return list(self.task_mod.get_inputs())
        except Exception:  # noqa: BLE001 - the task's own code; each caller says what None means
            return None

    def _leading_rows(self, values: dict[str, int]) -> int | None:
        """The first tensor input's leading dim at these sizes (a meta draw), None for none."""
        inputs = self._meta_inputs(self._sized(values))
        if inputs is None:  # the trials at the task's own sizes say what is wrong
            return None
        return _first_rows(inputs)

    def _sized(self, values: dict[str, int], name: str = "random_size",
               base: ShapeSetting | None = None) -> ShapeSetting:
        """`base` (the first setting by default) with these sizes (tuple entries `name[i]` put back
        in their tuples)."""
        base = base or self.shapes[0]
        sizes = {k: v for k, v in values.items() if "[" not in k}
        for const, value in base.overrides.items():
            if type(value) is tuple and f"{const}[0]" in values:
                sizes[const] = tuple(values.get(f"{const}[{i}]", v) for i, v in enumerate(value))
        return ShapeSetting(name, base.mode, dict(base.overrides, **sizes))

    def random_setting(self, values: dict[str, int], grow: list[str], name: str = "random_size",
                       base: ShapeSetting | None = None) -> ShapeSetting | None:
        """CPU only: the first setting with each size in `grow` (growable_sizes) grown by its
        own random factor, so its inputs and outputs hold a third of the budget to the budget
        (RANDOM_SIZE_MAX_ELEMENTS, or twice the interp count where that is more), drawn per
        verification, with the divisibility the task's sizes had kept (`grown_sizes`). The interp
        sizes are small and fixed: a kernel with a hard-coded 4096-element grid covered all of them,
        and growing only the largest constant let a fixed grid over the rows, or a matmul with no K
        loop, pass. The floor: drawn from a quarter of the budget and rounded per size, a relu's
        random size held as few as 2,600 elements an input, and that 4096-element grid passed one
        verification in a few dozen (found through the Ray backend's corpus test, 2026-11-27)."""
        if not grow:
            return self._sized(values, name, base)
        base_elements = self._elements(self._sized(values, base=base))
        budget = max(RANDOM_SIZE_MAX_ELEMENTS, 2 * base_elements)
        floor = budget // 3
        target = self.rng.randint(budget // 2, budget)
        g = max(1.0, (target / max(1, base_elements)) ** (1 / len(grow)))  # the n-th root per size
        fallback = None
        for _ in range(16):
            desired = {k: max(values[k] + 1, round(values[k] * g * self.rng.uniform(0.8, 1.25))) for k in grow}
            setting = self._sized(grown_sizes(values, desired), name, base)
            elements = self._elements(setting)
            if elements > budget:
                g *= 0.85
                continue
            if elements >= floor:
                return setting
            fallback = setting  # under the floor: these sizes may not reach it (a size that barely counts)
            g *= 1.15
        return fallback

    def _elements(self, setting: ShapeSetting) -> int:
        """Input and output elements at `setting` (4-byte units, on the meta device), what the
        random size is budgeted by: an embedding's output is its indices times the width, and
        budgeting the indices alone gave a lookup of 2 million outputs that the interpreter
        did not finish in 60 s. Inputs alone where forward cannot run on meta."""
        apply_shape(self.task_mod, setting, self.defaults)
        try:
            fp = footprint.measure_setting(self.task_mod)
        except Exception:  # noqa: BLE001 - a model that cannot be built on meta
            return self._input_elements(setting)
        return (fp.input_bytes + fp.output_bytes) // 4 if fp.exact else self._input_elements(setting)

    def _reached(self, setting: ShapeSetting) -> tuple[int, int | None]:
        """(input elements, parameter and buffer elements) at `setting`, on the meta device; None
        for the second where the model cannot be built there."""
        params = None
        apply_shape(self.task_mod, setting, self.defaults)
        try:
            with torch.device("meta"):
                model = self.task_mod.Model(*self.task_mod.get_init_inputs())
            params = sum(t.numel() for t in (*model.parameters(), *model.buffers()))
        except Exception:  # noqa: BLE001 - the task's own code; the inputs alone then say
            pass
        return self._input_elements(setting), params

    def _input_elements(self, setting: ShapeSetting) -> int:
        inputs = self._meta_inputs(setting)
        if inputs is None:  # inputs that cannot be made on meta: too big to try
            return RANDOM_SIZE_CEILING + 1
        return sum(x.numel() for x in inputs if isinstance(x, torch.Tensor))

    # ------------------------------------------------------------ one trial

    def build_reference(self, setting: ShapeSetting, seed: int, vary: bool = False, large: bool = False):
        """(reference model, init inputs), built after `seed` on the target device; with `vary`,
        the init inputs' floats changed (vary_init; `large`: the trial's inputs are made large)."""
        apply_shape(self.task_mod, setting, self.defaults)
        if self.signed_mod is not None:
            apply_shape(self.signed_mod, setting, self.defaults)
        try:
            with torch.device(self.device):
                seed_global(seed)
                init = self.task_mod.get_init_inputs()
                if vary:
                    init = self.vary_ints(setting, self.vary_init(init, decades=not large))
                seed_global(seed)
                ref = self.task_mod.Model(*init).to(self.device)
        except Exception as exc:
            raise TaskFailure(f"reference Model could not be built: {exc!r}") from exc
        return ref, init

    def fewer_rows(self, setting: ShapeSetting) -> int | None:
        """How many leading rows of the inputs the repeated-call trial's first call gets, None where
        it gets them all: checked once per verification on the meta device (nothing allocated),
        where the reference must take the first input's leading rows cut, with every input of the
        same leading size cut alike. Between 1 and half the rows (at least 2 where there are 4 or
        more: BatchNorm in train mode needs 2)."""
        if self.rows_note is None:
            self.rows_note = self._rows_note(setting)
        return self.rows_note if type(self.rows_note) is int else None

    def _rows_note(self, setting: ShapeSetting) -> int | str:
        inputs = self._meta_inputs(setting)
        lead = _first_rows(inputs or [])
        if lead is None or lead < 2:
            return "n/a: no first input with 2 or more leading rows"
        rows = self.rng.randint(min(2, lead // 2) if lead >= 4 else 1, max(1, lead // 2))
        try:
            with torch.device("meta"), torch.no_grad():  # tensors forward makes land on meta too
                full = flatten_outputs(self._meta_model()(*inputs))
                cut = flatten_outputs(self._meta_model()(*_leading(inputs, rows)))
        except Exception as exc:  # noqa: BLE001 - the reference's own code: the trial keeps all rows
            return f"n/a: the reference did not take {rows} of {lead} leading rows on meta: {trim(repr(exc), 160)}"
        # One row broadcast back to `lead` against a parameter of that size (x of (1,) + a bias of
        # (2,) is (2,)) is another computation, not the same one on fewer rows: an honest 1-D chain
        # of the template teacher was rejected for returning (1,) (clean-clone suite, 2026-11-29).
        if any(_shape(f)[:1] == (lead,) and _shape(c)[:1] == (lead,) for f, c in zip(full, cut)):
            return f"n/a: an output keeps {lead} leading rows when the inputs have {rows}"
        return rows

    def mode_free(self, setting: ShapeSetting, seed: int) -> bool:
        """Whether eval-mode trials run: once per verification, the reference is built and run
        in train and in eval mode on the same inputs and seed. Where its outputs agree and the
        call left its state alone, an eval trial is judged as any other. Where they do not
        (BatchNorm's batch statistics against its running ones, a forward reading
        self.training), an honest kernel of the training-mode computation is right too
        (KernelBench judges train mode), and the trial takes either mode's answer
        (EITHER_MODE_NOTE): with no eval trial there, a BatchNorm whose eval branch normalised
        half of its channels passed 3 of 3 (outside pass on verifier 110, F3)."""
        if self.eval_note is None:
            self.eval_note = self._mode_note(setting, seed)
        return not self.eval_off()

    def eval_off(self) -> bool:
        return self.eval_note is not None and self.eval_note.startswith("n/a")

    def either_mode(self, t: Trial) -> bool:
        """Whether trial `t` takes the eval-mode answer or the train-mode one (mode_free)."""
        return t.eval_mode and self.eval_note == EITHER_MODE_NOTE

    def reference_state(self) -> str:
        """What the reference's forward changes of its own tensors: "" (nothing), "buffers" (only
        buffers: BatchNorm's running statistics in train mode, a step count) or "other" (a
        parameter, or a plain tensor attribute: an RNN keeping its hidden state). Checked once per
        verification, before its first trial, by one forward at the first setting: every trial then
        keeps the reference's state in step with one forward per call (_reference), and where the
        reference keeps its state in buffers, the candidate may change only its own, to the
        reference's values (check_buffers). Until verifier 22 a stateful reference got one call per
        instance and the candidate could change anything it held: a private call count passed."""
        if self.ref_state is None:
            draw = urandom_seed()
            ref, _ = self.build_reference(self.shapes[0], urandom_seed())
            seed_global(draw)
            own = self._changed_by(ref, self.draw_inputs(False)[0], must_run=True)
            # State raised only by inputs unlike the task's own draw: a running absolute maximum over
            # torch.rand inputs never moved, the task was classed stateless, and the honest answer's
            # update in the signed and heavy trials was state_changed 4 of 4 (outside pass on verifier
            # 104, F7). Probed whatever the own draw moved: probed only where it moved nothing, an
            # amax beside a step count was missed, and an answer never storing it passed 4 of 6
            # (outside pass on verifier 116, F2).
            probed = set()
            for _, inputs in self._state_probe_inputs():
                probed |= self._changed_by(ref, inputs, must_run=False)
            changed = own | probed
            self.state_by_probe = bool(probed - own)
            if changed:
                again = self._changed_by(ref, self.draw_inputs(False)[0], must_run=True)
                for _, inputs in self._state_probe_inputs():
                    again |= self._changed_by(ref, inputs, must_run=False)
                changed -= self._caches(ref, changed - again, draw)
            buffers = {(name, key) for name, module in ref.named_modules() for key in module._buffers}
            self.ref_state = "" if not changed else "buffers" if changed <= buffers else "other"
            self.state_buffers = {f"{name}.{key}" if name else key for name, key in changed}
            self.leaf_layouts = {}
            for mark in changed:
                value = _held_value(ref, *mark)
                if isinstance(value, torch.Tensor):
                    self.leaf_layouts.setdefault(_leaf_name(f"{mark[0]}.{mark[1]}"), set()).add(_layout(value))
            self.state_layouts = set().union(*self.leaf_layouts.values())
        return self.ref_state

    def _caches(self, ref, settled: set, draw: int) -> set:
        """Of what the first calls of `ref` changed and no later call moves (`settled`), a flag set
        once or a lazily built cache (a rotary table), not state: what fresh references, with weights
        of their own, set alike on a first call on each probe's inputs. As state "other", a cached
        ramp let the candidate change what it holds freely, and a count dropping the ramp from its
        4th call passed 4 of 4 (outside pass on verifier 104, F5). Set otherwise, it is state: a
        range calibrated on the first batch (F4 of the pass on 114), one that only unlike inputs
        move (a power-of-two scale over torch.rand, a dead-unit mask over relu(randn): F3 of the
        pass on 116), or one derived from the weights, which the judge's parameter step leaves
        stale (F4 of that pass). What was only moved (`self.mask = self.mask.to(x.device)`, the
        same values on the GPU) stays state, as before verifier 116: as a cache, an answer moving
        its own the same way would be state_changed.

        The probes on which a fresh reference set such state otherwise than `ref`'s own-draw first
        call did, and gave finite outputs, become `calibration_probes`: a probe whose logs were NaN
        (a log of the signed draw) made every answer invalid_task (outside pass on verifier 119,
        R3), and with only the first such probe a range and a dead-unit mask calibrated together
        were judged on the signed draw alone, where an answer keeping no mask passed 4 of 4 (C4)."""
        caches, differing = set(settled), []
        for probe, inputs in self._state_probe_inputs() if settled else ():
            fresh, _ = self.build_reference(self.shapes[0], urandom_seed())
            held = {mark: _held_value(fresh, *mark) for mark in settled}
            built = {mark: _kept(value) for mark, value in held.items()}
            seed_global(draw)
            finite = _finite_forward(fresh, inputs)
            # over every settled mark, not only those still taken for caches: a mask written in
            # place was state after the first probe, and the zero slab that sets it was never tried
            unlike = {mark for mark in settled if not _alike(_held_value(ref, *mark), _held_value(fresh, *mark))}
            if unlike and finite:
                differing.append(probe)
            # A tensor written in place stays state (a buffer flag such as ActNorm's `initialized`):
            # as a cache it was never redrawn, every first call initialised from its batch, and an
            # honest answer's float32 std over two rows missed more often (session 80).
            caches = {mark for mark in caches - unlike
                      if not _alike(built[mark], _held_value(fresh, *mark), any_device=True)
                      and not (isinstance(held[mark], torch.Tensor) and _held_value(fresh, *mark) is held[mark])}
        alone = [(probe,) for probe in self.rng.sample(differing, len(differing))] if len(differing) > 1 else []
        self.calibration_probes = ([tuple(differing)] if differing else []) + alone
        return caches

    def _changed_by(self, ref, inputs: list, must_run: bool) -> set:
        """(module name, tensor name) of what one forward of `ref` on `inputs` changes of its own
        tensors; a forward that fails is the task's failure where `must_run`, else changes nothing."""
        marks = set(_state_marks(ref))
        try:
            with torch.no_grad():
                ref(*clone_all(inputs))
        except Exception as exc:  # noqa: BLE001 - the task's own code
            if must_run:
                raise TaskFailure(f"reference forward failed: {trim(repr(exc), 200)}") from exc
        return {mark[:2] for mark in marks ^ set(_state_marks(ref))}

    def _state_probe_inputs(self):
        """(probe, inputs) unlike the task's own draw, for reference_state: STATE_PROBES in turn,
        "signed" only where the task has a signed variant."""
        for probe in STATE_PROBES:
            if probe != "signed" or self.signed_mod is not None:
                yield probe, self.probe_inputs((probe,), False)[0]

    def probe_inputs(self, probes: tuple[str, ...], mixed: bool, seed: int | None = None
                     ) -> tuple[list, list[float] | None]:
        """draw_inputs changed as each of STATE_PROBES in `probes` says: the signed variant's draw,
        then the floats times 64, negated, and with a zero slab (a quarter of the last dim at a
        random offset, one offset for every input)."""
        inputs, row_scales = self.draw_inputs(mixed, seed, signed="signed" in probes)
        factor = (64 if "times_64" in probes else 1) * (-1 if "negated" in probes else 1)
        if factor != 1:
            inputs = _on_floats(inputs, lambda x: x * factor)
        if "zero_slab" in probes:
            at = self.rng.random()
            inputs = _on_floats(inputs, lambda x: _zero_slab(x, at))
        return inputs, row_scales

    def _mode_note(self, setting: ShapeSetting, seed: int) -> str:
        ref, _ = self.build_reference(setting, seed)
        inputs, _ = self.draw_inputs(False)
        marks, draw = _state_marks(ref), urandom_seed()
        try:
            twin = copy.deepcopy(ref)  # either-mode trials judge a copy's train-mode run beside
        except Exception as exc:  # noqa: BLE001 - the task's own objects
            return f"n/a: the reference cannot be copied for the train-mode answer: {trim(repr(exc), 200)}"
        try:
            with torch.no_grad():
                seed_global(draw)
                train = flatten_outputs(ref(*clone_all(inputs)))
                # State that only unlike inputs move (an amax updated in train mode only) is found by
                # reference_state: as the own draw moved nothing in either mode, the modes were the
                # same and the train-mode answer wrong_output 4 of 4 (outside pass on verifier 116, F8).
                moved = _state_marks(ref) != marks or bool(self.reference_state())
                ref.eval()
                seed_global(draw)
                evaluated = flatten_outputs(ref(*clone_all(inputs)))
        except Exception as exc:  # noqa: BLE001 - the trial's own run of the reference says what is wrong
            return f"n/a: the reference did not run in both modes: {trim(repr(exc), 200)}"
        finally:
            del twin
        _check_output_kinds(train, self.device)  # before they are compared: a meta tensor has no values
        same = len(train) == len(evaluated) and all(_same_output(a, b) for a, b in zip(train, evaluated))
        return "" if same and not moved else EITHER_MODE_NOTE

    def vary_init(self, init, decades: bool = True) -> list:
        """The constructor's arguments with every float (not bool or int) multiplied by a
        factor of one of INIT_FACTORS, sign kept (0 stays 0), and every float tensor by one such
        factor (a kernel with a constructor tensor of 0.5s written in passed 4 of 4: outside pass
        on verifier 94, F6): every trial built the model from
        the task's own values, so a leaky_relu kernel with the task's slope of 0.01 written in,
        ignoring the one its constructor was given, passed (outside red team, 2026-11-28). Ints
        stay: they are sizes, kernel sizes and group counts. Not down by decades (`decades` False)
        where the trial makes its inputs large to overflow exp: softmax(x * scale) with the scale
        at 1/100 kept spikes of 2^12 finite, and a softmax without the max subtraction passed
        the verification whose one queued spike trial drew it so (2026-11-28)."""
        if self.trial_draw is None:
            draws = [d for d in INIT_FACTORS if decades or d != "decades"]
            queued = [d for d in self.init_queue if d in draws]
            self.trial_draw = queued[0] if queued else self.rng.choice(draws)
            if queued:
                self.init_queue.remove(self.trial_draw)
            self.last_init = self.trial_draw if queued else ""
        draw = self.trial_draw
        lo, hi = INIT_FACTORS[draw]
        def factor() -> float:
            return 10.0 ** self.rng.uniform(lo, hi) if draw == "decades" else self.rng.uniform(lo, hi)

        def changed(v):  # inside tuples too: (low, high) bounds written in passed (eighteenth pass)
            if self._whole_rerun(v):
                return self._whole_move(v)
            if type(v) is torch.Tensor and v.is_floating_point() or type(v) is float and math.isfinite(v):
                return v * factor()
            return v
        return [_leaves_mapped(v, changed) for v in init]

    def _whole_rerun(self, v) -> bool:
        """Is `v` moved by _whole_move in this trial: in Judge._trial's rerun, a whole-number float,
        or any value where the other floats are kept?"""
        return self.whole_only and (_whole(v) or not self.others_varied)

    def _whole_move(self, v):
        """A float holding a whole number (up to 2^20) moved to another of the same sign, 1 or 2
        away or doubled; anything else as it is (Judge._trial's second try)."""
        if not _whole(v):
            return v
        moved = v + self.rng.choice((-2.0, -1.0, 1.0, 2.0))
        return moved if moved * v > 0 else 2 * v

    def vary_ints(self, setting: ShapeSetting, init: list) -> list:
        """The constructor's arguments with some of its ints moved (INT_STEPS, INT_SCALE_MAX; at
        any depth of tuples, lists, dicts and config objects, `_ints_in`; not bools), each move kept only
        where the reference still builds and runs forward on the meta device at `setting`'s sizes
        with the same parameter and buffer shapes (_shapes_on_meta): a move that breaks the task's shapes (an input width, a head count
        no width divides) is never made, nor one of a size (a width, a vector's length), which
        the random-size and long-dim trials move with the inputs; moved alone, a length of 2 made
        its bias of 1 element broadcast against an input of 2, and an honest vector + bias kernel
        was rejected. Every trial built the model from the task's own ints, and a 1-D max pool
        with its kernel size, stride, padding and dilation written in, a transformer block with
        its 2 heads written in, and a GEMM-max-subtract task answered with zeros (its max over dim
        1 minus its own mean is 0 at the task's dim only) passed (outside red team, session 42).
        Each int moves with probability 1/2, one at least; where the moves together do not run,
        one of them alone. An int the reference never reads (unread_ints) is not moved."""
        ints = _ints_in(init)
        unread = self.unread_ints() if ints else set()
        inputs = self._meta_inputs(setting) if ints else None
        shapes = self._shapes_on_meta(init, inputs) if inputs is not None else None
        if shapes is None:
            return init
        moved = self._moved_ints(ints, lambda m: self._shapes_on_meta(_with_ints(init, m), inputs) == shapes,
                                 fixed=unread)
        return _with_ints(init, moved) if moved else init

    def unread_ints(self) -> set[int]:
        """Places (_ints_in's) of the constructor's ints that the reference never reads: moved alone
        to the smallest and to the largest of _int_moves that keep its meta shapes, the reference's
        outputs on one real draw and on the same times 64, at the same seed, stay the same. Moving
        such an int can catch nothing, and a `features` the reference takes and never reads, moved
        alone, broke an honest answer sizing its mask buffer by it (runtime_error 4 of 4, session 81). An int the reference reads is moved as before: a
        rule freezing every int that follows an input size let a pool window equal to the length,
        answered by a global mean, and groups equal to channels, answered by a per-channel norm,
        pass (outside pass on verifier 119, C3). Found once per verification, at the setting with
        the fewest input elements where those fit JITTER_MAX_BYTES; the module's globals are put
        back after (apply_shape resets only the UPPERCASE constants a setting names)."""
        if self.unread is None:
            saved = dict(vars(self.task_mod))
            try:
                setting = min(self.shapes, key=self._input_elements)
                # Two draws and their outputs at once: past JITTER_MAX_BYTES of float32 inputs (a GPU
                # full size) that is more than the judge's own budget holds, and every int stays read
                # (moved, as before verifier 119).
                small = 4 * self._input_elements(setting) <= JITTER_MAX_BYTES
                self.unread = self._unread_ints(setting) if small else set()
            except Exception:  # noqa: BLE001 - the task's own code: every int is taken as read
                self.unread = set()
            finally:
                vars(self.task_mod).update(saved)
        return self.unread

    def _unread_ints(self, setting: ShapeSetting) -> set[int]:
        inputs = self._meta_inputs(setting)  # applies `setting` to the module
        init = self.task_mod.get_init_inputs()
        shapes = self._shapes_on_meta(init, inputs) if inputs is not None else None
        if shapes is None:
            return set()
        seed = urandom_seed()
        own, _ = self.draw_inputs(False, seed)
        # the own draw and the same times 64: a threshold (a clamp at 6) barely shows on randn inputs
        draws = [own, _on_floats(own, lambda x: x * 64)]
        base = [self._outputs_at(init, real, seed) for real in draws]
        unread = set()
        for at, v in enumerate(_ints_in(init)):
            moves = [m for m in self._int_moves(v) if self._shapes_on_meta(_with_ints(init, {at: m}), inputs) == shapes]
            # the smallest and the largest move: such a threshold shows moved down, hardly moved up
            outs = [(b, self._outputs_at(_with_ints(init, {at: m}), real, seed))
                    for m in ({moves[0], moves[-1]} if moves else ()) for b, real in zip(base, draws)]
            if outs and all(len(o) == len(b) and all(_alike(x, y) for x, y in zip(b, o)) for b, o in outs):
                unread.add(at)
        return unread

    def _outputs_at(self, init: list, inputs: list, seed: int) -> list:
        """The outputs of a reference built from `init` after `seed`, on a copy of `inputs`."""
        with torch.device(self.device), torch.no_grad():
            seed_global(seed)
            model = self.task_mod.Model(*init).to(self.device)
            seed_global(seed)
            return flatten_outputs(model(*clone_all(inputs)))
    def forward_int_moves(self, setting: ShapeSetting, init: list) -> dict[int, int]:
        """Moves (place -> value, _ints_in's places) of the ints get_inputs passes to forward, for
        a trial that varies the constructor's values: each kept only where the reference built
        from `init` still runs forward on the meta device at `setting`'s sizes (vary_ints). They
        were passed as the task wrote them, and `x * k` with k = 3 written in passed 4 of 4 (outside
        pass on verifier 94, F6; open until verifier 105)."""
        inputs = self._meta_inputs(setting)
        ints = _ints_in(inputs) if inputs is not None else []
        shapes = self._shapes_on_meta(init, inputs) if ints else None
        if shapes is None:
            return {}
        return self._moved_ints(ints, lambda m: self._shapes_on_meta(init, _with_ints(inputs, m)) == shapes)

    def _moved_ints(self, ints: list[int], runs: Callable[[dict[int, int]], bool],
                    fixed: set[int] = frozenset()) -> dict[int, int]:
        """Each int but those at `fixed` places moved with probability 1/2, one at least
        (_int_moves), a move kept where `runs` accepts it; where the kept moves together are not
        accepted, one of them alone."""
        spots = [at for at in range(len(ints)) if at not in fixed]
        if not spots:
            return {}
        chosen = [at for at in spots if self.rng.random() < 0.5] or [self.rng.choice(spots)]
        moved = {}
        for at in chosen:
            moves = self._int_moves(ints[at])
            for v in self.rng.sample(moves, len(moves)):
                if runs({at: v}):
                    moved[at] = v
                    break
        if len(moved) > 1 and not runs(moved):
            at = self.rng.choice(sorted(moved))
            return {at: moved[at]}
        return moved

    def _shapes_on_meta(self, init: list, inputs: list) -> list | None:
        """The shapes of Model(*init)'s parameters and buffers, built and run forward on the meta
        device (nothing allocated); None where it cannot be, or an output is empty (an int at 0
        can empty one: a width, a layer count)."""
        try:
            with torch.device("meta"), torch.no_grad():
                model = self.task_mod.Model(*init)
                outs = flatten_outputs(model(*inputs))
        except Exception:  # noqa: BLE001 - the reference's own code refusing these arguments
            return None
        if any(isinstance(o, torch.Tensor) and o.numel() == 0 for o in outs):
            return None
        return [tuple(x.shape) for x in (*model.parameters(), *model.buffers())]

    def _int_moves(self, v: int) -> list[int]:
        if v < 0:  # a dim counted from the end
            return [v - 1, v + 1]
        moves = {v + d for d in INT_STEPS} | ({v // 2} if v >= 2 else set())
        if self.device == "cpu" and 2 <= v <= INT_SCALE_MAX:
            moves.add(2 * v)
        return sorted(m for m in moves if m != v and m >= 0)  # 0 too: a dim, a padding

    def vary_scalar_inputs(self, inputs: list) -> list:
        """The float scalars `get_inputs` passes to forward, each times a factor in [1/4, 4], sign
        kept, in the trials that vary the constructor's floats: they were passed unchanged, and a
        kernel with the task's alpha of 0.25 written in, ignoring the one forward got, passed
        (outside red team, tenth pass, 2026-11-29). A reference that cannot run so is handled as
        for constructor floats (_trial)."""
        def changed(x):
            if self._whole_rerun(x):
                return self._whole_move(x)
            return x * self.rng.uniform(0.25, 4.0) if type(x) is float and math.isfinite(x) else x
        return [_leaves_mapped(x, changed) for x in inputs]

    def requeue_init(self) -> None:
        """The last queued constructor-float draw goes back to the queue's front: its trial is run
        again without its input kind or signs, on new constructor floats, and the masked kind's
        rerun took the one decades draw of a LeakyReLU verification, which then passed."""
        if self.last_init:
            self.init_queue.insert(0, self.last_init)
            self.last_init = ""

    def draw_inputs(self, mixed: bool, seed: int | None = None, signed: bool = False) -> tuple[list, list[float] | None]:
        """(inputs, the first input's slice factors when `mixed`), inputs from a fresh
        secret seed, drawn on the target device (a 512 MB randn on the host and a copy
        took most of a GPU verification), from the task's signed variant when `signed`. The
        first input's factors are the ones output slices usually follow (x @ W):
        compare.compare_tensor's `row_scales`."""
        with self.timed("draw_inputs_s"):
            return self._draw_inputs(mixed, seed, signed)

    def _draw_inputs(self, mixed: bool, seed: int | None, signed: bool) -> tuple[list, list[float] | None]:
        mod = self.signed_mod if signed else self.task_mod
        try:
            with torch.device(self.device):
                seed_global(urandom_seed() if seed is None else seed)
                inputs = to_device(mod.get_inputs(), self.device)
        except Exception as exc:
            raise _task_or_oom(exc, "get_inputs") from exc
        _check_input_memory(inputs)
        self.layouts = [wire.dense_layout(x) if type(x) is torch.Tensor else None for x in inputs]
        if not mixed:
            return inputs, None
        first: list[float] | None = None
        out = []
        for x, layout in zip(inputs, self.layouts):
            # Not fp16: its smallest subnormal is 2^-24, and the tiny factors (2^-30..2^-22) would be 0.
            if _kind_input(x) and x.dtype != torch.float16 and x.numel():
                if layout is not None and 0 in layout[1]:
                    # Rows broadcast from one (an expand): one factor keeps them one row, in the
                    # layout every other trial hands over (task_layouts). Dropping the layout here
                    # told this trial apart by stride(0) (outside pass on verifier 93).
                    out.append(x * self._slice_factors(1)[0])
                    continue
                factors = self._slice_factors(x.shape[0] if x.ndim else 1)
                first = first or factors
                scale = torch.tensor(factors, dtype=x.dtype, device=x.device)
                x = x * scale.reshape([len(factors)] + [1] * max(0, x.ndim - 1)) if x.ndim else x * scale[0]
            out.append(x)
        return out, first

    def task_layouts(self, inputs: list) -> list:
        """The trial's inputs in the layouts the task's get_inputs gave them (wire.dense_layout: a
        transpose, channels_last, an expand), which the kinds' arithmetic and the wire's contiguous
        copies lost: a kernel reading such an input as flat memory passed and was wrong on the
        task's own (outside pass on verifier 92). An expand takes its first index's values (the
        mixed kind scales such an input by one factor: _draw_inputs)."""
        out = []
        for x, layout in zip(inputs, self.layouts + [None] * len(inputs)):
            if type(x) is torch.Tensor and layout is not None and len(layout[0]) == x.ndim:
                x = wire.with_layout(x, layout)
            out.append(x)
        return out

    def layout_is_the_task(self) -> bool:
        """Whether the reference returns one of its non-contiguous inputs' values in another layout
        (channels_last to NCHW, a transpose or an expand made dense): found once, on signed inputs
        where the task has them, and only for a candidate that copied an input as given (the
        worker's `as_given`). Such a copy is layout preparation allowed since verifier 93, and
        where the layout change is the whole task, torch did all of it and a kernel only moved the
        result (outside pass on verifier 93)."""
        if self._layout_task is None:
            ref, _ = self.build_reference(self.shapes[0], urandom_seed())
            inputs = self.task_layouts(self.draw_inputs(False, signed=self.signed_available())[0])
            given = [x for x in inputs if type(x) is torch.Tensor and x.numel() > 1 and not x.is_contiguous()]
            try:
                with torch.no_grad():
                    outs = flatten_outputs(ref(*clone_all(inputs))) if given else []
            except Exception:  # noqa: BLE001 - the task's own code; its trials say what is wrong
                outs = []
            self._layout_task = any(type(o) is torch.Tensor and o.shape == x.shape and o.dtype == x.dtype
                                    and torch.equal(o, x) for o in outs for x in given)
        return self._layout_task

    def structured_inputs(self) -> dict[int, set[str]]:
        """{input index: kinds} for the float inputs `get_inputs` draws with a structure every
        time, found once from two draws at the setting with the fewest input elements: "zeros",
        exact zeros at the same places in both (a triangular matrix); "all_zero", zero throughout
        in both (an RNN's h0: kept zero but in the structured kind, Magnitude.zeros_drawn);
        "symmetric", equal to its transpose over the last two dims in both. Every trial keeps them (keep_structure). The
        input kinds and fills broke both: an honest upper-triangular matmul summing k from i to j
        only, and an honest symmetric matmul reading A and B by columns, were rejected on trials
        that padded rows with -1e4 or scaled them (outside red team, session 42). By this
        document's contract a kernel may rely on what get_inputs always makes, not on what it
        makes often: a value set is not kept (a 0/1 target may be a soft label, a 0/-1e4 mask a
        graded bias), nor random zeros."""
        if self._structure is None:
            self._structure = self._find_structure()
        return self._structure

    def _find_structure(self) -> dict[int, set[str]]:
        setting = min(self.shapes, key=self._input_elements)
        draws = []
        for _ in range(2):
            apply_shape(self.task_mod, setting, self.defaults)
            try:
                with torch.device("cpu"):
                    seed_global(urandom_seed())
                    draws.append([x.detach().cpu() if isinstance(x, torch.Tensor) else x
                                  for x in self.task_mod.get_inputs()])
            except Exception:  # noqa: BLE001 - the trials' own draws say what is wrong with get_inputs
                return {}
        found = {}
        for i, (a, b) in enumerate(zip(*draws)):
            if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.is_floating_point()
                    and a.shape == b.shape and a.numel() > 0):
                continue
            kinds = set()
            if bool((a == 0).any()) and torch.equal(a == 0, b == 0):
                kinds.add("zeros")
            if bool((a == 0).all()) and bool((b == 0).all()):
                kinds.add("all_zero")
            if a.ndim >= 2 and a.shape[-1] == a.shape[-2] > 1 and torch.equal(a, a.mT) and torch.equal(b, b.mT):
                kinds.add("symmetric")
            if kinds:
                found[i] = kinds
        return found

    def keep_structure(self, inputs: list, drawn: torch.Generator | None = None,
                       nonneg: bool = False) -> Callable[[list], list]:
        """For the trial's inputs as drawn, what puts their structure (structured_inputs) back
        once the trial's kind has changed them: the upper triangle mirrored onto the lower, then
        the drawn zeros. `drawn`: inputs zero throughout are drawn from N(0, 1) with it instead,
        |N(0, 1)| where `nonneg` (Magnitude.zeros_drawn)."""
        structure = self.structured_inputs()
        zeros = {i: x == 0 for i, x in enumerate(inputs)
                 if "zeros" in structure.get(i, ()) and isinstance(x, torch.Tensor)}
        def back(changed: list) -> list:
            out = []
            for i, x in enumerate(changed):
                if "symmetric" in structure.get(i, ()) and isinstance(x, torch.Tensor):
                    x = torch.triu(x) + torch.triu(x, 1).mT
                if drawn is not None and "all_zero" in structure.get(i, ()) and isinstance(x, torch.Tensor):
                    x = torch.randn(x.shape, generator=_drawn_on(x, drawn), device=x.device)
                    x = (x.abs() if nonneg else x).to(changed[i].dtype)
                elif i in zeros:
                    x = x.masked_fill(zeros[i], 0.0)
                out.append(x)
            return out
        return back

    def _all_zero_inputs(self) -> bool:
        """Whether get_inputs draws a float input zero throughout (structured_inputs)."""
        return any("all_zero" in kinds for kinds in self.structured_inputs().values())

    def _slice_factors(self, n: int) -> list[float]:
        """1 or a tiny power of two per leading-index slice, at least one of each."""
        tiny = [self.rng.random() < 0.5 for _ in range(n)]
        tiny[self.rng.randrange(n)] = True
        if n > 1 and all(tiny):
            tiny[self.rng.randrange(n)] = False
        return [2.0 ** self.rng.choice(TINY_EXPONENTS) if t else 1.0 for t in tiny]

    def reply_cap(self, setting: ShapeSetting, inputs: list) -> int:
        """Twice the bytes of the reference's outputs at `setting` (on the meta device) plus
        1 MiB: a float64 output where float32 is expected still arrives and fails as a dtype
        mismatch (a tighter cap made it a bare `bad_output`), while a candidate streaming
        gigabytes cannot push the judge out of memory and get its own task marked invalid
        (footprint.judge_bytes budgets replies at this cap). Where forward cannot run on
        meta, 4x the inputs."""
        if setting.name not in self._reply_caps:
            apply_shape(self.task_mod, setting, self.defaults)
            try:
                fp = footprint.measure_setting(self.task_mod)
                out = fp.output_bytes if fp.exact else 4 * fp.input_bytes
            except Exception:  # noqa: BLE001 - the model cannot even be built on meta
                out = 4 * sum(x.numel() * x.element_size() for x in inputs if isinstance(x, torch.Tensor))
            self._reply_caps[setting.name] = 2 * out + (1 << 20)
        return self._reply_caps[setting.name]

    def build_candidate(self, ref, init, seed: int, perturb: bool, mixed: bool = False,
                        train: bool = True, keeps_scale: bool = True) -> tuple[str, list]:
        """(how the parameters were set, the candidate's parameter shapes); the candidate in
        train mode (Module's default) or, `train` False, in eval mode. `keeps_scale`: the trial's
        inputs keep the task's scale, so a queued parameter draw may be spent on it (_perturb)."""
        header, _ = self.channel.request("build", init, seed=seed, train=train)
        self.cand_buffers = _field(header, "named_buffers", list, [])
        params = _field(header, "params", list, [])
        self.check_init_computed(ref, params, _field(header, "init_computed", list, []))
        note = self._set_params(ref, params, perturb, mixed, keeps_scale)
        if perturb:
            note += self._redraw_buffers(ref)
        return note, params

    @staticmethod
    def check_init_computed(ref, cand_params: list, computed: list) -> None:
        """Tensors the candidate keeps whose values torch computed at import or in its constructor
        (worker.Worker._init_computed), but for parameters the judge sets from the reference's
        (_share_params: `torch.randn(o, i) * 0.02`) and a buffer the reference has too (the same
        last name and shape: a causal mask both build in __init__): the work is torch's, not a
        kernel's. A sigmoid table built with torch operators in __init__ and only interpolated
        by the kernel passed (outside red team, twenty-second pass, 2026-11-30), and so did the
        same table held as an nn.Parameter the reference does not have."""
        is_module = isinstance(ref, torch.nn.Module)
        theirs = {(n.rsplit(".", 1)[-1], tuple(b.shape)) for n, b in torch.nn.Module.named_buffers(ref)} \
            if is_module else set()
        ref_params = list(torch.nn.Module.parameters(ref)) if is_module else []
        shared = bool(ref_params) and _shapes(ref_params) == cand_params
        for entry in computed:
            if type(entry) is not list or len(entry) != 4 or type(entry[0]) is not str:
                continue
            name, shape, op, kind = entry
            if kind == "parameter" and shared:
                continue
            if kind == "buffer" and type(shape) is list and (name.rsplit(".", 1)[-1], tuple(shape)) in theirs:
                continue
            raise CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS['init_compute']}: {name[:80]} (written by "
                                   f"{str(op)[:60]})", ("init_compute",))

    def _redraw_buffers(self, ref) -> str:
        """New values for the reference's float buffers that hold state (_stateful), handed to
        the candidate's that match them (buffer_map): statistics a checkpoint would load were never
        varied, and a BatchNorm kernel that rebuilt the buffers' linspace init inside the kernel
        passed (outside red team, eleventh pass, 2026-11-29). Where the candidate has no match for
        one and the reference's output depends on them, the judge cannot give both the same
        values: fail closed. A buffer registered with persistent=False is no state: no checkpoint
        loads one, so it is a table of the constructor's (RoPE's inv_freq, a window), and an honest
        kernel computing its values in place of reading it was a hack (outside pass on verifier 96,
        F7). A persistent one is state a checkpoint may load other values into."""
        named = list(torch.nn.Module.named_buffers(ref))
        saved = set(torch.nn.Module.state_dict(ref, keep_vars=True))
        state = [i for i, (name, b) in enumerate(named)
                 if name in saved and b.is_floating_point() and b.numel() and _stateful(b)]
        if not state:
            return ""
        pairs = self.buffer_map(ref)
        if not set(state) <= set(pairs.values()):
            if self._buffers_matter(ref, [named[i][1] for i in state]):
                raise CandidateFailure(ErrorKind.HACK, "ModelNew's buffers do not match Model's (names, shapes and "
                                       "dtypes) and the reference's output depends on them: the judge cannot give "
                                       "both models the same re-drawn values", ("parameter_mismatch",))
            return ""
        gen = torch.Generator(device="cpu").manual_seed(urandom_seed())
        with torch.no_grad():
            for i in state:
                named[i][1].copy_(redrawn(named[i][1], gen).to(named[i][1].device))
        picked = sorted((j, i) for j, i in pairs.items() if i in state)
        self.channel.request("set_buffers", [named[i][1].detach() for _, i in picked], indices=[j for j, _ in picked])
        return "; float buffers re-drawn"

    def _buffers_matter(self, ref, bufs: list) -> bool:
        """Does the reference's output move when its stateful buffers do (at the task's first
        setting's inputs)? BatchNorm in training mode reads batch statistics, not its running ones."""
        if self._buffers_checked is None:
            saved = [b.detach().clone() for b in torch.nn.Module.buffers(ref)]  # the reference may update them
            inputs, _ = self.draw_inputs(False)
            gen = torch.Generator(device="cpu").manual_seed(urandom_seed())
            try:
                with torch.no_grad():
                    before = flatten_outputs(ref(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]))
                    for b in bufs:
                        b.copy_(redrawn(b, gen).to(b.device))
                    after = flatten_outputs(ref(*inputs))
            except Exception as exc:  # noqa: BLE001 - the task's own code
                raise TaskFailure(f"reference forward failed with re-drawn buffers: {exc!r}") from exc
            finally:
                with torch.no_grad():
                    for b, old in zip(torch.nn.Module.buffers(ref), saved):
                        b.copy_(old)
            self._buffers_checked = any(not (isinstance(a, torch.Tensor) and isinstance(c, torch.Tensor)
                                             and a.shape == c.shape and torch.equal(a, c))
                                        for a, c in zip(before, after))
        return self._buffers_checked

    def _set_params(self, ref, params: list, perturb: bool, mixed: bool, keeps_scale: bool = True) -> str:
        if mixed and self.precision_checks:
            # A unit-scale (or default) bias swamps the tiny input slices of a mixed trial:
            # `tiny_x @ W + b` is `b` to fp32 precision, and fp16 tiles went unseen on Linear. So
            # biases are tiny there, or (half the time, where the model has biases) 0: with tiny
            # 1-D parameters in the mixed trial alone, a kernel could tell it apart by them.
            biased = any(name.rsplit(".", 1)[-1] == "bias" for name, _ in ref.named_parameters())
            note = self._perturb(ref, params, draw="zero_bias" if biased and self.rng.random() < 0.5 else "tiny")
        elif perturb:
            note = self._perturb(ref, params, queued=keeps_scale)
        else:
            note = "default"
        return self._share_params(ref, params, note)

    def _share_params(self, ref, cand_params: list, note: str) -> str:
        """Hand the candidate the reference's parameter values whenever both lists have the
        same shapes: the same seed does not give the same weights when Model.__init__ draws
        from the global generator first (KernelBench's VanillaRNN draws its hidden state,
        sized by a module constant ModelNew never sees, before its Linear layers)."""
        ref_params = list(ref.parameters())
        if not ref_params or _shapes(ref_params) != cand_params:
            return note
        values = [p.detach() for p in ref_params]
        self.channel.request("set_params", values, indices=list(range(len(values))))
        return note

    def step_params(self, ref, cand_params: list) -> str:
        """Every float parameter moved in place by a quarter of its rms, in both models, as an
        optimizer step moves them between two forwards; "" where the candidate's parameters do
        not line up with the reference's. A Linear that copied W into a buffer on its first call
        and used the copy after passed every trial (outside red team, 2026-11-28)."""
        ref_params = list(ref.parameters())
        if not ref_params or _shapes(ref_params) != cand_params:
            return ""
        gen = torch.Generator(device="cpu").manual_seed(urandom_seed())
        with torch.no_grad():
            for p in ref_params:
                if p.is_floating_point() and p.numel():
                    step = (rms(p) or 1.0) / 4
                    p.add_(torch.randn(p.shape, generator=_drawn_on(p, gen), device=p.device, dtype=p.dtype) * step)
        self._share_params(ref, cand_params, "")
        return "parameters stepped in place before this call"

    def _perturb(self, ref, cand_params: list, draw: str | None = None, queued: bool = True) -> str:
        """Give 1-D parameters (bias, gamma, beta) random values of `scale` in the reference
        (the candidate gets them in _share_params): default inits (zeros, ones,
        U(+-1/sqrt(fan_in))) are too small or too special to notice an omitted bias or
        affine term under tolerance."""
        ref_params = list(ref.parameters())
        if _shapes(ref_params) != cand_params:
            if not any(p.is_floating_point() and p.numel() for p in ref_params):
                return "skipped: parameter lists differ and there is nothing to re-randomise"
            # Fail closed: one unused extra parameter made the lists differ, the check
            # skipped itself, and an affine-free LayerNorm passed on default ones/zeros. Any float
            # parameter, not only a 1-D one: a bias-free Linear summing half of K on trained
            # weights, an identity-initialised mixing matrix and zero-initialised gates dropped
            # passed 20 of 20 so, never drawn or stepped (outside pass on verifier 96, F0).
            raise CandidateFailure(ErrorKind.HACK, "ModelNew's parameters differ from Model's (shapes and order): "
                                   "the judge cannot give both models the same re-randomised values",
                                   ("parameter_mismatch",))
        draw = draw or (self.param_queue.pop() if self.param_queue and queued else self.rng.choice(self.param_draws))
        scale = 2.0 ** self.rng.choice(TINY_EXPONENTS) if draw == "tiny" else 1.0
        gen = torch.Generator(device="cpu").manual_seed(urandom_seed())
        with torch.no_grad():
            for name, p in ref.named_parameters():
                if not p.is_floating_point() or p.numel() == 0:
                    continue
                if draw == "zero_bias" and name.rsplit(".", 1)[-1] == "bias":
                    p.zero_()
                    continue
                if p.ndim != 1 and draw != "trained":
                    continue  # kept: nothing is drawn for it (a 4,096 x 4,096 weight's noise was 16M host draws a trial)
                noise = torch.randn(p.shape, generator=_drawn_on(p, gen), device=p.device, dtype=p.dtype)
                if p.ndim == 1:
                    p.copy_(noise / 4 + 1.0 if draw == "trained" else noise * scale)
                else:  # trained: a Gaussian's tails at about the init's rms (TRAINED_RMS_OCTAVES)
                    drift = 2.0 ** (self.rng.choice((-1, 1)) * self.rng.uniform(*TRAINED_RMS_OCTAVES))
                    # scaled to that rms exactly: a small weight's own draw strayed by its sampling error
                    # (a 2^0.25 drift came out within 16% of the init's rms; CI, session 68)
                    p.copy_(noise * (rms(p) * drift / max(rms(noise), 1e-30)))
        if draw == "trained":
            low, high = TRAINED_RMS_OCTAVES
            return "parameters re-randomised as trained ones (1-D: 1 + randn/4; others Gaussian at their init's rms " \
                f"times 2^(+-{low:g}..{high:g}))"
        if draw == "zero_bias":
            return "1-D parameters re-randomised, biases 0"
        return "1-D parameters re-randomised" + ("" if scale == 1.0 else f" at scale {scale:.3g}")

    @contextlib.contextmanager
    def timed(self, key: str):
        """Adds this block's wall time to details.stages[key]."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[key] = self.seconds.get(key, 0.0) + time.perf_counter() - start

    def reference(self, ref, inputs, measure_floor: bool = False, tails: bool = False) -> Expected:
        """Float64 outputs (where the task allows), native dtypes and rms bounds; the task's own
        dtype must not overflow either (exp(128) is finite in float64, and an honest float32 exp
        kernel would be blamed for the task's range). `measure_floor`: a magnitude trial, whose
        error floor counts what the task's own dtype loses (_native_floors); `tails`: one whose
        small elements the tail check judges too (Expected.tail_gaps, TAIL_OFF_KINDS)."""
        with self.timed("reference_s"):
            expected = self._reference(ref, inputs, measure_floor, tails)
        _check_output_kinds(expected.outs, self.device)
        return expected

    def _reference(self, ref, inputs, measure_floor: bool = False, tails: bool = False) -> Expected:
        """Runs on `inputs` in place, last: callers pass inputs they no longer need."""
        # Whether the padded kind's fill is in the inputs: scanned once, before the reference runs
        # on them in place (the fill runs' floors and the TF32 floor per row both read it).
        fills = measure_floor and _holds_fills(inputs)
        try:
            with torch.no_grad():
                fp64 = self.fp64 and self._fp64_outputs(ref, inputs)
                infinite = bool(fp64) and _holds_neg_inf(inputs) and not all(_all_finite(t) for t in fp64) \
                    and self._infinities_judged(ref, inputs, fp64)
                # Large inputs: how far rounding the inputs to float32 moves the float64 answer
                # (a cosine loss of inputs shifted by 128 is 1 - h with h within 3e-5 of 1).
                # Plain trials measure it too where an output is a few sums, or cancels as a whole:
                # its rms is then its own small size, and float32's rounding is over the atol (a
                # one-element matvec, 64 products of sd 8 summing to 1.6e-4, was 2.8e-7 off in an
                # honest answer against an atol of 1.6e-8: false_rejects at verifier 102, 1 of 397;
                # a bias-corrected EMA at its first step on one row is x - x, 1e-17 in float64).
                measure_floor = measure_floor or (bool(fp64) and _few_or_cancelled(fp64, inputs))
                jitter = measure_floor and fp64 and _fits_floors(inputs)
                jittered = None
                if jitter:
                    with _ApproximatePrimitives():
                        jittered = self._fp64_outputs(ref, _jittered(inputs))
                # A reference that changes its own state is put back after each extra run: the
                # candidate's state takes one step per call, and so must the reference's.
                held = _HeldState(ref) if self.ref_state else None

                def moved_runs(fills: bool):
                    """The reference's outputs on moved inputs, one run at a time."""
                    moves = _opposite_moves(inputs, FILL_SAMPLES // 2) if fills \
                        else (_ulp_moved(inputs) for _ in range(NATIVE_SAMPLES))
                    for moved in moves:
                        run = flatten_outputs(ref(*moved))
                        del moved
                        if held:
                            held.restore()
                        yield run

                # More samples of the task dtype's own error (NATIVE_SAMPLES says why), and with the
                # padded kind's fills moved too, gaps per element (_element_gaps): only one of
                # those runs' outputs is held at a time.
                samples = list(moved_runs(False)) if jitter else []
                if jitter:  # one run more: each approximate step off the same way (SHARED_STEP)
                    with _ApproximatePrimitives(shared=True):
                        shared = self._fp64_outputs(ref, inputs)  # on a copy: the state stays
                    samples += [shared] if shared else []
                fill_gaps = _element_gaps(moved_runs(True), fp64) if jitter and fills else None
                # bf16/fp16 inputs: floors per element for bf16/fp16 outputs (LOW_FLOOR_FACTOR says why).
                low = bool(fp64) and _holds_low_precision(inputs) and _fits_floors(inputs)
                if fill_gaps:
                    fill_gaps = _element_gaps(self._fp64_moved_runs(ref, inputs), fp64, fill_gaps)
                tf32 = None
                if self.precision_checks and fp64:
                    with _TruncatedDotInputs():
                        tf32 = flatten_outputs(ref(*clone_all(inputs)))
                    if held:
                        held.restore()
                del held
                raw = ref(*inputs)
                structure, native = _structure(raw), flatten_outputs(raw)
                contiguous = [not isinstance(t, torch.Tensor) or t.is_contiguous() for t in native]
                del raw
                dtypes = [getattr(t, "dtype", None) for t in native]
                _check_output_dtypes(dtypes)
                # In every trial, not only the magnitude ones: log(sigmoid(4x / sigmoid(x))) is -inf in
                # float32 from x = -3 on, finite in float64, and an honest float32 kernel was blamed
                # for it at a random size of 2^15 elements (2026-11-28).
                if infinite and not _same_infinities(native, fp64):
                    # Both ways: an infinity float64 holds where the task's dtype does not would be asked
                    # of kernels that torch itself does not give.
                    raise TaskFailure("the reference's own dtype holds other infinities than float64 on these inputs")
                if not infinite and not all(_all_finite(t) for t in native):
                    raise TaskFailure("the reference overflows in its own dtype on these inputs")
                # The other end: a product over 759 randn values is about 1e-190 in float64 and 0 in
                # float32, so an honest float32 kernel's zeros were flagged zero_output at a long-dim
                # trial (verifier 33's first form); the task's own dtype cannot hold the answer there.
                if fp64 and any(_underflows(n, e) for n, e in zip(native, fp64)):
                    raise TaskFailure("the reference underflows to zero in its own dtype on these inputs")
                outs = fp64 or native
                # Large inputs: what the task's own dtype loses there is no kernel's fault.
                if fill_gaps:  # per element: one floor for the output is its largest (_element_floors)
                    runs = [native, *samples] + ([jittered] if jittered else [])
                    native_floors = [_native_floors([native], [e], None)[0] if f is None else f
                                     for f, e in zip(_element_floors(_element_gaps(runs, fp64, fill_gaps)), fp64)]
                else:
                    native_floors = _native_floors([native, *samples], fp64, jittered) if measure_floor and fp64 \
                        else [0.0] * len(outs)
                if low:
                    low_floors = _element_floors(_element_gaps([native], fp64), LOW_FLOOR_FACTOR)
                    native_floors = [g if g is not None and getattr(n, "dtype", None) in LOW_PRECISION else f
                                     for f, g, n in zip(native_floors, low_floors, native)]
                tail_gaps = []
                if tails and jitter and not self.precision_checks:
                    # With fills, the floors per element hold the fill runs' gaps (NATIVE_FLOOR_FACTOR
                    # times, which only holds fewer elements): a row padded whole is exactly 0 in
                    # torch's runs and rounding noise in an honest GPU kernel's.
                    tail_gaps = [f if isinstance(f, torch.Tensor) else None for f in native_floors] if fill_gaps \
                        else _element_gaps([native, *samples] + ([jittered] if jittered else []), fp64)
                    # Exact zeros are held only where an input holds -inf (exp(-inf), a mask): a relu
                    # of a layer norm on inputs +64 is 0 in every torch run where an honest kernel's
                    # x - mean came out an ulp above 0 (5e-6 after the relu; clean-clone make test,
                    # session 39), and no run of the reference shows that noise below a clamp.
                    if not _holds_neg_inf(inputs):
                        tail_gaps = [None if g is None else g.masked_fill(e == 0, math.inf)
                                     for g, e in zip(tail_gaps, fp64)]
                int_runs = _int_runs([native, *samples], fp64)
                del jittered, samples, fill_gaps
                if fp64 and not tf32:
                    del native  # only its dtypes are needed: one output's worth of memory back
            finite = infinite or all(_all_finite(t) for t in outs)
        except Exception as exc:
            raise _task_or_oom(exc, "the reference") from exc
        if not finite:
            raise TaskFailure("reference output has NaN/Inf on these inputs")
        limits, floors = [None] * len(outs), list(native_floors)
        if self.precision_checks:
            try:
                floor, factor = (CPU_TF32_RMS_FLOOR, CPU_TF32_FACTOR) if self.exact_dots else (TF32_RMS_REL, TF32_FACTOR)
                bounds = [_tf32_bounds(e, o, floor, by_row=fills, fp32=n, factor=factor)
                          for e, o, n in zip(tf32, outs, native)] if tf32 else []
            except torch.OutOfMemoryError as exc:
                raise _task_or_oom(exc, "the reference's TF32 bound") from exc
            # Never under what the task's own dtype loses on these inputs, as the per-element floors
            # are not (NATIVE_FLOOR_FACTOR): a batch norm of a Linear whose bias dominates its column
            # (inputs x2^-6..2^-8, torch.rand) cancels, and its honest float32 fold, v * a + (beta -
            # mean * a), erred 0.2-0.4 of the TF32 run where the bound was 0.1 of it, a false reject
            # about 1 verification in 7 on CPU (our KernelBench-L2 41 answer, session 61); the fold
            # measured 1.2-1.8x the reference's float32 run (simulated: benchmarks/fold_vs_native.py).
            own = [_own_dtype_limit(n, o) for n, o in zip(native, outs)] if bounds else []
            limits = [max(b[0], w) for b, w in zip(bounds, own)] if bounds else [TF32_RMS_REL] * len(outs)
            floors = [_raised_floor(f, b[1]) for b, f in zip(bounds, floors)] if bounds else floors
            # Only where the TF32 run sets the bound (limit = factor x its relative rms error), not the
            # floor or the task's own dtype (inputs TF32 keeps whole, an integral or tied kind, leave
            # that run float32's own error: a share of it means nothing).
            tf32_rel = [b[0] / factor if b[0] > floor and b[0] >= w and _comparable(e, o) else None
                        for e, o, b, w in zip(tf32 or [], outs, bounds, own)]
        else:
            tf32_rel = []
        del tf32
        # Near the dtype's subnormals (spaced 1.4e-45 in float32) rounding is on that grid, whatever
        # the kernel does: a product reduction's honest template answer at a random size was 9e-46
        # off on 1-5% of elements whose float64 values were about 1e-46, under an atol of 1e-4 of an
        # rms near 1e-40 (1 verification in 8, verifiers 31 and 33 alike). SUBNORMAL_STEPS of them.
        floors = [_at_least_subnormal(f, d) for f, d in zip(floors, dtypes)]
        # Floors per row as views of the output's shape (stride 0 past the first dim): compare.py
        # reads floors per element, and a float64 copy of a full-size output is judge memory.
        floors = [f.expand(o.shape) if isinstance(f, torch.Tensor) and isinstance(o, torch.Tensor)
                  and f.shape != o.shape else f for f, o in zip(floors, outs)]
        return Expected(outs, dtypes, limits, floors, structure, contiguous, tail_gaps=tail_gaps,
                        tf32_rel=tf32_rel, int_runs=int_runs)

    def _infinities_judged(self, ref, inputs, fp64: list) -> bool:
        """Whether this trial's float64 outputs, which hold infinities from the masked kind's -inf,
        are judged with them matched (compare.py) rather than the kind going off for the task. An
        online log-softmax whose running max starts at -inf gives NaN on rows partly -inf, and
        with the kind off wherever the reference's output holds -inf it passed every run (honest-
        kernel probe, session 39; corpus c_log_softmax_nan_on_masked_rows). Decided once per
        verification: only where the reference is the same when a constant is added to each input
        row (what normalises over the row: softmax, log-softmax, cross-entropy of logits), which is
        what an additive mask is written for; a sum, a scan or a maximum of masked rows is -inf too,
        and an honest compensated sum gives NaN there on inputs its task never draws."""
        if self.inf_note is None:  # the first masked trial decides: where not judged, the kind goes off
            self.inf_note = self._why_not_infinities(ref, inputs, fp64) if _judgeable_infinities(fp64) \
                else "the reference's output holds NaN, or nothing finite, on masked rows"
        return self.inf_note == "" and _judgeable_infinities(fp64)

    def _why_not_infinities(self, ref, inputs, fp64: list) -> str:
        note = self.fp64_unavailable  # a reference failing on the check's inputs says nothing of the trials'
        try:
            return self._infinity_check(ref, inputs, fp64)
        finally:
            self.fp64_unavailable = note

    def _infinity_check(self, ref, inputs, fp64: list) -> str:
        if self.precision_checks:
            return "a task with dot products: its TF32 bound is measured on finite outputs"
        size = _input_bytes(inputs)
        if size > JITTER_MAX_BYTES:
            # On the first leading rows: a float64 copy of larger inputs does not fit the judge's
            # budget (JITTER_MAX_BYTES), and what is asked holds row by row.
            lead = _first_rows(inputs)
            if not lead:
                return "inputs past JITTER_MAX_BYTES with no leading rows to check on"
            inputs = _leading(inputs, max(1, lead * JITTER_MAX_BYTES // size))
            fp64 = self._fp64_outputs(ref, inputs)
        shifted = self._fp64_outputs(ref, _row_shifted(inputs, torch.Generator().manual_seed(self.rng.getrandbits(63))))
        if not fp64 or not shifted or not _same_outputs(fp64, shifted):
            return "the reference changes when a constant is added to each input row"
        return ""

    def _fp64_outputs(self, ref, inputs) -> list | None:
        """The reference in float64, or None when the model cannot run in it: state kept
        in plain tensor attributes (KernelBench's LSTM h0, a GPT block's mask) is not
        converted by Module.double() and the forward mixes dtypes. The native outputs
        are the reference then (details.checks says so)."""
        try:
            # A copy: Module.double() converts in place, and the same reference
            # is reused across timing sets and timed in its native dtype.
            ref64 = copy.deepcopy(ref).double()
            return flatten_outputs(ref64(*_fp64_copy(inputs)))
        except (RuntimeError, TypeError) as exc:
            if isinstance(exc, torch.OutOfMemoryError) or "out of memory" in str(exc).lower():
                if not self.alone:
                    raise  # the caller runs the job again with the GPU to itself
                # Alone on the GPU: the native reference may still fit, and a task is only
                # invalid when that does not.
                self.fp64_unavailable = "the float64 reference does not fit on this GPU"
                if self.device == "cuda":
                    torch.cuda.empty_cache()
                return None
            self.fp64_unavailable = trim(str(exc), 200)
            return None

    def _fp64_moved_runs(self, ref, inputs):
        """The float64 reference on FP64_FILL_SAMPLES inputs moved as the fill runs move them, in
        opposite pairs (_opposite_moves; the comment at FILL_SAMPLES says why), each mean moved
        too (_MovedMeans), one run at a time."""
        for moved in _opposite_moves(inputs, FP64_FILL_SAMPLES // 2):
            with _MovedMeans():
                run = self._fp64_outputs(ref, moved)
            del moved
            if run is not None:
                yield run

    def trial(self, t: Trial, state: dict) -> None:
        """One trial. A signed one whose reference cannot run on signed inputs (the log of
        a negative number) is run again on the task's own draw, and signed trials stop for
        this verification, said in details.signed_trial; a large-magnitude one whose reference
        overflows is run again unscaled, and those stop too (details.wide_trial); were the
        reference to fail on its own draw too, the task is invalid as for any trial."""
        if t.magnitude is not None:
            try:
                self._trial(t, state)
                self.outcome.signed_trials += t.signed
                return
            except TaskFailure as exc:  # blamed on the magnitude; were it the signs, the rerun says so
                if t.magnitude.zeros_drawn and self._all_zero_inputs():
                    # A reference that needs its zero input non-negative (a second moment under a
                    # sqrt) gets it drawn so; one that needs it zero (a log of a count): kept zero.
                    self.requeue_init()
                    then = "magnitude" if t.magnitude.zeros_drawn == "normal" else ""
                    return self.trial(replace(t, magnitude=replace(t.magnitude, zeros_drawn=then)), state)
                if t.magnitude.form == "structured" and t.magnitude.empty:
                    # A reference that cannot take a row of padding only (a masked softmax's NaN):
                    # the masks as before, every row keeping one value or more.
                    self.requeue_init()
                    return self.trial(replace(t, magnitude=replace(t.magnitude, empty=False)), state)
                lowered = t.magnitude.lowered()
                if lowered is not None:
                    self.requeue_init()
                    return self.trial(replace(t, magnitude=lowered), state)
                if t.magnitude.form == "structured" and not t.magnitude.inverted:
                    # Masks True over the padding: a row True whole is a sequence of padding only,
                    # which a masked softmax makes NaN, and the kind was off for every such task; a
                    # kernel wrong on real padding masks passed (outside red team, thirteenth pass).
                    self.requeue_init()
                    return self.trial(replace(t, magnitude=replace(t.magnitude, inverted=True)), state)
                self.kinds_off.add(t.magnitude.kind)
                self._note_wide(f"skipped: the reference cannot be judged at {t.magnitude.describe()}: {trim(str(exc), 300)}")
                self.requeue_init()
            except CandidateFailure:
                # Only the reference steps a kind down, never the answer: verifier 70 ran a huge trial
                # again at the next lower top where the answer held an infinity the reference did not
                # (a composed expression's honest (x * y) / c was inf at 2^126, a clean-clone run), and
                # ReLUs writing inf past 2e9 or 1e14, exact below and capped or zero between, were
                # judged at 2^20 and passed (outside pass on verifier 71, session 62). At the tops since
                # verifier 71 (2^50 and down) two spikes' product fits float32.
                self.outcome.signed_failed |= t.signed
                raise
            return self.trial(replace(t, magnitude=None), state)
        if not t.signed:
            return self._trial(t, state)
        return self._signed_trial(t, state)

    def _note_wide(self, note: str) -> None:
        """One more reason for details.wide_trial, after the ones before it."""
        self.wide_note = f"{self.wide_note}; {note}" if self.wide_note else note

    def _signed_trial(self, t: Trial, state: dict) -> None:
        try:
            self._trial(t, state)
            self.outcome.signed_trials += 1
            return
        except TaskFailure as exc:
            reason = trim(str(exc), 300)
            self.requeue_init()
        except CandidateFailure:
            self.outcome.signed_failed = True
            raise
        self._trial(replace(t, signed=False), state)
        self.signed_note = f"skipped: the reference cannot be judged on signed inputs: {reason}"

    def _trial(self, t: Trial, state: dict) -> None:
        """One instance, called `t.calls` times. Where the reference cannot be built or run with
        varied constructor floats (a dropout rate past 1), the trial runs again with the task's
        own, and the rest of the verification keeps them (details.varied_init says why)."""
        if not t.varied_init or self.init_note:
            return self._instance(replace(t, varied_init=False), state)
        self.trial_draw = None
        try:
            return self._instance(t, state)
        except TaskFailure as exc:
            reason = trim(str(exc), 300)
        # Then the floats holding whole numbers, moved to other whole numbers, the rest kept: a
        # torch.pow exponent of 3.0 times 0.5-2 is NaN on negative inputs, the reference "failed",
        # and every float of the verification stayed the task's, so x * x * x with the exponent
        # written in passed 19 of 22 verifications, an unrelated alpha written in beside it too
        # (outside pass on verifier 96, F3).
        # First the other floats varied as usual beside them, then kept: kept at once, an alpha of
        # 0.37 written in beside a pow exponent of 3.0 passed 2 of 6 (outside pass on verifier 97, F4).
        for others_varied in (True, False):
            self.whole_only, self.others_varied = True, others_varied
            try:
                return self._instance(t, state)
            except TaskFailure:
                pass
            finally:
                self.whole_only = False
        self._instance(replace(t, varied_init=False), state)  # raises where the floats were not the cause
        self.init_note = f"skipped: the reference cannot be judged with varied constructor floats: {reason}"

    def _instance(self, t: Trial, state: dict) -> None:
        if self.reference_state() and self.state_by_probe and (t.magnitude or t.signed):
            # Such state moves in the trials whose inputs are unlike the file's, and shows only in a
            # later call (_call says which draw each takes): an answer never raising its running
            # maximum passed 1 verification in 3 when those trials called their instance once
            # (session 79).
            t = replace(t, calls=max(t.calls, UNLIKE_STATE_CALLS))
        seed = urandom_seed()
        if t.eval_mode and not self.mode_free(t.setting, seed):
            t = replace(t, eval_mode=False)
        large = t.magnitude is not None and t.magnitude.kind in LARGE_KINDS
        ref, init = self.build_reference(t.setting, seed, vary=t.varied_init, large=large)
        if t.eval_mode:
            # Each module's mode as built and after eval(), for the train-mode copy of an either-mode
            # trial: `.train()` on the copy unfroze a BatchNorm the task keeps in eval mode, and a
            # train() override returning None left no copy (outside pass on verifier 116, F9).
            built = _modes(ref)
            ref.eval()
            self.trial_modes = (built, _modes(ref))
        keeps_scale = t.magnitude is None or t.magnitude.kind not in SCALE_KINDS
        params, shapes = self.build_candidate(ref, init, seed, t.perturb, t.mixed, train=not t.eval_mode,
                                              keeps_scale=keeps_scale)
        record = {"seed": seed, "params": params, **({"eval_mode": True} if t.eval_mode else {})}
        if t.varied_init and any(type(v) in (float, int, tuple, list) for v in init):
            record["init"] = [v for v in init if type(v) in (int, float, bool)
                              or type(v) in (tuple, list) and len(v) <= 8][:16]
        rows = self.fewer_rows(t.setting) if t.calls > 1 and not t.mixed and not t.whole_first else None
        moves = self.forward_int_moves(t.setting, init) if t.varied_init else {}
        # Where the reference keeps its state in buffers, a call after the first starts where the
        # last call left both models, not on redrawn state (redraw_state): always redrawn, a step
        # never writing its state back passed 4 of 4 (outside pass on verifier 104, F1). The first
        # call starts as the models were built half the time, on redrawn state otherwise (which
        # keeps a count read off the state from starting at 0): a kernel wrong only at the built
        # state (an ActNorm skipping its first-batch init, a running mean of zeros) passed 3-4 of
        # 3-4 (F2).
        kept = [self.ref_state == "buffers" and (call > 0 or self.rng.random() < 0.5) for call in range(t.calls)]
        probe = self.calibration_probes[0] if t.calls > 1 and self.calibration_probes else None
        try:
            ref = self._call(t, 0, ref, {**record, "rows": rows} if rows else record, state, rows, moves,
                             redraw=not kept[0], probe=probe)
        except TaskFailure as exc:
            if probe:
                # the next draw of calibration_probes (each alone after all at once), or the trial's own
                self.calibration_probes.pop(0)
                self.state_probe_note = f"the reference could not be judged on {'+'.join(probe)}: {trim(str(exc), 160)}"
                return self._instance(t, state)
            if not rows:
                raise
            # The meta check cannot see values: a first input indexed by another (x[idx]) takes
            # fewer rows there and raises on real ones, and every answer was invalid_task (outside
            # pass on verifier 94, F2). The trial runs again on all rows, and so do the others.
            self.rows_note = f"n/a: the reference did not take {rows} leading rows: {trim(str(exc), 160)}"
            return self._instance(t, state)
        for call in range(1, t.calls):
            # the last call after an in-place update of the parameters, in both models
            stepped = self.step_params(ref, shapes) if call == t.calls - 1 else ""
            ref = self._call(t, call, ref, {**record, "params": stepped} if stepped else record, state,
                             moves=moves, redraw=not kept[call])

    def _call(self, t: Trial, call: int, ref, record: dict, state: dict, rows: int | None = None,
              moves: dict[int, int] | None = None, redraw: bool = True, probe: tuple[str, ...] | None = None):
        """One forward of the trial's instance on fresh inputs (on their first `rows` leading rows
        where given; the ints passed to forward moved by `moves`, forward_int_moves; drawn as the
        state probe `probe` names, of the trial's own kind otherwise), checked; on state redrawn
        first where `redraw`. Returns the reference the next call continues from:
        `ref`, or in an either-mode trial whose answer was the train-mode one, the copy that ran
        in train mode, back in eval mode with the state that run left (the candidate's state took
        that step)."""
        if redraw:
            self.redraw_state(ref)
        else:
            record = {**record, "state": "as built" if call == 0 else "as the last call left it"}
        halved = False
        if call and self.ref_state and self.state_by_probe and (t.magnitude or t.signed):
            # State that only inputs unlike the file's move (a running absolute maximum over
            # torch.rand): the second call draws as the first, its floats scaled down by 1 - 2^-u
            # (u uniform in 1-8: from half to within 0.4% of the first), so the state the first
            # raised holds; later calls take the file's own draw, which moves it no further. With
            # every later call unlike, an answer never raising its maximum passed 1 verification in
            # 200 (a heavy-tailed second call above the first); with every later call on the own
            # draw (verifier 114), one reading its stored maximum only while the input's was under 2
            # passed 7 of 7 (outside pass on verifier 114, F1); with the floats always halved, one
            # ignoring its stored maximum within 10% of the input's passed 5 of 5 (outside pass on
            # verifier 116, F1).
            halved = call == 1 and not (t.magnitude is not None and t.magnitude.form == "padded")
            if not halved:
                t = replace(t, signed=False, magnitude=None)
        # The train-mode answer, where the trial takes either mode's (mode_free): a copy of the
        # reference as this call starts, put in train mode.
        twin = self._train_copy(ref) if self.either_mode(t) else None
        input_seed = urandom_seed()
        if probe:
            # A calibration the first call sets (a dead-unit mask, a first-batch range) set from
            # the probe on which a fresh reference set it otherwise than on the file's draw: on the
            # file's draw a dead-unit mask is all ones, and a copy kernel keeping no mask passed 2
            # of 2 (outside pass on verifier 116, F3; caught only where the repeat trial's first
            # call, on 2-8 rows, happened to leave a column dead).
            t = replace(t, signed=False, magnitude=None)
            inputs, row_scales = self.probe_inputs(probe, t.mixed, input_seed)
            record = {**record, "state_probe": "+".join(probe)}
        else:
            inputs, row_scales = self.draw_inputs(t.mixed, input_seed, t.signed)
        if rows:
            inputs = _leading(inputs, rows)
        if t.varied_init and not self.init_note and any(math.isfinite(x) for x in _floats_in(inputs)):
            inputs = self.vary_scalar_inputs(inputs)  # plain floats: the magnitude kinds change tensors
            record = {**record, "float_inputs": _floats_in(inputs)[:8]}
        if moves:
            inputs = _with_ints(inputs, moves)
            record = {**record, "int_inputs": _ints_in(inputs)[:8]}
        natural = None
        if t.magnitude is not None:
            natural = self.natural_rms(ref, inputs) if t.magnitude.form == "padded" else None
            # A seed of its own: with the inputs' seed, torch.rand replayed the uniforms randn had
            # turned into the inputs, and spikes sat where |x| was small (mean 0.21 against 0.84
            # elsewhere, 200 draws), a heavy kind's first draw was x itself.
            back = self.keep_structure(inputs, torch.Generator().manual_seed(urandom_seed())
                                       if t.magnitude.zeros_drawn else None, t.magnitude.zeros_drawn == "magnitude")
            inputs = back(t.magnitude.apply_all(inputs, torch.Generator().manual_seed(input_seed ^ MAGNITUDE_SEED_SALT)))
        if halved:
            factor = 1 - 2.0 ** -(1 + 7 * self.rng.random())
            inputs = _on_floats(inputs, lambda x: x * factor)
            record = {**record, "floats_scaled": factor}
        inputs = self.task_layouts(inputs)
        # On a GPU the candidate runs first: the wire copied the inputs out, so the reference can
        # then run on them in place, where a clone of a 6 GiB KernelBench input was one more
        # input's worth of judge memory. On CPU the reference runs first, on a copy: a trial
        # whose reference cannot be judged (the masked kind's -inf, which most tasks carry to
        # their outputs) then costs no interpreted forward of the candidate, the dear part there.
        floor = t.magnitude is not None
        tails = floor and t.magnitude.kind not in TAIL_OFF_KINDS
        expected = self.reference(ref, clone_all(inputs), floor, tails) if self.device == "cpu" else None
        try:
            header, out = self.channel.request("forward", inputs, max_bytes=self.reply_cap(t.setting, inputs))
        except CandidateFailure:
            # The reference first: where it fails too (CPU's random size made an embedding
            # width no head count divides), the task fails, never the candidate.
            if expected is None:
                self.reference(ref, inputs, floor, tails)
            raise
        self.outcome.compiled = True
        report = _field(header, "report", dict, {})
        pinned = self.pinned_forwards(report, inputs, t.setting)  # before a GPU reference runs on the inputs
        # On a GPU the reference runs on the inputs in place: the train-mode copy runs on a clone,
        # but where the inputs are too large for a second set (lean) on the same inputs after it
        # (a reference writing into its own inputs would be judged on written ones there).
        spare = clone_all(inputs) if twin is not None and expected is None and not self.lean else None
        expected = expected or self.reference(ref, inputs, floor, tails)
        if natural:
            expected = replace(expected, scale_rms=natural)
        # Seeds are recorded once the candidate can no longer see them: the verdict is
        # written after its process is gone, and they make a failure reproducible.
        self.outcome.checks.append({"shape": t.setting.name, "trial": t.index, **record,
                                    **({"call": call + 1} if t.calls > 1 else {}), "input_seed": input_seed,
                                    "mixed_magnitudes": t.mixed, "signed_inputs": t.signed,
                                    **({"magnitude": asdict(t.magnitude)} if t.magnitude is not None else {}),
                                    "launches": _field(report, "launches", int, 0),
                                    **({"overrides": t.setting.overrides}
                                       if t.setting.name in ("random_size", *SMALL_ROWS_TRIALS)
                                       or t.setting.name.startswith("long_") else {})})
        context = f"[shape {t.setting.name}, trial {t.index}" + (", mixed magnitudes" if t.mixed else "") + \
            (", signed-input (randn) trial" if t.signed else "") + \
            (f", call {call + 1} of one instance" if call else "") + \
            (f", call 1 of one instance on the first {rows} leading rows" if rows else "") + \
            (f", {t.magnitude.describe()}" if t.magnitude is not None else "") + \
            (f", its floats times {record['floats_scaled']:.4g}" if halved else "") + \
            (", constructor arguments (" + ", ".join(f"{v:.4g}" if type(v) is float else str(v)
                                                     for v in record["init"]) + ")" if "init" in record else "") + \
            (", float inputs (" + ", ".join(f"{v:.4g}" for v in record["float_inputs"]) + ")"
             if "float_inputs" in record else "") + \
            (", int inputs (" + ", ".join(str(v) for v in record["int_inputs"]) + ")" if "int_inputs" in record else "") + \
            (f", buffers {record['state']}" if "state" in record else "") + "] "
        try:
            self.check_report(report, trial=True)
            if call:
                self.check_later_state(report)
            self.check_narrow(report, [t.dtype for t in [*inputs, *ref.parameters(), *ref.buffers()]
                                       if isinstance(t, torch.Tensor)] + list(expected.dtypes))
            seen = set(state.get("seen", ()))
            try:
                self.check_answer(ref, report, out, expected, state, row_scales)
            except CandidateFailure as failure:
                if twin is None:
                    raise
                # A train-mode run the reference cannot make (a BatchNorm over one row) fails the
                # trial as the task's (it is skipped): the train-mode computation a KernelBench-style
                # answer gives in eval mode too has no answer to match there, and an eval branch
                # wrong only at one row passes so (outside pass on verifier 116, F7: open by decision).
                expected = self.reference(twin, inputs if spare is None else spare, floor, tails)
                try:
                    self.check_answer(twin, report, out, expected, {**state, "seen": seen}, row_scales)
                except CandidateFailure:
                    failure.msg = "neither the eval-mode answer nor the train-mode one: " + failure.msg
                    raise failure from None
                ref = _set_modes(twin, self.trial_modes[1])
            for config, (pinned_header, pinned_out) in pinned:
                try:
                    self.check_report(_field(pinned_header, "report", dict, {}), trial=True)
                    self.check_outputs(pinned_out, expected, state, row_scales)
                except CandidateFailure as failure:
                    failure.msg = f"the forward again with {config} pinned, whose writes differ from config 0 only in scratch memory: " + failure.msg
                    raise
        except CandidateFailure as failure:
            failure.msg = context + failure.msg
            raise
        return ref

    def _train_copy(self, ref):
        """A copy of `ref` in each module's mode as built (None where the task's objects cannot be
        copied: a lock made by a forward raised out of verify, outside pass on verifier 116, F10;
        the eval-mode answer is then the only one)."""
        try:
            return _set_modes(copy.deepcopy(ref), self.trial_modes[0])
        except Exception:  # noqa: BLE001 - the task's own objects
            return None

    def check_later_state(self, report: dict) -> None:
        """After an instance's first call, where the reference keeps its state in plain attributes or
        parameters: the candidate may change only what it holds under the names the reference
        changes. With anything allowed, a count beside an EMA kept in `self.h` turned it wrong from
        its 4th call and passed 3 of 3 (outside pass on verifier 104, F6); counting needs a change
        at a later call. At the first call anything may change (a flag or a mask set once, under
        names of the answer's own: two honest answers of the outside pass on verifier 116 were
        refused by a rule on every call). Strict by decision: an honest answer keeping state that
        moves every call under another name than the reference's is refused too. A tensor under a
        reference name must keep that state's shape and dtype: a count in an extra slot of `h`, or
        in a submodule's own `h`, passed 4 of 4 and 3 of 3 by name alone (outside pass on verifier
        119, C1)."""
        if self.ref_state != "other":
            return
        changed = [n for n in _field(report, "state_changed", list, []) if type(n) is str]
        names = {_leaf_name(k) for k in self.state_buffers}
        misfit = {r[0] for r in _field(report, "state_tensors", list, [])
                  if type(r) is list and len(r) == 3 and type(r[0]) is str and _leaf_name(r[0]) in self.leaf_layouts
                  and _layout_of(r) not in self.leaf_layouts[_leaf_name(r[0])]}
        # A buffer laid out as a tensor of the reference's state stands for it under another name
        # (an EMA in `self.state = (h,)` kept in a `running_mean` buffer: an honest answer of the
        # outside pass on verifier 116).
        laid = {f"model.{b[0]}" for b in self.cand_buffers if type(b) is list and len(b) == 3
                and _layout_of(b) in self.state_layouts}
        foreign = [n for n in changed if (_leaf_name(n) not in names and n not in laid) or n in misfit]
        # More tensors under one name than the reference has: those not at its own path are extra
        # (the count kept in a submodule's `h` beside `model.h`).
        exact = {f"model.{k}" for k in self.state_buffers}
        for leaf in names:
            group = [n for n in changed if _leaf_name(n) == leaf and n not in foreign]
            if len(group) > sum(1 for k in self.state_buffers if _leaf_name(k) == leaf):
                foreign += [n for n in group if n not in exact]
        if foreign:
            raise CandidateFailure(ErrorKind.HACK, "after its first call, forward changed memory it keeps between "
                                   "calls that the reference has no state of that name, shape and dtype for "
                                   f"({', '.join(foreign[:4])}); "
                                   f"the reference changes {', '.join(sorted(self.state_buffers)[:4])}: keep what "
                                   "moves every call under its names and allocate scratch memory in forward",
                                   ("state_changed",))

    def check_answer(self, ref, report: dict, out, expected: Expected, state: dict, row_scales) -> None:
        """The call's outputs, their layout and the buffers it changed, against `ref`'s run."""
        self.check_layout(report, expected)
        self.check_outputs(out, expected, state, row_scales)
        self.check_buffers(ref, report)

    def pinned_forwards(self, report: dict, inputs: list, setting: ShapeSetting) -> list[tuple[str, tuple]]:
        """For each autotune config the forward found writing other values only into memory that
        is neither an input nor an output (worker._settle_disagreements: a split-K workspace, a
        two-stage sum's partials laid out by its own block size), the forward again on the same
        inputs with that config pinned, whose output check_outputs then judges as the forward's:
        (what was pinned, the reply). A lazy config's partials reach the output only so, or in the
        forwards it takes its turn in. A stateful task's candidate would step its state once more
        in such a forward, out of step with the reference: there a scratch difference stays a
        difference (autotune_disagree), as every difference was before verifier 101."""
        scratch = [d for d in _field(report, "autotune_scratch", list, []) if type(d) is str]
        if scratch and self.ref_state:
            raise CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS['autotune_disagree']}: {scratch[0][:300]} wrote "
                                   "other values than config 0 into scratch memory", ("autotune_disagree",))
        return [(label, self.channel.request("forward", inputs, pin=i, max_bytes=self.reply_cap(setting, inputs)))
                for i, label in enumerate(scratch)]

    def natural_rms(self, ref, inputs: list) -> list:
        """Per output, the rms of the reference's output on `inputs` as drawn (a float tensor's,
        else None): the padded kind's scale for its atol (compare_tensor's `scale_rms`). Its
        outputs at -1e4 set the whole output's rms, and an atol of 1e-4 of it (0.5 on five rows)
        passed a log-softmax 0.25 off, a mean ignoring every real value and bf16 exp terms, each
        only on rows holding the fill (twenty-first outside pass, 2026-11-30). The reference's own
        state is put back: this forward is the judge's, not one of the trial's calls."""
        held = _HeldState(ref) if self.ref_state else None
        try:
            with torch.no_grad():
                outs = flatten_outputs(ref(*clone_all(inputs)))
        except Exception as exc:
            raise _task_or_oom(exc, "the reference") from exc
        finally:
            if held:
                held.restore()
        return [rms(o) if isinstance(o, torch.Tensor) and o.is_floating_point() and o.numel() else None
                for o in outs]

    def check_narrow(self, report: dict, dtypes: list) -> None:
        """A float32 task's kernels holding bf16, fp16 or fp8 values, pointers or dot operands, an
        integer dot, or float data in an integer form: a precision the task does not grant, judged
        from the kernels' TTIR whatever the error (narrow.py). `dtypes`: those of the task's own
        inputs, parameters, buffers and outputs, which say which narrow floats and integer widths
        are the task's own; asked at the first trial, so the GPU-size probe, which has no reference
        at hand, uses the answer the trials gave."""
        if self.task_types is None:
            self.task_types = narrow.task_types(self.job.task.source, dtypes)
        found = [d for d in _field(report, "narrow", list, [])
                 if type(d) is str and narrow.refused(d.rpartition(": ")[2], self.task_types)]
        if found:
            raise CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS['narrow_float']}: {found[0][:200]}",
                                   ("narrow_float",))

    def check_report(self, report: dict, trial: bool) -> None:
        """The guards' measurements, judged here (they only measure, see guards.py)."""
        launches = _field(report, "launches", int, 0)
        self.outcome.launched = self.outcome.launched or launches > 0
        self.autotune = (_field(report, "autotune_unrun", int, 0), _field(report, "autotune_configs", int, 0))
        # At the first report too (a kernel made autotuned after import): a trial that ran its bad
        # config said wrong_output first, now and then (the Ray corpus test, 2026-11-29).
        self.check_config_count(self.autotune[1])
        uncompiled = [d for d in _field(report, "gpu_compile", list, []) if type(d) is str]
        if uncompiled:
            raise CandidateFailure(ErrorKind.COMPILE_ERROR, "a kernel the interpreter ran does not compile for a "
                                   f"GPU (sm_90, Triton {triton.__version__}): {uncompiled[0][:300]}")
        tables = [d for d in _field(report, "python_tables", list, []) if type(d) is str]
        if tables:
            raise CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS['python_table']}: {tables[0][:200]}",
                                   ("python_table",))
        disagree = [d for d in _field(report, "autotune_disagree", list, []) if type(d) is str]
        if disagree:
            raise CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS['autotune_disagree']}: {disagree[0][:300]}",
                                   ("autotune_disagree",))
        if launches == 0:
            raise CandidateFailure(ErrorKind.HACK, FLAG_REASONS["no_launch"], ("no_launch",))
        ops = [o for o in _field(report, "compute_ops", list, []) if type(o) is str]
        as_given = [o for o in _field(report, "as_given", list, []) if type(o) is str]
        if as_given and self.layout_is_the_task():
            ops.append(f"{as_given[0]} (the task's work is that layout change)")
        if ops:
            raise CandidateFailure(ErrorKind.HACK, f"forward ran torch compute ops: {', '.join(ops[:8])}",
                                   ("torch_compute_runtime",))
        problems = [p for p in _field(report, "provenance", list, []) if type(p) is str]
        if _field(report, "aliases_input", bool, False):
            raise CandidateFailure(ErrorKind.HACK, "; ".join(problems[:3]), ("output_aliases_input",))
        if problems:
            raise CandidateFailure(ErrorKind.HACK, "; ".join(problems[:3]), ("output_not_from_kernel",))
        if trial and _field(report, "mutated", list, []):
            raise CandidateFailure(ErrorKind.HACK, f"forward modified input(s) {report['mutated'][:8]}",
                                   ("input_mutation",))
        if trial and _field(report, "threads_started", bool, False):
            raise CandidateFailure(ErrorKind.HACK, FLAG_REASONS["thread_spawned"], ("thread_spawned",))
        if trial and _field(report, "state_unwalked", bool, False):
            raise CandidateFailure(ErrorKind.HACK, "ModelNew and its module hold more objects between calls than "
                                   "the judge walks (20,000, numbers and strings aside): state it cannot see could "
                                   "tell trials apart", ("state_changed",))
        changed = [n for n in _field(report, "state_changed", list, []) if type(n) is str]
        private = [n for n in _field(report, "private_changed", list, []) if type(n) is str]
        if trial and changed and not self.ref_state:
            raise CandidateFailure(ErrorKind.HACK, "forward changed memory it keeps between calls "
                                   f"({', '.join(changed[:4])}); the reference's forward keeps its state: "
                                   "allocate scratch memory in forward",
                                   ("state_changed",))
        if trial and private and self.ref_state == "buffers":
            raise CandidateFailure(ErrorKind.HACK, "forward changed memory it keeps between calls other than "
                                   f"its buffers ({', '.join(private[:4])}); the reference changes only its "
                                   "buffers: keep the same ones and allocate scratch memory in forward",
                                   ("state_changed",))

    def buffer_map(self, ref) -> dict[int, int]:
        """Each of the candidate's buffers (by index in its own order) matched to the reference's
        buffer it stands for: by name, else by the name's last part where that is unique on both
        sides, else by order, always of the same shape and dtype. Matching by order alone rejected
        an honest batch norm that registered its running variance before its mean."""
        ours = [[n, list(b.shape), str(b.dtype).replace("torch.", "")] for n, b in torch.nn.Module.named_buffers(ref)]
        theirs = [b for b in self.cand_buffers if type(b) is list and len(b) == 3 and type(b[0]) is str]
        if len(theirs) != len(self.cand_buffers):
            return {}
        for key in (lambda n: n, lambda n: n.rsplit(".", 1)[-1]):
            mine = {key(n): i for i, (n, *_) in enumerate(ours)}
            other = {key(n): j for j, (n, *_) in enumerate(theirs)}
            if len(mine) == len(ours) and len(other) == len(theirs) and set(mine) == set(other):
                pairs = {other[k]: mine[k] for k in mine}
                break
        else:
            pairs = dict(enumerate(range(len(ours)))) if len(ours) == len(theirs) else {}
        return {j: i for j, i in pairs.items() if theirs[j][1:] == ours[i][1:]}

    def redraw_state(self, ref) -> None:
        """Before each call, where the reference changes only its buffers: new values for those it
        changes (floats as redrawn() makes them, integer counts moved up by 1 to 10^9), handed to the
        candidate's matching buffers, so that no call starts where the last one ended. Otherwise a
        call count kept in the low bits of a running average, or read off BatchNorm's
        num_batches_tracked (0 in every fresh instance), turned a kernel wrong from its 4th call
        (outside red team, thirteenth pass, 2026-11-29)."""
        if self.ref_state != "buffers":
            return
        named = list(torch.nn.Module.named_buffers(ref))
        gen = torch.Generator(device="cpu").manual_seed(urandom_seed())
        with torch.no_grad():
            for name, b in named:
                if name not in self.state_buffers or b.dtype == torch.bool:
                    continue
                if b.is_floating_point():
                    b.copy_(redrawn(b, gen).to(b.device))
                elif b.numel():
                    # moved up by 10^u, u uniform in 0-9, as far as the dtype holds: by 1-1,000, an
                    # observer whose calibration window was 5,000 calls never closed in any trial and
                    # one never closing it passed 3 of 3 (outside pass on verifier 116, F6)
                    room = torch.iinfo(b.dtype).max - int(b.max())
                    step = int(10 ** (9 * float(torch.rand(1, generator=gen))))
                    if room >= 1:
                        b.add_(max(1, min(step, room)))
        pairs = sorted(self.buffer_map(ref).items())
        if pairs:
            self.channel.request("set_buffers", [named[i][1].detach() for _, i in pairs], indices=[j for j, _ in pairs])

    def check_buffers(self, ref, report: dict) -> None:
        """Where the reference changes only its buffers, the candidate's buffers that a call changed
        must hold the reference's values after the same call (buffer_map): a shared buffer written
        as a call count passed. A candidate that leaves them as they were (a batch norm that does
        not update its running statistics) passes, as KernelBench's harness lets it: the output is
        the same."""
        indices = [i for i in _field(report, "buffers_changed", list, []) if type(i) is int]
        if self.ref_state != "buffers" or not indices:
            return
        named = list(torch.nn.Module.named_buffers(ref))
        pairs = self.buffer_map(ref)
        if any(j not in pairs for j in indices):
            raise CandidateFailure(ErrorKind.HACK, "forward changed buffers that match none of Model's by name, "
                                   "shape and dtype: the judge cannot compare them with the reference's state",
                                   ("state_changed",))
        cap = sum(b.numel() * b.element_size() for _, b in named) + (1 << 20)
        _, theirs = self.channel.request("buffers", max_bytes=cap)
        if type(theirs) is not list or len(theirs) != len(self.cand_buffers) or \
                not all(type(b) is torch.Tensor for b in theirs):
            raise CandidateFailure(ErrorKind.BAD_OUTPUT, "the buffers reply does not match the candidate's buffers")
        ours = [named[pairs[j]][1] for j in indices]
        bad = compare_outputs([theirs[j] for j in indices], ours, [b.dtype for b in ours], self.tolerance_for)
        if bad is not None:
            raise CandidateFailure(ErrorKind.WRONG_OUTPUT, "after the call, the buffers ModelNew changed differ from "
                                   f"the reference's ({', '.join(named[pairs[j]][0] for j in indices[:4])}): {bad.detail}")

    @staticmethod
    def check_layout(report: dict, expected: Expected) -> None:
        """An output the reference returns contiguous must come back contiguous: a transpose task
        answered by a flat copy returned as `y.t()` has the right values, does none of the strided
        work, and times as a copy (outside red team, tenth pass, 2026-11-29). The wire sends
        contiguous copies, so the worker reports each output's layout."""
        strided = [i for i in _field(report, "noncontiguous", list, []) if type(i) is int]
        wrong = [i for i in strided if 0 <= i < len(expected.contiguous) and expected.contiguous[i]]
        if wrong:
            raise CandidateFailure(ErrorKind.BAD_OUTPUT, f"output {wrong[0]} is a non-contiguous view where the "
                                   "reference returns a contiguous tensor: write the layout the reference returns")

    @staticmethod
    def check_config_count(configs: int) -> None:
        """Every config of an autotuned kernel is run (CPU: _autotune_trials; GPU: the autotuner
        benchmarks them all), so their number is bounded; checked at import (the load reply)."""
        if configs > AUTOTUNE_MAX_CONFIGS:
            raise CandidateFailure(ErrorKind.RULE_VIOLATION, f"an autotuned kernel has {configs} configs; "
                                   f"at most {AUTOTUNE_MAX_CONFIGS}, each of which the judge runs", ("autotune_configs",))

    @staticmethod
    def check_import_launch(launched: bool, unbound: list) -> None:
        """No kernel may run while the module is imported (worker._interpreter_injected says why),
        and every global the code reads that Triton's interpreter would fill was bound when the
        module ran (worker._injectable_unbound); checked at import (the load reply), on every device
        alike."""
        if launched:
            raise CandidateFailure(ErrorKind.HACK, FLAG_REASONS["import_launch"], ("import_launch",))
        if unbound:
            names = ", ".join(str(n)[:40] for n in unbound[:5])
            raise CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS['unbound_global']}: {names}", ("unbound_global",))

    def check_outputs(self, out, expected: Expected, state: dict, row_scales: list[float] | None = None) -> None:
        """Compare; a failed comparison is labelled a hack when the output is zero,
        constant or stale. Labelling only failures means a reference that really is
        (near) constant never causes a false reject."""
        with self.timed("compare_s"):
            self._check_outputs(out, expected, state, row_scales)

    def _check_outputs(self, out, expected: Expected, state: dict, row_scales: list[float] | None) -> None:
        flat = flatten_outputs(out)
        first = flat[0] if flat else None
        seen = state.setdefault("seen", set())
        # Every earlier call's first output, as shape and fingerprint: holding the tensors
        # themselves was one more output's worth of judge memory (6 GiB on KernelBench's ReLU).
        # Every one, not the last: with a first call on fewer rows between, an output cached by
        # shape came back from the trial before (c_data_ptr_cache, wrong_output 1 run in 12).
        mark = (tuple(first.shape), first.dtype, fingerprint(first)) \
            if type(first) is torch.Tensor and first.element_size() in INT_VIEW else None
        stale = mark is not None and mark in seen
        if mark is not None:
            seen.add(mark)
        if _structure(out) != expected.structure:
            # flatten_outputs made `(y,)` and `y` alike, and a tuple was accepted for a tensor
            # (outside red team, 2026-11-28): the contract is Model's own return value.
            raise CandidateFailure(ErrorKind.WRONG_OUTPUT, f"forward returned {_describe(_structure(out))} where "
                                   f"Model returns {_describe(expected.structure)}")
        bad: Mismatch | None = compare_outputs(out, expected.outs, expected.dtypes, self.tolerance_for,
                                               expected.rms_limits, row_scales, expected.abs_floors,
                                               expected.scale_rms, expected.tail_gaps, expected.int_runs)
        if bad is None:
            self._note_tf32_ratio(flat, expected)
            return
        flag = None
        # One value where the reference's is one value too is a wrong answer, not a hack: a clamp with
        # the task's bounds written in, on inputs all shifted past them, was flagged so.
        if isinstance(first, torch.Tensor) and is_constant(first) and is_zero(first):
            flag = "zero_output"
        elif isinstance(first, torch.Tensor) and is_constant(first) and not is_constant(expected.outs[0]):
            flag = "constant_output"
        elif stale:
            flag = "stale_output"
        if flag:
            err = CandidateFailure(ErrorKind.HACK, f"{FLAG_REASONS[flag]}; {bad.detail}", (flag,))
        else:
            err = CandidateFailure(ErrorKind.WRONG_OUTPUT, bad.detail)
        err.mismatch = bad.__dict__
        raise err

    def _note_tf32_ratio(self, flat: list, expected: Expected) -> None:
        """How much of its TF32 allowance a passing output used, in the details: where the TF32 run
        sets the bound, its rms error over that run's (tf32_error_ratio: CPU_TF32_FACTOR's margin,
        and TF32_FACTOR's on a GPU); where the floor does (inputs TF32 keeps whole, a residual
        larger than the dot's part), its relative rms error over the floor (tf32_floor_use). Honest
        GPU kernels' numbers decide whether the GPU's floor (TF32_RMS_REL, relative to the whole
        output, which a residual dilutes) can come down."""
        runs = expected.tf32_rel or [None] * len(expected.outs)
        for out, truth, run, limit in zip(flat, expected.outs, runs, expected.rms_limits):
            if limit is None or not _comparable(out, truth):
                continue
            rel, _, ref_rms = _run_error(out.detach(), truth)  # in chunks: no float64 copy of the output
            if run:
                self.tf32_ratio = max(self.tf32_ratio or 0.0, rel / run)
            elif ref_rms > 0:
                self.tf32_floor_use = max(self.tf32_floor_use or 0.0, rel / limit)

    # --------------------------------------------------------------- timing (GPU)

    def time(self, setting: ShapeSetting) -> dict:
        """Candidate timed in its process (CUDA events around fresh buffers), eager
        reference timed here the same way, both under this GPU's timing lock. The
        outputs of two timed reps, chosen here, are checked like any trial, and the
        reported event times must fit inside this process's own wall clock."""
        seed = urandom_seed()
        ref, init = self.build_reference(setting, seed)
        self.build_candidate(ref, init, seed, perturb=False)
        n = 1 if self.lean else 2
        plans = self.plan(setting, n)  # two sets, rotated: no one input stays cached
        # Timed on signed inputs where the task has them: a kernel that takes a shortcut
        # only on non-negative inputs (within tolerance there) is timed on its honest path.
        drawn = [self.draw_inputs(p.mixed, signed=self.signed_available()) for p in plans]
        sets, set_scales = [self.task_layouts(d[0]) for d in drawn], [d[1] for d in drawn]
        fractions = [self.rng.random() for _ in range(n)]  # which reps come back: anywhere in the run
        with timing.exclusive_gpu(self.seconds):
            start = time.perf_counter()
            header, kept = self.channel.request("time", sets, check=fractions, budget_s=0.5,
                                                max_bytes=n * self.reply_cap(setting, sets[0]))
            wall_ms = (time.perf_counter() - start) * 1e3
        times = [t for t in _field(header, "times_ms", list, []) if type(t) in (int, float) and t > 0]
        kept_reps = _field(header, "kept", list, [])
        if len(times) < 10 or type(kept) is not list or not kept_reps or len(kept) != len(kept_reps) \
                or any(type(r) is not int or not 0 <= r < len(times) for r in kept_reps):
            raise CandidateFailure(ErrorKind.BAD_OUTPUT, "the timing reply is incomplete")
        if kept_reps != timing.checked_reps(fractions, len(_field(header, "times_ms", list, []))):
            # The judge chose the fractions; the reps they name follow from how many reps ran.
            raise CandidateFailure(ErrorKind.HACK, f"the timed run returned reps {kept_reps[:4]}, not the ones the "
                                   "judge asked for", ("timing_mismatch",))
        self.check_report(_field(header, "report", dict, {}), trial=False)
        self.check_timed(ref, sets, set_scales, kept_reps, kept)
        del kept
        torch.cuda.empty_cache()  # 5.75 GiB of freed blocks were too fragmented for a 6 GiB output
        try:
            with timing.exclusive_gpu(self.seconds):
                eager = timing.time_gpu(ref, sets)
        except torch.OutOfMemoryError as exc:
            raise _task_or_oom(exc, "the eager reference timing") from exc
        if sum(times) > wall_ms:
            raise CandidateFailure(ErrorKind.HACK, f"reported {sum(times):.1f} ms of kernel time inside "
                                   f"{wall_ms:.1f} ms of wall clock", ("timing_mismatch",))
        stats = timing.summarize(times)
        out = {"runtime_us": stats.median_us, "runtime_p20_us": stats.p20_us, "runtime_p80_us": stats.p80_us,
               "eager_us": eager.median_us, "speedup": eager.median_us / stats.median_us,
               "timing_shape": setting.name, "timing_reps": stats.reps}
        if out["speedup"] > 10:
            self.outcome.flags.append("excessive_speedup")
            out["wall_clock_us"] = wall = self.burst_us(sets[0])
            # Back-to-back calls add launch overhead, never remove work: ~20 us a call, and Python's
            # own cost of each Triton launch (an honest two-launch batch norm of 6 x 40: events 6.5
            # us, wall 43 us, H200, triton 3.6, 2026-11-30); _wall_clock_speed says how much.
            launches = max((c.get("launches", 0) for c in self.outcome.checks), default=0)
            unconfirmed = _wall_clock_speed(stats.median_us, wall, launches, eager.median_us)
            if unconfirmed:
                self.outcome.flags.append("timing_unconfirmed")
                out.update(unconfirmed)
        return out

    def check_timed(self, ref, sets: list, set_scales: list, kept_reps: list[int], kept: list) -> None:
        """The kept reps' outputs against the reference, one at a time, after the candidate's run and
        before the eager timing (a reference that works in place would change the sets): the judge
        never holds more than one reference beside the candidate's outputs. A reference that changes
        its own state is called as the candidate was, warm-ups and probe included
        (timing.calls_before_timing), so that each kept rep meets the state the candidate's met: a
        running average subtracted from the input is another output at every call."""
        outs = dict(zip(kept_reps, kept))
        kept.clear()
        order = timing.calls_before_timing() + list(range(max(kept_reps) + 1)) if self.ref_state else kept_reps
        for rep in order:
            inputs = sets[rep % len(sets)]
            if rep not in outs:
                with torch.no_grad():
                    ref(*clone_all(inputs))
                continue
            expected = self.reference(ref, inputs if self.lean and not self.ref_state else clone_all(inputs))
            self.check_outputs(outs.pop(rep), expected, {}, set_scales[rep % len(sets)])
            del expected

    def burst_us(self, inputs: list, reps: int = 20) -> float:
        """Per-call time of back-to-back forwards, on this process's clock, less the
        round trip of an empty request: work hidden from the events still counts."""
        start = time.perf_counter()
        self.channel.request("burst", inputs, reps=0)
        empty = time.perf_counter() - start
        start = time.perf_counter()
        self.channel.request("burst", inputs, reps=reps)
        return max(0.0, time.perf_counter() - start - empty) / reps * 1e6


# Wall clock allowed per Triton launch in the events-against-wall check (Judge.time): Python's
# launch path, which the events never see.
WALL_LAUNCH_US = 15.0
WALL_LAUNCHES_MAX = 8


def _wall_clock_speed(events_us: float, wall_us: float, launches: int, eager_us: float) -> dict | None:
    """None where the judge's wall clock per back-to-back call confirms the events' median
    (within 3x + 20 us + WALL_LAUNCH_US per launch, at most WALL_LAUNCHES_MAX: the worker counts
    them, and a count made up must not widen it further); else the timing fields at the wall
    clock's speed. Unconfirmed is not a hack: an honest one-launch RMS norm of 6 x 40 (events
    3.7 us, wall 51 us, H200, triton 3.6, 2026-11-30) is all launch path, which no allowance fits
    on every host; work hidden from the events gains nothing, as its wall clock holds it."""
    if wall_us <= 3 * events_us + 20 + WALL_LAUNCH_US * min(WALL_LAUNCHES_MAX, launches):
        return None
    return {"runtime_us": wall_us, "runtime_p20_us": wall_us, "runtime_p80_us": wall_us,
            "speedup": eager_us / max(wall_us, 1e-3)}


def _at_least_subnormal(floor, dtype):
    """An absolute error floor raised to SUBNORMAL_STEPS of a floating `dtype`'s subnormal spacing
    (its smallest normal times its epsilon: 1.4e-45 in float32, 6e-8 in float16)."""
    if not isinstance(dtype, torch.dtype) or not dtype.is_floating_point:
        return floor
    info = torch.finfo(dtype)
    least = SUBNORMAL_STEPS * info.tiny * info.eps
    return torch.clamp_min(floor, least) if isinstance(floor, torch.Tensor) else max(floor, least)


def _underflows(native, truth) -> bool:
    """An output all zero in the task's dtype where float64 has nonzero values."""
    return isinstance(native, torch.Tensor) and isinstance(truth, torch.Tensor) and native.is_floating_point() \
        and native.numel() > 0 and is_zero(native) and not is_zero(truth)


def _truncate_tf32(value):
    """A float32 tensor with the 13 low mantissa bits cleared (TF32 keeps 10 of 23), also a
    parameter and the tensors of a list or tuple (multi_dot, einsum's operand list). Parameters
    were once left whole (`type(...) is torch.Tensor`): an nn.Linear's TF32 run rounded only its
    input, the bound came out 3-600x under an honest TF32 kernel's error, and the GPU judge
    rejected five built-in answers (linear epilogues, SwiGLU, a 3-layer MLP; H200, session 41)."""
    if isinstance(value, (list, tuple)):
        return type(value)(_truncate_tf32(v) for v in value)
    if isinstance(value, torch.Tensor) and value.dtype == torch.float32:
        flat = value.detach().contiguous()
        return (flat.view(torch.int32) & -8192).view(torch.float32).view(value.shape)
    return value


class _TruncatedDotInputs(torch.overrides.TorchFunctionMode):
    """Runs dot-product ops on TF32-truncated float32 operands, accumulating in full
    fp32 (cuBLAS's own TF32 off): what an honest default `tl.dot` computes."""

    F = torch.nn.functional
    OPS = {torch.matmul, torch.mm, torch.bmm, torch.addmm, torch.baddbmm, torch.addbmm, torch.einsum,
           torch.tensordot, torch.Tensor.matmul, torch.Tensor.__matmul__, torch.Tensor.__rmatmul__,
           torch.Tensor.mm, torch.Tensor.bmm, torch.mv, torch.addmv, torch.dot, torch.vdot, torch.inner,
           torch.Tensor.mv, torch.Tensor.dot, torch.linalg.multi_dot, torch.chain_matmul,
           F.linear, F.bilinear, F.conv1d, F.conv2d, F.conv3d, F.conv_transpose1d, F.conv_transpose2d,
           F.conv_transpose3d, F.scaled_dot_product_attention,
           # torch.nn's recurrent cells and layers (sizes.DOT_OPS): without them their TF32 run was plain
           # float32 and a GPU's bound fell to TF32_RMS_REL's floor, room for a bf16 GRUCell's 1.2e-3
           # (outside pass, session 68). A layer's hidden states inside the recurrence stay unrounded.
           torch.rnn_tanh_cell, torch.rnn_relu_cell, torch.gru_cell, torch.lstm_cell,
           torch.rnn_tanh, torch.rnn_relu, torch.gru, torch.lstm}

    def __enter__(self):
        self.saved = torch.get_float32_matmul_precision(), torch.backends.cudnn.allow_tf32
        torch.set_float32_matmul_precision("highest")
        torch.backends.cudnn.allow_tf32 = False
        return super().__enter__()

    def __exit__(self, *exc):
        torch.set_float32_matmul_precision(self.saved[0])
        torch.backends.cudnn.allow_tf32 = self.saved[1]
        return super().__exit__(*exc)

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in self.OPS:
            args = [_truncate_tf32(a) for a in args]
            kwargs = {k: _truncate_tf32(v) for k, v in kwargs.items()}
        return func(*args, **kwargs)


def _tf32_bounds(native, truth, rms_floor: float = TF32_RMS_REL, by_row: bool = False,
                 fp32=None, factor: float = TF32_FACTOR) -> tuple[float, object]:
    """(rms limit, absolute floor) from the truncated-TF32 run `native` against `truth`:
    TF32_FACTOR x its relative rms error (at least `rms_floor`), and TF32_FACTOR x its
    largest error. The floor widens the per-element tolerance only where the task itself
    amplifies TF32's rounding: GroupNorm over a small group after a Gemm put an honest
    kernel's error at 0.0135 on a -0.063 output on an H100, past atol 1e-2 x rms. Chunked:
    a whole-tensor float64 copy of a 4 GiB output did not fit beside the others.
    `by_row`: the floor is the largest error of each slice along the output's first dim (a
    tensor that broadcasts to the output), for trials whose inputs hold the padded kind's fill:
    a linear's rows holding -1e4 err by ~7 in TF32 where the others err by ~0.01, and one floor
    for the whole output let those rows' error excuse every other row's.
    `fp32`: the reference's own float32 run, which tells a task that amplifies rounding from a
    random or chaotic one (AMPLIFIED_RMS_REL)."""
    if not isinstance(truth, torch.Tensor) or not isinstance(native, torch.Tensor) \
            or native.dtype != torch.float32 or not truth.numel():
        return TF32_RMS_REL, 0.0
    rel, worst, ref_rms = _run_error(native, truth)
    if (rel > UNSTABLE_RMS_REL or worst > UNSTABLE_WORST_REL * ref_rms) and not _amplifies(rel, fp32, truth):
        raise TaskFailure(f"the reference cannot judge TF32 kernels here: a TF32-rounded run of it is off by "
                          f"{rel:.2g} of its rms (largest error {worst:.3g} against rms {ref_rms:.3g}); it is "
                          "random (e.g. dropout in training mode) or amplifies rounding without bound")
    if by_row and truth.ndim >= 2:
        return max(rms_floor, factor * rel), factor * _row_worst(native, truth)
    return max(rms_floor, factor * rel), factor * worst


def _own_dtype_limit(native, truth) -> float:
    """NATIVE_FLOOR_FACTOR times the relative rms error of the reference's run in its own dtype
    (0 where that run is not a float32 tensor of truth's shape): the least rms bound a trial has."""
    return NATIVE_FLOOR_FACTOR * _run_error(native, truth)[0] if _comparable(native, truth) else 0.0


def _run_error(run: torch.Tensor, truth: torch.Tensor) -> tuple[float, float, float]:
    """(relative rms error, largest error, rms of `truth`) of a run against float64, in chunks."""
    sq_err = sq_ref = worst = 0.0
    for (_, a), (_, b) in zip(compare_chunks(run), compare_chunks(truth)):
        diff = a.to(b.device, torch.float64) - b  # a GPU candidate's output against the judge's truth
        sq_err += float(diff.pow(2).sum())
        sq_ref += float(b.double().pow(2).sum())
        worst = max(worst, float(diff.abs().max()))
    return (sq_err / sq_ref) ** 0.5 if sq_ref > 0 else 0.0, worst, (sq_ref / truth.numel()) ** 0.5


def _comparable(run, truth) -> bool:
    """Whether `run` is a float32 tensor output of `truth`'s shape, not empty."""
    return isinstance(run, torch.Tensor) and isinstance(truth, torch.Tensor) and run.dtype == torch.float32 \
        and run.shape == truth.shape and truth.numel() > 0


def _amplifies(tf32_rel: float, fp32, truth: torch.Tensor) -> bool:
    """Whether a TF32 run missing by `tf32_rel` comes of a task that amplifies rounding, which is
    judged, rather than of a random or chaotic one, which is not (AMPLIFIED_RMS_REL)."""
    if tf32_rel > AMPLIFIED_RMS_REL or not isinstance(fp32, torch.Tensor) or fp32.dtype != torch.float32:
        return False
    return _run_error(fp32, truth)[0] <= FP32_SHARE * tf32_rel


def _row_worst(native: torch.Tensor, truth: torch.Tensor) -> torch.Tensor:
    """The largest |native - truth| of each slice along the first dim, float64, shaped to broadcast
    to the output (rows x 1 x ...; Judge._reference expands it), in blocks of rows."""
    rows = truth.shape[0]
    a, b = native.detach().reshape(rows, -1), truth.detach().reshape(rows, -1)
    step = max(1, COMPARE_CHUNK // max(1, a.shape[1]))
    worst = torch.cat([(a[i:i + step].double() - b[i:i + step].to(a.device)).abs().amax(dim=1)
                       for i in range(0, rows, step)])
    return worst.reshape(rows, *[1] * (truth.ndim - 1))


def _raised_floor(floor, tf32_floor):
    """A trial's error floor (a number, or per element) raised to the TF32 run's (_tf32_bounds:
    a number, or per row, broadcasting to the output)."""
    if not isinstance(tf32_floor, torch.Tensor):
        return torch.clamp_min(floor, tf32_floor) if isinstance(floor, torch.Tensor) else max(floor, tf32_floor)
    if isinstance(floor, torch.Tensor):
        return torch.maximum(floor.to(tf32_floor.device, torch.float64), tf32_floor)
    return tf32_floor if floor <= 0 else torch.clamp_min(tf32_floor, floor)
def _all_finite(t) -> bool:
    """No NaN/Inf, checked in chunks: a whole-tensor isfinite of a 6 GiB output asked for
    gigabytes beside it."""
    if not isinstance(t, torch.Tensor) or not t.is_floating_point():
        return True
    return all(bool(torch.isfinite(chunk).all()) for _, chunk in compare_chunks(t))


def _fp64_copy(obj):
    """Float tensors converted to float64, everything else cloned: never the caller's tensors."""
    if isinstance(obj, torch.Tensor):
        return obj.to(torch.float64, copy=True) if obj.is_floating_point() else obj.clone()
    if isinstance(obj, (list, tuple)):
        return type(obj)(_fp64_copy(x) for x in obj)
    return obj


def _structure(value, depth: int = 0):
    """How outputs nest: "leaf" for a tensor or a number, a tuple of its items' structures for
    a list or tuple (the two alike: the wire keeps which, the contract does not care)."""
    if type(value) in (list, tuple) and depth < 16:
        return tuple(_structure(v, depth + 1) for v in value)
    return "leaf"


def _describe(structure) -> str:
    if structure == "leaf":
        return "a single value"
    return f"a sequence of {len(structure)}" + (" (nested)" if any(s != "leaf" for s in structure) else "")


# What a reference's flattened outputs may hold (compare.compare_outputs judges each of these).
# A reference returning a dict of tensors was judged `bad_output` or `wrong_output` against the
# candidate, or crashed the train/eval comparison with "Boolean value of Tensor ... ambiguous",
# depending on which trial came first (outside pass on verifier 92).
OUTPUT_KINDS = (torch.Tensor, int, float, bool, type(None))


def _check_output_kinds(outs: list, device: str) -> None:
    """The task cannot be judged (TaskFailure) where its reference returns anything else, a tensor
    off the judge's device, or only tensors of no elements: any kernel, or none, matches those (a
    relu of a 0-row input crashed the judge's gaps and input kinds until verifier 93; outside pass
    on verifier 92; an output moved to the meta device crashed the eval-mode check until verifier 94)."""
    odd = next((o for o in outs if not isinstance(o, OUTPUT_KINDS)), None)
    if odd is not None:
        raise TaskFailure(f"the reference returns a {type(odd).__name__}: the judge compares tensors, numbers "
                          "and None, alone or in tuples and lists")
    away = next((o for o in outs if isinstance(o, torch.Tensor) and o.device.type != device), None)
    if away is not None:
        raise TaskFailure(f"the reference returns a tensor on {away.device}, not on the {device} the task runs on")
    if outs and all(isinstance(o, torch.Tensor) and not o.numel() for o in outs):
        raise TaskFailure("the reference's outputs hold no elements on these inputs: nothing to judge")


def _same_output(a, b) -> bool:
    """Equal, or floats within 1e-6 of the rms: GPU kernels with atomics are not bitwise
    repeatable, where dropout or batch statistics move outputs by percents. Outputs of other
    kinds than OUTPUT_KINDS are never the same (their `==` may raise: a dict of tensors)."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        return type(a) is type(b) and type(a) in OUTPUT_KINDS[1:] and a == b
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if not a.is_floating_point():
        return torch.equal(a, b)
    return _max_gap(a, b.double()) <= 1e-6 * (rms(b) or 1.0)


def _first_rows(inputs: list) -> int | None:
    """The leading dim of the first input that has one (a tensor of rank 1 or more), None for none."""
    first = next((x for x in inputs if isinstance(x, torch.Tensor) and x.ndim), None)
    return None if first is None else first.shape[0]


def _shape(value) -> tuple:
    """A forward output's shape, () for a Python scalar."""
    return tuple(value.shape) if isinstance(value, torch.Tensor) else ()


def _leading(inputs: list, rows: int) -> list:
    """The inputs with every tensor of the first input's leading size cut to its first `rows` rows
    (contiguous copies: a view would keep the rest of the rows readable past its end)."""
    lead = _first_rows(inputs)
    return [x[:rows].clone() if isinstance(x, torch.Tensor) and x.ndim and x.shape[0] == lead else x for x in inputs]


class _HeldState:
    """Copies of every tensor a module holds (parameters, buffers, plain attributes), by where
    it holds them, to put back: the judge runs a reference more than once per call (TF32, native
    samples), and one that changes its own state would otherwise take a step per run."""

    def __init__(self, model):
        self.modules = [(module, {key: (v, v.detach().clone()) for key, v in _held_tensors(module)})
                        for module in model.modules()]
        self.numbers = [(module, _held_numbers(module)) for module in model.modules()]
        self.containers = [(module, {k: v for k, v in vars(module).items()
                                     if isinstance(v, CONTAINERS) and k not in _MODULE_OWN}) for module in model.modules()]

    def restore(self) -> None:
        for module, numbers in self.numbers:
            vars(module).update(numbers)
        for module, containers in self.containers:
            for key in [k for k, v in vars(module).items()
                        if isinstance(v, CONTAINERS) and k not in containers and k not in _MODULE_OWN]:
                del vars(module)[key]  # made by the run
            vars(module).update(containers)  # the same objects, holding the tensors restored below
        with torch.no_grad():
            for module, held in self.modules:
                for key, _ in list(_held_tensors(module)):
                    if key not in held and "[" not in key:  # made by the run: a lazily created hidden state
                        _put(module, key, None)
                for key, (tensor, saved) in held.items():
                    if "[" not in key:
                        _put(module, key, tensor)
                    tensor.copy_(saved)


def _held_numbers(module) -> dict:
    """The plain numbers a module holds as attributes (a call count kept in a Python int)."""
    return {key: v for key, v in vars(module).items() if type(v) in (int, float, bool)}


# Containers whose tensors count as what a module holds (_held_tensors): an LSTM's (h, c) kept in a
# tuple was no state, and the honest answer keeping it was state_changed 2 of 2 (outside pass on
# verifier 116, F5). Their subclasses too: an EMA in a namedtuple was not seen, and its honest answer
# was state_changed 2 of 2 (outside pass on verifier 119, R2).
CONTAINERS = (tuple, list, dict)
_MODULE_OWN = frozenset(vars(torch.nn.Module()))  # what Module.__init__ sets: its stores and hooks


def _held_tensors(module) -> list[tuple[str, torch.Tensor]]:
    """(key, tensor) of what one module holds itself: plain attributes, parameters, buffers, and
    tensors in plain tuples, lists and dicts it holds, two levels deep ("hc[0]", "cache['k']")."""
    held = [(k, v) for k, v in vars(module).items() if k not in _MODULE_OWN] + \
        list(module._parameters.items()) + list(module._buffers.items())
    found = []
    for key, v in held:
        found += _tensors_within(key, v, 2)
    return found


def _tensors_within(key: str, value, depth: int) -> list[tuple[str, torch.Tensor]]:
    if isinstance(value, torch.Tensor):
        return [(key, value)]
    if depth and isinstance(value, (tuple, list)):
        return [pair for i, v in enumerate(value[:64]) for pair in _tensors_within(f"{key}[{i}]", v, depth - 1)]
    if depth and isinstance(value, dict):
        return [pair for k, v in list(value.items())[:64] for pair in _tensors_within(f"{key}[{k!r}]", v, depth - 1)]
    return []


def _put(module, key: str, tensor) -> None:
    """`tensor` held again under `key` where the module held it (None: removed)."""
    for store in (module._parameters, module._buffers, vars(module)):
        if key in store or (tensor is not None and store is vars(module)):
            if tensor is None:
                del store[key]
            else:
                store[key] = tensor
            return


def _state_marks(model) -> list:
    """Identity, version counter and content of every tensor a module holds (parameters, buffers,
    plain attributes): they change when a forward writes its own state, in place or by rebinding.
    Content too: a write through `.data` moves no version counter, an EMA stepped so was classed
    stateless and its honest answer state_changed (outside pass on verifier 114, F3)."""
    # Plain numbers too, by value: a count in a Python int was no state, the judge's extra runs of
    # the reference advanced it unrestored, the one honest form (the count in a tensor) was
    # state_changed 4 of 4 and a cheat ignoring the count passed 4 of 8 (outside pass on verifier
    # 104, F10).
    return [(name, key, id(v), v._version, _content(v)) for name, module in model.named_modules()
            for key, v in _held_tensors(module)] + \
        [(name, key, "number", repr(v)) for name, module in model.named_modules()
         for key, v in _held_numbers(module).items()]


def _content(t: torch.Tensor) -> int | None:
    """The tensor's fingerprint (compare.fingerprint), None where it has no values to read."""
    if t.is_meta or t.layout != torch.strided or t.element_size() not in INT_VIEW:
        return None
    return fingerprint(t)


def _held_value(model, name: str, key: str):
    """What module `name` of `model` holds under `key` (a tensor or a number; None: nothing)."""
    try:
        module = model.get_submodule(name)
    except AttributeError:
        return None
    for store in (module._parameters, module._buffers, vars(module)):
        if key in store:
            return store[key]
    return dict(_held_tensors(module)).get(key)  # within a container


def _layout(t: torch.Tensor) -> tuple:
    return tuple(t.shape), str(t.dtype).replace("torch.", "")


def _layout_of(buffer: list) -> tuple:
    """The layout of a candidate's [name, shape, dtype] buffer record, as _layout gives it."""
    return tuple(buffer[1]) if type(buffer[1]) in (list, tuple) else (), buffer[2]


def _leaf_name(name: str) -> str:
    """The attribute a held-state name ends in ("model.rnn.h" -> "h"); a name ending in an item
    ("model.h[1]", a count beside the state in one list) is its own, matching no attribute."""
    return name.rsplit(".", 1)[-1]


def _on_floats(inputs: list, change) -> list:
    """`inputs` with `change` applied to each float tensor."""
    return [change(x) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]


def _dense(t: torch.Tensor) -> torch.Tensor:
    """`t` strided: a sparse tensor made dense (torch.equal has no sparse kernel)."""
    return t.to_dense() if t.layout in (torch.sparse_coo, torch.sparse_csr, torch.sparse_csc,
                                        torch.sparse_bsr, torch.sparse_bsc) else t


def _finite_forward(model, inputs: list) -> bool:
    """Whether one forward of `model` on a copy of `inputs` runs and gives finite float outputs."""
    try:
        with torch.no_grad():
            outs = flatten_outputs(model(*clone_all(inputs)))
    except Exception:  # noqa: BLE001 - the task's own code
        return False
    return all(bool(torch.isfinite(o).all()) for o in outs if isinstance(o, torch.Tensor) and o.is_floating_point())


def _zero_slab(x: torch.Tensor, at: float = 0.0) -> torch.Tensor:
    """`x` with a quarter (one at least) of its last dim zero, starting `at` (0-1) of the way along
    where it fits (a 0-d tensor as it is)."""
    if not x.ndim:
        return x
    x = x.clone()
    width = max(1, x.shape[-1] // 4)
    start = int(at * (x.shape[-1] - width + 1))
    x[..., start:start + width] = 0
    return x


def _modes(model) -> list[bool]:
    """Each module's `training` flag, in named_modules order."""
    return [module.training for module in model.modules()]


def _set_modes(model, modes: list[bool]):
    """`model` with each module's `training` flag set to `modes` directly (never through an
    overridden train())."""
    for module, training in zip(model.modules(), modes):
        module.training = training
    return model


def _kept(value):
    """A held value as it is now: a tensor copied, anything else as it is."""
    return value.detach().clone() if isinstance(value, torch.Tensor) else value


def _alike(a, b, any_device: bool = False) -> bool:
    """Whether two held values are the same: numbers equal (NaN alike), tensors of one shape and
    dtype (and device, unless `any_device`) equal element for element (NaN alike)."""
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype or (a.device != b.device and not any_device):
            return False
        try:
            a, b = _dense(a.detach().cpu()), _dense(b.detach().cpu())
            return bool(torch.equal(a, b) or (a.is_floating_point() and torch.allclose(a, b, rtol=0, atol=0, equal_nan=True)))
        except (RuntimeError, NotImplementedError):
            # a layout torch cannot compare (a nested tensor): unlike, so state, never a crash (a
            # sparse adjacency cached on the first call raised out of verify: outside pass on
            # verifier 119, X1)
            return False
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


def _stateful(b: torch.Tensor) -> bool:
    """A float buffer holding state worth varying: finite, and either with a value that is not a
    whole number or one value throughout (BatchNorm's fresh zeros and ones: a kernel that wrote 0 and
    1 in passed, twelfth outside pass). A buffer of several whole numbers (a causal mask of 0 and 1,
    positions) is structure that honest kernels often compute from indices instead of reading it."""
    data = b.detach().float()
    if not bool(torch.isfinite(data).all()):
        return False
    return bool((data != data.round()).any()) or bool((data == data.flatten()[0]).all())


def redrawn(b: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """New values for the stateful buffer `b`: each element scaled by a factor around 1 (e^N(0, 1/2))
    and moved by noise at the rms of its finite elements, kept non-negative where it was (a running
    variance); an infinity or a NaN stays as it is. A running minimum the masked kind had made -inf
    became -inf + inf = NaN half the time, which torch.minimum keeps and a kernel's tl.minimum drops,
    and an honest answer was rejected in about 1 verification in 10 (session 58)."""
    data = b.detach().float().cpu()
    finite = torch.isfinite(data)
    scale = float(data[finite].pow(2).mean().sqrt()) if bool(finite.any()) else 0.0
    scale = scale or 1.0
    factor = torch.exp(torch.randn(data.shape, generator=gen) * 0.5)
    if bool((data[finite] >= 0).all()):
        new = data * factor + 0.1 * scale * torch.rand(data.shape, generator=gen)
    else:
        new = data * factor + 0.5 * scale * torch.randn(data.shape, generator=gen)
    return torch.where(finite, new, data).to(b.dtype)


def _shapes(params: list) -> list:
    """A parameter list as the candidate reports it: [[shape], dtype name] each."""
    return [[list(p.shape), str(p.dtype).replace("torch.", "")] for p in params]


def _reply_cap(ref_out: list) -> int:
    """Bytes of tensor data a correct forward returns (native dtypes are at most the
    float64 reference's size), plus 1 MiB of slack."""
    return sum(t.numel() * t.element_size() for t in ref_out if isinstance(t, torch.Tensor)) + (1 << 20)


# A magnitude trial allows each output element 8x the largest error, against the float64
# reference, of two runs: the reference in the task's own dtype, and the float64 reference on
# inputs moved by one float32 rounding (a relative 2^-24, random sign). What the task's dtype
# loses at large inputs is no kernel's fault: exp(-64 x) underflows to 0 where float64 keeps
# 1e-173, and a cosine loss of inputs shifted by 128 is 1 - h with h within 3e-5 of 1; an honest
# template kernel was rejected for each (2026-11-28). What the trials are for is far outside it:
# NaN from an overflow, 0.36 from a one-pass variance against 1e-5.
NATIVE_FLOOR_FACTOR = 8.0
# The task's dtype's error is measured NATIVE_SAMPLES more times, on inputs each moved by one
# float32 ulp: one run is one sample, and for a scalar output a lucky one (a cosine loss of inputs
# shifted by 128, 1 - h, came out within 7e-9 of float64, where float32 keeps h to 6e-8) rejected
# the honest template kernel in 3 of 24 verifications (2026-11-28).
NATIVE_SAMPLES = 3
# An output of this many elements or fewer gets the floor runs in every trial, not only in the
# magnitude ones: its rms is that of a few sums, each of which can cancel. With 16 the chance that
# all of them cancel at once is negligible, and larger outputs' rms is set by the sums that did not.
FEW_ELEMENTS = 16
# And so does an output whose rms is under this share of the largest float input's: one that
# cancels as a whole (x - x at a running mean's first step, 1e-17 against inputs of 1). A
# well-conditioned small output (softmax over 4,096 columns, 2.4e-4 of its inputs) only costs the
# floor runs, whose gaps are then its own float32 rounding.
CANCELLED_SHARE = 1e-3
FLOOR_CHUNK = 1 << 24
JITTER_MAX_BYTES = 256 << 20  # a float64 copy of larger inputs does not fit the judge's budget


def _jittered(inputs: list) -> list:
    out = []
    for x in inputs:
        if isinstance(x, torch.Tensor) and x.dtype in (torch.float32, torch.float16, torch.bfloat16):
            sign = torch.randint(0, 2, x.shape, device=x.device, dtype=torch.int8).double() * 2 - 1
            # the padded kind's fills stay exact, as in _ulp_moved
            x = torch.where(_pad_fill(x), x.double(), x.double() * (1 + sign * 2.0 ** -24))
        out.append(x)
    return out


# The jittered float64 run also moves every result of a function that float32 libraries and
# kernels only approximate (exp, tanh, erf, division, sqrt...) by a relative 2^-22, four float32
# ulps, random sign: the forward error of the reference as written when each such step is a
# few ulps off. An honest kernel's tanh as (1 - e^-2x) / (1 + e^-2x) is ~5 ulps at x = 0.05,
# and (x - tanh x)^2 at inputs x 1/64 turns that into a relative 2e-3 of the output, where
# torch's 1-ulp tanh stays within 8x its own gap; the template's answer failed 4 of 40
# verifications so (CI, 2026-11-28). Measured on that task: the template's error reached 16%
# of the floor at 2^-22, 61% at 2^-24. Arithmetic (+, *, sums, dots) is rounded alike in both,
# and the native runs measure it.
APPROXIMATE_STEP = 2.0 ** -22
APPROXIMATE_FUNCTIONS = frozenset({
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sigmoid", "tanh", "erf", "erfc", "erfinv",
    "sqrt", "rsqrt", "reciprocal", "div", "divide", "true_divide", "truediv", "rtruediv", "pow", "rpow",
    "sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan", "atan2", "asinh", "acosh", "atanh",
    "gelu", "silu", "mish", "softplus", "elu", "selu", "celu", "logsigmoid", "hardswish", "softsign",
    "tanhshrink", "softmax", "log_softmax", "softmin", "logsumexp", "norm", "normalize", "layer_norm",
    "group_norm", "batch_norm", "instance_norm", "rms_norm", "local_response_norm", "cosine_similarity",
    "pairwise_distance", "cdist", "itruediv", "ipow", "std", "var", "std_mean", "var_mean", "lgamma", "digamma",
    "scaled_dot_product_attention", "cross_entropy", "nll_loss", "kl_div", "binary_cross_entropy",
    "binary_cross_entropy_with_logits", "smooth_l1_loss", "huber_loss", "mse_loss", "l1_loss",
})


def _approximate(func) -> bool:
    name = getattr(func, "__name__", "")
    return name.strip("_").removesuffix("_") in APPROXIMATE_FUNCTIONS


# A second run moves every result of one call the same way, by SHARED_STEP (one float32 ulp):
# a row's log-sum-exp a kernel computes once and subtracts from every element is off the same way
# for the whole row, which independent signs average away. KL(softmax(y) || softmax(x)) at inputs
# x 2^-8 is 1.6e-5, and an honest kernel's two online log-sum-exps (each an ulp of 4.16 off, 4.8e-7)
# put 2e-7 to 6e-7 into it, where torch's float32 runs and the independent moves showed floors of
# 5e-8 to 3e-7: the template answer failed 11 of 300 such trials (simulated) and a CI run once
# (2026-12-01). With the shared run its error stays within 0.4 of the floor (300 trials). A well-conditioned
# output moves by about an ulp there (floor 8 ulps, far under the rtol of 1e-4).
SHARED_STEP = 2.0 ** -24


class _ApproximatePrimitives(torch.overrides.TorchFunctionMode):
    """Moves each non-integral float64 element that an approximate function returns by
    APPROXIMATE_STEP, sign at random; integral ones (exp(0), a floor, a mask made float)
    stay exact, since honest kernels keep them exact and an index cast from 2.9999995 is 2.
    `shared`: by SHARED_STEP, one sign for all of a call's elements."""

    def __init__(self, shared: bool = False):
        super().__init__()
        self.shared = shared

    def __torch_function__(self, func, types, args=(), kwargs=None):
        moved = _moved_log_sum_exp(func, args, kwargs or {}, self.shared)
        if moved is not None:
            return moved
        out = func(*args, **(kwargs or {}))
        if type(out) is not torch.Tensor or out.dtype != torch.float64 or not out.numel() \
                or not _approximate(func):
            return out
        shared = any(isinstance(a, torch.Tensor) and a.untyped_storage().data_ptr() == out.untyped_storage().data_ptr()
                     for a in (*args, *(kwargs or {}).values()))
        if self.shared:
            step = torch.full_like(out, 1 + SHARED_STEP * (1 if float(torch.rand(())) < 0.5 else -1))
        else:
            step = _random_steps(out, APPROXIMATE_STEP)
        step = torch.where(out == out.round(), 1.0, step)
        # In place where the function wrote in place (tanh_, a /= b); else a new tensor, since
        # a fresh result may still be a view the caller expects (never for these functions).
        return out.mul_(step) if shared else out * step


# A kernel's log-softmax or cross-entropy subtracts a row's log-sum-exp, a float32 value rounded at
# its own magnitude (about the row's largest logit), from each logit: lse - x[target] as most
# cross-entropy kernels write it. Where the target is the row's largest logit by far, the loss is
# near 0 and that rounding is all of its error; torch's float32 run takes x - max first and shows
# none, nor do runs on inputs moved an ulp (the loss is shift-invariant), and moving the result
# by a share of itself moves a loss near 0 by nothing. On logits x128 whose targets were their rows'
# largest, the template's honest answer was rejected 7 of 150 verifications (session 79). So the
# approximate runs compute log_softmax and cross_entropy about a log-sum-exp moved by LSE_STEP of
# itself, a sign per row (the shared run: one sign), as _MovedMeans moves a mean.
LSE_STEP = 2.0 ** -24


def _moved_log_sum_exp(func, args: tuple, kwargs: dict, shared: bool):
    """log_softmax or cross_entropy of float64 logits about a log-sum-exp moved by LSE_STEP of
    itself, or None for any other call (and for label smoothing, left to the moves by result)."""
    name = getattr(func, "__name__", "")
    if name not in ("log_softmax", "cross_entropy"):
        return None
    params = ("input", "dim") if name == "log_softmax" else \
        ("input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction", "label_smoothing")
    bound = {**dict(zip(params, args)), **kwargs}
    x = bound.get("input")
    if not (isinstance(x, torch.Tensor) and x.dtype == torch.float64 and x.numel()) or bound.get("label_smoothing") \
            or bound.get("size_average") is not None or bound.get("reduce") is not None:
        return None
    dim = bound.get("dim") if name == "log_softmax" else (1 if x.dim() > 1 else 0)
    if not isinstance(dim, int) or bound.get("dtype") is not None:
        return None
    lse = torch.logsumexp(x, dim=dim, keepdim=True)
    sign = (1.0 if float(torch.rand(())) < 0.5 else -1.0) if shared else torch.where(torch.rand_like(lse) < 0.5, -1.0, 1.0)
    logp = x - (lse + lse.abs() * LSE_STEP * sign)
    if name == "log_softmax":
        return logp
    return torch.nn.functional.nll_loss(logp, bound["target"], weight=bound.get("weight"),
                                        ignore_index=bound.get("ignore_index", -100),
                                        reduction=bound.get("reduction", "mean"))


# A kernel's mean of a row is a float32 sum divided by its length, off by an ulp or two of the
# mean (GPU division is div.full.f32: x / x is not 1 at 142 of 1,024 on an H200), and off the
# same way for the whole row. Over a row of one value, the padded kind's row padded whole, x - mean
# is then +-9.8e-4 along the row, not 0, and a layer norm makes that +-0.3 of its weight (times
# 1 / sqrt(eps)). No move of the inputs shows it: whatever they move, x - mean sums to 0 along the
# row, where the kernel's sums to the row's length times an ulp. A layer norm's cumsum over 40
# features, the kernel's mean 1-2 ulps off, was rejected in 14 of 60 padded trials with 8 pairs of
# moved runs and 47 of 60 with only the float64 ones (as on a GPU); attention after a layer norm
# (the built-in transformer block) carries it to every row of the batch. So the fill runs in
# float64 move each mean a layer norm, a group or instance norm or torch.mean takes by MEAN_STEP of
# it, a sign per mean; elsewhere that moves an output by about an ulp, under what the floors hold.
MEAN_STEP = 2.0 ** -23
CENTRED_NORMS = frozenset({"layer_norm", "group_norm", "instance_norm"})


class _MovedMeans(torch.overrides.TorchFunctionMode):
    """Float64 runs with each mean off by MEAN_STEP of itself (one float32 ulp or two), a random
    sign per mean: torch.mean's results, and the means of layer, group and instance norms, which
    are computed here from their definition (two-pass variance about the moved mean, as a kernel
    computes it). Other dtypes, and instance norms with running statistics, are left to torch."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        name = getattr(func, "__name__", "")
        x = args[0] if args else kwargs.get("input")
        if not (isinstance(x, torch.Tensor) and x.dtype == torch.float64):
            return func(*args, **kwargs)
        if name in CENTRED_NORMS:
            moved = _norm_about_moved_mean(name, args, kwargs)
            if moved is not None:
                return moved
        out = func(*args, **kwargs)
        if name == "mean" and type(out) is torch.Tensor and out.dtype == torch.float64:
            return out * _random_steps(out, MEAN_STEP)
        return out


def _random_steps(t: torch.Tensor, step: float) -> torch.Tensor:
    """Factors 1 - step or 1 + step, a sign per element of `t` at random, in its dtype."""
    return torch.where(torch.rand_like(t) < 0.5, 1 - step, 1 + step).to(t.dtype)


def _norm_about_moved_mean(name: str, args: tuple, kwargs: dict) -> torch.Tensor | None:
    """F.layer_norm, F.group_norm or F.instance_norm (batch statistics) of a float64 input, each
    group's mean moved (_MovedMeans); None where the call is one this does not follow."""
    bound = _bound_norm_args(name, args, kwargs)
    if bound is None:
        return None
    x, dims, shape, weight, bias, eps, affine_shape = bound
    rows = x.reshape(shape)
    mean = rows.mean(dim=dims, keepdim=True)
    centred = rows - mean * _random_steps(mean, MEAN_STEP)
    out = (centred / torch.sqrt(centred.square().mean(dim=dims, keepdim=True) + eps)).reshape(x.shape)
    if weight is not None:
        out = out * weight.reshape(affine_shape)
    return out + bias.reshape(affine_shape) if bias is not None else out


def _bound_norm_args(name: str, args: tuple, kwargs: dict):
    """(input, reduced dims, shape to reduce in, weight, bias, eps, shape of the affine terms) of
    a norm call, None where it is not plain (running statistics, an empty input)."""
    signature = inspect.signature(getattr(torch.nn.functional, name))
    try:
        call = signature.bind(*args, **kwargs)
    except TypeError:
        return None
    call.apply_defaults()
    a = call.arguments
    x = a["input"]
    if not x.numel() or x.ndim < (1 if name == "layer_norm" else 2):
        return None
    if name == "layer_norm":
        shape = a["normalized_shape"]
        n = 1 if isinstance(shape, int) else len(tuple(shape))
        return x, tuple(range(x.ndim - n, x.ndim)), x.shape, a["weight"], a["bias"], a["eps"], x.shape[x.ndim - n:]
    channels = [1, x.shape[1]] + [1] * (x.ndim - 2)
    if name == "group_norm":
        groups = a["num_groups"]
        return x, (2,), (x.shape[0], groups, -1), a["weight"], a["bias"], a["eps"], channels
    if not a["use_input_stats"] or x.ndim < 3:
        return None
    return x, tuple(range(2, x.ndim)), x.shape, a["weight"], a["bias"], a["eps"], channels


def _ulp_moved(inputs: list) -> list:
    """Float32/float64 inputs each moved by one ulp up or down, at random; the rest as they are."""
    return _moved_towards(inputs, _ulp_directions(inputs), fills=False)


def _opposite_moves(inputs: list, pairs: int):
    """`pairs` pairs of copies of `inputs` moved as _ulp_moved moves them, the second of each pair
    each element the other way, the padded kind's fills too (_element_floors); made one at a time."""
    for _ in range(pairs):
        directions = _ulp_directions(inputs)
        yield _moved_towards(inputs, directions, fills=True)
        yield _moved_towards(inputs, [None if d is None else -d for d in directions], fills=True)


def _ulp_directions(inputs: list) -> list:
    """Per float32/float64 input, +inf or -inf per element at random; None for the rest."""
    return [torch.where(torch.rand(x.shape, device=x.device) < 0.5, -torch.inf, torch.inf).to(x.dtype)
            if isinstance(x, torch.Tensor) and x.dtype in (torch.float32, torch.float64) else None for x in inputs]


# A bf16 or fp16 output is judged at 8e-3 x rms + 1.6e-2 relative (bf16), which its own rounding
# can pass where a term cancels: x * y + x in bf16 rounds x * y at its own ulp, 0.016 off where
# |x * y| is 4 and the result 0.11, and torch's reference and an honest kernel computing in bf16
# registers were both that far from float64 (rejected in 10 of 72 CPU verifications: no floor
# reached a bf16 output, compare.FLOORED). In every trial of such inputs the floors of bf16/fp16
# outputs are per element, LOW_FLOOR_FACTOR times the reference's own gap to float64 there, so
# the elements where nothing cancels keep the tolerance. Not from runs on inputs moved an ulp, as
# float32's are: those measure how sensitive the function is, not its rounding (exp moves by
# |x| x 2^-8), and an exp of x * (1 + 2^-6) in bf16, 6.7% off, and a softmax at temperature
# 1 + 2^-7 passed under them (outside red team on verifier 41's first form, session 44).
# 4, not NATIVE_FLOOR_FACTOR's 8: bf16's own rounding is near its tolerance, where float32's is far
# under it. Over 30 draws of x * y + x (in-process, session 44): honest kernels (bf16 ops, float32
# rounded once, x * (y + 1)) passed 30 of 30 on randn and on cancelling inputs; the result kept to
# 5 mantissa bits passed none on randn, 4 bits none on either. A row sum accumulated in bf16 by a
# pairwise tree passes 4 of 20 against torch's float32-accumulated sum: it is less precise.
LOW_FLOOR_FACTOR = 4.0


def _holds_low_precision(inputs: list) -> bool:
    return any(isinstance(x, torch.Tensor) and x.dtype in LOW_PRECISION for x in inputs)


def _input_bytes(inputs: list) -> int:
    return sum(x.numel() * x.element_size() for x in inputs if isinstance(x, torch.Tensor))


def _few_or_cancelled(outs: list, inputs: list) -> bool:
    """Whether a float output has at most FEW_ELEMENTS elements, or an rms under CANCELLED_SHARE of
    the largest float input's (reference() says why)."""
    floats = [t for t in outs if isinstance(t, torch.Tensor) and t.is_floating_point() and t.numel()]
    if any(t.numel() <= FEW_ELEMENTS for t in floats):
        return True
    scale = max((rms(x) for x in inputs if isinstance(x, torch.Tensor) and x.is_floating_point()), default=0.0)
    return scale > 0 and any(rms(t) < CANCELLED_SHARE * scale for t in floats)


def _fits_floors(inputs: list) -> bool:
    """Whether inputs are small enough for the floor runs' float64 copies (JITTER_MAX_BYTES)."""
    return _input_bytes(inputs) <= JITTER_MAX_BYTES


def _moved_towards(inputs: list, directions: list, fills: bool) -> list:
    # -inf (masked rows) stays: one ulp up is the largest finite float, another input. So do the
    # padded kind's fills for the floor of a whole output: moved, a row padded whole is no longer
    # one value, and a normalisation of it (x / x.std(), a layer norm) is rounding noise times
    # 1 / sqrt(eps); as one floor for the output it let any output of it pass (with finfo.min
    # fills it became one-hot).
    return [x if d is None else torch.where(torch.isinf(x) | (_pad_fill(x) & (not fills)), x, torch.nextafter(x, d))
            for x, d in zip(inputs, directions)]


def _holds_neg_inf(inputs: list) -> bool:
    """Whether a float input holds -inf (the masked kind's rows, an additive mask)."""
    return any(isinstance(x, torch.Tensor) and x.is_floating_point() and bool(torch.isneginf(x).any()) for x in inputs)


# The constants _row_shifted adds, and how close the float64 reference must stay for it to count
# as the same: rounding of x + c moves a log-softmax by about 1e-15 of its size.
ROW_SHIFT = 8.0
ROW_SHIFT_RTOL = 1e-9


def _row_shifted(inputs: list, generator: torch.Generator) -> list:
    """The float inputs in float64 with a constant in [-ROW_SHIFT, ROW_SHIFT] added to each row
    (last dim), the rows masked_rows masks; other inputs as they are (copies: the caller's are not
    touched). In float64 for the float64 reference: x + c in float32 moved a log-softmax by 1e-7."""
    out = []
    for x in inputs:
        if isinstance(x, torch.Tensor) and x.is_floating_point() and x.ndim and x.shape[-1] >= 2:
            c = (torch.rand((*x.shape[:-1], 1), generator=generator, dtype=torch.float64) * 2 - 1) * ROW_SHIFT
            out.append(x.double() + c.to(x.device))
        else:
            out.append(x.clone() if isinstance(x, torch.Tensor) else x)
    return out


def _judgeable_infinities(outs: list) -> bool:
    """Outputs whose infinities can be matched: no NaN, no infinite number, and each float tensor
    with a finite element to judge (a mean loss that is +inf says nothing about the kernel)."""
    for t in outs:
        if isinstance(t, torch.Tensor) and t.is_floating_point():
            parts = [c for _, c in compare_chunks(t)]  # no whole-tensor masks (KernelBench's 1.6G elements)
            if any(bool(torch.isnan(c).any()) for c in parts) or (t.numel() and
                                                               not any(bool(torch.isfinite(c).any()) for c in parts)):
                return False
        elif type(t) is float and not math.isfinite(t):
            return False
    return True


def _same_infinities(a: list, b: list) -> bool:
    """Whether two runs' outputs hold the same infinities (position and sign) and no NaN."""
    for x, y in zip(a, b):
        if isinstance(x, torch.Tensor) and x.is_floating_point():
            if not (isinstance(y, torch.Tensor) and x.shape == y.shape):
                return False
            y_flat = y.detach().reshape(-1)
            for start, c in compare_chunks(x):
                d = y_flat[start:start + c.numel()].to(c.device)
                if bool(torch.isnan(c).any()) or not torch.equal(torch.isposinf(c), torch.isposinf(d)) or \
                        not torch.equal(torch.isneginf(c), torch.isneginf(d)):
                    return False
    return True


def _same_outputs(a: list, b: list) -> bool:
    """Float64 outputs equal up to ROW_SHIFT_RTOL of the finite elements' rms, infinities matched."""
    if len(a) != len(b) or not _same_infinities(a, b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, torch.Tensor) and x.is_floating_point():
            finite = torch.isfinite(x)
            d = (x[finite] - y[finite]).abs()
            if d.numel() and float(d.max()) > ROW_SHIFT_RTOL * (rms(x[finite]) + 1e-300):
                return False
        elif isinstance(x, torch.Tensor):
            if not (isinstance(y, torch.Tensor) and torch.equal(x, y)):
                return False
        elif type(x) is float:
            if not (type(y) in (int, float) and abs(x - y) <= ROW_SHIFT_RTOL * max(1.0, abs(x))):
                return False
        elif x != y:
            return False
    return True


def _holds_fills(inputs: list) -> bool:
    """Whether a float input holds the padded kind's fill (a random draw never equals -1e4)."""
    return any(isinstance(x, torch.Tensor) and x.is_floating_point()
               and any(bool(_pad_fill(c).any()) for _, c in compare_chunks(x)) for x in inputs)


# Where a row is padded whole, a normalisation of it divides one value's rounding by ~0: an
# honest GPU kernel's x / (x.std(1) + 1e-5) gave -6.2e7 where float64 says -1e9, its layer norm
# 0.627 for 0.652 (H200, triton 3.6, 2026-11-30: Triton's fp32 `/` is div.full.f32, up to 2 ulp,
# so a mean of forty -1e4 came out an ulp off; torch's mean is exact). The reference in float32
# with the fills moved an ulp shows how far that goes, element by element. Per element, since one
# floor for the output is its largest gap: 8e9 there with the fills moved, and 1.9e3 from the
# jittered run's -1e9 alone, which passed every other row 1% off.
def _element_floors(gaps: list, factor: float = NATIVE_FLOOR_FACTOR) -> list:
    """Per output, `factor` times each element's largest gap to the float64 reference
    (_element_gaps), as a float32 tensor of the output's shape; None where an output is not a
    float tensor."""
    return [None if g is None else g.mul_(factor) for g in gaps]


def _element_gaps(runs, fp64: list, gaps: list | None = None) -> list:
    """Per output, each element's largest |run - float64 reference| over `runs` (an iterable of
    flattened outputs, read one run at a time) and `gaps` (earlier ones), as float32; None where
    an output is not a float tensor, or a run's is not a tensor of its shape. An element that
    overflowed in a run measures nothing there (gap 0)."""
    if gaps is None:
        gaps = [torch.zeros(e.shape, dtype=torch.float32, device=e.device)
                if isinstance(e, torch.Tensor) and e.is_floating_point() and e.numel() else None for e in fp64]
    for run in runs:
        for i, e in enumerate(fp64):
            if gaps[i] is None or i >= len(run):
                continue
            if not (isinstance(run[i], torch.Tensor) and run[i].shape == e.shape):
                gaps[i] = None
                continue
            d = (run[i].double() - e).abs()
            torch.maximum(gaps[i], torch.where(torch.isfinite(d), d, 0.0).float(), out=gaps[i])
    return gaps


# A relu of a layer norm over a row padded whole is 0 or rounding noise, as each element's noise
# falls: an element whose noise was negative in all three floor runs got floor 0, and an honest
# GPU kernel was rejected there (7 of 240 elements, H200, 2026-11-30). The fills' floor runs come
# in pairs moved opposite ways (_opposite_moves), so each element's noise shows both signs.
# 8 pairs, not 3: an honest kernel's noise over a row padded whole is one more draw of it (its
# mean one ulp of 1e4 off makes x - mean +-ulp along the whole row, times 1 / sqrt(eps) in a layer
# norm, and attention carries it to every row of the batch), and a floor of 8 times the largest
# of 3 draws per element sat under it somewhere in about 1 trial in 300: the built-in transformer
# block's answer was rejected so in a CI run and in a false-rejects run. Over the same 300 padded
# trials of that answer (interp_odd, in-process, session 52), its largest error over its allowed
# error was 1.25 with 3 pairs of float32 runs, 0.67 with 5, 0.44 with 8; with the float64 runs
# alone, as on a GPU whose layer norm shows no noise (below), 73 of 194 trials failed with 1 pair
# and none of 180 with 8 (largest 0.46). 0.02 s more per padded trial there.
FILL_SAMPLES = 16
# Judge._fp64_moved_runs, as many as FILL_SAMPLES for the reason above: the fill runs in the task's
# dtype show that noise only where the device's own kernels make it. CUDA's layer norm made none:
# over a row padded whole with each fill moved an ulp, its relu was 0 in every element of 3
# opposite pairs (H200, torch 2.11, 2026-12-01), where CPU's is +-0.295 and an honest Triton
# kernel's 0.221 for 0.0177 was rejected (1 verification of 3, allowed error 0.142 there). The
# float64 reference on opposite pairs of moved inputs shows what the moves themselves do (+-0.295
# x weight there), whatever the device, and with its means moved (_MovedMeans) what a kernel's
# mean adds: the floors, and so the verdict, no longer depend on how torch's own kernels round.
# Elsewhere those runs move an output by about an ulp of the inputs, under what the float32 runs
# show already.
FP64_FILL_SAMPLES = 16


def _max_gap(a: torch.Tensor, b: torch.Tensor) -> float:
    """max |a - b| in chunks: a float64 copy of a 6 GiB KernelBench output would not fit."""
    a, b = a.reshape(-1), b.reshape(-1)
    # default: an output of no elements differs by nothing (`max` of nothing raised; outside pass on verifier 92)
    return max((_chunk_gap(a[i:i + FLOOR_CHUNK].double(), b[i:i + FLOOR_CHUNK]) for i in range(0, a.numel(), FLOOR_CHUNK)),
               default=0.0)


def _chunk_gap(a: torch.Tensor, b: torch.Tensor) -> float:
    """max |a - b|, an infinity both hold counting 0 (inf - inf is NaN: the masked kind's
    matched infinities would leave the output no floor)."""
    return float(torch.where(a == b, 0.0, (a - b).abs()).max())


def _int_runs(runs: list[list], fp64: list | None) -> list[tuple]:
    """Per output, the reference's own-dtype runs (`runs`: on the trial's inputs, then on inputs moved
    by an ulp) of an integer output where they differ from its float64 run, which an integer output
    is then compared against as well: `(x * 100).long()` truncates a float32 product that float64
    does not round the same way, and an honest float32 kernel was wrong_output 4 of 4 (outside pass
    on verifier 94, F3). Float outputs have floors for that; integer ones are compared exactly."""
    if not fp64:
        return []
    out = []
    for i, e in enumerate(fp64):
        own = [run[i] for run in runs if i < len(run) and isinstance(run[i], torch.Tensor)]
        integer = isinstance(e, torch.Tensor) and not (e.is_floating_point() or e.is_complex())
        out.append(tuple(r for r in own if integer and r.shape == e.shape and not torch.equal(r, e)))
    return out


def _native_floors(natives: list[list], fp64: list, jittered: list | None) -> list[float]:
    """Per output, NATIVE_FLOOR_FACTOR times the largest gap to the float64 reference of the
    native runs (`natives`: the task's inputs, then inputs moved by an ulp) and of the float64
    run on jittered inputs."""
    floors = []
    for i, (n, e) in enumerate(zip(natives[0], fp64)):
        if not (isinstance(n, torch.Tensor) and n.is_floating_point() and isinstance(e, torch.Tensor) and n.numel()):
            floors.append(0.0)
            continue
        runs = [run[i] for run in natives if i < len(run)] + ([jittered[i]] if jittered and i < len(jittered) else [])
        # A run that overflowed measures nothing (an infinite floor would allow any output).
        gaps = [_max_gap(r, e) for r in runs if isinstance(r, torch.Tensor) and r.shape == e.shape]
        floors.append(NATIVE_FLOOR_FACTOR * max([g for g in gaps if math.isfinite(g)], default=0.0))
    return floors


def _task_raised(exc: BaseException, judge_dir: str) -> bool:
    """Whether the task's own code (a file the judge wrote into `judge_dir`: task_ref.py and its
    variants) is on `exc`'s traceback. The judge guards the task's calls with `except Exception`,
    so a get_inputs raising SystemExit, or a reference raising KeyboardInterrupt, went past them
    and was a verifier internal error, and sank a whole batch (outside pass on verifier 93)."""
    folder = str(Path(judge_dir).resolve())
    tb = exc.__traceback__
    while tb is not None:
        if str(Path(tb.tb_frame.f_code.co_filename).resolve()).startswith(folder + os.sep):
            return True
        tb = tb.tb_next
    return False


def _check_output_dtypes(dtypes: list) -> None:
    """The task cannot be judged where its reference returns tensors of a dtype a candidate's answer
    cannot come back in (wire.DTYPES): a float8 cast's task was blamed on the reference, whose
    output the judge's own isfinite could not read (outside pass on verifier 94, F5)."""
    odd = next((d for d in dtypes if isinstance(d, torch.dtype) and d not in wire.DTYPES.values()), None)
    if odd is not None:
        names = ", ".join(wire.DTYPES)
        raise TaskFailure(f"the reference returns {str(odd).replace('torch.', '')} tensors: the judge takes "
                          f"{names} outputs only")


def _task_or_oom(exc: Exception, what: str) -> TaskFailure:
    if isinstance(exc, TaskFailure):
        return exc
    if isinstance(exc, torch.OutOfMemoryError) or "out of memory" in str(exc).lower():
        return TaskFailure(f"skipped: {what} does not fit in memory ({trim(str(exc), 200)})")
    return TaskFailure(f"{what} failed: {exc!r}")


# ------------------------------------------------------------------ entry points

def _check_all(judge: Judge, job: Job) -> dict:
    n = job.n_trials
    for setting in judge.shapes:  # Task.shapes_for(mode): the timed setting first
        state: dict = {}
        for t in judge.plan(setting, n):
            judge.trial(t, state)
    if n > 1:
        for t in judge.leftover_trials(n):
            judge.trial(t, {})
        if judge.reference_state():
            # A stateful reference: one more repeat trial, its first call on every row. The repeat
            # trial's first call always had 2-8 rows, and an answer dropping its EMA from the second
            # call only where the first had 9 rows or more passed 4 of 4 (outside pass on verifier
            # 119, C2).
            judge.trial(replace(judge.plan(judge.shapes[0], 1)[0], calls=3, whole_first=True), {})
    _random_size_trials(judge, grow=job.mode == "interp")
    if job.mode == "interp":
        _autotune_trials(judge)
        _gpu_size_probe(judge, job)
    timings: dict = {}
    if job.mode == "gpu" and job.time_it:
        timings = judge.time(judge.shapes[0])
        if "excessive_speedup" in judge.outcome.flags:
            for setting in judge.shapes:  # stricter re-check: three times the trials
                state = {}
                for t in judge.plan(setting, 3 * n):
                    judge.trial(t, state)
    return timings


# The GPU the CPU judge stands in for with the least memory, an H100's 80 GiB: a candidate whose own
# tensors and inputs hold more at once at a GPU size runs out of memory there (a 275-GB staging
# buffer passed the CPU judge: outside pass on verifier 52, session 50).
PROBE_GPU_BYTES = 80 * 2**30


def _gpu_size_probe(judge: Judge, job: Job) -> None:
    """The interpreter runs a task at small sizes; at each of its full (GPU) settings the candidate
    is run once more on the meta device with every launch compiled and its grid checked, none run
    (worker.Worker.probe). A launch a GPU would refuse there is the verdict a GPU's verification
    gives: a grid past CUDA's limits a `runtime_error`, a kernel that does not compile at the
    constexprs those sizes give a `compile_error`, more memory held at once than PROBE_GPU_BYTES
    `oom`. Inputs or a constructor the meta device cannot make, or a forward it stops, leave the
    probe out, saying why (details.gpu_size_probe)."""
    notes = []
    for spec in job.task.gpu_shapes:
        setting = ShapeSetting(spec["name"], spec["mode"], spec["overrides"])
        inputs = judge._meta_inputs(setting)  # applies the setting's sizes to the task module
        described = _described(inputs) if inputs is not None else None
        init = _plain_init(judge.task_mod)
        if described is None or init is None:
            notes.append(f"{setting.name}: skipped, the task's inputs or constructor arguments are not made on meta")
            continue
        header, _ = judge.channel.request("probe", init, inputs=described, seed=judge.rng.randrange(2**62))
        refused = [r for r in _field(header, "refused", list, []) if type(r) is str]
        uncompiled = [r for r in _field(header, "gpu_compile", list, []) if type(r) is str]
        held = _field(header, "peak_bytes", int, 0) + _input_bytes(inputs)
        failure = _probe_failure(setting.name, refused, uncompiled, held)
        if failure is not None:
            kind, message, note = failure
            judge.probe_note = "; ".join(notes + [f"{setting.name}: {note}"])
            raise CandidateFailure(kind, message)
        try:  # a narrow float only in what the GPU sizes compile (a constexpr those sizes give)
            judge.check_narrow(header, [t.dtype for t in inputs if isinstance(t, torch.Tensor)])
        except CandidateFailure as failure:
            judge.probe_note = "; ".join(notes + [f"{setting.name}: a narrow float"])
            failure.msg = f"at the task's GPU sizes ({setting.name}): {failure.msg}"
            raise
        skipped = _field(header, "skipped", str, "")
        launches = _field(header, "launches", int, 0)
        notes.append(f"{setting.name}: {launches} launches probed" +
                     (f", then the forward stopped on meta: {skipped[:200]}" if skipped else ""))
    judge.probe_note = "; ".join(notes)


def _probe_failure(name: str, refused: list[str], uncompiled: list[str],
                   held: int) -> tuple[ErrorKind, str, str] | None:
    """(verdict, message, probe note) for what a GPU would refuse at the setting `name`, or None."""
    if refused:
        return (ErrorKind.RUNTIME_ERROR, f"at the task's GPU sizes ({name}) a launch a GPU refuses: "
                f"{refused[0][:300]}", "a launch a GPU refuses")
    if uncompiled:
        return (ErrorKind.COMPILE_ERROR, f"at the task's GPU sizes ({name}) a kernel that does not compile "
                f"for a GPU (sm_90): {uncompiled[0][:300]}", "a launch a GPU refuses")
    if held > PROBE_GPU_BYTES:
        return (ErrorKind.OOM, f"at the task's GPU sizes ({name}) the candidate holds {held / 2**30:,.1f} GiB "
                f"at once with its inputs, past an H100's {PROBE_GPU_BYTES / 2**30:.0f} GiB", "past the GPU's memory")
    return None


def _described(inputs: list) -> list | None:
    """Meta inputs as Worker.probe takes them; None for any input that is neither a tensor nor a
    plain number or bool."""
    out = []
    for x in inputs:
        if type(x) is torch.Tensor:
            out.append(["tensor", list(x.shape), list(x.stride()), str(x.dtype).replace("torch.", "")])
        elif type(x) in (int, float, bool):
            out.append(["value", x])
        else:
            return None
    return out


def _plain_init(task_mod) -> list | None:
    """The constructor's arguments at the module's current sizes when all are plain numbers, bools
    or strings (nothing the wire must carry as a tensor at full size), else None."""
    try:
        init = list(task_mod.get_init_inputs())
    except Exception:  # noqa: BLE001 - the task's own code; its trials already ran it at other sizes
        return None
    return init if all(type(v) in (int, float, bool, str) for v in init) else None


def _autotune_trials(judge: Judge) -> None:
    """The interpreter runs one autotune config per launch, in turn (worker.untimed_autotune): plain
    trials at the first setting until every config of every autotuned kernel has run. 511 honest
    configs and one that zeroed every other block passed 4 verifications of 5, about 17 of the
    512 run in each (outside red team, 2026-11-29); a kernel with more configs than
    AUTOTUNE_MAX_CONFIGS is refused at its first report (check_report)."""
    for _ in range(AUTOTUNE_MAX_CONFIGS):
        if not judge.autotune[0]:
            return
        for t in judge.plan(judge.shapes[0], 1):
            judge.trial(t, {})
    raise CandidateFailure(ErrorKind.RULE_VIOLATION, f"{judge.autotune[0]} autotune configs never ran "
                           f"in {AUTOTUNE_MAX_CONFIGS} more trials", ("autotune_configs",))


def _random_size_trials(judge: Judge, grow: bool) -> None:
    """With `grow` (the interpreter), one trial at a random size (Judge.random_setting) and up to
    three with one size at its full value (Judge.long_dims, trials `long_NAME`); then three
    whose first input has few leading rows (Judge.small_leads: the first way the reference runs
    at): one row with the other sizes at the first setting's, one row with them at the second's
    (on CPU the odd sizes, then the powers of two), and 2-8 rows with them at either's."""
    values, reach = judge.growable_sizes(ceiling=grow)
    if grow:
        _random_size_trial(judge, "random_size", values, reach)
        # Long-dim trials draw heavy-tailed inputs: a layer norm wrong only on rows of 64 values or
        # more with kurtosis 8-60 passed every trial of a task whose CPU rows have 37 and 32
        # (twenty-sixth outside pass); a long row is where such a switch can show on CPU, and which
        # size is a row's is the task's to say (each long trial grows another). Every fourth of their
        # rows, where rows are long, is a confident one (CONFIDENT_GAPS).
        heavy = "heavy" not in judge.kinds_off
        # They keep the constructor's own values: moved too, a size derived from the long one went
        # past anything the task's settings reach (a head dim of DIM 1,024 over heads moved from 2
        # to 1, against 64 at full size), and the flash attention of the built-in answers needed
        # 330 KB of shared memory there, a compile_error (session 52). The other trials vary them.
        for k, ways in judge.long_dims(values, reach):
            for way in ways:
                if _random_size_trial(judge, f"long_{k}", way, [], heavy=heavy, own_init=True):
                    break
    # The other sizes stay a setting's: grown to the random size's budget of input and output
    # elements around 1-8 rows, an MLP's hidden width reached 1,915 and its interpreted forward
    # took 4-60+ s (a template answer timed out in 2 verifications of 8, 2026-11-28). Two
    # settings, as one left every other size odd on CPU: a Linear over half of K when it had one
    # row and K was a multiple of 64, and a ReLU that zeroed half the columns at an odd count of 8
    # rows or fewer and a width that 64 divides, passed (outside red team, 2026-11-29).
    bases = [(values, reach)] + [judge.growable_sizes(ceiling=grow, setting=s) for s in judge.shapes[1:2]]
    plan = [(k, True) for k in range(len(bases))] + [(judge.rng.randrange(len(bases)), False)]
    for name, (k, one_row) in zip(SMALL_ROWS_TRIALS, plan):
        for shrunk in judge.small_leads(*bases[k], one_row=one_row):
            if _random_size_trial(judge, name, shrunk, [], judge.shapes[k]):
                break


def _random_size_trial(judge: Judge, name: str, values: dict[str, int], reach: list[str],
                       base: ShapeSetting | None = None, heavy: bool = False, own_init: bool = False) -> bool:
    """One trial at a random size (`heavy`: on heavy-tailed inputs; `own_init`: the constructor's
    own values, never varied); whether it ran. A size the
    reference itself cannot run at is
    drawn again with fewer sizes grown (size_draws), never blamed on the candidate. Only when no draw runs is the
    trial left out, with every draw and why in details.checks: made `invalid_task` instead,
    KernelBench L3 files whose models assert their own image size (SwinMLP: 224 x 224) or
    hard-code 3 input channels could not be judged on a CPU at all."""
    skipped = []
    for grow in size_draws(judge.rng, values, reach) if reach else [[]]:
        extra = judge.random_setting(values, grow, name, base)
        if extra is None:
            continue
        try:
            for t in judge.plan(extra, 1):
                t = replace(t, varied_init=False) if own_init else t
                confident = replace(judge.magnitude("heavy", queued=True), confident=True)
                judge.trial(replace(t, magnitude=confident) if heavy else t, {})
            return True
        except TaskFailure as exc:
            skipped.append({"overrides": extra.overrides, "reference": str(exc)[:300]})
    if skipped:
        judge.outcome.checks.append({"shape": name, "skipped": "the reference failed at every random "
                                     f"size drawn ({len(skipped)})", "draws": skipped})
    return False


def size_draws(rng, values: dict[str, int], reach: list[str]) -> list[list[str]]:
    """Which sizes each draw grows, at most RANDOM_SIZE_DRAWS: all; then those over
    SMALL_MAX (3 input channels hard-coded in a network's first conv stay); then a random
    half; then one at a time (an image size a model asserts stays, the batch grows)."""
    if not reach:
        return []
    large = [k for k in reach if values[k] > SMALL_MAX]
    singles = rng.sample(reach, len(reach))
    draws = [reach, large, rng.sample(reach, max(1, len(reach) // 2))] + [[k] for k in singles]
    unique = []
    for d in draws:
        if d and sorted(d) not in [sorted(u) for u in unique]:
            unique.append(d)
    return unique[:RANDOM_SIZE_DRAWS]


def _hello(channel: Channel) -> dict:
    """The candidate process's first message, sent before any candidate code ran."""
    header, _ = channel.receive()
    if header.get("op") != "hello":
        raise CandidateFailure(ErrorKind.BAD_OUTPUT, "the candidate process did not start cleanly")
    return _field(header, "sandbox", dict, {})


def run_job(job: Job, sock: socket.socket, progress_fd: int | None = None) -> dict:
    """Judge one candidate. Returns the fields of a VerifyResult, or
    {"candidate_gone": stage} when the candidate process vanished (the server,
    which watched it, knows why). `progress_fd`: Channel's."""
    clock = time.perf_counter()
    _init_device(job)
    stages: dict[str, float] = {"judge_init_s": time.perf_counter() - clock}
    channel = Channel(sock, "cuda" if job.mode == "gpu" else "cpu", progress_fd)
    res: dict = {"parsed": True, "static_ok": job.static_ok}
    judge = None
    mismatch, timing_info, sandbox = None, {}, {}
    try:
        sandbox = _hello(channel)
        stages["start_s"] = time.perf_counter() - clock
        judge = Judge(job, channel)
        loaded, _ = channel.request("load")
        judge.check_config_count(_field(loaded, "autotune_configs", int, 0))
        judge.check_import_launch(_field(loaded, "import_launch", bool, True), _field(loaded, "unbound", list, ["?"]))
        stages["load_s"] = time.perf_counter() - clock - stages["start_s"]
        timings = _check_all(judge, job)
        for key in ("runtime_us", "runtime_p20_us", "runtime_p80_us", "eager_us", "speedup"):
            if key in timings:
                res[key] = timings.pop(key)
        timing_info = timings
        fatal = [f for f in judge.outcome.flags if f not in WARNING_FLAGS]
        res.update(correct=not fatal and job.static_ok, error_kind=ErrorKind.NONE.value)
    except CandidateGone:
        return {"candidate_gone": channel.stage, "compiled": bool(judge and judge.outcome.compiled),
                "sandbox": sandbox}
    except TaskFailure as failure:
        res.update(correct=False, error_kind=ErrorKind.INVALID_TASK.value, error_msg=str(failure))
    except (SystemExit, KeyboardInterrupt, GeneratorExit) as exc:
        if not _task_raised(exc, job.judge_dir):
            raise
        res.update(correct=False, error_kind=ErrorKind.INVALID_TASK.value,
                   error_msg=f"the task's own code raised {type(exc).__name__}({trim(str(exc), 200)})")
    except torch.OutOfMemoryError as exc:
        # Anywhere else in the judge (a reply decoded, a comparison chunk): the judge does
        # not fit beside the candidate. The caller runs the job again alone; alone, the task
        # is skipped for every model alike.
        res.update(correct=False, error_kind=ErrorKind.INVALID_TASK.value,
                   error_msg=str(_task_or_oom(exc, f"the judge (at {channel.stage})")))
    except CandidateFailure as failure:
        res.update(correct=False, error_kind=failure.kind.value, error_msg=trim(failure.msg))
        mismatch = failure.mismatch
        if judge is not None:
            judge.outcome.flags += failure.flags
            # A kernel that ran and then failed did compile; a CompilationError did not.
            if channel.stage in ("forward", "time") and failure.kind != ErrorKind.COMPILE_ERROR:
                judge.outcome.compiled = True
    outcome = judge.outcome if judge is not None else Outcome()
    stages["total_s"] = time.perf_counter() - clock
    stages.update(channel.seconds)
    if judge is not None:
        stages.update(judge.seconds)
    if judge is not None and judge.fp64_unavailable:
        timing_info["reference_fp64_unavailable"] = judge.fp64_unavailable
    if judge is not None:
        timing_info["signed_trial"] = judge.signed_status()
        timing_info["eval_trials"] = judge.eval_note if judge.eval_note is not None else "not run"
        timing_info["fewer_rows"] = judge.rows_note if judge.rows_note is not None else "not run"
        if judge.wide_note:
            timing_info["wide_trial"] = judge.wide_note
        if judge.state_probe_note:
            timing_info["state_probe"] = judge.state_probe_note
        if judge.tf32_ratio is not None:
            timing_info["tf32_error_ratio"] = round(judge.tf32_ratio, 3)
        if judge.tf32_floor_use is not None:
            timing_info["tf32_floor_use"] = round(judge.tf32_floor_use, 4)
        if judge.inf_note is not None:
            timing_info["infinities"] = "matched" if judge.inf_note == "" else f"masked kind off: {judge.inf_note}"
        if job.mode == "interp":
            timing_info["gpu_size_probe"] = judge.probe_note or "n/a: the task has no other GPU sizes"
        if judge.init_note.startswith("skipped"):
            timing_info["varied_init"] = judge.init_note
    details = {"checks": outcome.checks, "torch": torch.__version__, "triton": triton.__version__,
               "sandbox": sandbox, "stages": {k: round(v, 3) for k, v in stages.items()}, **timing_info}
    if mismatch is not None:
        details["mismatch"] = mismatch
    res.update(compiled=outcome.compiled, launched=outcome.launched,
               hack_flags=list(dict.fromkeys(outcome.flags)), details=details)
    if job.mode == "gpu":
        res["device"] = torch.cuda.get_device_name()
        # What this judge really held, for the scheduler's next estimate (footprint.py).
        details["gpu_peak_bytes"] = torch.cuda.max_memory_allocated()
        details["gpu_plan"] = asdict(job.gpu_plan) if job.gpu_plan is not None else None
    return res


def _init_device(job: Job) -> None:
    if job.mode == "gpu":
        torch.cuda.init()
        torch.cuda.set_per_process_memory_fraction(job.gpu_plan.judge_fraction)
    else:
        torch.set_num_threads(1)


def run_naive(job: Job, sock: socket.socket, progress_fd: int | None = None) -> dict:
    """A plain harness's verdict, for the hack-rate metric: no rules, no guard
    verdicts, one trial per setting, native-dtype reference, and
    allclose(atol=rtol=1e-2) as older KernelBench versions did."""
    _init_device(job)
    channel = Channel(sock, "cuda" if job.mode == "gpu" else "cpu", progress_fd)
    try:
        _hello(channel)
        judge = Judge(job, channel)
        channel.request("load")
        for setting in judge.shapes:
            seed = urandom_seed()
            ref, init = judge.build_reference(setting, seed)
            judge.build_candidate(ref, init, seed, perturb=False)
            inputs, _ = judge.draw_inputs(False)
            with torch.no_grad():
                expected = flatten_outputs(ref(*clone_all(inputs)))
            _, out = channel.request("forward", inputs, max_bytes=_reply_cap(expected))
            got = flatten_outputs(out)
            if len(got) != len(expected) or not all(
                    type(g) is torch.Tensor and isinstance(e, torch.Tensor) and g.shape == e.shape
                    and torch.allclose(g.double().to(e.device), e.double(), atol=1e-2, rtol=1e-2)
                    for g, e in zip(got, expected)):
                return {"naive_pass": False}
    except (CandidateGone, CandidateFailure, TaskFailure):
        return {"naive_pass": False}
    return {"naive_pass": True}


def run_footprint(job: Job) -> dict:
    """The task's footprint (footprint.py) over its shape settings, on the meta device:
    nothing is allocated, CUDA is never initialised. {"footprint": {...}} or
    {"invalid": reason} when the task cannot even be built."""
    try:
        judge = Judge(job, None)
        found = []
        for setting in judge.shapes:
            apply_shape(judge.task_mod, setting, judge.defaults)
            found.append(footprint.measure_setting(judge.task_mod, _TruncatedDotInputs()))
    except BaseException as exc:  # noqa: BLE001 - the task's own failure: the verification reports it
        if not isinstance(exc, Exception) and not _task_raised(exc, job.judge_dir):
            raise
        return {"invalid": trim(f"{type(exc).__name__}: {exc}", 500)}
    return {"footprint": asdict(footprint.largest(found))}


def run_baseline(job: Job) -> dict:
    """Time the reference under torch.compile on the task's first GPU shape (no candidate)."""
    _init_device(job)
    judge = Judge(job, None)
    ref, _ = judge.build_reference(judge.shapes[0], 0)
    inputs = [judge.draw_inputs(False)[0] for _ in range(2)]
    import torch._inductor.config as inductor_config
    # Up to 6 sandboxes per GPU compile at once; each Inductor spawning a worker pool
    # per core made a cold pass over 60 tasks take >330 s on a 16-core H100 host.
    inductor_config.compile_threads = 1
    compiled = torch.compile(ref)
    compiled(*inputs[0])  # Inductor compiles here, outside the timing lock
    with timing.exclusive_gpu():
        stats = timing.time_gpu(compiled, inputs)
    return {"compile_us": stats.median_us, "device": torch.cuda.get_device_name()}
