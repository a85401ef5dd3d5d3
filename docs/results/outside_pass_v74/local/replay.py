"""Lane-exact replays of four judged-correct candidates under legal GPU schedules (numpy, hand-coded
from each kernel's sm_90 PTX in this folder). Each schedule respects every bar.sync in the PTX: warps
only reorder between barriers. Prints max error against torch's answer."""
import numpy as np
rng = np.random.default_rng(0)

def warps_of(lanes, per_thread_layout):   # element -> thread -> warp
    return (per_thread_layout(lanes) // 32)

# r07: cumsum by atomic order. BLOCK=256, 4 warps, 2 elements/thread (thread t holds t, t+128).
x = rng.standard_normal(256).astype(np.float32)
thread = np.arange(256) % 128; warp = thread // 32
acc = np.float32(0); old = np.zeros(256, np.float32)
order = sorted(range(256), key=lambda e: (-warp[e], e))          # warp 3's atomics land first: legal
for e in order:
    old[e] = acc; acc = np.float32(acc + x[e])
y = old + x
print("r07 cumsum atomic order, warp 3 first: max |err| =", float(np.abs(y - np.cumsum(x)).max()))

# r09: softmax, thread 0 stores the row max (scalar), every thread loads it, no bar.sync between.
x = rng.standard_normal(512).astype(np.float32); scratch_junk = np.float32(1e30)   # torch.empty: any bits
thread = np.arange(512) % 128; warp = thread // 32
mx_seen = np.where(warp == 0, x.max(), scratch_junk)   # warps 1-3 issue their ld.global before warp 0's st
e = np.exp(x - mx_seen)
print("r09 scalar store->load, warps 1-3 load first: outputs finite =", bool(np.isfinite(e / e.sum()).all()),
      "max |err| =", float(np.nanmax(np.abs(e / e.sum() - np.exp(x - x.max()) / np.exp(x - x.max()).sum()))))

# r11/r11b: red.global publish into zeroed scratch, ld.global of element (i+160)%1024, no bar.sync between.
x = rng.standard_normal(1024).astype(np.float32)
thread = np.arange(1024) % 128; warp = thread // 32
j = (np.arange(1024) + 160) % 1024
s = np.zeros(1024, np.float32)
# schedule: warp 0 runs its loads before any other warp publishes (then the rest run in order)
v = np.where(warp[j] == warp, x[j], 0.0)      # cells published by another warp are still 0 when warp reads
y = np.zeros(1024, np.float32); y[j] = np.maximum(v, 0)
print("r11 release/relaxed atomic publish -> plain load, readers first: wrong elements =", int((y != np.maximum(x, 0)).sum()))

# r19: every thread loads s[row] (the max), then thread 0 stores 1e30 with no bar.sync: warps 1-3 load after.
x = rng.standard_normal(512).astype(np.float32)
thread = np.arange(512) % 128; warp = thread // 32
mx = np.where(warp == 0, x.max(), np.float32(1e30))
e = np.exp(x - mx)
with np.errstate(invalid="ignore"):
    out = e / e.sum()
ref = np.exp(x - x.max()) / np.exp(x - x.max()).sum()
print("r19 scalar WAR, warps 1-3 load after thread 0's store: max |err| =", float(np.abs(out - ref).max()))
