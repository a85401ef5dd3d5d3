"""Static rule checks on candidate source: an AST walk over allow-lists, never regexes.

Candidates run in a process that also holds the harness, so every name they can
reach is a possible way out. Block-lists of bad names kept missing one
(`dataclasses.sys`, `typing.sys`, `torch.os`, `operator.attrgetter`,
`torch._C._DisableTorchDispatch`, a generator's `gi_frame`), so these rules list
what an honest Triton solution needs and reject the rest:

- imports: torch, torch.nn, triton, triton.language, math, libdevice; nothing else;
- names: no `__x` names, builtins from an allow-list only, never re-bound;
- attributes: nothing starting with `_` (bar `super().__init__`); every chain
  rooted at an import is resolved module by module against per-module allow-lists,
  and a module object is never used as a value; any other attribute whose name is
  a public attribute of torch.Tensor, nn.Module (and torch.nn's layers), Triton's
  kernel objects, or Python's frames/generators/code/tracebacks must be on the
  allow-list of its context;
- calls: allowed builtins, functions/classes/kernels of the module, lambdas and
  nested defs, module members on an allow-list, allowed tensor methods, methods
  of the module's own classes, and `kernel[grid](...)` launches, also through an
  attribute that holds only kernels (launched_kernels); nothing else (so an nn
  layer, a parameter or a stored callable is never called);
- `@triton.jit` bodies: tl/libdevice, local names, other kernels, numeric module
  constants and range/min/max/int/float/len (under TRITON_INTERPRET=1 a kernel
  body is plain Python, so it gets the same discipline);
- no state across forward calls: code other than `__init__` assigns no
  attributes or subscripts and mutates only containers/tensors it allocated;
- layout: no torch copy of a permuted/expanded view (`x.permute(...).contiguous()`
  is the permute task done by torch), and forward does not return a view of an input;
- classes: nn.Module (or a torch.nn layer, or an own class) as base, no
  metaclass, no special methods but `__init__`;
- module and class bodies: imports, defs, classes, docstrings and constants.

Strictness: `__init__` of ModelNew, and the functions/classes only it reaches,
may also build parameters (nn layers, nn.init, torch.randn ...). Everything else
(forward, other methods, helpers, module-level code, lambdas) is forward code.

Not covered (left to the run-time checks): tensor arithmetic through operators and
the builtins that dispatch to them (`a + b`, abs(t), round(t), sum(t): no static
typing), host reads through int()/float()/bool() of a tensor, state that a kernel
writes into a tensor allocated in `__init__` and reads back, an output that aliases
an input through a path the layout rule does not follow (a helper returning a view),
and layer objects reaching code through a container or a helper's parameter and
being called by something other than a call expression (the call rules forbid
calling parameters and locals).
"""

from __future__ import annotations

import ast
import builtins
import functools
import inspect
import math
import re
import textwrap
import types
from dataclasses import dataclass, field

import torch
import triton
import triton.runtime.autotuner
import triton.runtime.jit

from autotriton.tasks.contract import parse_source
from autotriton.verify.extract import readable_text

RULES: dict[str, str] = {
    "missing_modelnew": "the candidate must define class ModelNew",
    "no_triton_kernel": "at least one @triton.jit (or autotuned) kernel must be defined",
    "torch_compute": "forward and its helpers may only allocate, view and cast with torch "
    "(torch.empty/zeros/full..., .view/.reshape/.permute/.contiguous/.to...); torch math, "
    "tensor math methods, nn layer calls and host copies (.item, .tolist, .cpu) would do the work outside Triton",
    "matmul_operator": "the @ operator is a torch matmul (cuBLAS), not a Triton kernel",
    "try_except": "try/except lets a failing kernel fall back to torch or hide errors",
    "torch_compile": "torch.compile/Inductor/TorchScript/torch.ops generate or call non-candidate kernels",
    "forbidden_import": "only torch, torch.nn, torch.nn.functional (unused), typing (annotations), triton, "
    "triton.language, math and libdevice may be imported, "
    "at module level; anything else can reach os, sys, threads or numpy",
    "monkey_patch": "assigning attributes of imported modules can fake timing or results",
    "tensor_subclass": "tensor subclasses and __torch_function__ can defer or fake work",
    "io_access": "names and attributes starting with _, builtins outside the allow-list (getattr, eval, open, "
    "type, vars ...) and frame/code/generator attributes reach the interpreter and the harness",
    "references_model": "ModelNew must not use (or define) the task's reference Model",
    "module_attribute": "this triton/tl/math/libdevice attribute is not on the allow-list "
    "(kernels use tl.* and libdevice; launchers use triton.cdiv/next_power_of_2)",
    "module_value": "modules may only be used as `module.attribute`: passing, storing or re-binding one "
    "hides what is reached through it",
    "undefined_name": "every name must be defined or imported by the candidate itself",
    "mutable_state": "outside __init__, code may not assign attributes or subscripts, use global/nonlocal, "
    "or mutate containers/tensors it did not allocate itself: outputs must not be cached across calls",
    "class_definition": "classes subclass nn.Module (or a torch.nn layer, or an own class), use no metaclass, "
    "define no special methods but __init__, and ModelNew defines forward; `self` names only the instance",
    "decorator": "only @triton.jit/autotune/heuristics (with plain arguments), @staticmethod, @property "
    "and @torch.no_grad() are allowed; hooks and custom benchmark functions can fake results",
    "jit_body": "a @triton.jit body may only use tl.*/libdevice, its own locals and parameters, other "
    "@triton.jit functions, numeric module constants and range/min/max/int/float/len; "
    "write reductions as tl.sum(x, axis) rather than x.sum(axis)",
    "module_statement": "module and class bodies may only hold imports, defs, classes, docstrings and "
    "assignments of constants or triton.Config/tl.constexpr/math expressions",
    "forbidden_syntax": "async, await, yield, match and imports inside functions are not needed by kernels "
    "and only widen what the checks must follow",
    "too_complex": "the source is too deeply nested or too large to check",
    "device_query": "code may not ask which device it runs on (is_cuda, a device's .type or .index, devices "
    "compared with a torch.device or a device string, formatted or used as keys, torch.cuda.is_available/"
    "device_count, a kernel launch's return value) outside an assert that only asks: a CPU judge would run one "
    "side of the branch and a GPU the other; x.device may be passed as device=..., to .to() or to a function",
}


@dataclass(frozen=True)
class RuleViolation:
    rule: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: [{self.rule}] {self.message}"


def dotted_name(node: ast.AST) -> str | None:
    """`a.b.c` for a chain of Attributes ending in a Name, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


# ------------------------------------------------------------------ builtins

# The only builtins a candidate may name. Everything else (getattr, vars, type,
# object, open, eval, map, iter, next, id, dir, globals, __import__ ...) either
# reaches objects by string or walks to the harness.
ALLOWED_BUILTINS = frozenset({
    "range", "len", "enumerate", "zip", "reversed",  # loops over sizes and blocks
    "min", "max", "abs", "sum", "round", "divmod", "all", "any",  # size and block arithmetic
    "int", "float", "bool",  # size casts; float("inf") in kernels
    "tuple", "list", "dict", "set", "slice",  # shapes, grids, meta dicts
    "isinstance",  # input checks (isinstance(x, torch.Tensor))
    "super",  # super().__init__()
    "print",  # debugging; the sandbox caps output
    "staticmethod", "property",  # plain method decorators (classmethod would hand out the class)
    "ValueError", "RuntimeError", "TypeError", "NotImplementedError", "AssertionError",
    "IndexError", "KeyError",  # raising (there is no try, so nothing can catch them)
})
# Every builtin is unbindable: `len = self.lin` would turn len(x) into a layer call,
# and `if False: getattr = 1` must not make a later getattr look local.
BUILTIN_NAMES = frozenset(dir(builtins))
# Builtins a candidate may not name at all (the Inductor teacher renames arguments
# such as `input`; it uses BUILTIN_NAMES since no builtin name may be bound).
FORBIDDEN_BUILTINS = BUILTIN_NAMES - ALLOWED_BUILTINS
# Triton's frontend resolves these builtins in a kernel (code_generator.builtin_namespace);
# print/list/isinstance/getattr/hasattr are left out (not needed; getattr is a lookup by string).
JIT_BUILTINS = frozenset({"range", "min", "max", "int", "float", "len"})


# ------------------------------------------------------------------ modules

@dataclass(frozen=True)
class ModuleRule:
    """What a chain may reach through one module."""

    links: frozenset[str]  # attributes that are themselves allowed modules
    members: frozenset[str]  # non-module attributes allowed everywhere
    init_members: frozenset[str] = frozenset()  # allowed only in __init__-only code


def _public_members(module: types.ModuleType, triton_only: bool = False) -> frozenset[str]:
    """Public non-module attributes, read from the installed module. For Triton modules only
    what Triton defines (plus plain constants): triton/language/extra/__init__.py leaves its
    import loop's variables behind (module_finder, module_from_spec, spec), and those load os."""
    def own(value: object) -> bool:
        return isinstance(value, (int, float, bool, str)) or str(getattr(value, "__module__", "")).startswith("triton.")

    return frozenset(k for k, v in vars(module).items() if not k.startswith("_")
                     and not isinstance(v, types.ModuleType) and (not triton_only or own(v)))


TORCH_DTYPES = frozenset(k for k, v in vars(torch).items() if isinstance(v, torch.dtype))
NN_LAYERS = frozenset(k for k, v in vars(torch.nn).items() if isinstance(v, type)
                      and issubclass(v, torch.nn.Module) and not k.startswith("_"))
NN_INIT_FUNCTIONS = frozenset(k for k, v in vars(torch.nn.init).items()
                              if inspect.isfunction(v) and v.__module__ == "torch.nn.init" and not k.startswith("_"))

TORCH_RULE = ModuleRule(
    links=frozenset({"nn", "cuda"}),
    members=TORCH_DTYPES | {  # dtype constants (torch.float32 ...)
        "Tensor", "Size", "device", "dtype",  # annotations and isinstance checks
        "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like",
        "full", "full_like",  # allocating outputs and scratch buffers
        "no_grad", "inference_mode",  # context managers / decorators that change nothing numerically
        "finfo", "iinfo", "is_tensor", "is_floating_point", "get_default_dtype", "promote_types",  # queries
        # The two memory formats that change no layout (an allocation's `memory_format=`: refused
        # honest code in the outside pass on verifier 87); channels_last would have torch permute.
        "contiguous_format", "preserve_format",
    },
    # Parameter construction, reproducing the reference's __init__ (same RNG order).
    init_members=frozenset({"randn", "rand", "randint", "randn_like", "rand_like", "tensor", "arange",
                            "linspace", "eye"}),
)
NN_RULE = ModuleRule(
    links=frozenset({"init"}),
    members=frozenset({"Module"}),  # the base class, annotations
    # Layers are built only to own the same parameters as the reference; calling them is torch compute.
    init_members=NN_LAYERS | {"Parameter", "ParameterList", "ParameterDict"},
)
CUDA_RULE = ModuleRule(
    links=frozenset(),
    # Device queries for tuning (SM count, capability); streams, events and synchronize are out:
    # work on a side stream escapes the timing.
    members=frozenset({"is_available", "current_device", "get_device_properties", "get_device_capability",
                       "device_count"}),
)
TRITON_RULE = ModuleRule(
    links=frozenset({"language"}),
    members=frozenset({"jit", "autotune", "heuristics", "Config",  # kernel definition
                       "cdiv", "next_power_of_2"}),  # grid and block arithmetic
)


def _module_rules() -> dict[str, ModuleRule]:
    """Allow-lists per module path. The Triton ones come from the installed version, but a
    link is allowed only where listed: tl.core, tl.standard, tl.extra.pkgutil ... lead on to
    sys/os and stay closed."""
    import importlib

    rules = {"torch": TORCH_RULE, "torch.nn": NN_RULE, "torch.cuda": CUDA_RULE,
             "torch.nn.init": ModuleRule(frozenset(), frozenset(), NN_INIT_FUNCTIONS),
             "triton": TRITON_RULE, "math": ModuleRule(frozenset(), _public_members(math)),
             # Imported by habit and often left unused (outside red team, ninth pass, 2026-11-29):
             # the import is allowed, every use of one of its functions is not (torch compute).
             "torch.nn.functional": ModuleRule(frozenset(), frozenset()),
             # Annotations only: no cast, get_type_hints (it evaluates strings) or TYPE_CHECKING.
             "typing": ModuleRule(frozenset(), frozenset({"Optional", "List", "Tuple", "Dict", "Union", "Any",
                                                          "Sequence"})),
             # A host-side TMA descriptor (base tensor, shape, strides, block shape) for Hopper's bulk
             # copies: a kernel reads and writes through it, bounds-checked in the interpreter as any
             # load. The device-side kind needs triton.set_allocator(), candidate code the launcher calls
             # inside each launch, which stays out (outside pass on verifier 78: no TMA answer could pass).
             "triton.tools.tensor_descriptor": ModuleRule(frozenset(), frozenset({"TensorDescriptor"}))}
    triton_links = {"triton.language": ("math", "extra"), "triton.language.math": (),
                    "triton.language.extra": ("libdevice", "cuda"), "triton.language.extra.libdevice": (),
                    "triton.language.extra.cuda": ("libdevice",), "triton.language.extra.cuda.libdevice": ()}
    modules = {}
    for path in triton_links:
        try:
            modules[path] = importlib.import_module(path)
        except ImportError:  # a libdevice path missing from this Triton version: simply not allowed
            continue
    for path, module in modules.items():
        # Links are checked after every path is imported: tl.extra.libdevice is only set once imported.
        links = frozenset(a for a in triton_links[path] if f"{path}.{a}" in modules)
        rules[path] = ModuleRule(links, _public_members(module, triton_only=True))
    return rules


MODULE_RULES = _module_rules()
# Static constructors of allowed library classes, called on the class: a host TMA descriptor made
# from its tensor's own shape and strides (`TensorDescriptor.from_tensor(t, block_shape)`, the form
# Triton's tutorials use) was a torch_compute violation while the four-list constructor passed.
LIBRARY_CLASS_METHODS = {"triton.tools.tensor_descriptor.TensorDescriptor": frozenset({"from_tensor"})}
INIT_ONLY_MODULES = frozenset({"torch.nn.init"})
ALLOWED_IMPORTS = frozenset({"torch", "torch.nn", "torch.nn.functional", "typing", "triton", "triton.language", "math",
                             "triton.language.math", "triton.language.extra.libdevice",
                             "triton.language.extra.cuda.libdevice", "triton.tools.tensor_descriptor"}) & frozenset(MODULE_RULES)
# Chains that generate or call kernels the candidate did not write.
COMPILER_PATHS = ("torch.compile", "torch._dynamo", "torch._inductor", "torch.jit", "torch.fx", "torch.export",
                  "torch.ops", "torch.library", "torch.utils.cpp_extension", "triton.compile")
# Calls allowed in module/class-level constants (autotune config lists, block sizes).
CONSTANT_CALLS = frozenset({"triton.Config", "triton.language.constexpr", "triton.cdiv", "triton.next_power_of_2",
                            "torch.finfo", "torch.iinfo"})
# Calls that allocate a fresh tensor: only those may be filled in place outside __init__.
ALLOCATIONS = frozenset(f"torch.{n}" for n in ("empty", "empty_like", "empty_strided", "zeros", "zeros_like",
                                                "ones", "ones_like", "full", "full_like"))
