"""Float types narrower than the task's: a float32 task's kernels computing in bf16, fp16 or fp8.

A float32 task is judged at float32's precision, with TF32 granted to `tl.dot` because it is
Triton's default for float32 operands. bf16 (8 significant bits), fp16 (11, and overflow past
65,504) and fp8 operands or buffers are a precision the task does not grant, and on a GPU they are
where the speed of such a cheat comes from: tensor cores at twice TF32's rate, half the memory
traffic. The output check alone cannot always see them. A residual or a sum around the products
dilutes their error in the output's rms, and bf16's error is within a factor of about two of a
truncating TF32 run's, the bound an honest chain of TF32 dots needs: the built-in transformer block
with fc1 and fc2 on bf16 operands was judged correct by the CLI, the API and the TRL reward (outside
pass on verifier 55), as was a matmul with bf16 on every other K chunk, exact at the CPU's K of 29
(outside pass on verifier 56).

So the judge reads the types themselves, in the Triton IR (TTIR) of every launched kernel: on CPU
from the sm_90 compile every interpreted launch gets (gpu_compile.py), on a GPU from the compiled
kernel. A float32 task whose kernels hold any bf16, fp16 or fp8 value, pointer or dot operand, or
take an integer or scaled `tl.dot`, is judged a hack whatever its error (`narrow_float`), at the
CPU's sizes and the GPU's alike. TTIR is read before any lowering, so `input_precision="bf16x3"`
(float32 operands split into three bf16 products by a later pass, about float32's precision) and
"tf32x3" stay allowed. A task with a narrow float anywhere (an fp16 input, a bf16 weight, a
reference that casts) is not judged by this rule: there the same types are honest.

The same precision goes through integer types too (outside pass on verifier 57): bf16 bits made
by shifts and kept in int16, two of them to an int32, an fp16 layout with an exponent a row, each
decoded by a bitcast before the next GEMM, all judged correct with no narrow float in any IR. So the
TTIR's data flow is read as well, op by op (`_Flow`), and a float32 task's kernel is refused where:
- a float is rebuilt from its bits by integer arithmetic (a bitcast back to float of bits that
  came from a float and went through anything but the sign masks of abs, neg and copysign);
- a float is made from integers read from memory (a bitcast or an int-to-float conversion of a
  loaded value): an integer container decoded;
- integers made from float data (a bitcast or a float-to-int conversion) are stored: one filled.
The integer forms are the task's own where it holds integers of that width (an input, a parameter,
a buffer, an output, or a dtype its source names; a bool is 8 bits, as memory holds it). What stays allowed:
integer work that never meets memory or a float's bits (`x.to(tl.int32)` to floor, a bin index
for an address, 2^n built from an integer), the sign masks, copysign(c, x) by the sign bit, a
float's whole bits moved as an integer of its width or as a field of a wider word (shifted,
extended, truncated, masked by ones over it, or-ed beside an index or a flag: a look-back's int64
status word, an argmax key), and all of it in a task that holds a narrow float. Refused though honest, by decision: a fast inverse square root or an exponent added
into the bits (rebuilt bits), and integer counts a kernel stores for another to turn into floats
where the task holds no integer of their width.

Not closed by it: precision thrown away in float32 arithmetic alone (`x + c - c`, a product
rounded by `tl.floor`), which keeps float32 storage and gains no speed on a GPU; the output check
stays the only guard there (docs/VERIFIER.md, What remains open).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# SSA names (`%a_bf16`), symbols (`@kernel_fp16`) and quoted strings (locations, names) say nothing
# about types and may spell a type's name: taken out before the types are read.
_NOT_TYPES = re.compile(r'%[\w.$-]+|@[\w.$-]+|"[^"\n]*"')
# A narrow float as a type: scalar (`: bf16`), in a shape (`tensor<16x16xbf16>`) or a pointer
# (`!tt.ptr<f16>`). "bf16x3", an input precision, is not one.
_NARROW = re.compile(r"(?<![\w.])(?:\d+x)*(bf16|f16|f8E\w+)\b")
# A dot on integer operands (int8 quantisation) or on scaled low-precision ones.
_INT_DOT = re.compile(r"\btt\.dot\b[^\n]*:\s*tensor<[\dx]*i(?:8|16)>")
_SCALED_DOT = re.compile(r"\btt\.dot_scaled\b")
_NAMES = {"bf16": "bf16", "f16": "fp16"}
# Task source that puts a narrow float in the task itself: a dtype's name (torch.float16, "bfloat16",
# float8_e4m3fn), `.half()` or `torch.half`, or autocast. Not the bare words "half" or "fp16", which a
# comment uses freely ("half of the rows"): each word that turned the rule off would open the task.
TASK_NARROW = re.compile(r"float16|bfloat16|float8|\.half\(|torch\.half\b|autocast")


def found(ttir: str) -> tuple[str, ...]:
    """The narrow types, narrow dot forms and integer forms of float data (`_Flow`) in one kernel's
    TTIR text, sorted; () when none."""
    text = _NOT_TYPES.sub(" ", ttir)
    kinds = {_NAMES.get(m, "fp8") for m in _NARROW.findall(text)}
    if _INT_DOT.search(text):
        kinds.add("integer tl.dot")
    if _SCALED_DOT.search(text):
        kinds.add("tl.dot_scaled")
    return tuple(sorted(kinds | _Flow(ttir).integer_forms()))


# The integer forms' kinds, as found() names them: REBUILT is refused in every float32 task; the
# memory forms name their integer width, which a task holding integers of that width makes its own.
REBUILT = "float bits rebuilt by integer arithmetic"
_MEMORY_KIND = re.compile(r"^(?:floats from|float data stored as) i(\d+)")


@dataclass(frozen=True)
class TaskTypes:
    """What the task itself holds: a narrow float anywhere, and the widths of its integers."""
    narrow_float: bool
    int_widths: frozenset[int] = frozenset()


# Integer dtypes a task's source names, by width: `x.long()` for indices, `torch.int16` data.
_TASK_INTS = {8: re.compile(r"\bu?int8\b|\.(?:byte|char)\("), 16: re.compile(r"\bu?int16\b|\.short\(|torch\.short\b"),
              32: re.compile(r"\bu?int32\b|\.int\(|torch\.int\b"), 64: re.compile(r"\bu?int64\b|\.long\(|torch\.long\b")}


def task_types(source: str, dtypes) -> TaskTypes:
    """The task's types from its source and `dtypes` (its inputs', parameters', buffers' and
    outputs')."""
    import torch
    dtypes = [d for d in dtypes if isinstance(d, torch.dtype)]
    narrow_float = bool(TASK_NARROW.search(source)) or any(d.is_floating_point and d.itemsize < 4 for d in dtypes)
    # A bool is a byte in memory, and a kernel reads a mask as i8 (`mask.to(x.dtype)` in the kernel is
    # an i8-to-float conversion): the built-in masked mean was refused until bool counted as 8 bits.
    widths = {8 * d.itemsize for d in dtypes if not d.is_floating_point and not d.is_complex}
    widths |= {w for w, pattern in _TASK_INTS.items() if pattern.search(source)}
    return TaskTypes(narrow_float, frozenset(widths))


