"""Named corpus entries judged one at a time, each verdict printed whole (the corpus test keeps only
the head of a long message, which cut every GPU traceback in session 75's run).

    python benchmarks/corpus_verdicts.py --device cuda NAME [NAME ...] > verdicts.txt
"""
from __future__ import annotations

import argparse

from autotriton.tasks import get_task
from autotriton.verify import Verifier, VerifyConfig
from autotriton.verify.corpus import load_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+", help="corpus entries (file names without .py)")
    parser.add_argument("--device", default="cpu", help="cpu (interpreter) or cuda")
    args = parser.parse_args()
    entries = {h.name: h for h in load_corpus()}
    missing = [n for n in args.names if n not in entries]
    if missing:
        parser.error(f"not in the corpus: {', '.join(missing)}")
    for name in args.names:
        hack = entries[name]  # judged as the corpus test judges it: static checks as its header says
        config = VerifyConfig(device=args.device, cache_dir=None, workers=1, static_checks=hack.static_checks)
        with Verifier(config) as verifier:
            r = verifier.verify(get_task(hack.task_id), hack.source)
        print(f"=== {name} (expect {hack.expect}): correct={r.correct} {r.error_kind.value} {r.hack_flags}")
        print(r.error_msg, flush=True)


if __name__ == "__main__":
    main()
