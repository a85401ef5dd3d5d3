"""The pipeline's report: ablation tables (base / SFT / SFT+RL / SFT+RL w/o rule, one per
benchmark channel), training-prompt pass rates beside held-out exec, why samples failed,
exec gains with confidence intervals, training curves, HTML page.

Everything is read back from the stages' own outputs (DONE.json and runlog.jsonl of the evals,
metrics.jsonl, pass_rates.jsonl and selection.json of the trainers), so the report can be
rebuilt at any time with `autotriton pipeline --redo report`. Metrics are recomputed from the
run logs with this code, so a report rebuilt after a metric fix shows the fixed numbers.

    report/ablation.md   the tables, in the paper's layout, with provenance
    report/results.json  the same numbers, machine-readable
    report/*.png         verdicts (task x stage), error kinds per stage, speedups (GPU, where
                         something was correct), SFT loss, RL reward, verdict rates, KL and length
    report/index.html    all of it on one page (images inlined)

A figure with nothing to draw is left out and the report says why in one line.
"""

from __future__ import annotations

import datetime
import html
import json
from pathlib import Path

from autotriton.eval import verdicts
from autotriton.eval.report import NOT_RECORDED, PAGE_STYLE, VERSIONED, html_table, img_html, library_versions
from autotriton.rundir import read_jsonl  # a torn last line (a kill mid-write) is ignored

STAGE_ROWS = (("eval_base", "Base"), ("eval_sft", "SFT"), ("eval_rl", "SFT+RL"),
              ("eval_rl_norule", "SFT+RL w/o rule"))
# (before, after) stage pairs whose exec gain is reported with a confidence interval.
GAINS = (("eval_sft", "eval_rl"), ("eval_sft", "eval_rl_norule"), ("eval_base", "eval_sft"))
# RL runs and the eval stage that measured the policy each one trained.
RL_RUNS = (("rl", "SFT+RL", "eval_rl"), ("rl_norule", "SFT+RL w/o rule", "eval_rl_norule"))


def stage_records(out: Path) -> dict[str, list[dict]]:
    """{row label: run-log records} for the eval stages that finished."""
    return {label: read_jsonl(out / stage / "runlog.jsonl") for stage, label in STAGE_ROWS
            if (out / stage / "DONE.json").is_file()}


def stage_metrics(out: Path) -> dict[str, dict]:
    """{row label: {channel: ChannelMetrics dict}} for the eval stages that finished: recomputed
    from the run log where there is one (a stored figure may predate a metric fix, as fast1 "n/m"
    on a GPU did), else as the stage stored it."""
    from autotriton.eval.metrics import channel_metrics
    rows = {}
    for stage, label in STAGE_ROWS:
        done = out / stage / "DONE.json"
        if not done.is_file():
            continue
        stored = json.loads(done.read_text())["result"]["channels"]
        records = read_jsonl(out / stage / "runlog.jsonl")
        if not records:
            rows[label] = stored
            continue
        ks = sorted({int(k.split("@")[1]) for m in stored.values() for k in m["pass_at_k"]}) or [1]
        channels = sorted({r["channel"] for r in records})
        rows[label] = {c: channel_metrics(c, [r for r in records if r["channel"] == c], ks).to_dict() for c in channels}
    return rows


def _pct(value) -> str:
    return "n/m" if value is None else f"{value:.1f}"