def refused(kind: str, task: TaskTypes) -> bool:
    """Is `kind` (one of found()'s) a precision this task does not grant?"""
    if task.narrow_float:
        return False
    width = _MEMORY_KIND.match(kind)
    return width is None or int(width.group(1)) not in task.int_widths


# ---------------------------------------------------------------- data flow in TTIR

# An op's line: its results (`%a`, `%a:2`, `%a, %b`), its name (quoted in the generic form,
# "tt.reduce"), the rest. Locations are taken out first: they quote names and nest parentheses.
_OP = re.compile(r'^\s*(?:(%[\w.$-]+(?::\d+)?(?:\s*,\s*%[\w.$-]+(?::\d+)?)*)\s*=\s*)?"?([a-z_]+\.[\w.]+)"?(.*)$')
_LOC = re.compile(r"\s*\bloc\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)")
_VALUE = re.compile(r"%[\w.$-]+")
_STRING = re.compile(r'"[^"\n]*"')
_ELEMENT = re.compile(r"(?:(?<=x)|(?<=<)|^)(i\d+|f\d+|bf16|f8E\w+)\b")
_POINTEE = re.compile(r"(?:!tt\.ptr<|tensordesc<tensor<(?:\d+x)*)(i\d+|f\d+|bf16|f8E\w+)\b")
_CONSTANT = re.compile(r"(?:dense<)?(-?\d+)\b")
_FOR = re.compile(r"scf\.for\s+(%[\w.$-]+)\s*=(.*?)(?:iter_args\((.*?)\))?\s*(?:->|:)")
_PAIR = re.compile(r"(%[\w.$-]+)\s*=\s*(%[\w.$-]+)")
_ARGS = re.compile(r"(%[\w.$-]+)\s*:")

LOADS = frozenset({"tt.load", "tt.descriptor_load", "tt.descriptor_gather", "tt.atomic_rmw", "tt.atomic_cas"})
# Where the stored value sits among a store's operands (the pointer, masks and indices are not it).
STORES = {"tt.store": 1, "tt.atomic_rmw": 1, "tt.atomic_cas": 2, "tt.descriptor_store": -1, "tt.descriptor_scatter": -1}
SHAPE_OPS = frozenset({"tt.splat", "tt.broadcast", "tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split",
                       "tt.cat", "tt.unsplat"})