KERNEL_DECORATORS = frozenset({"triton.jit", "triton.autotune", "triton.heuristics"})
# Keyword arguments of the kernel decorators and triton.Config, and the most positional
# arguments: pre_hook/post_hook/prune_configs_by/do_bench/launch_metadata/repr run candidate
# callables inside the harness's timing, so they are out.
DECORATOR_ARGS: dict[str, tuple[int, frozenset[str]]] = {
    "triton.jit": (1, frozenset({"do_not_specialize", "do_not_specialize_on_alignment", "debug", "noinline"})),
    "triton.autotune": (2, frozenset({"configs", "key", "reset_to_zero", "restore_value", "warmup", "rep"})),
    "triton.heuristics": (1, frozenset({"values"})),
    "triton.Config": (5, frozenset({"kwargs", "num_warps", "num_stages", "num_ctas", "maxnreg"})),
}


# ------------------------------------------------------------------ attributes

def _public(*objs: object) -> frozenset[str]:
    return frozenset(k for o in objs for k in dir(o) if not k.startswith("_"))


TENSOR_ATTRS = _public(torch.Tensor)
NN_MODULE_ATTRS = _public(torch.nn.Module, *(getattr(torch.nn, n) for n in NN_LAYERS)) | {"training"}
# Objects whose public attributes lead to frames, code, globals or Triton's launch
# machinery: a generator's gi_frame.f_back reaches the harness without any import.
_JIT_INSTANCE_ATTRS = frozenset({
    # set in JITFunction/InterpretedFunction/Autotuner/Heuristics.__init__ (triton 3.9), not in dir()
    "fn", "arg_names", "constexprs", "params", "src", "raw_src", "hash", "module", "kernel", "device_caches",
    "pre_run_hooks", "used_global_vals", "signature", "base_fn", "cache", "configs", "keys", "do_bench",
    "early_config_prune", "perf_model", "pre_hook", "post_hook", "user_defined_pre_hook",
    "user_defined_post_hook", "restore_copies", "rewritten_fn", "rewriter", "kwargs", "values",
    # and these: a kernel held in an attribute is reachable as `self.kernel`, and a store rooted at
    # self is allowed in __init__ (`self.kernel.launch_metadata = hook` patched the module's kernel)
    "debug", "noinline", "do_not_specialize", "do_not_specialize_on_alignment", "launch_metadata", "version",
    "starting_line_number", "def_file_line_number", "def_file_col_number", "file_name", "cache_results",
    "configs_top_k", "num_reps", "num_warmups", "reset_to_zero", "restore_value", "use_cuda_graph",
})
# A tensor's data attributes (grad_fn, grad, data, T...): never read as a path through a submodule,
# though an __init__ may set the same name: `self.grad_fn = None` in one class let
# `self.anchor.grad_fn.metadata` keep a call count out of the judge's sight (outside pass, session 68).
TENSOR_PROPERTIES = frozenset(n for n in TENSOR_ATTRS if not callable(getattr(torch.Tensor, n, None)))
@functools.cache
def class_source_names(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """(the names `cls`'s own class body binds to a value, the attributes its own code sets on
    `self`), read from its source; both empty where there is none (a C type). A bare annotation
    (`in_features: int`) binds nothing."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return frozenset(), frozenset()
    body: set[str] = set()
    if tree.body and isinstance(tree.body[0], ast.ClassDef):
        for stmt in tree.body[0].body:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else \
                [stmt.target] if isinstance(stmt, ast.AnnAssign) and stmt.value is not None else []
            body |= {t.id for t in targets if isinstance(t, ast.Name)}
    stores = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load)
              and isinstance(n.value, ast.Name) and n.value.id == "self"}
    return frozenset(body), frozenset(stores)


def _triton_self_attrs() -> frozenset[str]:
    """The public attributes Triton's callables set on themselves (read from their classes'
    source, so for the Triton installed): the held-state walk leaves them to Triton, as its caches.
    `self.k.bench_time = torch.zeros(8)` on a one-config autotuner, which never sets it, kept a call
    count out of that walk's sight (outside pass on verifier 81)."""
    from triton.runtime import autotuner, jit
    callables = (jit.JITFunction, autotuner.Autotuner, autotuner.Heuristics, jit.KernelInterface,
                 getattr(jit, "JITCallable", jit.KernelInterface))
    names = {n for cls in callables for klass in cls.__mro__[:-1] for n in class_source_names(klass)[1]}
    return frozenset(n for n in names if not n.startswith("_"))


ESCAPE_ATTRS = (_public(types.FunctionType, types.MethodType, types.GeneratorType, types.CoroutineType,
                        types.AsyncGeneratorType, types.FrameType, types.CodeType, types.TracebackType, type,
                        BaseException, property, types.CellType)
                | _public(triton.runtime.jit.JITFunction, triton.runtime.autotuner.Autotuner,
                          triton.runtime.autotuner.Heuristics, triton.Config)
                | _JIT_INSTANCE_ATTRS | _triton_self_attrs() | {"format", "format_map", "all_kwargs"}) - {"replace", "args"}
# str.replace and exception .args lead nowhere; everything else above is closed.
KNOWN_ATTRS = TENSOR_ATTRS | NN_MODULE_ATTRS | ESCAPE_ATTRS

# Not storage_offset: the CPU judge fences every input inside a larger buffer, so a kernel that did
# half the work at offset 0 (a fresh tensor) passed (outside red team, fourteenth pass, 2026-11-29).
TENSOR_QUERIES = frozenset({"shape", "ndim", "dtype", "device", "size", "stride", "dim", "numel", "nelement",
                            "element_size", "itemsize", "is_contiguous", "is_cuda", "is_floating_point",
                            "is_complex"})
# Views and layout copies: what makes a tensor usable as a kernel argument. as_strided apart
# (TENSOR_RESTRIDES).
TENSOR_VIEWS = frozenset({"view", "view_as", "reshape", "reshape_as", "permute", "transpose", "t", "T", "mT",
                          "unsqueeze", "squeeze", "flatten", "unflatten", "expand", "expand_as", "narrow",
                          "select", "contiguous", "unbind", "split", "chunk", "movedim",
                          "swapaxes", "swapdims", "detach"})
TENSOR_ALLOCS = frozenset({"new_empty", "new_zeros", "new_ones", "new_full", "new_empty_strided"})
# Casting inputs before a launch is layout preparation (index dtypes, half inputs);
# a precision downgrade still has to pass the tolerance.
TENSOR_CASTS = frozenset({"to", "float", "half", "bfloat16", "double", "int", "long"})
# Zeroing an accumulator for atomics; rule 7 limits it to tensors the function allocated.
TENSOR_FILLS = frozenset({"fill_", "zero_"})
# Views whose offset is absolute in the storage, allowed only on a tensor the function allocated
# (Inductor's wrappers view their own buffers so): on an input, `x.as_strided((1,), (1,), 0)` read
# the CPU judge's NaN fence before it in every trial and x[0] itself in use, and a relu skipping
# half its blocks and a matmul over half of K passed (outside red team, fifteenth pass, 2026-11-30).
TENSOR_RESTRIDES = frozenset({"as_strided"})
CONTAINER_READS = frozenset({"items", "keys", "values", "get", "index", "count", "copy"})
# Mutating container methods: allowed outside __init__ only on containers built in the same function.
CONTAINER_MUTATORS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update",
                                "setdefault", "add", "discard", "sort", "reverse", "intersection_update",
                                "difference_update", "symmetric_difference_update"})
PLAIN_METHODS = frozenset({"bit_length", "join", "startswith", "endswith"})  # int/str helpers in launchers
# Module flags a forward branches on: BatchNorm/Dropout use batch statistics in training mode and
# running ones in eval mode (an honest BatchNorm answer needs `self.training`; read-only, no compute).
MODULE_FLAGS = frozenset({"training"})
FORWARD_ATTRS = (TENSOR_QUERIES | TENSOR_VIEWS | TENSOR_ALLOCS | TENSOR_CASTS | TENSOR_FILLS | TENSOR_RESTRIDES
                 | CONTAINER_READS
                 | CONTAINER_MUTATORS | PLAIN_METHODS | MODULE_FLAGS)
# __init__-only code initialises parameters in place (mul_ scales an initialisation) and
# registers buffers; harvested references end their __init__ with self.eval() (dropout
# off), which the copy must repeat. No other math: __init__ could precompute an output
# for inputs it guesses.
INIT_ATTRS = FORWARD_ATTRS | {"data", "clone", "copy_", "normal_", "uniform_", "mul_", "requires_grad_",
                              "register_buffer", "register_parameter", "reset_parameters", "eval"}
# Attributes whose meaning is fixed by the receiver: x.device.type, torch.finfo(t).max.
DEVICE_ATTRS = frozenset({"type", "index"})
FINFO_ATTRS = _public(torch.finfo, torch.iinfo)
# Inside a kernel: tl.tensor casts/views and dtype queries. Method forms of math
# (x.sum(), x.exp()) are left out because a torch tensor smuggled in through a
# constexpr argument would run them as torch compute under the interpreter.
JIT_ATTRS = frozenset({"to", "dtype", "element_ty", "shape", "broadcast_to", "reshape", "trans", "T",
                       "expand_dims", "permute", "ravel", "cast", "primitive_bitwidth", "scalar", "value",
                       "is_floating", "is_int", "is_int_signed", "is_int_unsigned", "is_fp16", "is_bf16",
                       "is_fp32", "is_fp64", "is_ptr", "is_block", "is_bool"})


def _nan_mode(node: ast.Attribute, module_of) -> bool:
    """`tl.PropagateNan.ALL` or `.NONE`, the values tl.maximum's and tl.minimum's propagate_nan takes
    (an honest kernel passing it was a jit_body violation: outside pass on verifier 59, session 57)."""
    enum = node.value
    return (node.attr in ("ALL", "NONE") and isinstance(enum, ast.Attribute) and enum.attr == "PropagateNan"
            and module_of(enum.value) == "triton.language")


# ------------------------------------------------------------------ module facts


@dataclass
class _Module:
    """Facts about the candidate module that the rule walk needs."""

    tree: ast.Module
    aliases: dict[str, str] = field(default_factory=dict)  # local name -> dotted import path
    module_aliases: set[str] = field(default_factory=set)  # aliases bound to a module object
    functions: dict[str, ast.FunctionDef] = field(default_factory=dict)
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)
    kernels: set[str] = field(default_factory=set)
    constants: dict[str, list[ast.expr]] = field(default_factory=dict)  # module-level name -> values
    methods: set[str] = field(default_factory=set)  # method names of the module's classes
    self_args: set[int] = field(default_factory=set)  # ids of the `self` parameters of methods
    bound: set[str] = field(default_factory=set)  # every name bound anywhere
    module_bound: set[str] = field(default_factory=set)  # names bound at module level
    class_bound: set[str] = field(default_factory=set)  # names bound directly in class bodies
    init_only: set[int] = field(default_factory=set)  # ids of defs checked as __init__ code
    own_private: set[str] = field(default_factory=set)  # `self._x` the classes set in __init__ or define
    strict_units: list[ast.AST] = field(default_factory=list)  # code that runs at forward time or import
    launchable: set[str] = field(default_factory=set)  # kernels whose name is bound by their def alone
    held: dict[str, frozenset[str]] = field(default_factory=dict)  # attribute -> the kernels it may hold
    held_tables: dict[str, frozenset[str]] = field(default_factory=dict)  # attribute -> kernels of its dict/list
    tables: dict[str, frozenset[str]] = field(default_factory=dict)  # module-level name -> kernels of its dict/list
    named: dict[int, frozenset[str]] = field(default_factory=dict)  # id of a Name read -> the kernels it may be
    type_hints: set[int] = field(default_factory=set)  # ids of HINT_BUILTINS names read as type hints
    redefined_classes: list[ast.ClassDef] = field(default_factory=list)  # classes a later one of their name replaced

    def resolve(self, node: ast.AST) -> str | None:
        """Dotted path with the import alias of its root expanded."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        root, _, rest = dotted.partition(".")
        if root in self.aliases:
            return self.aliases[root] + ("." + rest if rest else "")
        return dotted



def _build(tree: ast.Module) -> _Module:
    mod = _Module(tree)
    for node in tree.body:
        if isinstance(node, ast.Import):
            for a in node.names:
                local = a.asname or a.name.split(".")[0]
                mod.aliases[local] = a.name if a.asname else local
                mod.module_aliases.add(local)
        elif isinstance(node, ast.ImportFrom) and node.module not in (None, "__future__") and not node.level:
            for a in node.names:
                path = f"{node.module}.{a.name}"
                mod.aliases[a.asname or a.name] = path
                # A member of an allowed module is an object unless the table lists it as a
                # module; from a forbidden module, assume the worst (a module).
                if path in MODULE_RULES or node.module.partition(".")[0] not in MODULE_RULES:
                    mod.module_aliases.add(a.asname or a.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mod.functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            if node.name in mod.classes:
                mod.redefined_classes.append(mod.classes[node.name])
            mod.classes[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(t, ast.Name):
                    mod.constants.setdefault(t.id, []).append(node.value)
    mod.kernels = {name for name, fn in mod.functions.items()
                   if any(_decorator_path(mod, d) == "triton.jit" for d in fn.decorator_list)}
    for cls in [*mod.classes.values(), *mod.redefined_classes]:  # a replaced class's methods are methods too
        for fn in cls.body:
            if isinstance(fn, ast.FunctionDef):
                mod.methods.add(fn.name)
                if fn.args.args and fn.args.args[0].arg == "self" and not _is_static(fn):
                    mod.self_args.add(id(fn.args.args[0]))
    mod.own_private = _own_private(mod)
    refs = _scan(mod)
    mod.init_only = _init_only(mod, refs)
    mod.module_bound = _scope_names(tree.body)
    mod.class_bound = set().union(*(_scope_names(cls.body) for cls in mod.classes.values()))
    stores = _stores(tree)
    mod.launchable = _launchable(mod, stores)
    mod.tables = _module_tables(mod, stores)
    mod.held, mod.held_tables = _held_kernels(mod, stores)
    mod.named = _named_kernels(mod, stores)
    mod.type_hints = _type_hints(tree)
    return mod


# Builtin types refused as values (str() formats a tensor's values on the host) but plain as hints:
# `variant: str` was refused as honest code (outside pass on verifier 88).
HINT_BUILTINS = frozenset({"str", "bytes", "complex", "object", "type"})


def _type_hints(tree: ast.Module) -> set[int]:
    """Ids of the HINT_BUILTINS names that make up an annotation made of names, subscripts, tuples,
    `|` and constants alone (`str`, `list[str]`, `str | None`): evaluating it calls nothing."""
    out: set[int] = set()
    for node in ast.walk(tree):
        hints = [a.annotation for a in _all_args(node.args)] + [node.returns] \
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
            [node.annotation] if isinstance(node, ast.AnnAssign) else []
        for hint in hints:
            parts = list(ast.walk(hint)) if hint is not None else []
            if all(isinstance(n, (ast.Name, ast.Attribute, ast.Subscript, ast.Tuple, ast.Constant, ast.Load,
                                  ast.BinOp, ast.BitOr)) for n in parts) and \
                    all(isinstance(n.op, ast.BitOr) for n in parts if isinstance(n, ast.BinOp)):
                out |= {id(n) for n in parts if isinstance(n, ast.Name) and n.id in HINT_BUILTINS}
    return out


# nn.Module's own private names (`_parameters`, `_forward_hooks`, `_apply`...): never the candidate's.
_NN_PRIVATE = frozenset({n for n in dir(torch.nn.Module) if n.startswith("_")} | set(vars(torch.nn.Module())))


def _own_private(mod: _Module) -> set[str]:
    """Single-underscore names that belong to the candidate's own objects: attributes its classes'
    `__init__` assigns on self (`self._block = 1024`) and methods they define (`def _launch`).
    `self._block` was a rule violation, an honest reject of ordinary Python (red team, 2026-11-29)."""
    names = {fn.name for cls in mod.classes.values() for fn in cls.body if isinstance(fn, ast.FunctionDef)}
    for cls in mod.classes.values():
        for fn in cls.body:
            if isinstance(fn, ast.FunctionDef) and fn.name == "__init__" and id(fn.args.args[0] if fn.args.args
                                                                                 else None) in mod.self_args:
                names |= {t.attr for node in ast.walk(fn) if isinstance(node, (ast.Assign, ast.AnnAssign))
                          for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                          if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}
    return {n for n in names if n.startswith("_") and not n.startswith("__") and n not in _NN_PRIVATE}


# Nodes that open a scope of their own: names bound inside them are not the enclosing scope's.
_NEW_SCOPE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
              ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _scope_names(body: list[ast.AST]) -> set[str]:
    """Names that the statements of one scope bind in it: targets, defs and classes,
    imports, except-handler names; not names bound inside nested defs, lambdas, classes or
    comprehensions (Python 3 keeps those to themselves)."""
    out: set[str] = set()
    todo = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            todo += node.decorator_list + ([] if isinstance(node, ast.ClassDef) else
                                           [d for d in node.args.defaults + node.args.kw_defaults if d])
            continue
        if isinstance(node, _NEW_SCOPE):
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            out.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        todo.extend(ast.iter_child_nodes(node))
    return out


def _decorator_path(mod: _Module, dec: ast.AST) -> str | None:
    return mod.resolve(dec.func if isinstance(dec, ast.Call) else dec)


def _units(mod: _Module) -> list[tuple[ast.AST, bool]]:
    """(unit, runs at forward time or import) for every top-level statement and class
    member: the unit granularity at which __init__-only code is told apart."""
    out = []
    for node in mod.tree.body:
        if isinstance(node, ast.ClassDef):
            # A base named by its class is not built there: its __init__ runs where the subclass is built
            # (ModelNew's own bases: init code). As import-time code, a library model's base had made every
            # constructor below it forward code (`class ModelNew(BeamForCausalLM)`: 13 of 761 harvested
            # Inductor answers refused for attributes set "outside __init__", session 66).
            bases = [b for b in node.bases if not (isinstance(b, ast.Name) and b.id in mod.classes)]
            out.append((ast.Tuple(elts=bases + node.decorator_list + [k.value for k in node.keywords]), True))
            out += [(s, not (isinstance(s, ast.FunctionDef) and s.name == "__init__")) for s in node.body]
        else:
            out.append((node, not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))))
    return out


def _scan(mod: _Module) -> dict[int, set[str]]:
    """One walk over the module: records every bound name in mod.bound and returns, per
    unit, the module functions and classes it names."""
    own = set(mod.functions) | set(mod.classes)
    refs: dict[int, set[str]] = {}
    escaped: set[str] = set()  # module functions used as values: they may be called at forward time
    for unit, _ in _units(mod):
        names = set()
        called: set[int] = set()
        for node in ast.walk(unit):  # parents come before children, so `called` is ready in time
            if isinstance(node, ast.Call):
                called.add(id(node.func))
            elif isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Load):
                    names.add(node.id)
                    if node.id in mod.functions and id(node) not in called:
                        escaped.add(node.id)
                else:
                    mod.bound.add(node.id)
            elif isinstance(node, ast.arg):
                mod.bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                mod.bound.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                mod.bound |= {a.asname or a.name.split(".")[0] for a in node.names}
        refs[id(unit)] = names & own
    mod.bound |= own
    mod.strict_units = [u for u, strict in _units(mod) if strict] + [mod.functions[n] for n in sorted(escaped)]
    return refs


def _init_only(mod: _Module, refs: dict[int, set[str]]) -> set[int]:
    """Defs reached from ModelNew.__init__ and from no other code.

    Everything else is forward code: non-__init__ methods, module-level statements,
    decorators and defaults, and the functions and class constructors they reach."""
    model = mod.classes.get("ModelNew")
    if model is None:
        return set()
    lenient = _reach(mod, refs, [model])  # its __init__ and, through super().__init__, its own bases'
    strict = _reach(mod, refs, mod.strict_units)
    return {i for i in lenient if i not in strict}


def _autograd_classes(mod: _Module) -> set[str]:
    """Names of the module's torch.autograd.Function subclasses."""
    return {name for name, cls in mod.classes.items()
            if any(mod.resolve(b) == "torch.autograd.Function" for b in cls.bases)}


