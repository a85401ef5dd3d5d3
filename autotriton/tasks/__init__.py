"""Tasks: the KernelBench-style contract and the built-in suite."""

from autotriton.tasks.contract import ShapeSetting, Task, TaskError, task_from_source
from autotriton.tasks.suite import builtin_tasks, get_task, list_tasks, load_suite, load_task_file

__all__ = ["ShapeSetting", "Task", "TaskError", "builtin_tasks", "get_task", "list_tasks",
           "load_suite", "load_task_file", "task_from_source"]
