"""GRPO with AutoTriton's rule-based plus execution-based reward, on TRL's GRPOTrainer.

Rewards are the verifier's (autotriton/verify/rewards.py), in TRL's signature:
- `exec_reward` (weight `exec_weight`): AutoTriton's binary reward, 1 only for a
  rule-valid answer whose Triton kernel really launched and which passed every
  correctness trial. The rule part is what keeps RL from drifting back to
  PyTorch answers (the paper's ablation);
- `format_reward` (optional): a parseable python block defining ModelNew;
- `speedup_reward` (optional, GPU only): correct * min(speedup, 2) / 2;
- `plain_reward` in place of exec with `rule_reward: false`: the paper's
  ablation, paying whatever a plain allclose harness accepts.
One sandboxed verification per completion serves all three (RewardScorer's memo).

What the subclass adds to GRPOTrainer, and nothing else:
- per-step verifier metrics: correct, rule-pass, compiled, hack-flag and
  rule-violation rates, mean speedup of correct answers;
- the step time split into generation, reward and update;
- TritonRL's hierarchical reward (hrd.py) as (B, T) token-level advantages,
  which TRL's loss accepts from subclasses;
- groups whose completions all got the same reward taken out of the loss
  (`drop_uniform_groups`, DAPO's dynamic sampling without the resampling).

Generation is TRL's: HF generate, or colocated vLLM with `use_vllm`.
"""

from __future__ import annotations

import copy
import hashlib
import os
import time
from pathlib import Path

import torch
from trl import GRPOTrainer

from autotriton.train import hrd
from autotriton.train.rollout import pad_to_bucket
from autotriton.models.hf import load_tokenizer
from autotriton.train.common import (METRICS_FILE, JsonlLog, Policy, StopAfter, TrainResult, finish_run,
                                     last_checkpoint, load_trainable, precision, report_to,
                                     write_resolved_config)
from autotriton.config import ConfigError
from autotriton.train.config import RLSettings
from autotriton.verify.rewards import RewardScorer