BIT_OPS = frozenset({"arith.andi", "arith.ori", "arith.xori"})
# The only integer constants that may meet a float's bits before it is rebuilt: abs's and the sign's
# masks (abs, neg, copysign); a mask that clears mantissa bits (0xFFFF0000) is a rounding.
SIGN_MASKS = frozenset({0x7FFFFFFF, 0x80000000})  # of a 32-bit word; _sign_masks(width) of any
# Integer ops whose result is one of their operands whole: on a float's bits a select, no rounding
# (an honest ReLU as maxsi(bits, 0) was narrow_float: outside pass on verifier 60, session 58).
PICK_OPS = frozenset({"arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"})
INLINE_ASM = "tt.elementwise_inline_asm"
# Ops whose result is whatever their region makes of their operands: a reduction's or scan's combine
# body is read op by op as the bits go through it (its yielded values and block arguments), so an
# xor reduction passes the bits whole where an add or a constant mask in the body ends them. Triton's
# own tl.flip and tl.sort swap a float's bits by `bits ^ xor_sum(bits)`: an honest relu flipped twice
# and a max by tl.sort were narrow_float (outside pass on verifier 75, h20, h22, h23).
THROUGH_REGIONS = frozenset({"tt.reduce", "tt.scan", "block_arg"})
# Atomic read-modify-writes whose stored value is one of the old value and the operand, whole.
PICKING_ATOMICS = frozenset({"exch", "max", "min", "umax", "umin"})


def _element(type_text: str) -> str:
    found_ = _ELEMENT.findall(type_text)
    return found_[-1] if found_ else ""


def _is_int(element: str) -> bool:
    return element.startswith("i") and element != "i1"


def _is_float(element: str) -> bool:
    return bool(element) and not element.startswith("i")


@dataclass
class _Op:
    name: str
    operands: list[str]
    types: str  # the text after the last " : ", the op's types
    body: str = ""  # the text before it: operands and attributes (a constant's value)

    def converts(self) -> tuple[str, str]:
        """(element from, element to) of a conversion or bitcast: `a : T -> U` or `a : T to U`."""
        parts = re.split(r"\s+(?:->|to)\s+", self.types)
        return (_element(parts[0]), _element(parts[-1])) if len(parts) >= 2 else ("", "")

    def float_to_int(self) -> bool:
        src, dst = self.converts()
        return (self.name in ("arith.fptosi", "arith.fptoui", "tt.bitcast", INLINE_ASM)
                and _is_int(dst) and (self.name == INLINE_ASM or _is_float(src)))

    def result_is_int(self) -> bool:
        if self.name in ("arith.cmpi", "arith.cmpf"):
            return False
        converted = self.converts()[1]
        return _is_int(converted or _element(self.types))

    def int_to_float(self) -> bool:
        src, dst = self.converts()
        return (self.name in ("arith.sitofp", "arith.uitofp", "tt.bitcast", INLINE_ASM)
                and _is_float(dst) and (self.name == INLINE_ASM or src.startswith("i")))


@dataclass
class _Frame:
    """An open region: the op that holds it, its results and, for scf.for, its loop-carried values."""
    op: str
    results: list[str]
    carried: list[str] = field(default_factory=list)
    operands: list[str] = field(default_factory=list)


