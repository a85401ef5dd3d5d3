"""`autotriton data harvest`: PyTorch modules from source trees, turned into tasks
(the AutoTriton paper's "collect PyTorch code").

`harvest(sources, out_dir)` walks each source (a directory, a .py file, or
`pkg:NAME` for an installed package such as `pkg:torch.nn` or
`pkg:transformers.models.llama`), finds every `nn.Module` subclass that has a
`forward`, and makes each one a self-contained task in the contract of
`autotriton/tasks/contract.py`:

1. scan (this process, AST only, executes nothing): copy the class with the
   helpers, constants and imports it uses from its file, transitively, with
   relative imports made absolute so they resolve against the installed package
   and docstrings dropped (they were most of a torch.nn class's text);
2. probe (a worker subprocess per file, CPU only): build the class with
   constructor arguments guessed from parameter names, annotations and defaults
   (a transformers `config` becomes the model's own Config class at tiny sizes),
   then try candidate inputs ((B, D), (B, T, D), (B, C, H, W), index tensors, ...)
   until forward runs;
3. validate (same worker): render the task, build it twice from fresh seeds
   exactly as the verifier does, keep it if both runs give identical finite
   tensors; run it in float64 too (else the task says REFERENCE_FP64 = False);
4. dedupe (this process) by `normalize.fingerprint` of the task source, so a
   class copied under another name (transformers' "Copied from" modules) is kept once.

The report counts what survives each filter: parses -> class found (public, has a
forward, copied source under MAX_TASK_CHARS) -> builds -> runs within the time limit
-> outputs are finite tensors -> deterministic -> unique, with a count per reject
reason and a few examples of each.

Out dir: `tasks/<id>.py`, `manifest.jsonl` (one line per kept task),
`progress.jsonl` (one line per finished source file; a rerun skips those),
`report.json`. Everything is written atomically or appended line by line.

Covered: files that do not parse; imports that fail; modules that need CUDA
(CUDA_VISIBLE_DEVICES="") or the network (sockets refused); hangs in Python code
(SIGALRM in the worker) and in native code or with signals blocked (the parent
kills the worker's process group and starts a new one for the file's remaining
classes); crashes, os._exit and sys.exit; random or NaN outputs (uninitialised
parameters read as NaN); non-tensor outputs; outputs that are just an input.

Measured on a shared 2-core CPU (torch 2.13.0+cpu, transformers 5.23.0, 2 workers,
time_limit_s=10): pkg:torch.nn, 136 files -> 123 tasks in 24-71 s (machine load);
llama + gpt2 + bert -> 37 tasks in 16 s; pkg:transformers.models with limit=150
reached 150 tasks after its first 20 model folders in 246 s. Most of the time is one
torch (+ transformers modeling) import per file, ~2 s and ~5 s.

Not covered: the worker is not a sandbox. Harvested code runs with the user's
file permissions, so harvest code you would import anyway. The socket patch is
Python-level, so C extensions can bypass it. Argument and input guesses are
heuristics: a module that takes other modules, strings or nested configs is
rejected (init_unresolved / init_failed), and inputs are at most a few tensors
of one shape.
"""

from autotriton.data.harvest.run import HarvestReport, harvest
from autotriton.data.harvest.scan import core_source, scan_file
from autotriton.data.harvest.sources import HarvestError, resolve_sources

__all__ = ["HarvestError", "HarvestReport", "core_source", "harvest", "resolve_sources", "scan_file"]
