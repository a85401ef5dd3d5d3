"""An eval's run log judged again by the verifier of this checkout, answers unchanged.

A paired comparison of two models needs one judge: a baseline judged before a verifier change
(a new trial kind, VERIFIER_VERSION) against a model judged after it would mix the two. This
re-scores every sample of RUN_DIR/runlog.jsonl, and every answer of RUN_DIR/generated.jsonl it does
not hold (an eval run with `--set eval.judge=false`), over the suites, sizes and rewrites its run.json
and rewrites.jsonl name, into OUT_DIR/runlog.jsonl, resumably; then `compare_runlogs.py` pairs them.

    python benchmarks/rejudge_runlog.py RUN_DIR --out OUT_DIR [--device auto] [--batch 64] [--no-hack-rate]

--no-hack-rate skips the plain-harness re-run of every rejected sample (the hack-rate column),
which a paired comparison does not read: on 2 CPU cores about 16 samples a minute with it.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from autotriton.eval.config import EvalConfig
from autotriton.eval.harness import GENERATED, RunLog, score_batch, suite_items
from autotriton.models.base import Generation
from autotriton.rundir import atomic_write, read_jsonl
from autotriton.verify import VERIFIER_VERSION, Verifier, VerifyConfig


def verifier_device(device: str) -> str:
    return VerifyConfig(device=device).resolved_device()


def _answers(run: Path) -> list[dict]:
    """The run log's samples, then the answers of generated.jsonl it does not hold: an eval run
    with `eval.judge=false` (generation on a GPU machine, judging here) or cut off mid-batch."""
    records = read_jsonl(run / "runlog.jsonl") if (run / "runlog.jsonl").is_file() else []
    logged = {(r["key"], r["sample"]) for r in records}
    generated = read_jsonl(run / GENERATED) if (run / GENERATED).is_file() else []
    return records + [{"key": g["key"], "sample": g["sample"], "text": g["text"], "tokens": g["completion_tokens"]}
                      for g in generated if (g["key"], g["sample"]) not in logged]


def rejudge(run: Path, out: Path, device: str, batch: int, hack_rate: bool = True) -> int:
    meta = json.loads((run / "run.json").read_text())
    config = EvalConfig(suites=meta["suites"], samples=meta["samples"], limit=meta.get("limit", 0),
                        verify=VerifyConfig(device=device), hack_rate=hack_rate)
    out.mkdir(parents=True, exist_ok=True)
    judge = {"from": str(run), "verifier_version": VERIFIER_VERSION, "device": verifier_device(device)}
    _check_resumable(out, judge)
    atomic_write(out / "rejudged.json", json.dumps({**judge, "finished": False}, indent=2) + "\n")
    if (run / "rewrites.jsonl").is_file() and not (out / "rewrites.jsonl").is_file():
        shutil.copy(run / "rewrites.jsonl", out / "rewrites.jsonl")  # the same kept rewrites, not checked again
    items = {it.key: it for it in suite_items(config.suites, config.limit, out / "rewrites.jsonl",
                                              meta.get("prompt_trace", False))}
    log = RunLog(out / "runlog.jsonl")
    todo = [r for r in _answers(run) if (r["key"], r["sample"]) not in log.done]
    missing = sorted({r["key"] for r in todo if r["key"] not in items})
    if missing:
        raise SystemExit(f"{len(missing)} keys of the run log are in none of its suites: {missing[:5]}")
    with Verifier(VerifyConfig(device=device)) as verifier:
        for start in range(0, len(todo), batch):
            chunk = todo[start:start + batch]
            triples = [(items[r["key"]], r["sample"], Generation(r["text"], 0, r.get("tokens") or 0)) for r in chunk]
            score_batch(triples, verifier, config, log.append)  # each verdict kept as it arrives
            print(f"{len(log.done)}/{len(log.done) + len(todo) - start - len(chunk)} samples judged", flush=True)
    # run.json as the eval wrote it, so `autotriton eval --out OUT_DIR` can add the samples the
    # first run never reached; where the samples were judged again is rejudged.json's.
    atomic_write(out / "run.json", json.dumps(meta, indent=2) + "\n")
    atomic_write(out / "rejudged.json", json.dumps({**judge, "finished": True}, indent=2) + "\n")
    return len(log.records)


def _check_resumable(out: Path, judge: dict) -> None:
    """Samples already in OUT_DIR are kept only when the same verifier, on the same device, judged
    them from the same run: a folder left by an older verifier once passed as finished and its
    marker was rewritten with the new version (session 36, run 24's log judged by verifier 26
    recorded as 28)."""
    if not (out / "runlog.jsonl").is_file() or not (out / "runlog.jsonl").stat().st_size:
        return
    marker = out / "rejudged.json"
    before = json.loads(marker.read_text()) if marker.is_file() else {}
    differs = {k: before.get(k) for k, v in judge.items() if before.get(k) != v}
    if differs:
        held = differs if marker.is_file() else "no rejudged.json"
        raise SystemExit(f"{out} holds samples judged with {held}, not {judge}: "
                         "give another --out, or remove that folder to judge them all again")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="an eval's output folder (run.json, runlog.jsonl)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--device", default="auto", choices=("auto", "cpu", "cuda"))
    parser.add_argument("--batch", type=int, default=64, help="samples verified per logged batch")
    parser.add_argument("--no-hack-rate", dest="hack_rate", action="store_false",
                        help="do not re-run rejected samples in a plain harness (the hack-rate column)")
    args = parser.parse_args()
    total = rejudge(args.run, args.out, args.device, args.batch, args.hack_rate)
    print(f"{total} samples in {args.out / 'runlog.jsonl'}")


if __name__ == "__main__":
    main()