def _is_static(fn: ast.AST) -> bool:
    return isinstance(fn, ast.FunctionDef) and any(
        isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list)


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    return next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == name), None)


def _reach(mod: _Module, refs: dict[int, set[str]], roots: list[ast.AST]) -> set[int]:
    """ids of the units `roots` lead to through the names they use, transitively.
    Building a class runs its __init__ and, through super().__init__, its own bases'."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ast.ClassDef):
            init = _method(node, "__init__")
            todo += [init] if init is not None else []
            todo += [mod.classes[b.id] for b in node.bases if isinstance(b, ast.Name) and b.id in mod.classes]
            continue
        for name in refs.get(id(node), ()):
            if name in mod.classes:
                todo.append(mod.classes[name])
            elif name not in mod.kernels:
                todo.append(mod.functions[name])
    return seen


# ------------------------------------------------------------------ launches


def launched_kernels(mod: _Module, func: ast.AST) -> frozenset[str]:
    """The kernels that calling `func` may launch; empty when it is no launch. A launch is
    `E[grid](...)` where E is a module-level kernel's name, `self.NAME` of an attribute that holds
    only kernels, or `self.NAME[key]` of one that holds only dicts, lists or tuples of kernels
    (_held_kernels). Every check that reads launches asks here (issue 32: choosing a kernel in
    __init__, per dtype or config, and launching `self.kernel[grid](...)` was refused)."""
    return _kernels_of(mod, func.value) if isinstance(func, ast.Subscript) else frozenset()


def _kernels_of(mod: _Module, expr: ast.AST) -> frozenset[str]:
    if isinstance(expr, ast.Name):
        return frozenset({expr.id}) & mod.launchable or mod.named.get(id(expr), frozenset())
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
        return mod.tables.get(expr.value.id, frozenset())
    # `self` is a method's own first parameter wherever the rules pass (no other parameter,
    # binding or re-binding may be called self), so the instance is one of the module's classes.
    if _self_attribute(expr):
        return mod.held.get(expr.attr, frozenset())
    if isinstance(expr, ast.Subscript) and _self_attribute(expr.value):
        return mod.held_tables.get(expr.value.attr, frozenset())
    return frozenset()


def _self_attribute(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


@dataclass
class _Stores:
    """What one walk of the module finds for the launch resolver."""

    binds: dict[str, int] = field(default_factory=dict)  # name -> how often anything binds it
    values: dict[str, list[ast.expr]] = field(default_factory=dict)  # attribute -> values `X.NAME = v` stores
    spoiled: set[str] = field(default_factory=set)  # attributes stored otherwise (unpacked, +=, del, loop)
    bare_reads: set[str] = field(default_factory=set)  # attributes read other than as `X.NAME[key]`


def _stores(tree: ast.Module) -> _Stores:
    """One walk (parents come before children, so a target or a subscript is known when its
    attribute is reached; a parent map cost as much as the rest of the rules' setup)."""
    out = _Stores()
    plain: set[int] = set()  # ids of attributes that are targets of `X.NAME = value`
    subscripted: set[int] = set()  # ids of attributes read as `X.NAME[key]`
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Attribute):
                    out.values.setdefault(target.attr, []).append(node.value)
                    plain.add(id(target))
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            subscripted.add(id(node.value))
        elif isinstance(node, ast.Attribute):
            if isinstance(node.ctx, ast.Load) and id(node) not in subscripted:
                out.bare_reads.add(node.attr)
            elif not isinstance(node.ctx, ast.Load) and id(node) not in plain:
                out.spoiled.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names = [node.id]
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.asname or a.name.split(".")[0] for a in node.names]
        for name in names:
            out.binds[name] = out.binds.get(name, 0) + 1
    return out


def _launchable(mod: _Module, stores: _Stores) -> set[str]:
    """Kernels whose name means the kernel wherever it is read: bound by its own def and by
    nothing else (no parameter, local, loop target, constant or second def of that name). A
    helper's parameter `relu_kernel`, handed an nn.Sequential, made `relu_kernel[0](y)` a launch to
    the rules (the runtime caught the torch relu_ it ran: issue 32)."""
    return {name for name in mod.kernels if stores.binds.get(name) == 1}


def _held_kernels(mod: _Module, stores: _Stores) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """(attribute -> the kernels it may hold, attribute -> the kernels its dicts/lists/tuples may
    hold), from every store of `.NAME` in the file on any receiver. NAME holds kernels when each
    store is a plain `X.NAME = value` (no unpacking, augmented assignment, del, loop or with
    target) of a kernel or a conditional choosing among kernels, and a table when each value is a
    display of those, never read but through a subscript (so nothing can mutate or add to it).
    setattr, vars and __dict__ are refused by the other rules, so no other write exists.
    Where a read finds no instance attribute it falls back to the class: NAME may not be bound in
    a class body nor be an attribute of nn.Module, and the classes may subclass nn.Module and each
    other only (an nn.ModuleDict base registers its entries under names given as data, and
    torch.nn layers set attributes of their own; outside that, a fallback can only be a
    parameter, a buffer or an AttributeError, and calling a tensor raises)."""
    if not all(_plain_base(mod, base) for cls in mod.classes.values() for base in cls.bases):
        return {}, {}
    spoiled = stores.spoiled | NN_MODULE_ATTRS | _NN_PRIVATE | mod.methods | mod.class_bound
    held, tables = {}, {}
    for name, assigned in stores.values.items():
        if name in spoiled or name.startswith("__"):
            continue
        kernels = [_kernel_choice(mod, v) for v in assigned]
        entries = [_kernel_table(mod, v) for v in assigned]
        if all(kernels):
            held[name] = frozenset().union(*kernels)
        elif all(entries) and name not in stores.bare_reads:
            tables[name] = frozenset().union(*entries)
    return held, tables


def _plain_base(mod: _Module, base: ast.AST) -> bool:
    return (isinstance(base, ast.Name) and base.id in mod.classes) or mod.resolve(base) == "torch.nn.Module"


def _kernel_choice(mod: _Module, value: ast.AST) -> frozenset[str]:
    """The kernels `value` may be: a launchable kernel's name, or `a if c else b` of such."""
    if isinstance(value, ast.Name):
        return frozenset({value.id}) & mod.launchable
    if isinstance(value, ast.IfExp):
        body, orelse = _kernel_choice(mod, value.body), _kernel_choice(mod, value.orelse)
        return body | orelse if body and orelse else frozenset()
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):  # `TABLE[key]`
        return mod.tables.get(value.value.id, frozenset())
    if _table_get(value):  # `TABLE.get(key, default)`: a missing key with no default gives None, not callable
        table = mod.tables.get(value.func.value.id, frozenset())
        default = _kernel_choice(mod, value.args[1]) if len(value.args) == 2 else table
        return table | default if table and default else frozenset()
    if isinstance(value, ast.Subscript) and _self_attribute(value.value):  # `self.table[key]`
        return mod.held_tables.get(value.value.attr, frozenset())
    return frozenset()


def _kernel_table(mod: _Module, value: ast.AST) -> frozenset[str]:
    """The kernels of a dict, list or tuple display whose every entry is a _kernel_choice (no
    ** or * unpacking of something else)."""
    if isinstance(value, ast.Dict) and all(k is not None for k in value.keys):
        entries = value.values
    elif isinstance(value, (ast.List, ast.Tuple)):
        entries = value.elts
    else:
        return frozenset()
    kernels = [_kernel_choice(mod, e) for e in entries]
    return frozenset().union(*kernels) if kernels and all(kernels) else frozenset()


def _table_get(node: ast.AST) -> bool:
    """`NAME.get(key)` or `NAME.get(key, default)`, positional arguments only."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
        and isinstance(node.func.value, ast.Name) and 1 <= len(node.args) <= 2 and not node.keywords \
        and not any(isinstance(a, ast.Starred) for a in node.args)


def _module_tables(mod: _Module, stores: _Stores) -> dict[str, frozenset[str]]:
    """Module-level names that hold a dict, list or tuple display of kernels (_kernel_table):
    bound by module-level `NAME = display` alone (no other binding anywhere in the file) and read
    only as `NAME[key]` or `NAME.get(key, default)`, so nothing can store into, extend or hand on the
    table. A module-level `KERNELS[fits][grid](...)` was refused as honest code (outside pass on
    verifier 87), and `KERNELS.get(key, default)` (on verifier 88)."""
    reads: dict[str, list[bool]] = {}  # name -> for each load, is it `NAME[key]` read (not stored or deleted)
    subscripted: set[int] = set()
    for node in ast.walk(mod.tree):  # parents before children: a subscript before the name it reads
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            subscripted.add(id(node.value))
        elif _table_get(node):
            subscripted.add(id(node.func.value))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            reads.setdefault(node.id, []).append(id(node) in subscripted)
    out = {}
    for name, values in mod.constants.items():
        entries = [_kernel_table(mod, v) for v in values]
        if all(entries) and stores.binds.get(name) == len(values) and all(reads.get(name, [])):
            out[name] = frozenset().union(*entries)
    return out


def _named_kernels(mod: _Module, stores: _Stores) -> dict[int, frozenset[str]]:
    """Names read in a function (no nested def, lambda or comprehension between) whose every binding
    there is a kernel, a conditional choosing among kernels or a kernel table's entry (_kernel_choice),
    directly or unpacked from a tuple display (`kern, block = (k1, 256) if c else (k2, 128)`), or a
    module-level helper's parameter that every call hands such a value (_kernel_params). A name the
    function does not bind resolves at module level, where it must be bound by such `NAME = value`
    assignments alone. Each form was refused as honest code (outside passes on verifiers 87 and 88:
    `kern = lsm_single if fits else lsm_loop; kern[grid](...)`, a launcher helper taking the kernel).
    A nested def's read of a name it does not bind resolves in the nearest enclosing function that
    binds it, as Python's closures do (global/nonlocal are refused, so only that function's own
    bindings ever set the cell): `kern = a if c else b; def launch(block): kern[grid](...)` was refused
    as honest code (outside pass on verifier 89).
    By id of each Name read; helpers handing a kernel on to helpers are followed three deep."""
    module = {name: frozenset().union(*choices) for name, values in mod.constants.items()
              if (choices := [_kernel_choice(mod, v) for v in values]) and all(choices)
              and stores.binds.get(name) == len(values)}
    out: dict[int, frozenset[str]] = {}
    params: dict[tuple[str, str], frozenset[str]] = {}
    functions = [fn for fn in ast.walk(mod.tree)
                 if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name not in mod.kernels]
    bound = {id(fn): _local_bindings(fn) for fn in functions}
    unpacked = {id(fn): _unpacked(fn) for fn in functions}
    loads = {id(fn): _direct_loads(fn) for fn in functions}
    # Each read's scope (the function that binds its name, None: module level), found once.
    enclosing = _enclosing_functions(mod.tree)
    reads: list[tuple[ast.Name, ast.AST | None]] = []
    for fn in functions:
        chain = [f for f in [fn, *enclosing.get(id(fn), [])] if id(f) in bound]
        reads += [(node, next((f for f in chain if node.id in bound[id(f)]), None)) for node in loads[id(fn)]]
    calls = _callee_only_calls(mod, stores)
    for _ in range(3):
        local = {id(fn): _local_kernels(mod, fn, bound[id(fn)], unpacked[id(fn)], params) for fn in functions}
        out = {}
        for node, owner in reads:
            kernels = module.get(node.id) if owner is None else local[id(owner)].get(node.id)
            if kernels:
                out[id(node)] = kernels
        params, before = _kernel_params(mod, calls, out), params
        if params == before:
            break
    return out


def _enclosing_functions(tree: ast.Module) -> dict[int, list[ast.AST]]:
    """id of each def -> the defs around it, nearest first; class bodies are skipped, as Python's
    name resolution skips them, and a lambda or comprehension between ends the chain (their reads
    are not followed)."""
    out: dict[int, list[ast.AST]] = {}
    todo: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [])]
    while todo:
        node, around = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out[id(child)] = around
                todo.append((child, [child, *around]))
            elif isinstance(child, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                todo.append((child, []))
            else:
                todo.append((child, around))
    return out


def _direct_loads(fn: ast.AST) -> list[ast.Name]:
    """The names `fn`'s body reads in its own scope (no nested def, lambda or comprehension between)."""
    out, todo = [], list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp,
                             ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            out.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return out