def ablation_table(rows: dict[str, dict]) -> str:
    """One table per channel in the paper's layout (compiled / exec / fast1 / pass@k), one row per
    stage, with rule violations, hack rate and the sample count that sets the uncertainty."""
    channels = sorted({c for chans in rows.values() for c in chans})
    parts = []
    for channel in channels:
        ks = sorted({k for chans in rows.values() for k in (chans.get(channel) or {}).get("pass_at_k", {})},
                    key=lambda k: int(k.split("@")[1]))
        head = ["model", "compiled %", "exec %", "fast1 %", *ks, "rule violations", "hack rate %", "tasks", "samples"]
        lines = [f"**{channel}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for label, chans in rows.items():
            m = chans.get(channel)
            if m is None:
                continue
            cells = [label, _pct(m["compiled_pct"]), _pct(m["exec_pct"]), _pct(m["fast1_pct"]),
                     *(_pct(m["pass_at_k"].get(k)) for k in ks), str(m["rule_violations"]),
                     _pct(m["hack_rate_pct"]), str(m["tasks"]), str(m["samples"])]
            lines.append("| " + " | ".join(cells) + " |")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def gains(out: Path) -> list[dict]:
    """Exec gain between stage pairs per channel, with a paired-bootstrap 95% interval over tasks."""
    from autotriton.eval.metrics import paired_gain, verifier_mismatch
    labels = dict(STAGE_ROWS)
    found = []
    for before, after in GAINS:
        logs = [out / stage / "runlog.jsonl" for stage in (before, after)]
        if not all((out / stage / "DONE.json").is_file() and log.is_file()
                   for stage, log in zip((before, after), logs)):
            continue
        b, a = read_jsonl(logs[0]), read_jsonl(logs[1])
        mismatch = verifier_mismatch(b, a)
        if mismatch:
            found.append({"before": labels[before], "after": labels[after], "not_paired": mismatch})
            continue
        for channel in sorted({r["channel"] for r in a}):
            g = paired_gain(channel, [r for r in b if r["channel"] == channel], [r for r in a if r["channel"] == channel])
            if g is not None:
                found.append({"before": labels[before], "after": labels[after], **g.to_dict()})
    return found


def gains_table(found: list[dict]) -> str:
    if not found:
        return "No exec gains: fewer than two eval stages finished.\n"
    lines = ["| from | to | channel | tasks | exec before % | exec after % | gain (points) | 95% interval |",
             "|---|---|---|---|---|---|---|---|"]
    for g in found:
        if "not_paired" in g:
            lines.append(f"| {g['before']} | {g['after']} | every channel | | | | {g['not_paired']} | |")
            continue
        lines.append(f"| {g['before']} | {g['after']} | {g['channel']} | {g['tasks']} | {g['before_pct']:.1f} | "
                     f"{g['after_pct']:.1f} | {g['gain_pts']:+.1f} | [{g['low_pts']:+.1f}, {g['high_pts']:+.1f}] |")
    return "\n".join(lines) + "\n"


def step_time_split(rl_metrics: list[dict]) -> dict | None:
    """Mean seconds per RL step spent generating, scoring (reward) and updating, with shares."""
    rows = list({r["step"]: r for r in rl_metrics if "time/step_s" in r}.values())  # a resume may re-log a step
    if not rows:
        return None
    mean = {k: sum(r[f"time/{k}_s"] for r in rows) / len(rows) for k in ("generate", "reward", "update", "step")}
    total = mean["step"] or 1.0
    return {**{f"{k}_s": v for k, v in mean.items()},
            **{f"{k}_pct": 100 * mean[k] / total for k in ("generate", "reward", "update")}, "steps": len(rows)}


def _per_step(rows: list[dict], key: str) -> list[tuple[int, float]]:
    """(step, value) with the last value logged per step: a resumed run re-logs its last step."""
    return sorted({r["step"]: r[key] for r in rows if key in r and "step" in r}.items())


def _pooled_exec(channels: dict[str, dict]) -> tuple[float, int]:
    """Exec % over every judged sample of a stage, all channels together, and that sample count."""
    samples = sum(m["samples"] for m in channels.values())
    return (sum(m["exec_pct"] * m["samples"] for m in channels.values()) / samples if samples else 0.0), samples


def train_vs_heldout(out: Path, rows: dict[str, dict], completions_per_step: int) -> dict:
    """How often the policy is right on its training prompts, beside held-out exec. A policy right
    on training prompts and never on held-out ones has memorised its teacher, and GRPO groups on
    those prompts are uniform (no signal): the pattern issue 13 found, stated where it is seen.

    before_rl: the SFT policy's pass rate on every RL prompt (rl/pass_rates.jsonl, measured before GRPO);
    rollouts:  per RL run, `verify/correct_rate` of its rollouts per step (metrics.jsonl);
    heldout:   per eval stage, exec % over all judged samples."""
    rates = read_jsonl(out / "rl" / "pass_rates.jsonl")
    before = None
    if rates:
        selection = out / "rl" / "selection.json"
        informative = json.loads(selection.read_text()).get("informative") if selection.is_file() else None
        samples = sum(r["samples"] for r in rates)
        before = {"prompts": len(rates), "samples": samples, "informative_prompts": informative,
                  "correct_pct": 100 * sum(r["passed"] for r in rates) / samples}
    rollouts = []
    for folder, label, eval_stage in RL_RUNS:
        steps = _per_step(read_jsonl(out / folder / "metrics.jsonl"), "verify/correct_rate")
        if steps:
            values = [100 * v for _, v in steps]
            rollouts.append({"run": label, "eval_row": dict(STAGE_ROWS)[eval_stage], "steps": len(steps),
                             "first_step": steps[0][0], "last_step": steps[-1][0], "first_pct": values[0],
                             "last_pct": values[-1], "mean_pct": sum(values) / len(values),
                             "samples": len(steps) * completions_per_step})
    heldout = {}
    for label, channels in rows.items():
        pct, samples = _pooled_exec(channels)
        heldout[label] = {"exec_pct": pct, "samples": samples}
    return {"before_rl": before, "rollouts": rollouts, "heldout": heldout}


def train_vs_heldout_sentence(t: dict) -> str:
    """One sentence per RL run: 'rollouts on training prompts were correct X% of the time; held-out exec was Y%'."""
    parts = []
    for r in t["rollouts"]:
        held = t["heldout"].get(r["eval_row"])
        held_text = (f"held-out exec was {held['exec_pct']:.1f}% ({r['eval_row']} eval, {held['samples']} samples)"
                     if held else f"held-out exec was not measured yet (no {r['eval_row']} eval)")
        parts.append(f"{r['run']}: rollouts on training prompts were correct {r['mean_pct']:.1f}% of the time "
                     f"(mean over {r['steps']} steps: {r['first_pct']:.1f}% at step {r['first_step']}, "
                     f"{r['last_pct']:.1f}% at step {r['last_step']}); {held_text}.")
    b = t["before_rl"]
    if b:
        parts.append(f"Before RL, the SFT policy was correct on {b['correct_pct']:.1f}% of {b['samples']} samples "
                     f"of the {b['prompts']} RL prompts" + (f"; GRPO trained on the {b['informative_prompts']} whose "
                     "pass rate was strictly between 0 and 1." if b["informative_prompts"] is not None else "."))
    return " ".join(parts) or "No RL rollouts logged: the RL stage has not run, so there is no training-prompt rate."


def train_vs_heldout_table(t: dict) -> str:
    if not (t["before_rl"] or t["rollouts"] or t["heldout"]):
        return ""
    lines = ["| policy | measured on | samples | correct % |", "|---|---|---|---|"]
    b = t["before_rl"]
    if b:
        lines.append(f"| SFT, before RL | {b['prompts']} RL training prompts (rl/pass_rates.jsonl) | {b['samples']} | "
                     f"{b['correct_pct']:.1f} |")
    for r in t["rollouts"]:
        on = f"the {b['informative_prompts']} selected RL prompts" if b and b["informative_prompts"] else "RL prompts"
        lines.append(f"| {r['run']} rollouts | {on}, steps {r['first_step']}-{r['last_step']} "
                     f"(verify/correct_rate) | {r['samples']} | {r['mean_pct']:.1f} |")
    for label, h in t["heldout"].items():
        lines.append(f"| {label} | held-out eval (exec) | {h['samples']} | {h['exec_pct']:.1f} |")
    return "\n".join(lines) + "\n"


def _curve(ax, rows: list[dict], key: str, label: str, **style) -> bool:
    points = _per_step(rows, key)
    if points:
        ax.plot(*zip(*points), marker="o", markersize=3, label=label, **style)
    return bool(points)


def _finish(fig, ax, path: Path, title: str, handles=None, legend_x: float = 1.02) -> Path:
    """Title, legend right of the axes (never over a curve; `legend_x` clears a right-hand axis), save."""
    ax.set_xlabel("step")
    ax.set_title(title, fontsize=10)
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(legend_x, 1.0), fontsize=7, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    verdicts.pyplot().close(fig)
    return path


def _curves_png(path: Path, title: str, series: list[tuple[list[dict], str, str]], ylim=None) -> Path | None:
    """Curves of (rows, metric key, label); None when none of them was logged."""
    fig, ax = verdicts.pyplot().subplots(figsize=(7.5, 3.2))
    if not any([_curve(ax, rows, key, label) for rows, key, label in series]):
        verdicts.pyplot().close(fig)
        return None
    if ylim:
        ax.set_ylim(*ylim)
    return _finish(fig, ax, path, title)


def _kl_length_png(rl: list[dict], norule: list[dict], path: Path, beta: float | None) -> tuple[Path | None, str]:
    """KL (left axis) and mean completion length (right axis): on one axis a KL of 1e-3 is a flat
    line under lengths of ~700. KL is absent when beta = 0 (no reference model): the length is then
    drawn alone and the title says why."""
    logged = lambda key: any(_per_step(rows, key) for rows in (rl, norule))  # noqa: E731
    kl, length = logged("kl"), logged("completions/mean_length")
    if not kl and not length:
        return None, "RL KL and completion length: no RL step logged."
    fig, ax = verdicts.pyplot().subplots(figsize=(7.5, 3.2))
    for rows, label, c in ((rl, "KL", "C0"), (norule, "w/o rule: KL", "C9")):
        _curve(ax, rows, "kl", label, color=c)
    length_ax = ax.twinx() if kl and length else ax
    for rows, label, c in ((rl, "mean completion tokens", "C1"), (norule, "w/o rule: tokens", "C3")):
        _curve(length_ax, rows, "completions/mean_length", label, color=c, linestyle="--")
    ax.set_ylabel("KL to the start policy" if kl else "tokens")
    length_ax.set_ylabel("tokens" if length else "KL to the start policy")
    handles = ax.get_legend_handles_labels()[0] + (length_ax.get_legend_handles_labels()[0] if length_ax is not ax else [])
    title = "RL: KL to the start policy and completion length" if kl and length else (
        "RL: KL to the start policy" if kl else
        "RL: completion length\n(KL not logged" + (": beta = 0, no reference model)" if beta == 0 else ")"))
    return _finish(fig, ax, path, title, handles, legend_x=1.12 if length_ax is not ax else 1.02), ""


def plots(sft: list[dict], rl: list[dict], out: Path, norule: list[dict] | None = None,
          beta: float | None = None) -> tuple[list[Path], list[str]]:
    """SFT loss; RL reward, rollout verdict rates, KL and completion length; the no-rule run beside
    the main one where it ran. Returns the figures drawn and one line per figure left out (no data)."""
    norule = norule or []
    specs = [("sft_loss.png", "SFT loss", [(sft, "loss", "train loss"), (sft, "eval_loss", "held-out tasks")], None),
             ("rl_reward.png", "RL reward", [(rl, "reward", "total reward"),
                                              (rl, "rewards/exec_reward/mean", "exec reward"),
                                              (norule, "rewards/plain_reward/mean", "w/o rule: plain reward")], None),
             ("rl_correct.png", "RL rollouts on training prompts: verdict rates",
              [(rl, "verify/correct_rate", "correct"), (rl, "verify/rule_pass_rate", "rule pass"),
               (rl, "verify/hack_flag_rate", "hack flag"), (norule, "verify/correct_rate", "w/o rule: correct"),
               (norule, "verify/rule_pass_rate", "w/o rule: rule pass")], (0, 1))]
    paths, missing = [], []
    for name, title, series, ylim in specs:
        (out / name).unlink(missing_ok=True)  # a figure from an earlier build would outlive its data
        path = _curves_png(out / name, title, series, ylim)
        if path is None:
            missing.append(f"{title}: nothing logged (sft/ or rl/metrics.jsonl is empty or absent).")
        else:
            paths.append(path)
    (out / "rl_kl_length.png").unlink(missing_ok=True)
    path, why = _kl_length_png(rl, norule, out / "rl_kl_length.png", beta)
    paths += [path] if path else []
    missing += [why] if why else []
    return paths, missing


def local_provenance() -> dict:
    """Device and library versions of this process: recorded by every eval stage where it ran."""
    import torch
    device = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none (CPU)"
    return {"date": datetime.date.today().isoformat(), "device": device, **library_versions()}


def _versions_txt(out: Path) -> dict:
    """benchmarks/gpu_env.sh's record in the run folder: an nvidia-smi line (name, driver, memory),
    then 'python X torch Y triton Z transformers W'."""
    path = out / "versions.txt"
    if not path.is_file():
        return {}
    found = {}
    for line in path.read_text().splitlines():
        words = line.split()
        if words[:1] == ["python"] and len(words) % 2 == 0:
            found.update(zip(words[::2], words[1::2]))
        elif line.count(",") == 2 and not found:
            found["device"] = line.split(",")[0].strip()
    return found


def provenance(out: Path) -> dict:
    """Where the numbers were measured: the last finished eval stage's record, never the machine
    drawing the report. Its DONE.json provenance first; for stages from before that existed, the
    stage's results.json (torch, triton, python, device), then the run's versions.txt. A field
    that no record holds reads "not recorded"; with no eval finished, this process's own."""
    for stage, _ in reversed(STAGE_ROWS):
        done = out / stage / "DONE.json"
        if not done.is_file():
            continue
        record = json.loads(done.read_text())
        results = out / stage / "results.json"
        found = {**_versions_txt(out),
                 **(json.loads(results.read_text()).get("provenance", {}) if results.is_file() else {}),
                 **record["result"].get("provenance", {})}
        # the verifier's device; "gpu" is the key older stages used for the process's CUDA device
        device = record["result"].get("device") or found.get("device") or found.get("gpu")
        date = found.get("date") or datetime.date.fromtimestamp(record.get("finished", 0)).isoformat()
        return {"measured by": stage, "device": device or NOT_RECORDED, "date": date,
                **{k: found.get(k, NOT_RECORDED) for k in ("python", *VERSIONED)}, "run_dir": str(out)}
    return {"measured by": "no eval stage finished: this machine", **local_provenance(), "run_dir": str(out)}


def _tables_html(markdown: str) -> str:
    """Markdown tables and their bold captions / paragraphs as HTML."""
    out, block = [], []
    for line in markdown.splitlines() + [""]:
        if line.startswith("|"):
            block.append(line)
            continue
        if block:
            out.append(html_table("\n".join(block) + "\n"))
            block = []
        if line.strip():
            out.append(f"<p>{html.escape(line.strip('*'))}</p>")
    return "".join(out)


def _verdict_figures(records: dict[str, list[dict]], folder: Path) -> dict:
    """Error kinds per stage, per-task speedups (or why there are none) and the task x stage matrix;
    a figure with nothing to draw is None."""
    columns = {c: rs for label, stage_rs in records.items()
               for c, rs in verdicts.columns_by_sample(stage_rs, prefix=label).items()}
    pooled = [r for rs in records.values() for r in rs]
    counts = verdicts.kind_counts(records)
    for stale in ("kinds.png", "speedups.png", "verdicts.png"):  # an earlier build's figure would outlive its data
        (folder / stale).unlink(missing_ok=True)
    matrix = verdicts.build_matrix(columns) if pooled else None
    return {"counts": counts,
            "kinds": verdicts.kind_bars_png(counts, folder / "kinds.png", "Verdicts per stage (all channels)")
            if pooled else None,
            "kinds_md": verdicts.kind_table(counts, "model") if pooled else "No eval stage finished.\n",
            "speedups": verdicts.speedup_png(columns, folder / "speedups.png", "Per-task speedup of correct samples"),
            "no_speedup": verdicts.no_speedup_reason(pooled) if pooled else "No speedup figure: no eval stage finished.",
            "matrix": matrix,
            "matrix_png": verdicts.matrix_png(matrix, folder / "verdicts.png", "Verdict per task and stage")
            if matrix else None}


def _sections(tvh: dict, table: str, figures: dict, gain_md: str, split_line: str, curves: list[Path],
              missing: list[str]) -> list[tuple[str, str, str]]:
    """(title, Markdown, HTML) per report section, in page order: the Markdown file links the
    figures beside it, the page inlines them."""
    def fig(path: Path | None, fallback: str = "", css: str = "") -> tuple[str, str]:
        if path is None:
            return (f"{fallback}\n" if fallback else ""), (f"<p>{html.escape(fallback)}</p>" if fallback else "")
        return f"![{path.stem}]({path.name})\n", img_html(path).replace("<img", f'<img class="{css}"' if css else "<img")
    sentence, tvh_md = train_vs_heldout_sentence(tvh), train_vs_heldout_table(tvh)
    kinds, speed = fig(figures["kinds"]), fig(figures["speedups"], figures["no_speedup"])
    curve_figs = [fig(p, css="curve") for p in curves]
    m = figures["matrix"]
    matrix = fig(figures["matrix_png"], "No eval stage finished.")
    table = table or "No eval stage finished.\n"
    return [("Training prompts vs held-out", f"{sentence}\n\n{tvh_md}",
             f"<p>{html.escape(sentence)}</p>" + (html_table(tvh_md) if tvh_md else "")),
            ("Ablation", table, _tables_html(table)),
            ("Why samples failed", figures["kinds_md"] + "\n" + kinds[0],
             (html_table(figures["kinds_md"]) if m else "") + kinds[1]),
            ("Speedups", speed[0], speed[1]),
            ("Exec gains", f"{gain_md}\n{split_line}\n", _tables_html(gain_md) + f"<p>{html.escape(split_line)}</p>"),
            ("Training curves", "".join(md for md, _ in curve_figs) + "".join(f"\n{line}\n" for line in missing),
             "".join(h for _, h in curve_figs) + "".join(f"<p>{html.escape(line)}</p>" for line in missing)),
            ("Verdicts per task", matrix[0] + ("\n" + verdicts.matrix_markdown(m) if m else ""),
             matrix[1] + (verdicts.matrix_html(m) if m else ""))]


def context_line(rows: dict[str, dict], config) -> str:
    """One line under the ablation table when every stage scored 0 exec: why (the run is sized to
    finish on a CPU, `make demo`), and what the same recipe reached at GPU size, from the shipped
    adapter's own recorded eval (models/adapters/.../eval.json). A newcomer read the demo's zeros
    as "this does not work" (issue 33). Empty when some stage passed a task."""
    if not rows or any(m.get("exec_pct") for channels in rows.values() for m in channels.values()):
        return ""
    from autotriton.models.embedded import SHIPPED_ADAPTER
    line = (f"Every row is 0: this run is sized to finish on a CPU (SFT {config.sft.max_steps} steps, "
            f"GRPO {config.rl.max_steps} steps, {config.eval.max_new_tokens} new tokens per answer), far too "
            "little for the 135M model to learn to write kernels.")
    recorded = SHIPPED_ADAPTER / "eval.json"
    if not recorded.is_file():
        return line
    shipped = json.loads(recorded.read_text())
    scores = ", ".join(f"{c} {m['exec_pct']:.1f}% of {m['tasks']}" for c, m in sorted(shipped["channels"].items())
                       if not c.endswith("/rewritten"))
    return (f"{line} The same recipe at GPU size trained the shipped `embedded:triton` adapter; its exec on "
            f"{shipped['device']} ({shipped['date']}, `{shipped['command']}`): {scores}.")


def judges_line(records: dict[str, list[dict]]) -> str:
    """One line under the ablation table where its rows were judged by different verifier versions
    (a stage finished in an earlier session keeps its verdicts): such rows are not comparable, as
    rl48's SFT row (judged before verifier 40) and its SFT+RL row (verifier 65) were not. Empty when
    one known version judged every row."""
    from autotriton.eval.metrics import judged_by, one_known_verifier
    versions = {label: judged_by(rs) for label, rs in records.items() if rs}
    if len(versions) < 2 or one_known_verifier(set().union(*versions.values())):
        return ""
    listed = "; ".join(f"{label} by verifier {'+'.join(sorted(v))}" for label, v in versions.items())
    return (f"Rows not known to be judged by one verifier ({listed}) are not comparable: judge them again "
            "(benchmarks/rejudge_runlog.py RUN/STAGE --out DIR) before reading one against another.")


def write_pipeline_report(out: Path, config) -> Path:
    from dataclasses import asdict
    folder = out / "report"
    folder.mkdir(parents=True, exist_ok=True)
    rows, records = stage_metrics(out), stage_records(out)
    sft, rl = read_jsonl(out / "sft" / "metrics.jsonl"), read_jsonl(out / "rl" / "metrics.jsonl")
    found, split, prov = gains(out), step_time_split(rl), provenance(out)
    gain_md = ("Exec gain between stages: paired bootstrap over tasks (4000 resamples), each task's "
               "exec rate over its samples; invalid tasks left out.\n\n" + gains_table(found))
    tvh = train_vs_heldout(out, rows, config.rl.batch_size)
    figures = _verdict_figures(records, folder)
    curves, missing = plots(sft, rl, folder, read_jsonl(out / "rl_norule" / "metrics.jsonl"), config.rl.beta)
    split_line = ("RL step time: " + ", ".join(f"{k} {split[k + '_s']:.1f} s ({split[k + '_pct']:.0f}%)"
                                               for k in ("generate", "reward", "update"))
                  + f", over {split['steps']} steps") if split else "RL step time: no steps logged"
    prov_line = ", ".join(f"{k}: {v}" for k, v in prov.items())
    (folder / "results.json").write_text(json.dumps(
        {"provenance": prov, "stages": rows, "train_vs_heldout": tvh, "error_kinds": figures["counts"],
         "gains": found, "rl_step_time": split, "config": asdict(config)}, indent=2) + "\n")
    context = context_line(rows, config)
    judges = judges_line(records)
    table = ablation_table(rows) + "".join(f"\n{line}\n" for line in (context, judges) if line)
    sections = _sections(tvh, table, figures, gain_md, split_line, curves, missing)
    (folder / "ablation.md").write_text(f"# AutoTriton pipeline: ablation\n\n{prov_line}\n\n"
                                        + "".join(f"## {title}\n\n{md}\n" for title, md, _ in sections))
    page = (f"<!doctype html><meta charset=utf-8><title>AutoTriton pipeline</title><style>{PAGE_STYLE}"
            "img.curve{max-width:49%}</style><h1>AutoTriton pipeline</h1>"
            f"<p>{html.escape(prov_line)}</p>" + "".join(f"<h2>{title}</h2>{body}" for title, _, body in sections)
            + "<p>exec % = answers that passed rules, launched a Triton kernel and every correctness trial. "
            "fast1 % = exec and faster than PyTorch eager (n/m on CPU, which does not time). "
            "Hack rate = answers a plain allclose harness accepts but this verifier rejects. "
            "Hover a verdict for its error message.</p>")
    (folder / "index.html").write_text(page)
    return folder / "index.html"
