"""Data pipeline: harvest and compose PyTorch tasks, teachers that write Triton
solutions with reasoning, execution validation, decontamination and export."""
