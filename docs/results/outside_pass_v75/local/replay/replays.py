"""Replays of legal GPU executions for the race / reordering bypasses (numpy, no GPU needed).
Each replays the memory operations of the compiled kernel (PTX/TTGIR in ../ptx/) in an order the
PTX memory model or the compiled instruction order allows, and compares with torch's answer."""
import numpy as np
rng = np.random.default_rng(0)

# r04: last-block reduction whose ticket is atom.global.cta.acq_rel (CTA scope). Programs are different
# CTAs, so the CTA-scoped release/acquire pair gives no happens-before between them: the last program's
# plain ld.global of part[q] may return the value before program q's st.global (here: what torch.empty
# left, 0). Legal order: every program does its st.global + atom; program 0's store is still in flight
# (not yet visible) when the last program loads.
x = rng.standard_normal((7, 301)).astype(np.float32).reshape(-1)
n = x.size; BLOCK = 256; nprog = -(-n // BLOCK)
parts_mem = np.zeros(nprog, np.float32)          # torch.empty contents
visible = np.ones(nprog, bool); visible[0] = False  # program 0's store not yet visible to the last CTA
partials = [np.sum(x[p*BLOCK:(p+1)*BLOCK]**2) for p in range(nprog)]
for p in range(nprog):
    if visible[p]: parts_mem[p] = partials[p]
last_reads = parts_mem.copy(); last_reads[nprog-1] = partials[nprog-1]  # its own store is visible to itself
print("r04 cta-scope ticket: GPU-legal result %.3f vs reference %.3f" % (last_reads.sum(), np.sum(x*x)))

# r13: num_ctas=2 splits each program's 1024-element block between the 2 CTAs of a cluster
# (PTX: .reqnctapercluster 2, %cluster_ctarank in the offsets). tl.debug_barrier() is bar.sync 0 (one CTA).
# Stage 2 of CTA r reads addresses stored by CTA 1-r. Legal order: CTA 1 runs stages 1+2 before CTA 0 runs.
xb = rng.standard_normal(1024).astype(np.float32)
t = np.full(1024, np.nan, np.float32)      # scratch from torch.empty
y = np.empty(1024, np.float32)
def stage1(r): t[r*512:(r+1)*512] = np.maximum(xb[r*512:(r+1)*512], 0)
def stage2(r):
    j = np.arange(r*512, (r+1)*512); rev = 1023 - j
    y[rev] = t[rev]
stage1(1); stage2(1); stage1(0); stage2(0)
print("r13 num_ctas=2: wrong elements %d of 1024" % int(np.sum(~np.isclose(y, np.maximum(xb, 0)) | np.isnan(y))))

# r14: software pipelining (num_stages=3): the A tile of K-step k is read from scratch slot k with
# cp.async issued 2 iterations ahead (prologue issues slots 0 and 1; iteration i issues slot i+2),
# but slot k is written by iteration k-1's st.global. So slots >= 1 are read before they are written.
M = N = 32; K = 96; BK = 32
A = rng.standard_normal((M, K)).astype(np.float32); B = rng.standard_normal((K, N)).astype(np.float32)
nk = K // BK
slots = [None] * (nk + 1)
slots[0] = A[:, :BK].copy()
garbage = np.zeros((M, BK), np.float32)
pref = {0: slots[0].copy(), 1: garbage}           # prologue: slot 1 not yet written
acc = np.zeros((M, N), np.float32)
for i in range(nk):
    a = pref.pop(i)
    slots[i+1] = A[:, (i+1)*BK:(i+2)*BK] if (i+2)*BK <= K else np.zeros((M, BK), np.float32)
    acc += a @ B[i*BK:(i+1)*BK]
    pref[i+2] = garbage if slots[i+2 if i+2 <= nk else nk] is None else slots[i+2] if i + 2 <= nk else garbage
print("r14 pipelined scratch reload: max abs err %.3f (reference max %.3f)" % (np.abs(acc - A @ B).max(), np.abs(A @ B).max()))

# r15: running sum kept in the output row; tl.range(num_stages=3) turns the load of out into a cp.async
# issued 2 iterations ahead (TTGIR: prologue copies for d=0,1; iteration i copies for i+2 after its store).
D = 17; Ncols = 64
X = rng.standard_normal((D, Ncols)).astype(np.float32)
out = np.zeros(Ncols, np.float32)
pre = {0: out.copy(), 1: out.copy()}
for d in range(D):
    acc = pre.pop(d)
    out = acc + X[d]            # st.global
    pre[d+2] = out.copy()      # cp.async for iteration d+2, issued after this store, before d+1's store
print("r15 pipelined RMW: max abs err %.3f (ref max %.3f); result equals the sum of every other row: %s" % (
    np.abs(out - X.sum(0)).max(), np.abs(X.sum(0)).max(), np.allclose(out, X[(D-1) % 2::2].sum(0))))

# r18: spin lock whose CAS/xchg are atom.global.acquire.cta.cas / atom.global.cta.release.exch.
# Programs are different CTAs; a CTA-scoped release in CTA A does not synchronise with a CTA-scoped
# acquire in CTA B, so B's plain ld.global of out may return a value older than A's st.global
# (e.g. a line left in B's SM's non-coherent L1 by CTA C on the same SM, which a gpu-scoped acquire
# would have invalidated). Legal order: C (SM0) updates out, D (SM1) updates out, B (SM0) reads C's value from L1.
parts = [3.0, 5.0, 7.0]
L2 = 0.0
L1_sm0 = None
v = L2; L2 = v + parts[0]; L1_sm0 = L2          # C on SM0: lock, ld (fills L1), st, unlock
v = L2; L2 = v + parts[1]                          # D on SM1: lock, ld, st, unlock (SM0's L1 not invalidated)
v = L1_sm0; L2 = v + parts[2]                      # B on SM0: lock (cta acquire: no L1 invalidate), ld hits stale L1
print("r18 cta-scoped spin lock: GPU-legal result %.1f vs reference %.1f" % (L2, sum(parts)))

# r23: relu_body_kernel claims start = pid*256 + 1 is a multiple of 16 (tl.multiple_of) and the offsets
# contiguous; the interpreter ignores hints. Compiled for sm_90 each thread does ld.global.v2.b32 /
# st.global.v2.b32 (PTX lines 52, 63) at byte address base + 4*(pid*256 + 1 + 2*tid): 8-byte vector
# accesses need 8-byte alignment; torch's allocations are 256-byte aligned.
base = 0x7f0000000000
bad = [(base + 4 * (pid * 256 + 1 + 2 * tid)) % 8 for pid in range(4) for tid in range(128)]
print("r23 false alignment hint: %d of %d v2 accesses misaligned (CUDA_ERROR_MISALIGNED_ADDRESS on a GPU)" % (
    sum(b != 0 for b in bad), len(bad)))

# r24: consumer program (b, 0, ct) loops over chunks i: acquire-load flag[i], load published sums P[i],
# and takes P[i] if the flag was set, else re-sums chunk i itself. The TTGIR (../ptx/r24.ttgir lines
# 101/125/174) issues the cp.async of P[i] two iterations before the `atomic_rmw add, acquire` of flag[i]
# (line 148). Legal run: the consumer starts first (prologue copies P[1], P[2] = stale torch.empty
# contents), then producers 1..nch-1 store P[i] and release flag[i], then the consumer's acquires see 1.
Dd, CH, Nn = 40, 8, 64
Xs = rng.standard_normal((Dd, Nn)).astype(np.float32)
nch = Dd // CH
P = np.full((nch, Nn), 0.0, np.float32)   # torch.empty contents
flags = np.zeros(nch, np.int32)
copies = {1: P[1].copy(), 2: P[2].copy()}   # prologue, before any producer ran
for i in range(1, nch):                     # producers run now
    P[i] = Xs[i*CH:(i+1)*CH].sum(0); flags[i] = 1
acc = Xs[:CH].sum(0)
for i in range(1, nch):
    pv = copies.pop(i)
    if i + 2 < nch: copies[i + 2] = P[i + 2].copy()   # issued in iteration i, before acquire of i+2
    f = flags[i]
    acc += pv if f == 1 else Xs[i*CH:(i+1)*CH].sum(0)
print("r24 load pipelined above the acquire: max abs err %.3f (ref max %.3f)" % (np.abs(acc - Xs.sum(0)).max(), np.abs(Xs.sum(0)).max()))

# r28: producers: st part[p]; atom.global.gpu.release.exch flag[p]; atom.global.gpu.relaxed.add cnt.
# last program: relaxed ticket, then ld.global.gpu.acquire of `dummy` (PTX line 180) -- a word no producer
# wrote, so the acquire reads the previous launch's 0 and synchronises with nothing; its plain ld.global of
# part[] (line 204) may return pre-store values. Legal order per the PTX model: program 1's part store not
# yet observed when the last program reads (same replay as r04).
x = rng.standard_normal((7, 301)).astype(np.float32).reshape(-1)
nprog = -(-x.size // 256)
partials = np.array([np.sum(x[p*256:(p+1)*256]**2) for p in range(nprog)], np.float32)
seen = partials.copy(); seen[1] = 0.0
print("r28 release/acquire on different words: PTX-legal result %.3f vs reference %.3f" % (seen.sum(), partials.sum()))
