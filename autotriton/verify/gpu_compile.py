"""Does a kernel the CPU judge interprets compile for a GPU?

Triton's interpreter runs a kernel's body as Python, so it accepts what Triton's compiler refuses:
`break` in a loop, a plain int global read inside a kernel, Python calls the code generator has no
lowering for. An outside red-team pass (session 48) had a ReLU whose loop ends in `break` judged
correct on CPU, with every reward path paying 1.0, while compiling it for sm_90 fails with
"unsupported AST node type: Break". The CPU judge stands in for a GPU, so such a kernel is a
compile error there as it would be on the GPU.

Every candidate launch the interpreter runs is therefore also compiled for an H100/H200 (sm_90) at
the launch's own specialization (argument types, constexprs and options; the alignment hints of the
first such launch), by Triton's own front end and NVIDIA's passes: ttir, ttgir, and the pass that
sizes shared memory. A kernel needing more than an sm_90 block may have is refused at launch there,
so it is refused here. That takes 0.03-0.15 s a specialization on 2 cores (a whole-row GEMM: make_ir
30 ms, ttir 7 ms, ttgir 130 ms), compiled once a candidate process. The rest of the LLVM IR stage
(1.1 s of that GEMM's 1.3 s with it), PTX and the cubin (ptxas, a subprocess the sandbox need not
allow) are left out: none of them has refused a kernel that got this far in our runs.

Under the interpreter every `@triton.jit` function is an InterpretedFunction, triton.language's own
(`tl.sigmoid`, `tl.sum`) included, and the code generator only calls JITFunctions. The compile runs
on JITFunction twins: the same code over a copy of its globals in which interpreted functions and
triton.language modules are twins too. triton.language's twins are taken before the first launch
(`snapshot`): Triton 3.9's interpreter left triton.language.core and the tensor class patched with
its own after a launch that calls a device function (tl.max inside a softmax:
`InterpretedFunction.__call__` patches the callee's modules and never restores them), and the code
generator given those failed ("'value' object has no attribute 'dtype'") on every honest kernel
after the first launch. worker.patch_lang_once now restores those patchings with the launch's own;
the snapshot keeps the compile independent of whatever else a launch leaves behind.
"""

from __future__ import annotations

import inspect
import sys
import types

from triton.backends.compiler import GPUTarget
from triton.runtime.interpreter import InterpretedFunction
from triton.runtime.jit import JITFunction, create_function_from_signature

from autotriton.verify import narrow

# The GPU the judge stands in for: an H100 or H200, compute capability 9.0, 32-thread warps.
TARGET = GPUTarget("cuda", 90, 32)
# The most shared memory one block may use on sm_90 (227 KiB, opted in): Triton refuses a launch
# needing more ("out of resource: shared memory").
SHARED_MAX = 232448
# The most threads one block may have on any CUDA GPU: num_warps 64 (2,048 threads) compiles to a
# cubin and fails only at launch (outside pass on verifier 49, session 48).
THREADS_MAX = 1024
# PTX ISA version when the bundled ptxas cannot be asked (8.7, CUDA 12.8): it only gates
# instructions newer than every kernel the tasks need.
PTX_FALLBACK = 87
_JIT_OPTIONS = frozenset(inspect.signature(JITFunction.__init__).parameters) - {"self", "fn"}


