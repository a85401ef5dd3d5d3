"""F probes: candidate *texts* the API can be handed (NUL bytes, lone surrogates) through extract/rules/verify."""
import traceback
from autotriton.verify import Verifier, VerifyConfig, check_rules, extract_code
from autotriton.tasks import get_task
base = open("/tmp/op93/candidates/h_relu_builtin_solution.py").read()
variants = {
 "nul_in_comment": base.replace("# Flat elementwise", "# \x00 Flat elementwise"),
 "lone_surrogate_in_string": base.replace("BLOCK_SIZE = 1024", "BLOCK_SIZE = 1024\nNOTE = '\ud800'"),
 "lone_surrogate_in_comment": base.replace("# Flat elementwise", "# \udcff Flat elementwise"),
}
for name, text in variants.items():
    for fn in (extract_code, check_rules):
        try:
            r = fn(text)
            print(name, fn.__name__, "ok", str(r)[:100].replace("\n", " "))
        except BaseException as e:
            print(name, fn.__name__, "RAISED", repr(e)[:200])
v = Verifier(VerifyConfig(device="cpu", cache_dir=None, workers=1))
for name, text in variants.items():
    try:
        r = v.verify(get_task("builtin/l1/relu"), text)
        print(name, "verify:", r.correct, r.error_kind, r.error_msg[:300].replace("\n", " "))
    except BaseException as e:
        print(name, "verify RAISED", repr(e)[:300])
        traceback.print_exc(limit=-4)
v.close()
