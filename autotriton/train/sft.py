"""Supervised fine-tuning on verified (instruction, reasoning, Triton) pairs with TRL's SFTTrainer.

Input: the `sft/` dataset of `autotriton data build` (chat `messages`: system,
user, assistant). Each row is split into a prompt (system + user) and a
completion (the assistant turn), so SFTTrainer's completion-only loss puts
the loss on the assistant's reasoning and code alone.

Output directory:
    checkpoint-N/      resume points (re-running the same command continues)
    final/             the LoRA adapter (or full model) + tokenizer
    metrics.jsonl      loss, learning rate, grad norm per logging step; with sft.eval_tasks, the
                       held-out tasks' loss and token accuracy (eval_loss, eval_mean_token_accuracy)
    runs/              TensorBoard events (when tensorboard is installed)
    config.yaml        the resolved settings
    result.json        steps, wall time, final loss
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from autotriton.models.hf import load_tokenizer
from autotriton.train.common import (METRICS_FILE, JsonlLog, Policy, StopAfter, TrainResult, finish_run,
                                     last_checkpoint, load_trainable, precision, report_to,
                                     write_resolved_config)
from autotriton.config import ConfigError
from autotriton.train.config import SFTSettings


def load_sft_rows(data: Path, max_examples: int = 0):
    """The SFT split of a data build as prompt/completion rows."""
    import datasets
    path = data / "sft"
    if not path.is_dir():
        raise ConfigError(f"{data} has no sft/ dataset; build one with `autotriton data build -o {data}`")
    ds = datasets.load_from_disk(str(path))
    if "messages" not in ds.column_names:
        raise ConfigError(f"{path} has no `messages` column (columns: {ds.column_names})")
    if max_examples:
        ds = ds.select(range(min(max_examples, len(ds))))
    if len(ds) == 0:
        raise ConfigError(f"{path} is empty: no verified pairs to learn from")

    def split(row):
        messages = row["messages"]
        if messages[-1]["role"] != "assistant":
            raise ConfigError(f"{path}: row {row['task_id']} does not end with an assistant turn")
        return {"prompt": messages[:-1], "completion": messages[-1:]}

    return ds.map(split, remove_columns=[c for c in ds.column_names if c != "task_id"])


def drop_overlong(rows, tokenizer, max_length: int):
    """The rows whose whole conversation fits in `max_length` tokens. TRL cuts longer ones, and a
    cut answer has no end: 141 of 661 rows (a fifth; matmul answers run to 2,650 tokens) were cut at
    2048, and the model trained on them ran to the token limit on 82 of 222 benchmark prompts, most
    ending in a syntax error (docs/results/HISTORY.md). Dropping them is what a user would expect."""
    def fits(row) -> bool:
        text = tokenizer.apply_chat_template(row["prompt"] + row["completion"], tokenize=False)
        return len(tokenizer(text, add_special_tokens=False)["input_ids"]) <= max_length
    kept = rows.filter(fits)
    if len(kept) == 0:
        raise ConfigError(f"every SFT row is longer than sft.max_length={max_length} tokens; raise it")
    if len(kept) < len(rows):
        print(f"sft: left out {len(rows) - len(kept)} of {len(rows)} rows longer than sft.max_length="
              f"{max_length} tokens (a cut answer teaches the model not to finish)", flush=True)
    return kept


def eval_split(rows, n_tasks: int, seed: int):
    """(training rows, held-out rows or None): every row of `n_tasks` tasks drawn with `seed` is held
    out. By task, not by row: a build writes up to three kernel styles per task, and a held-out style
    whose sibling was trained on would measure recall, not generalisation."""
    if not n_tasks:
        return rows, None
    tasks = sorted(set(rows["task_id"]))
    if n_tasks >= len(tasks):
        raise ConfigError(f"sft.eval_tasks={n_tasks} leaves no task to train on (the data has {len(tasks)})")
    held = set(random.Random(seed).sample(tasks, n_tasks))
    return rows.filter(lambda r: r["task_id"] not in held), rows.filter(lambda r: r["task_id"] in held)


def lora_config(s: SFTSettings):
    from peft import LoraConfig
    # all-linear: q/k/v/o and the MLP (which holds 2/3 of SmolLM2's weights); QLoRA
    # (Dettmers et al. 2023) found adapting every linear layer needed to match full tuning.
    return LoraConfig(r=s.lora_r, lora_alpha=s.lora_alpha, lora_dropout=s.lora_dropout,
                      target_modules="all-linear", task_type="CAUSAL_LM")


def held_out_args(s: SFTSettings) -> dict:
    """SFTConfig's settings for the held-out loss: evaluated every eval_steps; with keep_best, the
    lowest-loss checkpoint is loaded back at the end (so final/ holds it)."""
    if not s.eval_tasks:
        return {}
    return dict(eval_strategy="steps", eval_steps=s.eval_steps, per_device_eval_batch_size=s.micro_batch_size,
                metric_for_best_model="eval_loss", greater_is_better=False, load_best_model_at_end=s.keep_best)


def trainer_args(s: SFTSettings, out: Path, world_size: int, loggers: list[str] | None = None):
    import torch
    from trl import SFTConfig
    return SFTConfig(**held_out_args(s),
        output_dir=str(out), learning_rate=s.learning_rate, num_train_epochs=s.epochs, max_steps=s.max_steps,
        per_device_train_batch_size=s.micro_batch_size,
        gradient_accumulation_steps=s.batch_size // (s.micro_batch_size * world_size),
        max_length=s.max_length, completion_only_loss=True, packing=False,
        lr_scheduler_type="cosine", warmup_steps=0.03,
        gradient_checkpointing=s.gradient_checkpointing, save_steps=s.save_steps, save_total_limit=2,
        logging_steps=s.logging_steps, logging_first_step=True, report_to=report_to(loggers), seed=s.seed,
        dataset_num_proc=None, use_cpu=not torch.cuda.is_available(), disable_tqdm=False,
        **precision(torch.cuda.is_available()))


def run_sft(policy: Policy, data: Path, s: SFTSettings, out: Path, stop_after_s: float | None = None,
            loggers: list[str] | None = None) -> TrainResult:
    """Train (or resume) SFT; returns where the trained policy is. `loggers`: TRL's report_to."""
    from accelerate import PartialState
    from trl import SFTTrainer

    start = time.monotonic()
    world = PartialState().num_processes
    write_resolved_config(out, "sft", s, {"model": policy.spec, "data": str(data)})
    rows = load_sft_rows(data, s.max_examples)
    tokenizer = load_tokenizer(policy.base, policy.adapter)
    tokenizer.padding_side = "right"  # training pads after the completion
    model = load_trainable(policy, full=not s.lora and policy.adapter is None)
    # A policy with an adapter continues it; otherwise LoRA starts a new one, or every weight trains.
    peft_config = lora_config(s) if s.lora and policy.adapter is None else None
    rows, held_out = eval_split(drop_overlong(rows, tokenizer, s.max_length), s.eval_tasks, s.seed)
    stop = StopAfter(stop_after_s)
    callbacks = [JsonlLog(out / METRICS_FILE), stop]
    if s.early_stop_patience:
        from transformers import EarlyStoppingCallback
        callbacks.append(EarlyStoppingCallback(early_stopping_patience=s.early_stop_patience))
    trainer = SFTTrainer(model=model, args=trainer_args(s, out, world, loggers), train_dataset=rows,
                         eval_dataset=held_out, processing_class=tokenizer, peft_config=peft_config,
                         callbacks=callbacks)
    output = trainer.train(resume_from_checkpoint=last_checkpoint(out))
    return finish_run("sft", trainer, tokenizer, policy, out, stop, output, start, data)
