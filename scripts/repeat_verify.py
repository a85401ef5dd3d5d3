"""Verify a built-in reference N times on GPU (a flakiness check). usage: python scripts/repeat_verify.py TASK_ID"""
import sys, os
sys.path.insert(0, os.getcwd())
from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig
t = get_task(sys.argv[1])
with Verifier(VerifyConfig(device="cuda", cache_dir=None, measure_compile=False, n_trials=3)) as v:
    rs = v.verify_many([(t, t.solution_source + f"\n# run {i}\n") for i in range(12)])
print(sum(r.correct for r in rs), "/", len(rs), [r.error_msg[:160] for r in rs if not r.correct])