def _local_kernels(mod: _Module, fn: ast.FunctionDef, bound: dict[str, list[ast.AST | None]],
                   unpacked: dict[str, list[ast.expr]],
                   params: dict[tuple[str, str], frozenset[str]]) -> dict[str, frozenset[str]]:
    """The names `fn` binds that may hold only kernels: name -> those kernels."""
    arg_names = {a.arg for a in _all_args(fn.args)}
    local = {}
    for name, values in bound.items():
        given = params.get((fn.name, name)) if mod.functions.get(fn.name) is fn and values == [None] \
            and name in arg_names else None
        if given:
            local[name] = given
            continue
        if name in arg_names or values.count(None) != len(unpacked.get(name, [])):
            continue
        choices = [_kernel_choice(mod, v) for v in values if v is not None] + \
            [_kernel_choice(mod, v) for v in unpacked.get(name, [])]
        if choices and all(choices):
            local[name] = frozenset().union(*choices)
    return local


def _unpacked(fn: ast.AST) -> dict[str, list[ast.expr]]:
    """name -> the values `a, b = (x, y)` and `a, b = (x1, y1) if c else (x2, y2)` give it directly in
    `fn` (plain names on the left, tuple or list displays of as many items on the right; a
    conditional's item i is `x_i if c else y_i`), as _local_bindings walks."""
    out: dict[str, list[ast.expr]] = {}
    todo = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        todo.extend(ast.iter_child_nodes(node))
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], (ast.Tuple, ast.List))):
            continue
        names = node.targets[0].elts
        items = _display_items(node.value, len(names))
        if items is not None and all(isinstance(n, ast.Name) for n in names):
            for n, item in zip(names, items):
                out.setdefault(n.id, []).append(item)
    return out


def _display_items(value: ast.AST, count: int) -> list[ast.expr] | None:
    if isinstance(value, (ast.Tuple, ast.List)):
        ok = len(value.elts) == count and not any(isinstance(e, ast.Starred) for e in value.elts)
        return list(value.elts) if ok else None
    if isinstance(value, ast.IfExp):
        body, orelse = _display_items(value.body, count), _display_items(value.orelse, count)
        if body is None or orelse is None:
            return None
        return [ast.IfExp(test=value.test, body=b, orelse=o) for b, o in zip(body, orelse)]
    return None


def _callee_only_calls(mod: _Module, stores: _Stores) -> dict[str, list[ast.Call]]:
    """Module-level functions with no decorator, bound by their def alone and read only as the callee
    of calls: name -> those calls (a helper read any other way may be called from anywhere)."""
    calls: dict[str, list[ast.Call]] = {}
    callee_only: dict[str, bool] = {}
    for node in ast.walk(mod.tree):  # parents before children: a call before the name it calls
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls.setdefault(node.func.id, []).append(node)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            called = any(c.func is node for c in calls.get(node.id, ()))
            callee_only[node.id] = callee_only.get(node.id, True) and called
    return {name: calls.get(name, []) for name, fn in mod.functions.items()
            if not fn.decorator_list and stores.binds.get(name) == 1 and callee_only.get(name)
            and name not in mod.kernels}


def _kernel_params(mod: _Module, calls: dict[str, list[ast.Call]],
                   named: dict[int, frozenset[str]]) -> dict[tuple[str, str], frozenset[str]]:
    """(helper, parameter) -> the kernels every call hands it (_callee_only_calls' helpers, calls
    with no * or **): a _kernel_choice or a name that may be only kernels, passed or left as the
    default. `_launch(relu_masked, x)` into `def _launch(kernel, x): kernel[grid](...)` was
    refused as honest code (outside pass on verifier 88)."""
    out = {}
    for name, helper_calls in calls.items():
        fn = mod.functions[name]
        for param in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs:
            given = [_handed(mod, call, fn, param, named) for call in helper_calls]
            if given and all(given):
                out[(name, param.arg)] = frozenset().union(*given)
    return out


