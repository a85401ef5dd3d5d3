# Repro: the judge raises (RuntimeError "verifier internal error") on a task whose Model returns a dict,
# in the runs where an eval-mode trial's mode check (_mode_note) comes first. Prints the verdict or the exception per run.
import sys, os, traceback
sys.path.insert(0, "/work/main"); os.chdir("/work/main")
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
task = get_task(sys.argv[1]); cand = open(sys.argv[2]).read()
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    for i in range(int(sys.argv[3]) if len(sys.argv) > 3 else 6):
        try:
            r = v.verify(task, cand); print(i, "verdict:", r.correct, r.error_kind.value, r.error_msg[:120])
        except Exception as e:
            print(i, "EXCEPTION:", type(e).__name__, str(e).strip().splitlines()[-1][:200])
