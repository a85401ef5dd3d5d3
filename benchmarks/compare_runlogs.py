"""Two eval run logs compared on the prompts both answered: per-channel compiled / exec / rule
violations for each, and the paired-bootstrap exec gain of the second over the first.

For an eval that stopped part-way (a device session's time ran out): its run log keeps every
finished batch, and this compares it with the other model on exactly those prompts.

    python benchmarks/compare_runlogs.py BEFORE/runlog.jsonl AFTER/runlog.jsonl [--names SFT SFT+RL]
        [--token-cap 2048] [--drop KEY ...] [--also-before LOG ...] [--also-after LOG ...]

`--token-cap N` judges both logs at one generation budget: a sample that used more than N new
tokens counts as an answer cut there (no code: not compiled, not correct). A run generated with a
larger budget than its baseline is then compared on equal terms.

`--drop KEY ...` leaves those prompts out of both logs: prompts the two runs were not shown alike
(a training-seed replicate evaluated with a newer op listing, which renders 10 of the 150 dev and
held-out prompts differently from the one its baseline saw; docs/results/ablation_h200_run25/RESUME.md).

`--also-before LOG ...` / `--also-after LOG ...` pool more runs of the same recipe into an arm (other
training seeds): each task's rate is then over every sample of every run, so the gain's interval
narrows by the seed-to-seed spread as well as the sampling (run 25's whole-task swings, session 36).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from autotriton.eval.metrics import channel_metrics, paired_gain, verifier_mismatch
from autotriton.rundir import read_jsonl


def capped(records: list[dict], cap: int | None) -> list[dict]:
    """`records` with every sample longer than `cap` new tokens failed, as the cut would leave it."""
    if cap is None:
        return records
    cut = {"parsed": False, "compiled": False, "correct": False, "speedup": None, "error_kind": "no_code"}
    return [{**r, "result": {**r["result"], **cut}, "naive_pass": False} if r.get("tokens", 0) > cap else r
            for r in records]


def pooled(logs: list[Path], cap: int | None, drop: set[str]) -> list[dict]:
    """The records of several run logs of one arm, each run's samples kept apart (`run/sample`)."""
    out = []
    for n, log in enumerate(logs):
        out += [{**r, "sample": f"{n}/{r['sample']}"} for r in capped(read_jsonl(log), cap) if r["key"] not in drop]
    return out


def compare(before: list[dict], after: list[dict], names: tuple[str, str]) -> str:
    """A markdown table over the prompts (run-log keys) both logs hold."""
    shared = {r["key"] for r in before} & {r["key"] for r in after}
    if not shared:
        raise SystemExit("the two run logs share no prompt")
    logs = {names[0]: [r for r in before if r["key"] in shared], names[1]: [r for r in after if r["key"] in shared]}
    lines = ["| channel | model | tasks | compiled % | exec % | rule violations |", "|---|---|---|---|---|---|"]
    gains = ["", "| channel | tasks | exec gain (points) | 95% interval |", "|---|---|---|---|"]
    for channel in sorted({r["channel"] for r in logs[names[0]]}):
        per = {n: [r for r in recs if r["channel"] == channel] for n, recs in logs.items()}
        for name, recs in per.items():
            m = channel_metrics(channel, recs, [1])
            lines.append(f"| {channel} | {name} | {m.tasks} | {m.compiled_pct:.1f} | {m.exec_pct:.1f} | "
                         f"{m.rule_violations} |")
        g = paired_gain(channel, per[names[0]], per[names[1]])
        if g is not None:
            gains.append(f"| {channel} | {g.tasks} | {g.gain_pts:+.1f} | [{g.low_pts:+.1f}, {g.high_pts:+.1f}] |")
    return "\n".join(lines + gains) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--names", nargs=2, default=("before", "after"))
    parser.add_argument("--token-cap", type=int, help="count samples longer than this many new tokens as cut")
    parser.add_argument("--drop", nargs="+", default=[], metavar="KEY", help="prompts (run-log keys) left out of both")
    parser.add_argument("--also-before", nargs="+", default=[], type=Path, metavar="LOG",
                        help="more run logs pooled into the first arm (other seeds of its recipe)")
    parser.add_argument("--also-after", nargs="+", default=[], type=Path, metavar="LOG",
                        help="more run logs pooled into the second arm")
    parser.add_argument("--any-verifier", action="store_true",
                        help="pair logs judged by different or unrecorded verifier versions (older logs record "
                             "none: their rejudged.json names it)")
    args = parser.parse_args()
    if args.token_cap is not None and args.token_cap < 1:
        parser.error("--token-cap must be >= 1")
    drop = set(args.drop)
    before, after = (pooled([first, *more], args.token_cap, drop)
                     for first, more in ((args.before, args.also_before), (args.after, args.also_after)))
    mismatch = verifier_mismatch(before, after)
    if mismatch and not args.any_verifier:
        raise SystemExit(f"{mismatch}, or pass --any-verifier where another record says they were")
    print(compare(before, after, tuple(args.names)), end="")


if __name__ == "__main__":
    main()