def _handed(mod: _Module, call: ast.Call, fn: ast.FunctionDef, param: ast.arg,
            named: dict[int, frozenset[str]]) -> frozenset[str]:
    """The kernels `call` hands `param` of `fn`, empty where it may hand anything else."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return frozenset()
    positional = fn.args.posonlyargs + fn.args.args
    index = next((i for i, a in enumerate(positional) if a is param), None)
    keyword = [k.value for k in call.keywords if k.arg == param.arg and param not in fn.args.posonlyargs]
    if index is not None and index < len(call.args):
        value = call.args[index]
    elif keyword:
        value = keyword[0]
    else:
        value = _defaults(fn.args).get(param.arg)
    if value is None:
        return frozenset()
    if isinstance(value, ast.Name) and id(value) in named:
        return named[id(value)]
    return _kernel_choice(mod, value)


# ------------------------------------------------------------------ local bindings


def _local_bindings(fn: ast.AST) -> dict[str, list[ast.AST | None]]:
    """name -> the values bound to it directly in `fn` (None: a parameter, loop target,
    unpacking or augmented assignment), not looking into nested defs and lambdas."""
    out: dict[str, list[ast.AST | None]] = {}
    for a in _all_args(fn.args):
        out.setdefault(a.arg, []).append(None)
    recorded: set[int] = set()  # target Names of `x = value`, whose value is already recorded
    todo = list(fn.body) if isinstance(fn.body, list) else [fn.body]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.setdefault(node.name, []).append(node)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(t, ast.Name):
                    out.setdefault(t.id, []).append(node.value)
                    recorded.add(id(t))
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and id(node) not in recorded:
            out.setdefault(node.id, []).append(None)
        todo.extend(ast.iter_child_nodes(node))
    return out


# ------------------------------------------------------------------ the walk


@dataclass(frozen=True)
class _Scope:
    kind: str  # "strict" (forward code), "init" (__init__-only code) or "jit" (a kernel body)
    fns: tuple = ()  # enclosing defs and lambdas, innermost last
    in_init: bool = False  # the innermost def is an __init__ method
    kernel: ast.FunctionDef | None = None


class _Checker:
    """One pass over the tree: every node is judged in the scope it runs in."""

    def __init__(self, mod: _Module, contract: str = "kernelbench"):
        self.mod = mod
        tritonbench = contract == "tritonbench"
        self.shadowable = TRITONBENCH_SHADOWABLE if tritonbench else frozenset()  # builtins params may shadow
        self.autograd_classes = _autograd_classes(mod) if tritonbench else set()
        self.autograd_methods = {id(fn) for name in self.autograd_classes for fn in mod.classes[name].body
                                 if _is_static(fn) and fn.name in ("forward", "backward")}
        self.out: list[RuleViolation] = []
        self._bindings: dict[int, dict] = {}
        self._enclosing: dict[int, list] | None = None  # node id -> enclosing comprehensions, on first need
        self._reordered: dict[int, set[str]] = {}
        self._modules: dict[int, str | None] = {}
        model = mod.classes.get("ModelNew")
        self.forward = _method(model, "forward") if model else None
        self.init_attrs = _init_attrs(mod)

    def flag(self, rule: str, node: ast.AST, message: str) -> None:
        self.out.append(RuleViolation(rule, getattr(node, "lineno", 1), message))

    # -------------------------------------------------------------- scheduling

    def run(self) -> list[RuleViolation]:
        todo: list[tuple[ast.AST, ast.AST | None, _Scope]] = []
        strict = _Scope("strict")
        for node in self.mod.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self._check_def_name(node)
            if isinstance(node, ast.AsyncFunctionDef):
                self._AsyncFunctionDef(node, None, strict)
            elif isinstance(node, ast.FunctionDef):
                todo += self._def_items(node, strict, top=True)
            elif isinstance(node, ast.ClassDef):
                # Bases are judged by the class rules (nn.Linear is a fine base, not a forward call).
                todo += [(n, node, strict) for n in node.keywords + node.decorator_list]
                for stmt in node.body:
                    if isinstance(stmt, ast.AsyncFunctionDef):
                        self._AsyncFunctionDef(stmt, node, strict)
                    elif isinstance(stmt, ast.FunctionDef):
                        todo += self._def_items(stmt, strict, top=True)
                    else:
                        todo.append((stmt, node, strict))
            elif not isinstance(node, (ast.Import, ast.ImportFrom)):
                todo.append((node, None, strict))
        while todo:
            node, parent, scope = todo.pop()
            todo += self.visit(node, parent, scope)
        return self.out

    def _def_items(self, fn: ast.AST, outer: _Scope, top: bool) -> list:
        """Children of a def or lambda: decorators and defaults run in the outer scope,
        the body (and a kernel's annotations, tl.constexpr) in the def's own."""
        args = _all_args(fn.args)
        head = [d for d in fn.args.defaults + fn.args.kw_defaults if d is not None] + list(args)
        # A function made in __init__ can run later, at forward time (a launch grid is called
        # with the kernel's arguments), so only straight-line __init__ code is lenient.
        kind = "strict" if outer.kind == "init" else outer.kind
        if isinstance(fn, ast.Lambda):
            inner = _Scope(kind, outer.fns + (fn,), False, outer.kernel)
            return [(n, fn, outer) for n in head] + [(fn.body, fn, inner)]
        head += fn.decorator_list + ([fn.returns] if fn.returns else [])
        annotations = [a.annotation for a in args if a.annotation is not None]
        if top and fn.name in self.mod.kernels:
            inner = _Scope("jit", (fn,), False, fn)
            return [(n, fn, outer) for n in head] + [(n, fn, inner) for n in fn.body + annotations]
        if top:
            kind = "init" if id(fn) in self.mod.init_only else outer.kind
        inner = _Scope(kind, outer.fns + (fn,), top and fn.name == "__init__", outer.kernel)
        return [(n, fn, outer) for n in head + annotations] + [(n, fn, inner) for n in fn.body]

    def visit(self, node: ast.AST, parent: ast.AST | None, scope: _Scope) -> list:
        handler = self._handlers.get(type(node).__name__)
        if handler is not None:
            result = handler(self, node, parent, scope)
            if result is not None:
                return result
        out = []
        for name in node._fields:  # ast.iter_child_nodes, minus the Load/Add/... leaves
            value = getattr(node, name, None)
            if isinstance(value, list):
                out += [(v, node, scope) for v in value if isinstance(v, ast.AST) and not isinstance(v, _LEAVES)]
            elif isinstance(value, ast.AST) and not isinstance(value, _LEAVES):
                out.append((value, node, scope))
        return out

    # -------------------------------------------------------------- definitions and syntax

    def _FunctionDef(self, node, parent, scope):
        if scope.kind == "jit":
            self.flag("jit_body", node, "kernels cannot define functions")
        if node.decorator_list:
            self.flag("decorator", node, f"nested function {node.name} cannot be decorated")
        self._check_def_name(node)
        return self._def_items(node, scope, top=False)

    def _AsyncFunctionDef(self, node, parent, scope):
        self.flag("forbidden_syntax", node, f"async def {node.name}")
        return []

    def _Lambda(self, node, parent, scope):
        if scope.kind == "jit":
            self.flag("jit_body", node, "kernels cannot define lambdas")
        return self._def_items(node, scope, top=False)

    def _ClassDef(self, node, parent, scope):
        self.flag("class_definition", node, f"class {node.name} must be defined at module level")
        return []

    def _check_def_name(self, node) -> None:
        if node.name in BUILTIN_NAMES or node.name.startswith("__") or node.name in self.mod.aliases \
                or node.name == "self":
            self.flag("io_access", node, f"def {node.name} re-binds a builtin, dunder or import name")

    def _arg(self, node, parent, scope):
        name = node.arg
        if (name in BUILTIN_NAMES and name not in self.shadowable) or name.startswith("__"):
            self.flag("io_access", node, f"parameter {name} re-binds a builtin or dunder name")
        elif name in self.mod.aliases:
            self.flag("module_value", node, f"parameter {name} shadows an import")
        elif name == "self" and id(node) not in self.mod.self_args:
            self.flag("class_definition", node, "only a method's first parameter may be called self")
        return []

    def _Try(self, node, parent, scope):
        self.flag("try_except", node, "try/except is not allowed")

    _TryStar = _Try

    def _Global(self, node, parent, scope):
        self.flag("mutable_state", node, "global/nonlocal state can cache outputs across calls")

    _Nonlocal = _Global

    def _forbidden_syntax(self, node, parent, scope):
        self.flag("forbidden_syntax", node, f"{type(node).__name__} is not allowed")

    _Await = _Yield = _YieldFrom = _AsyncFor = _AsyncWith = _Match = _forbidden_syntax

    def _Import(self, node, parent, scope):
        self.flag("forbidden_import", node, "imports must be at module level")
        return []

    _ImportFrom = _Import

    def _BinOp(self, node, parent, scope):
        if isinstance(node.op, ast.MatMult) and scope.kind == "strict":
            self.flag("matmul_operator", node, "the @ operator runs a torch matmul")

    def _AugAssign(self, node, parent, scope):
        self._BinOp(node, parent, scope)
        if scope.kind == "strict" and isinstance(node.target, ast.Name) and scope.fns \
                and self._aliases_state(node.target.id, scope.fns[-1]):
            # `seen = self.seen; seen += [n]` mutated a list made in __init__ on every call:
            # += on a list, dict, set or tensor is in place, so it is state like .append().
            self.flag("mutable_state", node, f"augmented assignment to {node.target.id}, which may be an object "
                      "that outlives this call (an attribute of self, a module-level value, a default argument)")

    def _Dict(self, node, parent, scope):
        for key in node.keys:
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.startswith("_"):
                self.flag("io_access", key, f"dict key {key.value!r} can name a private parameter in **kwargs")
        if scope.kind == "jit":
            self.flag("jit_body", node, "kernels cannot build dicts")

    def _jit_only_forbidden(self, node, parent, scope):
        if scope.kind == "jit":
            self.flag("jit_body", node, f"kernels cannot use {type(node).__name__}")

    _With = _Raise = _Delete = _Set = _ListComp = _SetComp = _DictComp = _jit_only_forbidden

    def _GeneratorExp(self, node, parent, scope):
        self._jit_only_forbidden(node, parent, scope)
        if scope.kind == "init":  # evaluated lazily, possibly at forward time
            strict = _Scope("strict", scope.fns, False, scope.kernel)
            return [(child, node, strict) for child in ast.iter_child_nodes(node)]

    # -------------------------------------------------------------- names

    def _Name(self, node, parent, scope):
        name = node.id
        load = isinstance(node.ctx, ast.Load)
        if name.startswith("__"):
            self.flag("io_access", node, f"name {name} reaches interpreter internals")
        elif name in FORBIDDEN_BUILTINS and name not in self.shadowable and id(node) not in self.mod.type_hints:
            self.flag("io_access", node, f"builtin {name} is not on the allow-list")
        elif not load and name in BUILTIN_NAMES and name not in self.shadowable:
            self.flag("io_access", node, f"assigning {name} re-binds a builtin")
        if name == "print" and load and not (isinstance(parent, ast.Call) and parent.func is node):
            self.flag("io_access", node, "print may only be called, not passed on (its file= is refused)")
        if name == "Model":
            self.flag("references_model", node, "the reference Model may not be used or defined")
        if name in self.mod.aliases:
            if not load:
                self.flag("module_value", node, f"{name} re-binds an import name")
            else:
                self._import_use(node, parent, scope)
            return
        if not load:
            if name == "self":
                self.flag("class_definition", node, "self may not be re-assigned")
            return
        if scope.kind == "jit":
            self._jit_name(node, scope)
        elif name in self.mod.classes and not _class_use_ok(node, parent) and not (
                name in self.autograd_classes and isinstance(parent, ast.Attribute) and parent.attr == "apply"):
            self.flag("class_definition", node, f"class {name} may only be instantiated or subclassed")
        if name not in BUILTIN_NAMES and name != "Model" and not self._visible(name, node, scope):
            self.flag("undefined_name", node, f"{name} is not defined in the candidate")

    def _visible(self, name: str, node: ast.Name, scope: _Scope) -> bool:
        """Is `name` bound where `node` reads it, by Python's scoping: in an enclosing def,
        lambda or comprehension, or at module level (in a class body, also the class's own
        names)? A name bound anywhere in the module used to pass: a parameter `np` of an
        unused function let a kernel read the numpy that Triton's interpreter puts into the
        candidate's module on the first launch (outside red team, 2026-11-27)."""
        if name in self.mod.module_bound or (not scope.fns and name in self.mod.class_bound
                                             and self._class_scope_read(node)):
            return True
        if any(name in self._scope_names(fn) for fn in scope.fns):
            return True
        return any(name in self._scope_names(c) for c in self._comprehensions(node))

    def _import_use(self, node: ast.Name, parent, scope) -> None:
        path = self.mod.aliases[node.id]
        if node.id in self.mod.module_aliases:
            if not (isinstance(parent, ast.Attribute) and parent.value is node):
                self.flag("module_value", node, f"module {path} used as a value")
            elif scope.kind == "jit" and not path.startswith("triton.language"):
                self.flag("jit_body", node, f"kernels cannot use {path}")
            return
        module, _, member = path.rpartition(".")
        self._member(node, module, member, scope)

    def _jit_name(self, node: ast.Name, scope: _Scope) -> None:
        name = node.id
        if name in self._locals(scope.kernel) or name in self.mod.kernels or name in JIT_BUILTINS:
            return
        if name in self.mod.constants and all(_numeric(v, self.mod) for v in self.mod.constants[name]):
            return
        self.flag("jit_body", node, f"kernel {scope.kernel.name} uses {name}, which is not a local, "
                  "a @triton.jit function or a numeric module constant")

    # -------------------------------------------------------------- attributes

    def _module_of(self, node: ast.AST) -> str | None:
        """The module path `node` evaluates to, if it is an import-rooted chain of modules."""
        key = id(node)
        if key not in self._modules:
            self._modules[key] = self._compute_module_of(node)
        return self._modules[key]

    def _compute_module_of(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Name):
            return self.mod.aliases[node.id] if node.id in self.mod.module_aliases else None
        if isinstance(node, ast.Attribute):
            base = self._module_of(node.value)
            rule = MODULE_RULES.get(base) if base else None
            if rule is not None and node.attr in rule.links:
                return f"{base}.{node.attr}"
        return None

    def _Attribute(self, node, parent, scope):
        base = self._module_of(node.value)
        if base is not None:
            self._module_attribute(node, parent, scope, base)
        else:
            self._value_attribute(node, parent, scope)
        if not isinstance(node.ctx, ast.Load):
            self._attribute_store(node, scope)

    def _module_attribute(self, node: ast.Attribute, parent, scope: _Scope, base: str) -> None:
        path = f"{base}.{node.attr}"
        rule = MODULE_RULES.get(base)
        if rule is not None and node.attr in rule.links:
            if not (isinstance(parent, ast.Attribute) and parent.value is node):
                self.flag("module_value", node, f"module {path} used as a value")
            elif path in INIT_ONLY_MODULES and scope.kind != "init":
                self.flag("torch_compute", node, f"{path} is for parameter initialisation in __init__ only")
            elif scope.kind == "jit" and not path.startswith("triton.language"):
                self.flag("jit_body", node, f"kernels cannot use {path}")
            return
        self._member(node, base, node.attr, scope)

    def _member(self, node: ast.AST, module: str, member: str, scope: _Scope) -> None:
        """`module.member` where member is not a module: judged against the module's allow-list."""
        path = f"{module}.{member}"
        rule = MODULE_RULES.get(module)
        allowed = rule is not None and (member in rule.members
                                        or (scope.kind == "init" and member in rule.init_members))
        if scope.kind == "jit" and not module.startswith("triton.language"):
            self.flag("jit_body", node, f"kernels cannot use {path}")
        elif path.startswith(COMPILER_PATHS):
            self.flag("torch_compile", node, f"uses {path}")
        elif member.startswith("_"):
            self.flag("io_access", node, f"{path} is private")
        elif allowed:
            return
        elif module.partition(".")[0] == "torch":
            where = " outside __init__" if rule is not None and member in rule.init_members else ""
            self.flag("torch_compute", node, f"uses {path}{where}")
        else:
            self.flag("module_attribute", node, f"{path} is not on the allow-list")

    def _value_attribute(self, node: ast.Attribute, parent, scope: _Scope) -> None:
        attr = node.attr
        receiver = node.value
        if attr.startswith("_"):
            own = attr in self.mod.own_private and scope.kind != "jit" and _is_method_self(receiver, scope, self.mod)
            if not own and not (attr == "__init__" and scope.in_init and _is_call_func(node, parent)
                                and _init_receiver_ok(receiver, self.mod)):
                self.flag("io_access", node, f"attribute {attr} is private")
            return
        if scope.kind == "jit":
            self._jit_attribute(node, scope)
            return
        if isinstance(receiver, ast.Name) and receiver.id in self.mod.classes:
            if not (attr == "apply" and receiver.id in self.autograd_classes):  # autograd's entry point
                self.flag("class_definition", node, f"{receiver.id}.{attr}: methods are called on instances only")
            return
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            if attr in NN_MODULE_ATTRS and attr not in self.mod.methods and attr not in self._attrs(scope):
                rule = "torch_compile" if attr == "compile" else "torch_compute"
                self.flag(rule, node, f"self.{attr} is an nn.Module method outside the allow-list")
            return
        if attr in KNOWN_ATTRS and attr not in self._attrs(scope) | _typed_attrs(receiver, self.mod):
            if attr not in ESCAPE_ATTRS | TENSOR_PROPERTIES and self._submodule_step(node, parent, scope):
                return  # a path through a submodule (`blk.norm.weight`), not a method
            if attr == "compile":
                self.flag("torch_compile", node, ".compile() runs torch.compile")
            elif attr in ESCAPE_ATTRS:
                self.flag("io_access", node, f".{attr} reaches frames, code or Triton's launch machinery")
            else:
                where = " outside __init__" if attr in INIT_ATTRS else ""
                self.flag("torch_compute", node, f".{attr} is not an allowed tensor method{where}")

    def _submodule_step(self, node: ast.Attribute, parent, scope: _Scope) -> bool:
        """Is `X.norm` (a tensor method's name) a step through a submodule? When a public attribute
        is read off it (`X.norm.weight`), always: on a tensor that raises, as a bound method of
        torch's has no public attribute, so only a submodule named like a method gets through
        (honest code reached a block's norm through nested loops, a ModuleDict's items(), a helper's
        parameter, and a library layer's own `.norm`: refused by verifier 80, outside pass, session
        69). Bound to a local (`norm = self.blocks[i].norm`), when it is a path from self through
        a name an `__init__` sets."""
        if isinstance(parent, ast.Attribute) and parent.value is node:
            return not parent.attr.startswith("_")
        return (isinstance(parent, ast.Assign) and parent.value is node and node.attr in self.init_attrs
                and all(isinstance(t, ast.Name) for t in parent.targets) and _rooted_at_self(node, scope))

    def _jit_attribute(self, node: ast.Attribute, scope: _Scope) -> None:
        if _nan_mode(node, self._module_of):
            return
        if node.attr not in JIT_ATTRS:
            self.flag("jit_body", node, f".{node.attr} in a kernel (use the tl.* function form)")
        elif isinstance(node.value, ast.Name) and node.value.id in _constexpr_params(scope.kernel, self.mod):
            # Under the interpreter constexpr arguments arrive as the raw Python objects.
            self.flag("jit_body", node, f"attribute of constexpr parameter {node.value.id}")

    @staticmethod
    def _attrs(scope: _Scope) -> frozenset[str]:
        return INIT_ATTRS if scope.kind == "init" else FORWARD_ATTRS

    def _is_ctx(self, value: ast.AST, scope: _Scope) -> bool:
        """`value` is the `ctx` parameter of an autograd forward/backward (TritonBench contract)."""
        fn = scope.fns[-1] if scope.fns else None
        return (fn is not None and id(fn) in self.autograd_methods and isinstance(value, ast.Name)
                and bool(fn.args.args) and value.id == fn.args.args[0].arg)

    def _attribute_store(self, node: ast.Attribute, scope: _Scope) -> None:
        root = dotted_name(node)
        if self._is_ctx(node.value, scope):
            return
        if root is not None and root.split(".")[0] in self.mod.aliases:
            self.flag("monkey_patch", node, f"assigns {root}")
        elif scope.kind == "jit":
            self.flag("jit_body", node, "kernels cannot assign attributes")
        elif scope.kind == "strict" or not _rooted_at_self(node):
            self.flag("mutable_state", node, f"assigns attribute .{node.attr} outside __init__")

    def _Subscript(self, node, parent, scope):
        if isinstance(node.ctx, ast.Load):
            return None
        if scope.kind == "jit":
            self.flag("jit_body", node, "kernels store with tl.store, not subscripts")
        elif scope.kind == "strict":
            self.flag("mutable_state", node, "subscript assignment outside __init__ (write outputs in a kernel)")

    # -------------------------------------------------------------- calls

    def _Call(self, node, parent, scope):
        self._keywords(node, scope)
        path = self.mod.resolve(node.func)
        if path in DECORATOR_ARGS:
            self._decorator_args(node, path)
        if scope.kind == "jit":
            self._jit_call(node, scope)
        else:
            self._python_call(node, scope)

    def _plain_layout(self, call: ast.Call, value: ast.AST) -> bool:
        """An allocation asked for the layout it has anyway: `torch.empty_like(x,
        memory_format=torch.contiguous_format)` copies nothing (refused as honest code in the
        outside pass on verifier 87)."""
        return self.mod.resolve(call.func) in ALLOCATIONS and \
            self.mod.resolve(value) in ("torch.contiguous_format", "torch.preserve_format")

    def _keywords(self, node: ast.Call, scope: _Scope) -> None:
        for kw in node.keywords:
            if kw.arg is not None and kw.arg.startswith("_"):
                self.flag("io_access", kw.value, f"keyword argument {kw.arg} is private")
            elif kw.arg is None and (scope.kind == "jit" or not self._own_callee(node.func)):
                self.flag("io_access", kw.value, "** arguments may only go to the module's own functions")
            elif kw.arg == "file" and isinstance(node.func, ast.Name) and node.func.id == "print":
                # print hands the text of what it prints to file.write: an own object's write read a
                # tensor's exact values on the host (torch formats them with the judge's dispatch
                # modes off), and the answer was computed in Python (outside pass on verifier 94, F0)
                self.flag("io_access", kw.value, "print(file=...) hands the printed text to an object")
            elif kw.arg == "out" and (self.mod.resolve(node.func) or "").startswith("torch."):
                self.flag("torch_compute", kw.value, "out= writes into an existing tensor")
            elif kw.arg == "memory_format" and not self._plain_layout(node, kw.value):
                self.flag("torch_compute", kw.value, "memory_format conversions are torch copy kernels")
        if scope.kind == "jit" and any(isinstance(a, ast.Starred) for a in node.args):
            self.flag("jit_body", node, "kernels cannot unpack *arguments")

    def _own_callee(self, func: ast.AST) -> bool:
        if isinstance(func, ast.Name):
            return func.id in self.mod.functions or func.id in self.mod.classes
        if isinstance(func, ast.Subscript):
            return bool(launched_kernels(self.mod, func))
        return isinstance(func, ast.Attribute) and func.attr in self.mod.methods

    def _launch_refusal(self, held: ast.AST) -> str:
        """Why `held[grid](...)` is no launch, where it looks like one."""
        if isinstance(held, ast.Name) and held.id in self.mod.kernels:
            return f": {held.id} is bound elsewhere too (a parameter, a local, a second def), so it may not be the kernel"
        if _self_attribute(held) or (isinstance(held, ast.Subscript) and _self_attribute(held.value)):
            return (": self.NAME[grid] launches only where every value the file assigns to .NAME, on any object, is a "
                    "module-level kernel (or `a if c else b` of kernels, or a dict/list/tuple of them read only "
                    "by subscript), and the classes subclass nn.Module and each other only")
        return ""

    def _decorator_args(self, node: ast.Call, path: str) -> None:
        most, names = DECORATOR_ARGS[path]
        extra = [kw.arg for kw in node.keywords if kw.arg not in names]
        if len(node.args) > most or extra:
            self.flag("decorator", node, f"{path} takes only {', '.join(sorted(names))} here")

    def _python_call(self, node: ast.Call, scope: _Scope) -> None:
        func = node.func
        if isinstance(func, ast.Name):
            self._name_call(node, func, scope)
        elif isinstance(func, ast.Attribute):
            self._method_call(node, func, scope)
        elif isinstance(func, ast.Subscript):
            if not launched_kernels(self.mod, func):
                self.flag("torch_compute", node, "only kernel[grid](...) launches may call a subscript"
                          + self._launch_refusal(func.value))
        else:
            self.flag("torch_compute", node, "calls the result of an expression")

    def _name_call(self, node: ast.Call, func: ast.Name, scope: _Scope) -> None:
        name = func.id
        if name in ("min", "max") and any(kw.arg == "key" for kw in node.keywords):
            self.flag("torch_compute", node, f"{name}(key=...) calls an arbitrary function")
        if (name in self.mod.aliases or name in ALLOWED_BUILTINS or name in self.mod.functions
                or name in self.mod.classes or name in BUILTIN_NAMES or name not in self.mod.bound):
            return  # judged by the Name rules (import allow-lists, builtins, undefined names)
        if not self._callable_local(name, scope):
            self.flag("torch_compute", node, f"calls {name}, which is not a function of this module "
                      "(parameters and variables may hold nn layers)")

    def _method_call(self, node: ast.Call, func: ast.Attribute, scope: _Scope) -> None:
        attr = func.attr
        if self._module_of(func.value) is not None or attr.startswith("_"):
            return  # module members and private attributes are judged as attributes
        if attr in COPYING_METHODS and scope.kind == "strict" and self._reorders(func.value, scope):
            self.flag("torch_compute", node, f".{attr}() of a permuted or expanded view is a torch copy kernel: "
                      "pass the view's strides to a Triton kernel instead")
        if isinstance(func.value, ast.Name) and func.value.id == "self":
            # self.norm(x) where norm is a layer: only the classes' own methods (and the
            # nn.Module methods the attribute rules allow) may be called on self.
            if attr not in self.mod.methods and attr not in NN_MODULE_ATTRS:
                self.flag("torch_compute", node, f"calls self.{attr}, which is not a method of this class "
                          "(nn layers must not be called)")
            return
        if attr in AUTOGRAD_CTX_METHODS and self._is_ctx(func.value, scope):
            return
        if attr in LIBRARY_CLASS_METHODS.get(self.mod.resolve(func.value) or "", ()):
            return
        if attr in CONTAINER_MUTATORS | TENSOR_FILLS and scope.kind == "strict" and not self._fresh(func, scope):
            self.flag("mutable_state", node, f".{attr}() on something this function did not create")
        if attr in TENSOR_RESTRIDES and not self._fresh(func, scope):
            self.flag("torch_compute", node, f".{attr}() on a tensor this function did not allocate: its offset "
                      "is absolute in the storage (view an input with view, narrow or select)")
        if attr in KNOWN_ATTRS or attr in self._attrs(scope):
            return  # library attributes are judged by the attribute rules
        if attr in self.mod.methods:
            if not self._own_receiver(func.value, scope):
                self.flag("torch_compute", node, f".{attr}() is a method of this module's classes, called on "
                          "something that is not one of their instances")
            return
        self.flag("torch_compute", node, f".{attr}() is neither a method of this module's classes nor an "
                  "allowed tensor method (nn layers must not be called)")

    def _own_receiver(self, receiver: ast.AST, scope: _Scope) -> bool:
        """May `receiver` be an instance of the candidate's own classes? Whatever a function reaches
        through self, its own names (locals, parameters, names of the defs around it) or a call may
        be; a module-level name only where each of its bindings builds an own class. A method name
        of the candidate's own was callable on any object: with numpy's `einsum`, `asarray` and
        `copyto` defined as dummy methods, `np.einsum(...)` on the numpy Triton's interpreter
        binds in the module did a matmul (outside passes on verifiers 80 and 81; issue 32's class A).
        A verifier 83 that held locals to paths from self refused a conditional, an unpacked pair, a
        closure's name and a getter's result (outside pass on verifier 83)."""
        root = receiver
        while isinstance(root, (ast.Attribute, ast.Subscript)):
            root = root.value
        if not isinstance(root, ast.Name) or root.id == "self":
            return True  # a call's result, a literal's item: judged where they were made
        if any(root.id in self._scope_names(fn) for fn in scope.fns):
            return True
        values = self.mod.constants.get(root.id)
        return bool(values) and all(isinstance(v, ast.Call) and isinstance(v.func, ast.Name)
                                    and v.func.id in self.mod.classes for v in values)

    def _reorders(self, expr: ast.AST, scope: _Scope) -> bool:
        """Is `expr` a permuted/expanded view, directly or through a local bound to one?"""
        root, links = _chain(expr)
        if links & REORDERING_VIEWS:
            return True
        if not (isinstance(root, ast.Name) and scope.fns):
            return False
        fn = scope.fns[-1]  # locals of the innermost def only
        if id(fn) not in self._reordered:
            values = self._locals(fn)
            names: set[str] = set()
            while True:  # follow plain assignments: v = x.t(); w = v.unsqueeze(0)
                new = {n for n, vs in values.items() if n not in names and any(
                    v is not None and not isinstance(v, (ast.Lambda, ast.FunctionDef, ast.ClassDef))
                    and _reordered_value(v, names) for v in vs)}
                if not new:
                    break
                names |= new
            self._reordered[id(fn)] = names
        return root.id in self._reordered[id(fn)]

    def _Return(self, node, parent, scope):
        if node.value is None or not scope.fns or scope.fns[-1] is not self.forward:
            return
        inputs = {a.arg for a in _all_args(self.forward.args)} - {"self"}
        for item in node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]:
            root, links = _chain(item)
            if links and links <= TENSOR_VIEWS and isinstance(root, ast.Name) and root.id in inputs:
                self.flag("torch_compute", node, f"forward returns a view of its input {root.id}: "
                          "the output must be written by a kernel")

    def _callable_local(self, name: str, scope: _Scope) -> bool:
        """Is `name` bound only to lambdas or nested defs (innermost binding scope wins)?"""
        for fn in reversed(scope.fns):
            values = self._locals(fn).get(name)
            if values is not None:
                return all(isinstance(v, (ast.Lambda, ast.FunctionDef)) for v in values)
        values = self.mod.constants.get(name)
        return bool(values) and all(isinstance(v, ast.Lambda) for v in values)

    def _aliases_state(self, name: str, fn: ast.AST) -> bool:
        """Could local `name` be bound to an object that outlives the call?"""
        for value in self._locals(fn).get(name, []):
            root = value
            while isinstance(root, (ast.Attribute, ast.Subscript)):
                root = root.value
            if isinstance(root, ast.Name) and (root.id == "self" or root.id in self.mod.constants):
                if value is root or isinstance(value, ast.Attribute) and root.id == "self":
                    return True
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return False
        defaults = _defaults(fn.args)
        return name in defaults and not isinstance(defaults[name], ast.Constant)  # `cache=[]` lives on

    def _fresh(self, func: ast.Attribute, scope: _Scope) -> bool:
        """Is the receiver of a mutating call a container/tensor this function created?"""
        receiver = func.value
        tensor = func.attr in TENSOR_FILLS | TENSOR_RESTRIDES
        if isinstance(receiver, ast.Call):
            return self._fresh_value(receiver, tensor)
        if not isinstance(receiver, ast.Name) or not scope.fns:
            return False
        values = self._locals(scope.fns[-1]).get(receiver.id)
        return bool(values) and all(v is not None and self._fresh_value(v, tensor) for v in values)

    def _fresh_value(self, value: ast.AST, tensor: bool) -> bool:
        if tensor:
            if not isinstance(value, ast.Call):
                return False
            if isinstance(value.func, ast.Attribute) and value.func.attr in TENSOR_ALLOCS:
                return True
            return self.mod.resolve(value.func) in ALLOCATIONS
        if isinstance(value, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)):
            return True
        return (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id in ("list", "dict", "set"))

    def _jit_call(self, node: ast.Call, scope: _Scope) -> None:
        func = node.func
        if isinstance(func, ast.Name):
            ok = func.id in self.mod.kernels or func.id in JIT_BUILTINS or func.id in self.mod.aliases
        elif isinstance(func, ast.Attribute):
            ok = True  # tl.* chains and value methods are judged as attributes
        else:
            ok = False
        if not ok:
            self.flag("jit_body", node, "kernels may only call tl.*, libdevice, other @triton.jit functions "
                      "and range/min/max/int/float/len")

    def _scope_names(self, fn: ast.AST) -> set[str] | dict:
        """Names local to a def or lambda (_local_bindings: imports and try, which would add
        more, are rule violations inside functions anyway) or to a comprehension."""
        if isinstance(fn, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return set().union(*(_scope_names([g.target]) for g in fn.generators))
        return self._locals(fn)

    def _class_scope_read(self, node: ast.Name) -> bool:
        """Is `node`, outside any def, read in its class body's own scope? Not inside a comprehension
        or generator, which has a scope of its own and reads the global (all but its first
        iterable): `np = 0; g = (np for _ in range(n))` in a class body read the numpy the
        interpreter binds in the module (outside pass on verifier 82)."""
        comps = self._comprehensions(node)
        return not comps or (len(comps) == 1 and any(n is node for n in ast.walk(comps[0].generators[0].iter)))

    def _comprehensions(self, node: ast.AST) -> list[ast.AST]:
        """The comprehensions that enclose `node` (they are no entry of _Scope.fns)."""
        if self._enclosing is None:
            self._enclosing = {}
            for comp in ast.walk(self.mod.tree):
                if isinstance(comp, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                    for inner in ast.walk(comp):
                        self._enclosing.setdefault(id(inner), []).append(comp)
        return self._enclosing.get(id(node), [])

    def _locals(self, fn: ast.AST) -> dict:
        key = id(fn)
        if key not in self._bindings:
            self._bindings[key] = _local_bindings(fn)
        return self._bindings[key]


# Methods named `_<AST class>` handle that node type (a table, not getattr per node: 2x faster).
_Checker._handlers = {name[1:]: f for name, f in vars(_Checker).items()
                      if isinstance(getattr(ast, name[1:], None), type) and issubclass(getattr(ast, name[1:]), ast.AST)}
_LEAVES = (ast.expr_context, ast.operator, ast.unaryop, ast.boolop, ast.cmpop)


def _reordered_value(value: ast.AST, names: set[str]) -> bool:
    root, links = _chain(value)
    return bool(links & REORDERING_VIEWS) or (isinstance(root, ast.Name) and root.id in names)


def _defaults(args: ast.arguments) -> dict[str, ast.expr]:
    """Parameter name -> its default's expression, positional and keyword-only."""
    positional = args.posonlyargs + args.args
    out = dict(zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults))
    out.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    return out


def _all_args(args: ast.arguments) -> list[ast.arg]:
    return [a for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg] if a]