class _Twins:
    """JITFunction twins of interpreted functions. Each memo holds the original beside its twin,
    so an id cannot be reused by another object while its entry lives."""

    def __init__(self):
        self.memo: dict[int, tuple[object, object]] = {}

    def _get(self, original, make):
        hit = self.memo.get(id(original))
        if hit is not None and hit[0] is original:
            return hit[1]
        return make(original)

    def value(self, v):
        if isinstance(v, InterpretedFunction):
            return self._get(v, self._function)
        if isinstance(v, types.ModuleType) and v.__name__.startswith("triton.language"):
            return self._get(v, self._module)
        return v

    def _function(self, interp: InterpretedFunction) -> JITFunction:
        f = interp.fn
        jit = JITFunction.__new__(JITFunction)
        self.memo[id(interp)] = (interp, jit)  # first: a kernel may reach itself through its globals
        twin = types.FunctionType(f.__code__, self._globals(f.__globals__), f.__name__, f.__defaults__,
                                  f.__closure__)
        twin.__module__, twin.__qualname__, twin.__doc__ = f.__module__, f.__qualname__, f.__doc__
        twin.__annotations__, twin.__kwdefaults__ = dict(f.__annotations__), f.__kwdefaults__
        jit.__init__(twin, **{k: v for k, v in interp.kwargs.items() if k in _JIT_OPTIONS})
        return jit

    def _globals(self, g: dict) -> dict:
        return self._get(g, self._copy_globals)

    def _copy_globals(self, g: dict) -> dict:
        twin: dict = {}
        self.memo[id(g)] = (g, twin)
        for k, v in list(g.items()):
            twin[k] = self.value(v)
        return twin

    def _module(self, m: types.ModuleType) -> types.ModuleType:
        twin = types.ModuleType(m.__name__)  # the name: the backend's module map swaps libdevice by it
        self.memo[id(m)] = (m, twin)
        for k, v in list(vars(m).items()):
            setattr(twin, k, self.value(v))
        return twin


_TWINS = _Twins()
# (kernel id, specialization, options) -> (failure or None, narrow float types in its TTIR)
_DONE: dict[tuple, tuple[str | None, tuple[str, ...], int]] = {}
_BACKEND = None
_SNAPSHOT = False


def snapshot() -> None:
    """Twins of every triton.language module as imported: run before any interpreted launch in the
    process (worker.interpreted), since a launch leaves triton.language.core patched. Once a process:
    a fork-server's children inherit it, taken before the server's warm-up launch."""
    global _SNAPSHOT
    if _SNAPSHOT:
        return
    import triton.language as tl
    if not tl.core.is_builtin(tl.core.load):
        raise RuntimeError("gpu_compile.snapshot after an interpreted launch: triton.language.core is patched")
    for name, module in list(sys.modules.items()):
        if name.startswith("triton.language") and isinstance(module, types.ModuleType):
            _TWINS.value(module)
    _backend()
    _ptx_version()
    _SNAPSHOT = True


def _backend():
    global _BACKEND
    if _BACKEND is None:
        from triton.compiler import make_backend
        _BACKEND = make_backend(TARGET)
    return _BACKEND


def _ptx_version() -> int:
    from triton.backends.nvidia.compiler import get_ptxas, ptx_get_version
    try:
        return ptx_get_version(get_ptxas(TARGET.arch).version)
    except Exception:  # noqa: BLE001 - no runnable ptxas in this install: any recent ISA will do
        return PTX_FALLBACK


def failure(kernel: InterpretedFunction, args: tuple, kwargs: dict) -> str | None:
    """Why this launch would not compile for sm_90, or None when it does."""
    return check(kernel, args, kwargs)[0]


def check(kernel: InterpretedFunction, args: tuple, kwargs: dict) -> tuple[str | None, tuple[str, ...]]:
    """(why this launch would not compile for sm_90 or None, the narrow float types its TTIR holds:
    narrow.py). `kwargs` are the launch's (constexprs and options; `grid` and `warmup` are dropped)."""
    kwargs = {k: v for k, v in kwargs.items() if k not in ("grid", "warmup")}
    try:
        jit = _TWINS.value(kernel)
        backend = _backend()
        bound, spec, _ = create_function_from_signature(jit.signature, jit.params, backend)(*args, **kwargs)
        kwargs.setdefault("ptx_version", _ptx_version())
    except Exception as exc:  # noqa: BLE001 - the launch's arguments a GPU launch would refuse
        return f"{getattr(kernel, '__name__', 'kernel')}: {_short(exc)}", ()
    # Argument types and constexprs, not the alignment hints (divisible by 16 or not), which change
    # what the code generator vectorises and never whether it compiles: a GEMM's 12 launches over
    # 4 block widths were 8 compiles keyed with them, 4 without.
    key = (id(kernel), repr([(t, a) if t == "constexpr" else t for t, a in spec]),
           repr(sorted(kwargs.items(), key=lambda kv: kv[0])))
    if key not in _DONE:
        _DONE[key] = _compile(jit, backend, bound, spec, kwargs)
    why, narrow_types, scratch = _DONE[key]
    if why is None and scratch and _no_allocator():
        why = (f"{jit.__name__}: needs {scratch:,} bytes of global scratch a program (a device-side tensor "
               "descriptor) and no triton.set_allocator() was called: a GPU launch raises RuntimeError there "
               "(answers may not set an allocator: make the descriptor on the host, "
               "triton.tools.tensor_descriptor.TensorDescriptor)")
    return why, narrow_types