class _Flow:
    """Each SSA value's defining op and the values it is made from, read from TTIR text. Regions
    are read as their ops' semantics need: scf.for's i-th result and carried value come of its i-th
    init and the i-th yielded value; any other region's results and block arguments come of all its
    operands and all it yields, which can only add to what a value is made from."""

    def __init__(self, ttir: str):
        self.defs: dict[str, _Op] = {}
        self.deps: dict[str, set[str]] = {}
        self.stores: list[_Op] = []
        stack: list[_Frame] = []
        for raw in ttir.splitlines():
            line = _LOC.sub("", raw).rstrip()
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if stripped.startswith("}"):
                if not stripped.endswith("{") and stack:
                    stack.pop()
                continue
            if stripped.startswith("^"):  # a block's arguments: of the region's op
                frame = stack[-1] if stack else None
                for arg in _ARGS.findall(stripped):
                    self._define(arg, _Op("block_arg", [], ""), frame.operands if frame else ())
                    if frame:
                        frame.carried.append(arg)
                continue
            self._read(line, stack)

    def _define(self, name: str, op: _Op, deps) -> None:
        self.defs[name] = op
        self.deps[name] = set(deps)

    def _read(self, line: str, stack: list[_Frame]) -> None:
        match = _OP.match(line)
        opens = line.endswith("{")
        if not match:
            if opens:
                stack.append(_Frame("", []))
            return
        results = [r.split(":")[0].strip() for r in (match.group(1) or "").split(",") if r.strip()]
        name, rest = match.group(2), _STRING.sub(" ", match.group(3))
        body, types = rest.rsplit(" : ", 1) if " : " in rest else (rest, "")
        operands = _VALUE.findall(body)
        if name in ("scf.yield", "tt.reduce.return", "tt.scan.return", "scf.condition") and stack:
            self._yielded(stack[-1], operands)
            return
        if name == "scf.for":
            self._for(line, results, stack)
            return
        op = _Op(name, operands, types, body)
        for result in results:
            self._define(result, op, operands)
        if name in STORES:
            self.stores.append(op)
        if opens:
            stack.append(_Frame(name, results, operands=operands))

    def _for(self, line: str, results: list[str], stack: list[_Frame]) -> None:
        match = _FOR.search(line)
        if not match:  # an unread form: every result made from every value the line names
            op = _Op("scf.for", _VALUE.findall(line), "")
            for result in results:
                self._define(result, op, op.operands)
            stack.append(_Frame("scf.generic", results))
            return
        index, bounds, carried = match.group(1), match.group(2), match.group(3) or ""
        self._define(index, _Op("scf.for.index", _VALUE.findall(bounds), ""), _VALUE.findall(bounds))
        pairs = _PAIR.findall(carried)
        for value, init in pairs:
            self._define(value, _Op("scf.for.carried", [init], ""), [init])
        if len(results) == len(pairs):
            for (value, _), result in zip(pairs, results):
                self._define(result, _Op("scf.for.result", [value], ""), [value])
        else:  # `%r:2 = scf.for`, its results read as %r#0, %r#1: one name made from them all
            for result in results:
                self._define(result, _Op("scf.for.result", [v for v, _ in pairs], ""), [v for v, _ in pairs])
        stack.append(_Frame("scf.for", results, [value for value, _ in pairs]))

    def _yielded(self, frame: _Frame, operands: list[str]) -> None:
        if frame.op == "scf.for":
            for carried, value in zip(frame.carried, operands):
                self.deps[carried].add(value)
        elif frame.op == "scf.if":
            for result, value in zip(frame.results, operands):
                self.deps[result].add(value)
        else:
            for name in [*frame.results, *frame.carried]:
                self.deps.setdefault(name, set()).update(operands)

    def _reach(self, start: str, stop_at_loads: bool):
        """Every value `start` is made from, itself included."""
        seen, todo = set(), [start]
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            op = self.defs.get(name)
            if op is not None and stop_at_loads and op.name in LOADS:
                continue
            todo.extend(self.deps.get(name, ()))
        return seen

    def _rebuilt(self, start: str) -> bool:
        """Are the bits `start` holds a float's, changed by more than the sign masks?"""
        seen, todo, from_float, other = set(), [start], False, False
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            op = self.defs.get(name)
            if op is None:
                other = True
            elif op.float_to_int() and op.name == "tt.bitcast":
                from_float = True
            elif op.name in LOADS:
                # Memory's bits as they were written: a float's where the memory is float (read through
                # a pointer cast to an integer of its width). Read on through an atomic's operands, the
                # old value a float tl.atomic_max returns was "rebuilt" from the value it stored, and an
                # honest max read back by atomic_max(p, 0.0) was narrow_float (outside pass on verifier
                # 127, h17 and h18b).
                # Integer memory is no float's bits and no sign mask: and-ed in, a mask read from memory
                # rounded the bits as a constant does (outside pass on verifier 134).
                memory = self._memory(op)
                from_float, other = from_float or _is_float(memory), other or not _is_float(memory)
            elif op.name == "arith.constant":
                other = other or not self._sign_constant(op)
            elif op.name == "arith.select" and len(op.operands) == 3:
                todo.extend(op.operands[1:])  # the condition is no data: whole bits or a constant pass
            elif op.name in PICK_OPS:
                todo.extend(op.operands)  # one of its operands whole: a ReLU on the bits is maxsi(bits, 0)
            elif op.name in ("arith.ori", "arith.xori") and self._sign_beside_constant(op):
                # copysign(c, x) by the bits, `(bits & 0x80000000) | c`: one bit of x beside a constant,
                # exact; copysign(1, x) so was narrow_float (outside pass on verifier 129, F5)
                todo.extend(v for v in op.operands if self._constant(v) is None)
            elif op.name == "arith.andi" and len(op.operands) == 2 and any(map(self._sign_spread, op.operands)):
                # An and with all ones or all zeros picks the other operand whole or +0.0: a branchless
                # ReLU `bits & ~(bits >> 31)` was narrow_float (outside pass on verifier 64, session 59).
                todo.extend(v for v in op.operands if not self._sign_spread(v))
            elif op.name == "arith.andi" and len(op.operands) == 2 and \
                    not any(self.defs.get(v) is not None and self.defs[v].name == "arith.constant" for v in op.operands):
                # an and of the bits with a mask that is data, not a constant or a sign spread: a rounding
                # mask read from memory cleared 8 mantissa bits (outside pass on verifier 134)
                other = True
                todo.extend(op.operands)
            else:
                other = other or not (op.name in BIT_OPS or op.name in SHAPE_OPS or op.name in THROUGH_REGIONS
                                      or (op.name == "tt.bitcast" and not op.int_to_float()))
                # Bits go on through integers, and through a float made of them by value: bits to int,
                # to float (rounded to 24 bits) and back dropped 7 mantissa bits of a matmul's operands
                # (outside pass on verifier 60, session 58). Any other float or a condition ends them.
                if op.result_is_int() or op.name in ("arith.sitofp", "arith.uitofp"):
                    todo.extend(self.deps.get(name, ()))
        return from_float and other

    def _sign_beside_constant(self, op: _Op) -> bool:
        """An or (or xor) of a constant and a value's sign bit alone (`bits & 0x80000000`)."""
        if len(op.operands) != 2:
            return False
        sign, constant = sorted(op.operands, key=lambda v: self._constant(v) is not None)
        masked = self.defs.get(sign)
        return (self._constant(constant) is not None and masked is not None and masked.name == "arith.andi"
                and any((c := self.defs.get(v)) is not None and c.name == "arith.constant"
                        and set(_constant_bits(c)) == {1 << (self._bits_of(v) - 1)} for v in masked.operands))

    def _sign_spread(self, value: str) -> bool:
        """Is `value` an integer's sign spread over all its bits (an arithmetic shift right by its
        width less one, or that complemented): all ones or all zeros, a condition, not data?"""
        op = self.defs.get(value)
        if op is None or len(op.operands) != 2:
            return False
        if op.name == "arith.xori":
            ones = [v for v in op.operands if self._ones(v)]
            return len(ones) == 1 and self._sign_spread(next(v for v in op.operands if v not in ones))
        shift = self.defs.get(op.operands[1])
        width = _width(_element(op.types))
        return (op.name == "arith.shrsi" and shift is not None and shift.name == "arith.constant"
                and width > 1 and set(_constant_bits(shift)) == {width - 1})

    @staticmethod
    def _sign_constant(op) -> bool:
        """An integer constant that may meet a float's bits: the sign's and abs's masks, or zero
        (the bits of +0.0: a select of the bits or 0 is a ReLU, exact; outside pass on verifier 60)."""
        values = _constant_bits(op)
        return bool(values) and all(v in _sign_masks(_width(_element(op.types)) or 32) or v == 0 for v in values)

    def _ones(self, value: str) -> bool:
        """Is `value` a constant of all ones at its width (-1)?"""
        op = self.defs.get(value)
        width = self._bits_of(value)
        return op is not None and op.name == "arith.constant" and set(_constant_bits(op)) == {2 ** width - 1}

    def _split(self, high: str, op) -> bool:
        """Is `high` (a float rebuilt from masked bits) the head of a split whose remainder, the float
        it came of minus it, is used too? Head and remainder add up to the float exactly: an honest
        3xTF32 matmul masking its operands' low bits as integers was narrow_float where the same split
        in float arithmetic passed (outside pass on verifier 62, session 58). A remainder used for
        nothing would throw the precision away: the output bound judges that, as it judges TF32."""
        sources = {o.operands[0] for v in self._reach(op.operands[0], stop_at_loads=True)
                   if (o := self.defs.get(v)) is not None and o.name == "tt.bitcast" and o.float_to_int() and o.operands}
        for name, sub in self.defs.items():
            if sub.name == "arith.subf" and len(sub.operands) == 2 and sub.operands[1] == high \
                    and sub.operands[0] in sources and any(name in used for used in self.deps.values()):
                return True
        return False

    def _whole_bits(self, start: str, leaf, at: int = 0, bits: int = 32) -> bool:
        """Do bits `at` to `at + bits` of `start` come whole, through shape ops, selects, picks, the
        sign's masks and moves of a field, only of ops `leaf(op, at)` accepts? A float's whole bits
        moved as an integer of its width and back lose nothing: Triton's own float tl.atomic_max and
        tl.atomic_min bitcast the value and the pointer to i32 and the old value back (an honest
        split-row max was narrow_float: outside pass on verifier 59, session 57). Nor do they packed
        in a wider word beside other fields (`_moved`): a look-back's int64 status word with the
        float's bits low, and an argmax key with the value high and the index low, were narrow_float
        (outside pass on verifier 129, F4)."""
        seen, todo = set(), [(start, at, False)]
        while todo:
            name, at, chosen = todo.pop()
            if (name, at, chosen) in seen:
                continue
            seen.add((name, at, chosen))
            op = self.defs.get(name)
            if op is None:
                return False
            # the sign's masks are read as 32-bit patterns: a float's own word only (an i64 mask whose
            # low half is 0x7FFFFFFF may cut the field above it)
            alone = self._bits_of(name) == bits
            moved = self._moved(op, at, bits, leaf)
            if moved is not None:
                if moved is False:
                    return False
                if moved is not True:
                    todo.append((*moved, False))
            elif op.name in SHAPE_OPS:
                todo.extend((v, at, chosen) for v in op.operands)
            elif op.name in PICK_OPS:
                todo.extend((v, at, True) for v in op.operands)  # a pick: one of its operands whole
            elif op.name in THROUGH_REGIONS:
                # a reduction's or scan's result, read through its combine body: whole bits where that
                # body only picks (maxsi, a select): an ordered key reduced by tl.max before its
                # atomic_max was narrow_float (outside pass on verifier 129, F2)
                todo.extend((v, at, False) for v in self.deps.get(name, ()))
            elif op.name == "arith.select" and len(op.operands) == 3:
                todo.extend((v, at, True) for v in op.operands[1:])  # the condition is no data
            elif op.name == "arith.xori" and len(op.operands) == 2 and any(map(self._ones, op.operands)):
                # ~x flips every bit, a field's too, and back: an unsigned radix key (~u on negatives)
                # was narrow_float (outside pass on verifier 132)
                todo.extend((v, at, False) for v in op.operands if not self._ones(v))
            elif at == 0 and alone and op.name == "arith.xori" and len(op.operands) == 2 \
                    and any(map(self._spread_mask, op.operands)):
                # CUB's order-preserving key, `bits ^ ((bits >> 31) & 0x7FFFFFFF)`: the low bits flipped
                # where the sign is set, whole either way (outside pass on verifier 129, F3)
                todo.extend((v, at, False) for v in op.operands if not self._spread_mask(v))
            elif at == 0 and alone and op.name in BIT_OPS and self._sign_masked(op):
                # A sign flip or abs of the whole bits loses nothing: the order-preserving key an
                # integer tl.atomic_max takes (bits ^ 0x7FFFFFFF on negatives) was narrow_float
                # (outside pass on verifier 60, session 58).
                todo.extend((v, at, False) for v in op.operands if not self._is_sign_constant(v))
            elif op.name == "arith.constant":
                # chosen by a select or a pick (+0.0, a masked lane's key), a constant is no float's bits;
                # or-ed in, it overwrites them: `(bits & 0xFFFFFF00) | 1 << 40`, truncated, decoded a 24-bit
                # float container as whole (outside pass on verifier 132)
                if not chosen:
                    return False
            elif not leaf(op, at):
                return False
        return True

    def _moved(self, op: _Op, at: int, bits: int, leaf):
        """For a field of `bits` bits at bit `at` of `op`'s result: where it came from, (value, bit),
        when `op` moves it whole (a shift by a constant, an extension, a truncation, an and with ones
        over it, an or beside bits that leave it as it was); True where it is whole with nothing more
        to follow, False where `op` cuts it, None where `op` moves no field."""
        operands = op.operands
        if op.name in ("arith.extsi", "arith.extui", "arith.trunci") and operands:
            return (operands[0], at) if at + bits <= self._bits_of(operands[0]) else False
        shift = self._constant(operands[1]) if len(operands) == 2 else None
        left = self._left_shift(op)
        if left is not None:
            return (operands[0], at - left) if at >= left else False
        if op.name in ("arith.shrsi", "arith.shrui") and shift is not None:
            return (operands[0], at + shift) if at + shift + bits <= self._bits_of(operands[0]) else False
        if op.name == "arith.andi" and len(operands) == 2:
            field = (2 ** bits - 1) << at
            for one, other in (operands, operands[::-1]):
                mask = self._constant(other)
                if mask is not None and mask & field == field:
                    return one, at
            return None
        if op.name in ("arith.ori", "arith.addi") and len(operands) == 2:
            # an add is an or where nothing carries into the field: the field's side clear below it
            # (a key packed as `(key << 32) + index` was narrow_float: outside pass on verifier 132)
            beside = any(self._beside(other, at, bits, leaf) and self._whole_bits(one, leaf, at, bits)
                         and (op.name == "arith.ori" or at == 0 or self._clear(one, 0, at))
                         for one, other in (operands, operands[::-1]))
            return True if beside else None  # else perhaps the sign's masks (`u | 0x80000000`)
        return None

    def _beside(self, value: str, at: int, bits: int, leaf) -> bool:
        """May `value` be or-ed into an integer word beside a field at bits `at` to `at + bits`? Where
        its bits there are known zero, and any float data it holds is a whole field of its own; or
        where it is a narrower integer sign-extended below the field (an argmax key's index): all ones
        or all zeros over it, never a rounding. Any other integer might hold ones in the field's low
        bits, and `ext(bits) | 0x7F` rounded 7 mantissa bits (outside pass on verifier 132)."""
        from_float = any(self.defs[v].float_to_int() for v in self._reach(value, stop_at_loads=True) if v in self.defs)
        extended = self.defs.get(value)
        if not from_float and extended is not None and extended.name == "arith.extsi" and extended.operands \
                and 0 < self._bits_of(extended.operands[0]) <= at:
            return True
        word = self._bits_of(value)
        return self._clear(value, at, bits) and (not from_float or any(
            self._whole_bits(value, leaf, other, bits) for other in range(0, word - bits + 1, bits) if other != at))

    def _clear(self, value: str, at: int, bits: int) -> bool:
        """Are bits `at` to `at + bits` of `value` known zero: a constant's, below a left shift,
        under an and's zeros, above a zero extension?"""
        op = self.defs.get(value)
        if op is None:
            return False
        field = (2 ** bits - 1) << at
        if op.name == "arith.constant":
            constant = self._constant(value)
            return constant is not None and constant & field == 0
        operands = op.operands
        left = self._left_shift(op)
        if left is not None:
            return left >= at + bits
        if op.name == "arith.andi" and len(operands) == 2:
            return any((c := self._constant(v)) is not None and c & field == 0 for v in operands)
        if op.name == "arith.extui" and operands:
            return self._bits_of(operands[0]) <= at
        if op.name in SHAPE_OPS and operands:  # each operand: `tl.join(clear, 0xFF)` or-ed 0xFF in (pass on 134)
            return all(self._clear(v, at, bits) for v in operands)
        return False

    def _left_shift(self, op: _Op) -> int | None:
        """The bits `op` shifts its first operand left by: a shift by a constant, or a multiply by a
        power of two (`key * 2**32`); None for any other op."""
        shift = self._constant(op.operands[1]) if len(op.operands) == 2 else None
        if shift is None or op.name not in ("arith.shli", "arith.muli"):
            return None
        if op.name == "arith.shli":
            return shift
        return shift.bit_length() - 1 if shift > 1 and shift & (shift - 1) == 0 else None

    def _constant(self, value: str) -> int | None:
        """An integer constant's one value as its type's bit pattern (None: no constant, or several)."""
        op = self.defs.get(value)
        if op is None or op.name != "arith.constant":
            return None
        values = set(_CONSTANT.findall(op.body))
        width = _width(_element(op.types))
        return int(values.pop()) % 2 ** width if len(values) == 1 and width else None

    def _bits_of(self, value: str) -> int:
        """The element width of a value's type (0 where it is not read)."""
        op = self.defs.get(value)
        if op is None:
            return 0
        if op.name in ("tt.reduce", "tt.scan") and op.operands:  # its types close the region, lines below
            return self._bits_of(op.operands[0])
        return _width(op.converts()[1] or _element(op.types))

    def _memory(self, op: _Op) -> str:
        """The element type of the memory a load, store or atomic touches: the pointee, or the float
        whose pointer was cast to an integer pointer (as Triton's float tl.atomic_max does), of any
        width: a float buffer read and written through int8 or int64 views held 24-bit floats and
        passed when only a view of the float's own width counted (outside pass on verifier 135)."""
        cast = self.defs.get(op.operands[0]) if op.operands else None
        while cast is not None and cast.operands and (cast.name in SHAPE_OPS or cast.name == "tt.addptr"):
            cast = self.defs.get(cast.operands[0])  # a block of pointers, offset: from its base
        if cast is not None and cast.name == "tt.bitcast" and "!tt.ptr" in cast.types:
            parts = re.split(r"\s+->\s+", cast.types)
            source = _POINTEE.search(parts[0]) if len(parts) == 2 else None
            if source and _is_float(source.group(1)) and _is_int(_pointee(op)):
                return source.group(1)
        return _pointee(op)

    def _spread_mask(self, value: str) -> bool:
        """Is `value` a sign spread over all bits and'ed with a sign or abs mask: that mask or zero?"""
        op = self.defs.get(value)
        return (op is not None and op.name == "arith.andi" and len(op.operands) == 2
                and any(map(self._is_sign_constant, op.operands)) and any(map(self._sign_spread, op.operands)))

    def _is_sign_constant(self, value: str) -> bool:
        op = self.defs.get(value)
        return op is not None and op.name == "arith.constant" and self._sign_constant(op)

    def _sign_masked(self, op) -> bool:
        """A bit op with one operand a sign or abs mask (SIGN_MASKS) and the other not a constant."""
        constants = [v for v in op.operands if self._is_sign_constant(v)]
        return len(op.operands) == 2 and len(constants) == 1

    def integer_forms(self) -> set[str]:
        """The kinds of float data in integer form this kernel holds (the module docstring)."""
        kinds: set[str] = set()
        for name, op in self.defs.items():
            if not op.int_to_float() or not op.operands:
                continue
            src, dst = op.converts()
            if op.name == "tt.bitcast" and _width(src) == _width(dst):
                kinds |= self._decoded(op.operands[0], _width(dst), lambda: self._split(name, op))
            else:
                kinds |= self._containers(op.operands)
        for op in self.stores:
            element = _pointee(op)
            at = STORES[op.name]
            if not _is_int(element) or not op.operands or at >= len(op.operands):
                continue
            value, word, memory = op.operands[at], _width(element), self._memory(op)
            if _is_float(memory):
                # Integers written into float memory through a cast pointer are floats made of them, as a
                # bitcast makes them: a 24-bit container unpacked and stored through an int32 view of the
                # output passed with no conversion anywhere (outside pass on verifier 134).
                kinds |= self._decoded(value, _width(memory), lambda: False)
                continue
            # memory keeps what an and, or, xor or add makes of the value and what it held: a float's
            # whole bits and-ed into words holding a rounding mask (outside pass on verifier 132)
            combined = op.name == "tt.atomic_rmw" and op.body.split(",")[0].strip() not in PICKING_ATOMICS
            if not combined and any(
                    self._whole_bits(value, lambda leaf, field: self._float_bits(leaf, field, bits), field, bits)
                    for bits in (32, 64) if bits <= word for field in range(0, word - bits + 1, bits)):
                continue  # a float's whole bits stored in memory of its width, or a field of a wider word
            if any(self.defs[v].float_to_int() for v in self._reach(value, stop_at_loads=True) if v in self.defs):
                kinds.add(f"float data stored as {element}")
        return kinds

    def _decoded(self, value: str, bits: int, split) -> set[str]:
        """The integer forms of `value`'s bits taken as a float of `bits` bits: rebuilt (unless
        whole, or the head of a split: `split()`), or a container read."""
        if self._whole_bits(value, lambda leaf, at: self._holds(leaf, at, bits)):
            return set()  # a float's bits read whole from memory
        kinds = self._containers([value])
        if self._rebuilt(value) and not self._whole_bits(
                value, lambda leaf, at: self._float_bits(leaf, at, bits) or self._holds(leaf, at, bits)) and not split():
            kinds.add(REBUILT)
        return kinds

    def _containers(self, values) -> set[str]:
        """"floats from iN memory" for each integer memory `values` are made from."""
        kinds = set()
        for value in set().union(*(self._reach(v, stop_at_loads=False) for v in values)):
            source = self.defs.get(value)
            memory = self._memory(source) if source is not None and source.name in LOADS else ""
            if _is_int(memory):
                kinds.add(f"floats from {memory} memory")
        return kinds

    @staticmethod
    def _float_bits(op: _Op, at: int, bits: int) -> bool:
        """Is `op` a float of `bits` bits made an integer by a bitcast, its field read at bit 0?"""
        return at == 0 and op.name == "tt.bitcast" and op.float_to_int() and _width(op.converts()[0]) == bits

    def _holds(self, op: _Op, at: int, bits: int) -> bool:
        """Does the memory a load or atomic reads hold a field of `bits` bits at bit `at`: a float
        of that width (at 0), or an integer at least `at + bits` wide, the field at a multiple of its
        width? A window across two fields (bits 16 to 48 of an int64) decodes a bf16 half with its
        neighbour's bits below: three bf16 values an int64, each read as a float by its window."""
        if op.name not in LOADS:
            return False
        memory = self._memory(op)
        return (_is_float(memory) and _width(memory) == bits and at == 0) or \
            (_is_int(memory) and _width(memory) >= at + bits and at % bits == 0)


def _constant_bits(op: _Op) -> list[int]:
    """The values an integer constant's text names, as bit patterns of its own width (32 where its
    type is not read). Read as 32-bit patterns, an int64 mask 0xFFFFFFE0_00000000 was "zero" and
    0xFFFFFFFF_80000000 the sign's mask (outside pass on verifier 132)."""
    width = _width(_element(op.types)) or 32
    return [int(v) % 2 ** width for v in _CONSTANT.findall(op.body)]


def _sign_masks(width: int) -> frozenset[int]:
    """The sign's and abs's masks of a `width`-bit word."""
    return frozenset({1 << (width - 1), (1 << (width - 1)) - 1}) if width else frozenset()


def _width(element: str) -> int:
    """Bits of an element type: i32 -> 32, f16 -> 16, bf16 -> 16, f8E4M3FN -> 8; 0 if unknown."""
    match = re.match(r"(?:i|f|bf)(\d+)", element)
    return int(match.group(1)) if match else 0


def _pointee(op: _Op) -> str:
    match = _POINTEE.search(op.types)
    return match.group(1) if match else ""