def _is_call_func(node: ast.AST, parent: ast.AST | None) -> bool:
    return isinstance(parent, ast.Call) and parent.func is node


def _class_use_ok(node: ast.Name, parent: ast.AST | None) -> bool:
    """Own classes are instantiated, subclassed, named in `Cls.__init__(self)`, or in
    `super(Cls, self)`, the two-argument form every KernelBench reference's `__init__` uses (an
    honest answer in that style was refused: outside red team, ninth pass, 2026-11-29)."""
    if _is_call_func(node, parent) or (isinstance(parent, ast.ClassDef) and node in parent.bases):
        return True
    if (isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "super"
            and len(parent.args) == 2 and parent.args[0] is node and isinstance(parent.args[1], ast.Name)):
        return True
    return isinstance(parent, ast.Attribute) and parent.attr == "__init__"


def _init_receiver_ok(receiver: ast.AST, mod: _Module) -> bool:
    """`super().__init__`, `Own.__init__` or `nn.Module.__init__` (an allowed module member)."""
    if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
        return True
    if isinstance(receiver, ast.Name) and receiver.id in mod.classes:
        return True
    path = mod.resolve(receiver) or ""
    return path == "torch.nn.Module" or path.removeprefix("torch.nn.") in NN_LAYERS


def _is_method_self(receiver: ast.AST, scope: "_Scope", mod: _Module) -> bool:
    """`receiver` is the instance a method of the candidate's classes was called on: the
    method's own first parameter, never rebound in it (a module-level `def f(self)` takes any
    object, and a tensor's `_base` is not the candidate's own attribute)."""
    fn = scope.fns[-1] if scope.fns else None
    if not (isinstance(receiver, ast.Name) and isinstance(fn, ast.FunctionDef) and fn.args.args
            and id(fn.args.args[0]) in mod.self_args and receiver.id == fn.args.args[0].arg):
        return False
    return not any(isinstance(n, ast.Name) and n.id == receiver.id and not isinstance(n.ctx, ast.Load)
                   for n in ast.walk(fn))


def _init_attrs(mod: _Module) -> frozenset[str]:
    """Names an __init__ of the module's classes assigns on self (`self.norm = RMSNorm(...)`): a
    library model keeps its final norm as `.norm`, which is also a tensor method's name (8 of 761
    harvested Inductor answers read `self.model.norm.weight` and were refused, session 66)."""
    found = set()
    for cls in mod.classes.values():
        init = _method(cls, "__init__")
        for node in ast.walk(init) if init is not None else ():
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found |= {t.attr for t in targets if _self_attribute(t)}
    return frozenset(found)


def _rooted_at_self(node: ast.AST, scope: _Scope | None = None) -> bool:
    """`node` is a path from self (`self.model.norm`), or, with a scope, from a name its function
    binds only as a loop over such a path (`for blk in self.blocks: blk.norm.weight`)."""
    value = node.value if isinstance(node, (ast.Attribute, ast.Subscript)) else node
    while isinstance(value, (ast.Attribute, ast.Subscript)):
        value = value.value
    if not isinstance(value, ast.Name):
        return False
    if value.id == "self":
        return True
    fns = [fn for fn in (scope.fns if scope else ()) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return bool(fns) and _module_loop_name(value.id, fns[-1])


def _module_loop_name(name: str, fn: ast.AST) -> bool:
    """`name` is bound in `fn` only as a loop target over paths from self: `for blk in self.blocks`,
    `for i, blk in enumerate(self.layers)`, `for a, b in zip(self.xs, self.ys)`, and comprehensions'
    the same, so it names the module's own submodules (a ModuleList's blocks)."""
    loop_targets: set[int] = set()
    for node in ast.walk(fn):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            loop_targets |= {id(t) for t in _self_loop_targets(node.target, node.iter)}
    stores = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]
    params = {a.arg for a in _all_args(fn.args)}
    return bool(stores) and name not in params and all(id(n) in loop_targets for n in stores)


def _self_loop_targets(target: ast.AST, it: ast.AST) -> list[ast.AST]:
    """The Name targets of one loop that take items of paths from self."""
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and not it.keywords:
        if it.func.id == "reversed" and len(it.args) == 1:
            return _self_loop_targets(target, it.args[0])
        if it.func.id == "enumerate" and len(it.args) == 1 and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            return _self_loop_targets(target.elts[1], it.args[0])
        if it.func.id == "zip" and isinstance(target, ast.Tuple) and len(target.elts) == len(it.args):
            return [t for sub, arg in zip(target.elts, it.args) for t in _self_loop_targets(sub, arg)]
        return []
    return [target] if isinstance(target, ast.Name) and _rooted_at_self(it) else []