def _no_allocator() -> bool:
    """Is Triton's launch-time allocator its default, which raises for any global scratch? Checked at each
    launch: a candidate may set one before it launches (an honest ReLU on tensor descriptors without one
    was judged correct on CPU and fails on a GPU: outside pass on verifier 75, r27)."""
    from triton.runtime import _allocation
    return isinstance(_allocation._allocator.get(), _allocation.NullAllocator)


def _compile(jit: JITFunction, backend, bound, spec, kwargs: dict) -> tuple[str | None, tuple[str, ...], int]:
    """Triton's front end and NVIDIA's passes to TritonGPU IR, then only the passes that size shared
    memory and global scratch (of LLVM IR's stage): the rest of that stage, the lowering to LLVM and
    its O3, took 1.1 of a whole-row GEMM's 1.3 s, and the size comes out the same (266,240 and 528,384
    bytes). The narrow types are read from the TTIR, before a later pass lowers a dot's input precision.
    Returns (why it does not compile or None, the narrow types, global scratch bytes a program)."""
    narrow_types: tuple[str, ...] = ()
    from triton._C.libtriton import ir, nvidia
    from triton._C.libtriton import passes as common_passes
    from triton.compiler import ASTSource
    try:
        options, signature, constexprs, attrs = jit._pack_args(backend, kwargs, bound, spec, None)
        src = ASTSource(jit, signature, constexprs, attrs)
        context = ir.context()
        ir.load_dialects(context)
        backend.load_dialects(context)
        module = src.make_ir(TARGET, options, backend.get_codegen_implementation(options),
                             backend.get_module_map(), context)
        stages: dict = {}
        backend.add_stages(stages, options, src.language)
        metadata: dict = {}
        module = stages["ttir"](module, metadata)
        narrow_types = narrow.found(str(module))
        module = stages["ttgir"](module, metadata)
        passes = ir.pass_manager(module.context)
        nvidia.passes.ttgpuir.add_allocate_shared_memory_nv(passes, TARGET.arch, options.ptx_version)
        common_passes.ttgpuir.add_allocate_global_scratch_memory(passes)
        passes.run(module, "shared_memory")
    except Exception as exc:  # noqa: BLE001 - the compiler's refusal is the candidate's
        return f"{jit.__name__}: {_short(exc)}", narrow_types, 0
    threads = options.num_warps * TARGET.warp_size
    if threads > THREADS_MAX:
        return (f"{jit.__name__}: num_warps {options.num_warps} is {threads:,} threads a block, a GPU "
                f"launches {THREADS_MAX:,}"), narrow_types, 0
    shared = module.get_int_attr("ttg.shared") or 0
    if shared > SHARED_MAX:
        return f"{jit.__name__}: needs {shared:,} bytes of shared memory, an sm_90 block has {SHARED_MAX:,}", narrow_types, 0
    return None, narrow_types, module.get_int_attr("ttg.global_scratch_memory_size") or 0


def _short(exc: BaseException) -> str:
    """The compiler's own message, without the source excerpt it prints above it."""
    text = str(exc).strip()
    lines = [line for line in text.splitlines() if line.strip()]
    where = lines[0] if lines and lines[0].startswith("at ") else ""
    return f"{type(exc).__name__} {where} {lines[-1] if lines else ''}".replace("  ", " ").strip()[:300]
