"""F probe: one task whose reference raises KeyboardInterrupt in a verify_many batch beside an honest pair."""
import traceback
from autotriton.verify import Verifier, VerifyConfig
from autotriton.tasks import get_task
honest = open("/tmp/op93/candidates/h_relu_builtin_solution.py").read()
pairs = [(get_task("builtin/l1/relu"), honest),
         (get_task("/tmp/op93/tasks/t_f2_forward_keyboardinterrupt.py"), honest),
         (get_task("builtin/l1/relu"), honest.replace("BLOCK_SIZE = 1024", "BLOCK_SIZE = 512"))]
seen = []
with Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1)) as v:
    try:
        res = v.verify_each(pairs, lambda i, r: seen.append((i, r.correct, str(r.error_kind))))
        print("results:", [(r.correct, str(r.error_kind)) for r in res])
    except BaseException as e:
        print("verify_many RAISED:", type(e).__name__, str(e)[:200].replace("\n", " "))
print("verdicts delivered before the raise:", seen)