def _typed_attrs(receiver: ast.AST, mod: _Module) -> frozenset[str]:
    """Attributes allowed because the receiver's type is known: x.device.type, torch.finfo(d).max."""
    if isinstance(receiver, ast.Attribute) and receiver.attr == "device":
        return DEVICE_ATTRS
    if isinstance(receiver, ast.Call) and mod.resolve(receiver.func) in ("torch.finfo", "torch.iinfo"):
        return FINFO_ATTRS
    return frozenset()


def _constexpr_params(kernel: ast.FunctionDef, mod: _Module) -> set[str]:
    return {a.arg for a in _all_args(kernel.args)
            if a.annotation is not None and mod.resolve(a.annotation) == "triton.language.constexpr"}


def _numeric(value: ast.AST, mod: _Module) -> bool:
    """A module constant a kernel may read: numbers, arithmetic on them, tl.constexpr(number)."""
    for node in ast.walk(value):
        if isinstance(node, ast.Constant):
            if not isinstance(node.value, (int, float, bool)):
                return False
        elif isinstance(node, ast.Call):
            if mod.resolve(node.func) != "triton.language.constexpr" or node.keywords or len(node.args) != 1:
                return False
        elif isinstance(node, ast.Attribute):  # tl.constexpr, or a math constant such as math.pi
            path = mod.resolve(node) or ""
            math_constant = path.startswith("math.") and isinstance(getattr(math, path[5:], None), float)
            if path != "triton.language.constexpr" and not math_constant:
                return False
        elif isinstance(node, ast.Name):
            if node.id not in mod.aliases:
                return False
        elif not isinstance(node, (ast.UnaryOp, ast.BinOp, ast.operator, ast.unaryop, ast.Load)):
            return False
    return True


# ------------------------------------------------------------------ layout copies

# Views that reorder or broadcast elements; a contiguous copy of one is a torch kernel
# doing the data movement (x.permute(...).contiguous() *is* the permute task).
REORDERING_VIEWS = frozenset({"permute", "transpose", "t", "T", "mT", "movedim", "swapaxes", "swapdims",
                              "expand", "expand_as", "as_strided"})
COPYING_METHODS = frozenset({"contiguous", "reshape", "reshape_as", "flatten"})


def _chain(expr: ast.AST) -> tuple[ast.AST, set[str]]:
    """(root, method/attribute names) of `x.a(...).b[...].c(...)`."""
    links: set[str] = set()
    while True:
        if isinstance(expr, ast.Call):
            expr = expr.func
        elif isinstance(expr, ast.Attribute):
            links.add(expr.attr)
            expr = expr.value
        elif isinstance(expr, ast.Subscript):
            expr = expr.value
        else:
            return expr, links


# ------------------------------------------------------------------ module layout


def _import_violations(mod: _Module) -> list[RuleViolation]:
    out = []
    for node in mod.tree.body:
        if isinstance(node, ast.Import):
            for a in node.names:
                out += _import_one(node, a.name, a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            for a in node.names:
                if base == "__future__" and a.name == "annotations":
                    continue
                if a.name == "*" or node.level:
                    out.append(RuleViolation("forbidden_import", node.lineno, "star and relative imports hide "
                                             "what is used"))
                    continue
                path = f"{base}.{a.name}"
                if path in ALLOWED_IMPORTS or base not in ALLOWED_IMPORTS:
                    out += _import_one(node, path, a.asname or a.name)
                else:  # `from torch import empty`: a member, judged against torch's allow-list
                    out += _import_one(node, base, a.asname or a.name) + _import_member(node, base, a.name)
    return out


def _import_one(node: ast.stmt, path: str, local: str) -> list[RuleViolation]:
    out = []
    if path.startswith(COMPILER_PATHS):
        out.append(RuleViolation("torch_compile", node.lineno, f"imports {path}"))
    elif path not in ALLOWED_IMPORTS:
        out.append(RuleViolation("forbidden_import", node.lineno, f"imports {path}"))
    if local in BUILTIN_NAMES or local.startswith("__") or local in ("self", "Model"):
        out.append(RuleViolation("io_access", node.lineno, f"import binds the name {local}"))
    return out


def _import_member(node: ast.stmt, module: str, member: str) -> list[RuleViolation]:
    rule = MODULE_RULES[module]
    if member in rule.members | rule.init_members:
        return []
    rule_id = "torch_compute" if module.startswith("torch") else "module_attribute"
    if f"{module}.{member}".startswith(COMPILER_PATHS):
        rule_id = "torch_compile"
    return [RuleViolation(rule_id, node.lineno, f"imports {module}.{member}, which is not on the allow-list")]


def _statement_violations(mod: _Module) -> list[RuleViolation]:
    """Module and class bodies: imports, defs, classes, docstrings, constant assignments."""
    out = []
    for node in mod.tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        out += _level_statement(node, mod, "module")
    for cls in mod.classes.values():
        for node in cls.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out += _level_statement(node, mod, f"class {cls.name}")
    return out


def _level_statement(node: ast.stmt, mod: _Module, where: str) -> list[RuleViolation]:
    if isinstance(node, ast.Pass) or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                                      and isinstance(node.value.value, str)):
        return []
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names_only = all(isinstance(t, ast.Name) or (isinstance(t, ast.Tuple) and all(
            isinstance(e, ast.Name) for e in t.elts)) for t in targets)
        bad = _non_constant(node.value, mod) if node.value is not None else None
        if names_only and bad is None:
            return []
        why = f"computes {bad}" if bad else "assigns something other than plain names"
        return [RuleViolation("module_statement", node.lineno, f"{where}-level assignment {why}")]
    return [RuleViolation("module_statement", node.lineno, f"{where}-level {type(node).__name__} statement")]


_CONSTANT_NODES = (ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.UnaryOp, ast.BinOp, ast.BoolOp,
                   ast.Compare, ast.IfExp, ast.Name, ast.Attribute, ast.Call, ast.ListComp, ast.SetComp,
                   ast.DictComp, ast.GeneratorExp, ast.comprehension, ast.Subscript, ast.Slice, ast.Starred,
                   ast.keyword, ast.JoinedStr, ast.FormattedValue, ast.Lambda, ast.expr_context, ast.operator,
                   ast.unaryop, ast.boolop, ast.cmpop)


def _non_constant(value: ast.AST, mod: _Module) -> str | None:
    """What keeps a module-level value from being a constant expression, or None.
    Lambda bodies are code, judged by the walk, so they are not descended into."""
    todo = [value]
    while todo:
        node = todo.pop()
        if not isinstance(node, _CONSTANT_NODES):
            return type(node).__name__
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Call):
            path = mod.resolve(node.func) or ""
            ok = path in CONSTANT_CALLS or path.startswith("math.") or (
                isinstance(node.func, ast.Name) and node.func.id in ALLOWED_BUILTINS)
            if not ok:
                return f"a call of {path or type(node.func).__name__}"
        todo.extend(ast.iter_child_nodes(node))
    return None


def _class_violations(mod: _Module, contract: str = "kernelbench") -> list[RuleViolation]:
    # A second class of one name replaces the first, whose methods' `self` the rules then read as
    # stray parameters: two ModelNew classes were refused as "only a method's first parameter may
    # be called self" (outside pass on verifier 67); the verdict was right, the reason not.
    out = [RuleViolation("class_definition", cls.lineno, f"class {cls.name} is defined again further down, which "
                         "replaces this one: define it once") for cls in mod.redefined_classes]
    for cls in mod.classes.values():
        line = cls.lineno
        if cls.keywords:
            out.append(RuleViolation("class_definition", line, f"class {cls.name} passes keywords (metaclass)"))
        if cls.decorator_list:
            out.append(RuleViolation("decorator", line, f"class {cls.name} is decorated"))
        for base in cls.bases:
            if contract == "tritonbench" and mod.resolve(base) == "torch.autograd.Function":
                continue
            out += _base_violations(mod, cls, base)
        for fn in cls.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out += _method_violations(mod, cls, fn)
    model = mod.classes.get("ModelNew")
    if model is not None and _method(model, "forward") is None:
        out.append(RuleViolation("class_definition", model.lineno, "ModelNew must define forward itself"))
    return out


def _base_violations(mod: _Module, cls: ast.ClassDef, base: ast.AST) -> list[RuleViolation]:
    if isinstance(base, ast.Name) and base.id in mod.classes and base.id != cls.name:
        return []
    path = mod.resolve(base) or ""
    obj = _torch_object(path)
    if isinstance(obj, type) and issubclass(obj, torch.Tensor):
        return [RuleViolation("tensor_subclass", cls.lineno, f"{cls.name} subclasses {path}")]
    if path == "torch.nn.Module" or (path.removeprefix("torch.nn.") in NN_LAYERS and path.startswith("torch.nn.")):
        return []
    if dotted_name(base) == "Model":
        return [RuleViolation("references_model", cls.lineno, f"{cls.name} subclasses Model")]
    root = (dotted_name(base) or "").partition(".")[0]
    if root and "." in path and root not in mod.aliases and root not in mod.module_bound:
        # the 135M model's answers often drop `import torch.nn as nn` (run 17: 3 of 4 samples of one
        # dev task); "may not subclass nn.Module" read as if nn.Module were refused
        return [RuleViolation("undefined_name", cls.lineno,
                              f"{cls.name} subclasses {path}, but {root} is never imported or defined")]
    return [RuleViolation("class_definition", cls.lineno, f"{cls.name} may not subclass {path or 'this'}")]


def _torch_object(path: str) -> object:
    if not path.startswith("torch."):
        return None
    obj: object = torch
    for part in path.split(".")[1:]:
        if part.startswith("_"):
            return None
        obj = vars(obj).get(part) if isinstance(obj, types.ModuleType) else None
    return obj


def _method_violations(mod: _Module, cls: ast.ClassDef, fn: ast.AST) -> list[RuleViolation]:
    name, line = fn.name, fn.lineno
    if isinstance(fn, ast.AsyncFunctionDef):
        return []  # reported as forbidden_syntax by the walk
    out = []
    if name in ("__torch_function__", "__torch_dispatch__"):
        out.append(RuleViolation("tensor_subclass", line, f"{cls.name} defines {name}"))
    elif name.startswith("__") and name != "__init__":
        out.append(RuleViolation("class_definition", line, f"{cls.name} defines special method {name}"))
    elif name in KNOWN_ATTRS and name != "forward":
        out.append(RuleViolation("class_definition", line, f"method {name} shadows a torch/Python attribute"))
    elif name in BUILTIN_NAMES:
        out.append(RuleViolation("io_access", line, f"method {name} re-binds a builtin name"))
    for dec in fn.decorator_list:
        path = _decorator_path(mod, dec)
        plain = isinstance(dec, ast.Name) and dec.id in ("staticmethod", "property")
        if not plain and not (isinstance(dec, ast.Call) and path in ("torch.no_grad", "torch.inference_mode")):
            out.append(RuleViolation("decorator", dec.lineno, f"method {name} has decorator {path or '?'}"))
    return out


def _function_decorator_violations(mod: _Module) -> list[RuleViolation]:
    out = []
    for name, fn in mod.functions.items():
        paths = [_decorator_path(mod, d) for d in fn.decorator_list]
        for dec, path in zip(fn.decorator_list, paths):
            kernel_dec = path in KERNEL_DECORATORS and (isinstance(dec, ast.Call) or path == "triton.jit")
            grad_dec = isinstance(dec, ast.Call) and path in ("torch.no_grad", "torch.inference_mode")
            if not (kernel_dec or grad_dec):
                out.append(RuleViolation("decorator", dec.lineno, f"{name} has decorator {path or '?'}"))
        if any(p in KERNEL_DECORATORS for p in paths) and paths[-1] != "triton.jit":
            out.append(RuleViolation("decorator", fn.lineno, f"{name}: @triton.jit must be the innermost decorator"))
    return out


# ------------------------------------------------------------------ entry point


# Rules that belong to KernelBench's module contract (a ModelNew whose __init__ builds
# parameters and whose forward is called repeatedly). A TritonBench answer is a set of
# functions, and often a torch.autograd.Function, that the item's own test section calls:
# they do not apply to it. Everything else (imports, names, attributes, torch compute,
# kernels, classes, state, try/except, torch.compile, patching) does: all code there is
# forward code. The class rules stay: exempting them once let `self = x; self.softmax()`
# and `self = gen.gi_frame` through (red-team, 2026-11-24); instead that contract also
# allows torch.autograd.Function as a base and `Cls.apply(...)` on such a class.
TRITONBENCH_EXEMPT = {
    "device_query": "items place their tensors by device and run on a GPU only",
    "missing_modelnew": "there is no ModelNew: the item names the functions to write",
    "references_model": "there is no reference Model in the candidate's namespace",
    "module_statement": "answers may configure module-level constants the test section reads",
}


# TritonBench-T signatures follow torch's, whose first parameter is `input`: in that
# contract a parameter (or local) may shadow this builtin, which only reads stdin anyway.
TRITONBENCH_SHADOWABLE = frozenset({"input"})
# In that contract, the forward/backward staticmethods of a torch.autograd.Function subclass
# may set attributes on their `ctx` and call these on it: autograd's own per-call state,
# which the state rule would otherwise reject.
AUTOGRAD_CTX_METHODS = frozenset({"save_for_backward", "mark_non_differentiable", "mark_dirty",
                                  "set_materialize_grads"})


def check_rules(source: str, contract: str = "kernelbench") -> list[RuleViolation]:
    """All rule violations in `source` (which must parse). Empty means static_ok.

    `contract` is "kernelbench" (a ModelNew) or "tritonbench" (functions that an item's
    test section calls: TRITONBENCH_EXEMPT does not apply). Never raises on source that
    parses: a tree too deep or too large to walk is itself a violation (`too_complex`)."""
    if contract not in ("kernelbench", "tritonbench"):
        raise ValueError(f"contract must be 'kernelbench' or 'tritonbench', got {contract!r}")
    source = readable_text(source)
    try:
        tree = parse_source(source)
        out = _check(tree, contract) + _hidden_def_violations(tree, source) + _line_break_violations(source) \
            + _coding_violations(source)
    except (RecursionError, MemoryError):
        return [RuleViolation("too_complex", 1, RULES["too_complex"])]
    if contract == "tritonbench":
        out = [v for v in out if v.rule not in TRITONBENCH_EXEMPT]
    # One line per (rule, line) keeps the feedback readable.
    unique = {(v.rule, v.line): v for v in out}
    return sorted(unique.values(), key=lambda v: (v.line, v.rule))


# Characters that str.splitlines (and so the interpreter's source search and the line
# numbers below) takes for line ends, while Python's tokenizer does not: 30 form feeds in a
# comment shifted _hidden_def_violations' lines past a hidden `def` (outside red team,
# 2026-11-27). Honest code has none of them.
_ODD_LINE_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _line_break_violations(source: str) -> list[RuleViolation]:
    for number, line in enumerate(source.split("\n"), 1):
        found = next((c for c in line if c in _ODD_LINE_BREAKS), None)
        if found is not None:
            return [RuleViolation("forbidden_syntax", number, f"the source holds {found!r}, which some tools read "
                                  "as a line break and Python does not")]
    return []


# PEP 263: a comment on line 1 or 2 naming an encoding makes Python decode the file's bytes by it.
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