class AutoTritonGRPOTrainer(GRPOTrainer):
    """GRPOTrainer plus a step-time split, dynamic sampling's uniform-group drop, the merged
    rollout copy and optional HRD advantages.

    On TRL's public surface: the verifier's metrics are logged by the reward functions through
    the `log_metric` TRL passes them (verify/rewards.py), generation is timed by wrapping the
    policy's `generate` (which TRL calls), and `training_step` is the Trainer's public hook. The
    one private method overridden is `_generate_and_score_completions`, because it is where
    advantages are made: HRD replaces them and the uniform-group drop masks their tokens; HRD
    also needs every reward function's gathered rewards, hence `HRDGRPOTrainer._calculate_rewards`.
    """

    def __init__(self, *args, scorer: RewardScorer, drop_uniform_groups: bool = True,
                 rollout_copy: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.scorer = scorer
        self.drop_uniform_groups = drop_uniform_groups
        self._rollout = self._rollout_copy() if rollout_copy else None
        # Synced before the first generation too: a resumed run loads its checkpoint into the policy
        # after this copy is made, and the copy kept the starting weights until the first optimizer
        # step. rl48 and rl48b (8-step calls) sampled the first generation of every call, 4 of each
        # 8 steps, from the SFT adapter: their logged rewards at steps 1, 9, 17 and 25 are the same.
        self._rollout_stale = self._rollout is not None
        policy = self.accelerator.unwrap_model(self.model)
        self._policy_generate = policy.generate
        policy.generate = self._timed_generate  # TRL calls the unwrapped policy's generate
        self._time_generate_s = 0.0
        self._time_step_s = 0.0
        self._reward_s_at_step_start = scorer.seconds

    def _rollout_copy(self):
        """A merged plain copy of the policy (train/rollout.py) that samples the rollouts; it is
        synced before the first generation after each optimizer step."""
        from autotriton.train.rollout import MergedCopy
        # bf16 on GPUs whatever the policy's dtype: an fp32 copy decoded 1,870 tok/s where a bf16
        # one did 5,746 (64 sequences, 768 + 1,024 tokens, H100; docs/PERFORMANCE.md). The small
        # difference in sampling is what vLLM's bf16 engine brings to TRL as well.
        cuda = self.accelerator.device.type == "cuda"
        return MergedCopy(self.accelerator.unwrap_model(self.model), dtype=torch.bfloat16 if cuda else None,
                          device=self.accelerator.device)

    def _timed_generate(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            if self._rollout is None:
                return self._policy_generate(*args, **kwargs)
            return self._rollout_generate(*args, **kwargs)
        finally:
            self._time_generate_s += time.perf_counter() - start

    def _rollout_generate(self, *args, generation_config=None, **kwargs):
        if self._rollout_stale:
            self._rollout.sync()
            self._rollout_stale = False
        if generation_config is None or self.accelerator.device.type != "cuda":
            return self._rollout.model.generate(*args, generation_config=generation_config, **kwargs)
        # TRL builds its config with disable_compile=True: without the compiled decode step a
        # static cache is no faster, which is why GRPOConfig's own static cache gained nothing.
        generation_config = copy.deepcopy(generation_config)
        generation_config.disable_compile = False
        generation_config.cache_implementation = "static"
        ids, mask, extra = pad_to_bucket(kwargs.pop("input_ids"), kwargs.pop("attention_mask"),
                                         self.processing_class.pad_token_id)
        out = self._rollout.model.generate(*args, input_ids=ids, attention_mask=mask,
                                           generation_config=generation_config, **kwargs)
        return out[:, extra:]  # TRL cuts the completion at its own prompt length

    def _generate_and_score_completions(self, inputs):
        out = super()._generate_and_score_completions(inputs)
        if self.model.training:
            uniform = self._uniform_rows(out["advantages"]) if self.drop_uniform_groups else None
            out = self._with_advantages(out)
            if uniform is not None:
                self._drop_rows(out, uniform)
        return out

    def _with_advantages(self, out):
        """Hook for HRD's token-level advantages; plain GRPO keeps TRL's."""
        return out

    def _uniform_rows(self, advantages: torch.Tensor) -> torch.Tensor:
        """(B,) True for this process's completions whose group got one reward for all: GRPO
        gives every member of such a group an advantage of exactly 0 (r - mean), and no member of
        a group that disagrees on a 0/1 reward sits at its mean. Groups are whole on a process
        (TRL's generation batch is a multiple of the group size per process)."""
        if advantages.numel() % self.num_generations:
            raise ConfigError(f"{advantages.numel()} completions on this process do not hold whole groups of "
                              f"{self.num_generations}: make rl.batch_size / processes a multiple of rl.group_size "
                              "or set rl.drop_uniform_groups: false")
        grouped = advantages.view(-1, self.num_generations)
        return (grouped == 0).all(dim=1).repeat_interleave(self.num_generations)

    def _drop_rows(self, out, uniform: torch.Tensor) -> None:
        """Take the uniform groups out of the loss (DAPO's dynamic sampling, without the
        resampling): they add no policy gradient, but their tokens still count in the loss's
        normaliser and dilute the step of the groups that do disagree. TRL logs their share as
        frac_reward_zero_std."""
        mask = out["completion_mask"]
        before = mask.sum()
        out["completion_mask"] = mask * (~uniform).unsqueeze(1).to(mask.dtype)
        loss_mask = out["completion_mask"] if out.get("tool_mask") is None else out["completion_mask"] * out["tool_mask"]
        out["num_items_in_batch"] = self.accelerator.gather(loss_mask.sum()).sum()
        self._metrics["train"]["rl/dropped_token_frac"].append(
            (1 - out["completion_mask"].sum() / before.clamp(min=1)).item())

    def training_step(self, model, inputs, num_items_in_batch):
        start = time.perf_counter()
        output = super().training_step(model, inputs, num_items_in_batch)
        self._time_step_s += time.perf_counter() - start
        if self._step % self.current_gradient_accumulation_steps == 0:  # an optimizer step ended
            reward_s = self.scorer.seconds - self._reward_s_at_step_start
            timings = {"time/generate_s": self._time_generate_s, "time/reward_s": reward_s,
                       "time/update_s": self._time_step_s - self._time_generate_s - reward_s,
                       "time/step_s": self._time_step_s}
            for key, value in timings.items():
                self._metrics["train"][key].append(value)
            self._rollout_stale = self._rollout is not None  # the policy moved: re-sync before sampling
            self._time_generate_s = self._time_step_s = 0.0
            self._reward_s_at_step_start = self.scorer.seconds
        return output


class HRDGRPOTrainer(AutoTritonGRPOTrainer):
    """TritonRL's hierarchical reward (hrd.py): correctness advantages on code tokens, alpha *
    speedup advantages on plan tokens. Needs every reward function's rewards gathered over
    processes, which only `_calculate_rewards` sees."""

    def __init__(self, *args, hrd_alpha: float, **kwargs):
        super().__init__(*args, **kwargs)
        self.hrd_alpha = hrd_alpha
        self._last_rewards: torch.Tensor | None = None  # (B_all, n_funcs)

    def _calculate_rewards(self, inputs, prompts, completions, completion_ids_list):
        self._last_rewards = super()._calculate_rewards(inputs, prompts, completions, completion_ids_list)
        return self._last_rewards

    def _with_advantages(self, out):
        """(B, T) advantages; groups may straddle processes, so rewards are normalised globally."""
        names = self.reward_func_names
        rewards = self._last_rewards
        a_code = hrd.group_advantages(rewards[:, names.index("exec_reward")], self.num_generations)
        a_plan = hrd.group_advantages(rewards[:, names.index("speedup_reward")], self.num_generations)
        n = out["completion_ids"].size(0)
        local = slice(self.accelerator.process_index * n, (self.accelerator.process_index + 1) * n)
        is_code = hrd.code_mask(out["completion_ids"], out["completion_mask"], self.processing_class)
        self._metrics["train"]["hrd/code_token_frac"].append(
            (is_code.float().sum() / out["completion_mask"].sum().clamp(min=1)).item())
        out["advantages"] = hrd.token_advantages(a_code[local], a_plan[local], is_code, self.hrd_alpha)
        return out


def load_rl_rows(data: Path, s: RLSettings):
    """RL prompts of a data build (prompt messages + task_source for the reward)."""
    import datasets
    path = data / "rl"
    if not path.is_dir():
        raise ConfigError(f"{data} has no rl/ dataset; build one with `autotriton data build -o {data}`")
    ds = datasets.load_from_disk(str(path))
    missing = {"prompt", "task_source", "task_id", "level"} - set(ds.column_names)
    if missing:
        raise ConfigError(f"{path} lacks columns {sorted(missing)}")
    ds = ds.filter(lambda row: row["level"] <= s.max_level)
    if s.max_prompts:
        ids = ds["task_id"]
        ds = ds.select(sorted(range(len(ds)), key=lambda i: _draw_key(s.seed, ids[i]))[:s.max_prompts])
    if len(ds) == 0:
        raise ConfigError(f"{path}: no RL prompts at level <= {s.max_level}")
    return ds.select_columns(["prompt", "task_source", "task_id"])


def _draw_key(seed: int, task_id: str) -> str:
    """Where a prompt falls in the draw of `max_prompts`: a hash of the seed and its id, so that
    one build's prompts are drawn alike wherever it is rebuilt, and a prompt added or dropped
    moves no other. A shuffle of positions drew 60 other prompts of 64 from the same data
    build rebuilt on another machine (its rows in another order or count; session 41)."""
    return hashlib.sha256(f"{seed}:{task_id}".encode()).hexdigest()


def select_rows(policy: Policy, rows, s: RLSettings, scorer: RewardScorer, out: Path, deadline: float | None = None):
    """The RL rows whose pass rate under `policy` is strictly inside (0, 1) (train/select.py), or
    None when the measurement stopped at `deadline` with rows left (the next run resumes it). The
    main process measures; the others then find every rate it measured in its file."""
    import json
    from accelerate import PartialState
    from autotriton.models.base import SamplingParams
    from autotriton.models.hf import HFBackend
    from autotriton.train import select
    params = SamplingParams(n=s.select_samples, temperature=s.temperature, top_p=s.top_p,
                            max_new_tokens=s.max_completion_length, seed=s.seed)
    state = PartialState()
    with state.main_process_first():
        rates = select.load_rates(out, params)
        todo = [row for row in rows if row["task_id"] not in rates]
        if todo and state.is_main_process:
            print(f"measuring the pass rate of {policy.spec} on {len(todo)} RL prompts "
                  f"({s.select_samples} samples each)", flush=True)
            # One rollout generate call's worth of completions per call (steps_per_generation x
            # batch_size): the batch the user sized for rollouts fits here too, and the rates are
            # saved after each call, so a cut run keeps them (one call of 256 prompts, 1,024
            # completions, ran past a device call's 10 minutes with nothing saved, H100). A fixed 32
            # took 280 s for 80 completions on an H100 and one step's 64 about 65 s for 16 prompts
            # (rl48, session 53): the 135M model's decode step costs about the same at 64 or 256
            # sequences, so a call of 256 rates four times the prompts for about the same sampling.
            per_call = s.batch_size * max(1, s.steps_per_generation)
            backend = HFBackend(str(policy.base), str(policy.adapter) if policy.adapter else None,
                                batch_size=per_call)
            try:
                rates.update(select.measure_pass_rates(
                    backend, scorer, todo, params, out,
                    progress=lambda done, total, sampled, judged, metrics: print(
                        f"  pass rates: {done}/{total} prompts (sampling {sampled:.0f} s, judging {judged:.0f} s; "
                        f"a verification {metrics.get('verify/seconds_mean', 0):.1f} s on average, "
                        f"{metrics.get('verify/seconds_max', 0):.0f} s at most)", flush=True),
                    prompts_per_batch=max(1, per_call // s.select_samples), deadline=deadline))
            finally:
                backend.close()
    left = sum(1 for row in rows if row["task_id"] not in rates)
    if left:
        print(f"pass-rate measurement paused at the time budget with {left} of {len(rows)} RL prompts left; "
              "re-run to continue", flush=True)
        return None
    mine = {row["task_id"]: rates[row["task_id"]] for row in rows}  # the file may hold other prompts too
    keep = select.informative(mine)
    summary = {"prompts": len(rows), "informative": len(keep), "samples": s.select_samples,
               "histogram": select.histogram(mine)}
    (out / "selection.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"RL prompts with a pass rate strictly between 0 and 1: {len(keep)}/{len(rows)} "
          f"(passed/samples: {summary['histogram']})", flush=True)
    if not keep:
        raise ConfigError(f"no RL prompt has a pass rate strictly between 0 and 1 under {policy.spec} "
                          f"({summary['histogram']}): every GRPO group would be uniform and carry no gradient. "
                          "Train SFT further, raise rl.temperature or rl.select_samples, or set "
                          "rl.select_samples: 0 to train on every prompt anyway")
    return rows.filter(lambda row: row["task_id"] in keep)


def fill_one_step(rows, prompts_per_step: int):
    """`rows` repeated until they fill at least one generate call's steps. TRL's loader drops an incomplete last
    batch, so 4 informative prompts with 8 per step gave a GRPO run of zero steps that reported
    itself finished (H100, 2026-11-24); repeating them is what DAPO's resampling would draw."""
    import datasets
    if len(rows) >= prompts_per_step:
        return rows
    copies = -(-prompts_per_step // len(rows))
    return datasets.concatenate_datasets([rows] * copies)


def reward_setup(s: RLSettings, scorer: RewardScorer) -> tuple[list, list[float]]:
    """Reward functions and their weights; exec (or, in the no-rule ablation, the plain harness's
    verdict) always first, logged even at weight 0."""
    funcs, weights = [scorer.exec_reward if s.rule_reward else scorer.plain_reward], [s.exec_weight]
    if s.format_weight:
        funcs.append(scorer.format_reward)
        weights.append(s.format_weight)
    if s.speedup_weight or s.hrd:
        funcs.append(scorer.speedup_reward)
        weights.append(s.speedup_weight)
    return funcs, weights


def make_scorer(s: RLSettings) -> RewardScorer:
    """The reward verifier; on a GPU rank it uses that rank's GPU only."""
    from dataclasses import replace

    from accelerate import PartialState
    from autotriton.verify.api import visible_gpu_ids
    state = PartialState()
    gpu_ids = None
    if state.device.type == "cuda" and s.verify.device != "cpu":
        ids = visible_gpu_ids()
        gpu_ids = [ids[state.local_process_index % len(ids)]] if ids else None
    timed = bool(s.speedup_weight or s.hrd)  # timing costs ~100 launches per answer: only when rewarded
    # Rollouts are never judged twice, so no cache; torch.compile's time is no part of any reward.
    return RewardScorer(replace(s.verify, time_it=timed, measure_compile=False, gpu_ids=gpu_ids, cache_dir=None))


def trainer_args(s: RLSettings, out: Path, world_size: int, n_funcs_weights: list[float],
                 loggers: list[str] | None = None):
    from trl import GRPOConfig
    cuda = torch.cuda.is_available()
    accum = s.batch_size // (s.micro_batch_size * world_size)
    return GRPOConfig(
        output_dir=str(out), learning_rate=s.learning_rate, max_steps=s.max_steps,
        per_device_train_batch_size=s.micro_batch_size, gradient_accumulation_steps=accum,
        steps_per_generation=s.steps_per_generation * accum,  # TRL counts micro-steps
        num_generations=s.group_size, max_completion_length=s.max_completion_length,
        temperature=s.temperature, top_p=s.top_p, top_k=0, beta=s.beta, reward_weights=n_funcs_weights,
        use_vllm=s.use_vllm, vllm_mode="colocate", gradient_checkpointing=s.gradient_checkpointing,
        lr_scheduler_type="constant",  # GRPO runs are short (9-30 steps): warmup would idle the first step at lr 0
        save_steps=s.save_steps, save_total_limit=2, logging_steps=s.logging_steps, report_to=report_to(loggers),
        seed=s.seed, use_cpu=not cuda, log_completions=False, disable_tqdm=False, **precision(cuda))


def _fsdp_version() -> int | None:
    """accelerate's FSDP version for this launch, None when FSDP is off."""
    from accelerate import PartialState
    from accelerate.utils import DistributedType
    if PartialState().distributed_type != DistributedType.FSDP:
        return None
    return int(os.environ.get("FSDP_VERSION", "1"))


def run_rl(policy: Policy, data: Path, s: RLSettings, out: Path, stop_after_s: float | None = None,
           loggers: list[str] | None = None) -> TrainResult:
    """Train (or resume) GRPO from `policy` (typically SFT's adapter) on the RL prompts of `data`."""
    from accelerate import PartialState

    start = time.monotonic()
    world = PartialState().num_processes
    if s.rollout_copy and s.use_vllm:
        raise ConfigError("rl.rollout_copy and rl.use_vllm are two rollout engines: choose one")
    if s.rollout_copy and _fsdp_version() == 1:
        # FSDP1 flattens parameters under renamed modules; the copy pairs weights by name (FSDP2 keeps names)
        raise ConfigError("rl.rollout_copy works with one process, DDP or FSDP2, not FSDP1 (fsdp_version: 2)")
    if s.use_vllm:
        import importlib.util
        if importlib.util.find_spec("vllm") is None:
            raise ConfigError("rl.use_vllm is set but vllm is not installed; set use_vllm: false")
    write_resolved_config(out, "rl", s, {"model": policy.spec, "data": str(data)})
    rows = load_rl_rows(data, s)
    scorer = make_scorer(s)
    stop = StopAfter(stop_after_s, every=s.steps_per_generation)  # a cut round's rollouts are lost
    try:
        if s.select_samples:
            # Before the trainable copy loads: the measuring copy is freed first (two 7B copies may not fit).
            rows = select_rows(policy, rows, s, scorer, out, stop.deadline)
            if rows is None:  # paused inside the measurement: no trainer was built, nothing to save
                return TrainResult("rl", out, policy, 0, False, time.monotonic() - start, None, out / METRICS_FILE,
                                   processes=world)
        rows = fill_one_step(rows, s.batch_size * s.steps_per_generation // s.group_size)
        tokenizer = load_tokenizer(policy.base, policy.adapter)  # left padding, for generation
        model = load_trainable(policy, full=policy.adapter is None)  # SFT's adapter continues, else every weight trains
        funcs, weights = reward_setup(s, scorer)
        common = dict(model=model, reward_funcs=funcs, args=trainer_args(s, out, world, weights, loggers), train_dataset=rows,
                      processing_class=tokenizer, callbacks=[JsonlLog(out / METRICS_FILE), stop], scorer=scorer,
                      drop_uniform_groups=s.drop_uniform_groups, rollout_copy=s.rollout_copy)
        trainer = HRDGRPOTrainer(**common, hrd_alpha=s.hrd_alpha) if s.hrd else AutoTritonGRPOTrainer(**common)
        output = trainer.train(resume_from_checkpoint=last_checkpoint(out))
    finally:
        scorer.close()
    return finish_run("rl", trainer, tokenizer, policy, out, stop, output, start, data)