def _coding_violations(source: str) -> list[RuleViolation]:
    """An encoding declaration other than UTF-8's. The judge runs the text it is given, which
    compile() reads ignoring the declaration, while importing the same text saved as a file decodes
    it by the declaration: under `coding: utf-7` a comment holding `+AAo-` hid a second ModelNew that
    only the import ran, and under latin-1 `len("é")` was 1 to the API and 2 to the CLI and an
    import (outside pass on verifier 67). No answer needs one; UTF-8's changes nothing."""
    import codecs
    for number, line in enumerate(source.split("\n")[:2], 1):
        match = _CODING.match(line)
        if match is None:
            continue
        try:
            name = codecs.lookup(match.group(1)).name
        except LookupError:
            name = match.group(1)
        if name != "utf-8":
            return [RuleViolation("forbidden_syntax", number, f"declares the source encoding {match.group(1)!r}: the "
                                  "judge runs the text as given and an import decodes it otherwise; save it as UTF-8 "
                                  "without the declaration")]
    return []


def _hidden_def_violations(tree: ast.Module, source: str) -> list[RuleViolation]:
    """A line inside a decorated function that starts with `def ` but is no def of the tree.

    Triton's interpreter (TRITON_INTERPRET=1, our CPU mode) re-reads a kernel's source and
    compiles it from the *last* line that starts with `def ` (triton/runtime/interpreter.py,
    `FunctionRewriter._find_def`, 3.6 and 3.9). A second `def` inside a string literal in the
    kernel therefore became the kernel: the rules checked a harmless body that only stored
    zeros, while the interpreter ran the hidden one, which did the matmul with numpy and was
    judged correct (outside red team, 2026-11-24). Honest kernels have no such line."""
    lines = source.splitlines()
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.decorator_list:
            continue
        real = {n.lineno for n in ast.walk(fn) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        first = min(d.lineno for d in fn.decorator_list)
        for number in range(first, fn.end_lineno + 1):
            if number not in real and lines[number - 1].strip().startswith("def "):
                out.append(RuleViolation("jit_body", number, f"a line of {fn.name} that is not a def starts with "
                                         "'def ' (in a string?): Triton's interpreter would run the kernel from it"))
    return out


def _check(tree: ast.Module, contract: str = "kernelbench") -> list[RuleViolation]:
    mod = _build(tree)
    out = (_import_violations(mod) + _statement_violations(mod) + _class_violations(mod, contract)
           + _function_decorator_violations(mod) + _Checker(mod, contract).run() + _device_query_violations(mod))
    if "ModelNew" not in mod.classes:
        out.append(RuleViolation("missing_modelnew", 1, RULES["missing_modelnew"]))
    if not mod.kernels:
        out.append(RuleViolation("no_triton_kernel", 1, RULES["no_triton_kernel"]))
    return out


# ------------------------------------------------------------------ device queries

# A kernel launched over `n // (1 + x.is_cuda)` elements did all the work on the CPU judge and half
# on a GPU (outside red team, session 43); `x.device.type == "cuda"`, a device compared, formatted
# or used as a dict key, and torch.cuda.is_available() branch alike. A CPU judge runs only one
# side of such a branch, so outside an assert (which can only stop the run) a candidate may not
# ask: the verdict would depend on the device judging it. x.device stays usable where tensors are
# placed: device=..., .to(...), and names bound to it (`dtype, device = x.dtype, x.device`) or
# parameters of the candidate's own functions (a positional argument) used the same way. A
# device's .type and .index are asked wherever they are read (`dev.index is None` in a helper, or
# on a dict's "device" entry, went round the first form: outside red team, session 44), and so is
# a comparison with a device string or a torch.device. So is a launch's return value: None in the
# interpreter, the compiled kernel on a GPU (`if kernel[grid](...) is None` launched the second
# half of a ReLU on CPU only: the same pass). An assert holding a walrus binds, so it is checked.
DEVICE_FLAGS = frozenset({"is_cuda", "is_cpu", "is_mps", "is_xpu", "is_meta", "is_ipu", "is_hpu", "is_vulkan",
                          "is_mkldnn", "get_device"})
DEVICE_PARTS = frozenset({"type", "index"})  # read as values (a call of .index is a list's, .type() a cast)
DEVICE_STRINGS = ("cpu", "cuda", "mps", "meta", "xpu", "hip")
# torch.cuda queries that answer on a machine without CUDA (the others raise there, as a GPU-only
# answer's launch would): branchable.
CUDA_ANSWERS = frozenset({"is_available", "device_count", "is_initialized"})
# Where x.device (or its index) may go as an argument: placing tensors, and the torch.cuda property
# queries an honest persistent kernel sizes its grid by (they raise on a machine without CUDA, so
# a CPU judge sees no branch on them; a branch on a GPU's capability is open, docs/VERIFIER.md).
DEVICE_PLACING_CALLS = frozenset({"torch.device", "torch.cuda.get_device_properties", "torch.cuda.get_device_capability"})


def _device_query_violations(mod: _Module) -> list[RuleViolation]:
    parents, asserted, assigns, candidates = {}, set(), [], []
    for node in ast.walk(mod.tree):  # one walk: this runs on every candidate (rules take ~3 ms in all)
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
        if isinstance(node, ast.Assert) and _only_asks(node):
            asserted.update(id(n) for n in ast.walk(node))
        elif isinstance(node, ast.Assign):
            assigns.append(node)
        elif isinstance(node, (ast.Attribute, ast.Call, ast.Name, ast.Compare)):
            candidates.append(node)
    bound = _device_names(assigns, candidates, mod)
    out = [RuleViolation("device_query", node.lineno, RULES["device_query"])
           for node in _formatting(mod.tree, parents)]
    for node in candidates:
        if id(node) not in asserted and _asks(node, parents, mod, bound):
            out.append(RuleViolation("device_query", getattr(node, "lineno", 1), RULES["device_query"]))
    return out


def _formatting(tree: ast.AST, parents: dict) -> list[ast.AST]:
    """String formatting of values (an f-string's fields, `"..." % v`, `"...".format(v)`) outside an
    exception's or an assert's message: a tensor's text names its device (`f"{x.new_empty(0)}"` is
    `tensor([])` on CPU and holds `device='cuda:0'` on a GPU), and a ReLU doing half its work when
    that text held "cu" + "da" passed on CPU (outside red team, session 45). A message is exempt:
    it is made only when the run stops (no try/except is allowed to catch it)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue) for v in node.values):
            found.append(node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _is_text(node.left):
            found.append(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "format_map") \
                and _is_text(node.func.value):
            found.append(node)
    return [node for node in found if not _in_message(node, parents)]


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _in_message(node: ast.AST, parents: dict) -> bool:
    """Whether `node` is (inside) what a raise raises or an assert's message."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        if isinstance(parent, ast.Raise) or (isinstance(parent, ast.Assert) and child is parent.msg):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _only_asks(node: ast.Assert) -> bool:
    """Whether an assert can do nothing but stop the run: no walrus (it binds), and no call but
    tensor queries, torch.cuda's answers, isinstance and len (`assert x.is_cuda or
    k[grid](...) is None` would launch on a CPU only)."""
    for n in ast.walk(node):
        if isinstance(n, ast.NamedExpr):
            return False
        if isinstance(n, ast.Call) and not (
                (isinstance(n.func, ast.Attribute) and n.func.attr in TENSOR_QUERIES | CUDA_ANSWERS)
                or (isinstance(n.func, ast.Name) and n.func.id in ("isinstance", "len"))):
            return False
    return True


# Identity and named devices: `x.to("cpu")` is x itself on a CPU and a copy on a GPU, so `a is b`
# on them, in a helper where no device string is in sight, launched a ReLU's kernel on a CPU only
# (outside red team, session 46). 0 of 3,472 correct model answers in our eval logs compare two
# values by identity (beside None, a literal, a type or a module's member such as torch.float16)
# or move a tensor to a named device.
IDENTITY_TYPES = frozenset({"int", "float", "bool", "str", "bytes", "complex", "tuple", "list", "dict", "set",
                            "type", "slice", "range", "NotImplemented", "Ellipsis"})


def _identity(node: ast.Compare, mod: _Module) -> bool:
    """`a is b` between two values, neither None, a literal, a type nor a module's member."""
    if not any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
        return False
    return not any(isinstance(o, ast.Constant) or (isinstance(o, ast.Name) and o.id in IDENTITY_TYPES)
                   or (isinstance(o, ast.Call) and isinstance(o.func, ast.Name) and o.func.id == "type")
                   or (isinstance(o, ast.Attribute) and (o.attr == "dtype" or _module_member(o, mod)))
                   for o in (node.left, *node.comparators))


def _module_member(node: ast.AST, mod: _Module) -> bool:
    dotted = mod.resolve(node)
    return dotted is not None and dotted.split(".")[0] in ("torch", "triton", "math", "numpy")


def _names_a_device(node: ast.AST, mod: _Module) -> bool:
    """A device named in code: text (no dtype is), a device index, or torch.device(...) of them."""
    if _is_text(node) or (isinstance(node, ast.Constant) and type(node.value) is int):
        return True
    if isinstance(node, ast.BinOp):  # "cu" + "da"
        return _names_a_device(node.left, mod) or _names_a_device(node.right, mod)
    return isinstance(node, ast.Call) and mod.resolve(node.func) == "torch.device" \
        and all(_names_a_device(a, mod) for a in node.args)


def _asks(node: ast.AST, parents: dict, mod: _Module, bound: _Devices) -> bool:
    """Whether `node` asks which device runs the candidate (DEVICE_FLAGS ... say how)."""
    if isinstance(node, ast.Attribute):
        if node.attr in DEVICE_FLAGS:
            return True
        if node.attr in CUDA_ANSWERS and mod.resolve(node.value) == "torch.cuda":
            return True
        if node.attr in DEVICE_PARTS and not _is_call_func(node, parents.get(id(node))):
            return not _placing(node, parents, mod)
    if isinstance(node, ast.Compare):
        return _identity(node, mod) or any(
            isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.startswith(DEVICE_STRINGS)
            for operand in (node.left, *node.comparators) for c in ast.walk(operand))
    if isinstance(node, ast.Call) and launched_kernels(mod, node.func):
        return not isinstance(parents.get(id(node)), ast.Expr)  # a launch's result used
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "to":
        return any(_names_a_device(a, mod) for a in (*node.args, *(k.value for k in node.keywords)))
    return _is_device(node, mod, bound) and not _placing(node, parents, mod)


class _Devices:
    """What holds a device: names bound to one anywhere (`dev = x.device`), and the loads of a
    parameter of the candidate's own function (or a lambda bound to a name) that some call passes
    a device to, positionally or by keyword, inside that function. Without the second, a device
    handed to `def tag(d): return f"{d}"` was formatted there unseen (open in verifier 41's final
    form, session 44). A device passed into *args or **kwargs makes that name one too."""

    def __init__(self):
        self.names: set[str] = set()
        self.loads: set[int] = set()

    def holds(self, node: ast.Name) -> bool:
        return node.id in self.names or id(node) in self.loads


def _device_names(assigns: list[ast.Assign], candidates: list[ast.AST], mod: _Module) -> _Devices:
    """Every name and parameter load that holds a device, to a fixed point (a device passed on
    from one helper to the next, or bound to a name inside one)."""
    found = _Devices()
    functions = _own_functions(mod.tree, assigns)
    calls = [n for n in candidates if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
             and n.func.id in functions]
    while True:
        names = {t.id for node in assigns for t, v in _bindings(node) if _is_device(v, mod, found)}
        loads = set()
        for call in calls:
            for fn in functions[call.func.id]:
                for param in _device_params(call, fn.args, mod, found):
                    loads |= {id(n) for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == param
                              and isinstance(n.ctx, ast.Load)}
        if names <= found.names and loads <= found.loads:
            return found
        found.names |= names
        found.loads |= loads


def _own_functions(tree: ast.AST, assigns: list[ast.Assign]) -> dict[str, list[ast.AST]]:
    """The candidate's functions by name (every def of it, at any depth) and lambdas bound to names."""
    functions: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.setdefault(node.name, []).append(node)
    for node in assigns:
        for target, value in _bindings(node):
            if isinstance(value, ast.Lambda):
                functions.setdefault(target.id, []).append(value)
    return functions


def _device_params(call: ast.Call, args: ast.arguments, mod: _Module, found: _Devices) -> set[str]:
    """The parameters of a function with `args` that `call` passes a device to."""
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    rest = [args.vararg.arg] if args.vararg is not None else []
    out = set()
    for i, value in enumerate(call.args):
        if isinstance(value, ast.Starred):  # `f(*[x.device])`: where it lands is not known here
            if any(_is_device(n, mod, found) for n in ast.walk(value)):
                out |= set(positional[i:] + rest)
        elif _is_device(value, mod, found):
            out |= {positional[i]} if i < len(positional) else set(rest)
    named = {a.arg for a in (*args.args, *args.kwonlyargs)}
    for keyword in call.keywords:
        if keyword.arg is None:  # `**dict(d=x.device)`: where it lands is not known here
            if any(_is_device(n, mod, found) for n in ast.walk(keyword.value)):
                out |= named | ({args.kwarg.arg} if args.kwarg is not None else set())
        elif _is_device(keyword.value, mod, found):
            out |= {keyword.arg} if keyword.arg in named else \
                ({args.kwarg.arg} if args.kwarg is not None else set())
    return out


def _bindings(node: ast.Assign) -> list[tuple[ast.Name, ast.AST]]:
    """(name, value) pairs an assignment binds: `a = v`, and `a, b = v, w` element by element."""
    pairs = []
    for target in node.targets:
        if isinstance(target, ast.Name):
            pairs.append((target, node.value))
        elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) and len(target.elts) == len(node.value.elts):
            pairs.extend((t, v) for t, v in zip(target.elts, node.value.elts) if isinstance(t, ast.Name))
    return pairs


def _is_device(node: ast.AST, mod: _Module, found: _Devices) -> bool:
    """x.device, torch.device(...), or a name bound to one of them."""
    if isinstance(node, ast.Attribute) and node.attr == "device":
        path = mod.resolve(node)  # torch.device, torch.cuda.device: the module's, not a tensor's
        return path is None or not path.startswith(("torch.", "triton."))
    if isinstance(node, ast.Call):
        func = node.func
        named = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        return named == "device" and mod.resolve(func) == "torch.device"
    return isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and found.holds(node)


def _placing(node: ast.AST, parents: dict, mod: _Module) -> bool:
    """Whether a device expression (or a device's .index) only places tensors: a keyword argument's
    value, an argument of .to(), of one of DEVICE_PLACING_CALLS or of the candidate's own function
    (a plain name called), or the value bound to plain names."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.keyword):
        return not isinstance(node, ast.Attribute) or node.attr not in DEVICE_PARTS
    if isinstance(parent, ast.Tuple) and isinstance(parents.get(id(parent)), ast.Assign):
        parent = parents.get(id(parent))  # `dtype, dev = x.dtype, x.device`
    if isinstance(parent, ast.Assign):
        return all(isinstance(t, (ast.Name, ast.Tuple)) for t in parent.targets) \
            and not (isinstance(node, ast.Attribute) and node.attr in DEVICE_PARTS)
    if isinstance(parent, ast.Call) and node in parent.args:
        func = parent.func
        if mod.resolve(func) in DEVICE_PLACING_CALLS:
            return True
        if isinstance(node, ast.Attribute) and node.attr in DEVICE_PARTS:
            return False
        return (isinstance(func, ast.Attribute) and func.attr == "to") or isinstance(func, ast.Name)
    return False
