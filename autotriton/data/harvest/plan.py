"""In the worker: guesses of constructor arguments and inputs, and the task text they render to."""

from __future__ import annotations

import inspect
import os
import re
import sys
from dataclasses import dataclass, field

from autotriton.tasks.contract import METADATA_MARKER

# Constructor parameter names -> small ints: (regex, value, role). First match wins;
# a role names the constant an input's size comes from. Anything else int-like is a
# feature size: 32 for the first (the input's), 64 after (hidden/out sizes).
_INT_RULES = (
    (r"^(num_heads|nhead|nheads|n_heads?|heads|num_attention_heads)$", 4, ""),
    (r"^(num_key_value_heads|num_kv_heads|n_kv_heads)$", 2, ""),
    (r"kernel", 3, ""),
    (r"^(stride|dilation|padding)$", 1, ""),
    (r"^(num_groups|output_size)$", 4, ""),
    (r"factor$|ratio$", 2, ""),
    (r"vocab|num_embeddings|^n_tokens?$|num_tokens", 128, "vocab"),
    (r"classes|num_labels", 10, ""),
    (r"^(layer_idx|layer_id|layer_index|idx|index)$", 0, ""),
    (r"layers$|^depth$", 2, ""),
    (r"max_len|max_seq|position|seq_len|block_size|context", 64, ""),
    (r"out", 64, ""),
)
_FLOAT_NAMES = re.compile(r"eps|drop|^p$|alpha|beta|gamma|lambd|^scale$|temperature|margin|threshold"
                          r"|slope|momentum|^value$|min_val|max_val|^tau$")
_FLOAT_RULES = ((r"eps", 1e-5), (r"drop|^p$|^value$|min_val", 0.0), (r"", 0.5))
# Parameters that take another module or callable: nothing sensible to guess.
_UNRESOLVABLE = re.compile(r"^(module|modules|layer|block|encoder_layer|decoder_layer|fn|func|net|backbone"
                           r"|model|encoder|decoder|activation|act_layer|norm_layer)$")
_DROPOUT = re.compile(r"dropout|pdrop|drop_prob|drop_rate|drop_path")

# Transformers config fields set to tiny sizes: (field, constant, value). Fields the
# model's Config does not take are skipped; fields sharing a constant stay consistent
# (head_dim 16 = hidden 64 / 4 heads).
_CONFIG_SIZES = (
    *[(f, "HIDDEN_SIZE", 64) for f in ("hidden_size", "n_embd", "d_model", "embed_dim", "dim")],
    *[(f, "INTERMEDIATE_SIZE", 128) for f in ("intermediate_size", "n_inner", "ffn_dim", "d_ff", "hidden_dim",
                                              "encoder_ffn_dim", "decoder_ffn_dim", "moe_intermediate_size",
                                              "shared_expert_intermediate_size")],
    *[(f, "NUM_HEADS", 4) for f in ("num_attention_heads", "n_head", "num_heads", "n_heads",
                                    "encoder_attention_heads", "decoder_attention_heads")],
    ("num_key_value_heads", "NUM_KV_HEADS", 2),
    *[(f, "HEAD_DIM", 16) for f in ("head_dim", "d_kv")],
    ("vocab_size", "VOCAB_SIZE", 128),
    *[(f, "MAX_POSITIONS", 64) for f in ("max_position_embeddings", "n_positions", "n_ctx")],
    *[(f, "NUM_LAYERS", 2) for f in ("num_hidden_layers", "n_layer", "num_layers", "n_layers",
                                     "encoder_layers", "decoder_layers")],
    *[(f, "NUM_EXPERTS", 4) for f in ("num_experts", "num_local_experts", "n_routed_experts")],
    ("num_experts_per_tok", "EXPERTS_PER_TOKEN", 2),
    ("image_size", "IMAGE_SIZE", 32),
    ("patch_size", "PATCH_SIZE", 8),
    ("num_channels", "IMAGE_CHANNELS", 3),
)
# Input sizes: small enough that the largest probe (a tiny causal LM) runs in ~0.1 s on one core.
_INPUT_SIZES = {"BATCH": 4, "SEQ_LEN": 16, "HEIGHT": 16, "WIDTH": 16, "DEPTH": 4, "FEATURES": 32, "HEAD_DIM": 16}
_TARGET_NAMES = ("target", "targets", "label", "labels", "y")


@dataclass
class Call:
    """Arguments a wrapper passes to the harvested class's __init__ or forward."""

    names: list[str]  # parameter names (the wrapper's signature)
    exprs: list[str]  # one Python expression per name, rendered into get_init_inputs/get_inputs
    positional: bool  # the names are a prefix of the positional parameters: pass positionally
    star: bool = False  # the harvested signature is (*args): pass positionally, wrapper takes *args


@dataclass
class InitPlan:
    call: Call
    constants: dict[str, int]
    setup: list[str] = field(default_factory=list)  # lines before `return` in get_init_inputs
    imports: list[str] = field(default_factory=list)
    feature: str = "FEATURES"  # constant holding the input's feature size
    vocab: str | None = None  # constant bounding integer (index) inputs
    config: bool = False


@dataclass
class InputPlan:
    call: Call
    constants: dict[str, int]


def _positional_prefix(sig, names: list[str]) -> bool:
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    positional = [p.name for p in sig.parameters.values() if p.kind in kinds and p.name != "self"]
    return positional[: len(names)] == names


def _int_guess(name: str, state: dict) -> tuple[int, str]:
    for pattern, value, role in _INT_RULES:
        if re.search(pattern, name):
            return value, role
    if state.get("feature"):
        return 64, ""
    return 32, "feature"


def _guess(param, state: dict) -> str | None:
    """Expression for one constructor parameter (None: keep its default); records
    integer sizes as constants in state["constants"]. Raises LookupError if unguessable."""
    name, ann, default = param.name, param.annotation, param.default
    ann_text = ann if isinstance(ann, str) else getattr(ann, "__name__", "")
    required = default is inspect.Parameter.empty
    if name in ("device", "dtype"):
        return None
    if not required:
        if _DROPOUT.search(name) and isinstance(default, float) and default > 0:
            return "0.0"
        # defaults sized for real models (d_model=512, dim_feedforward=2048) are shrunk
        if not (isinstance(default, int) and not isinstance(default, bool) and default > 64):
            return None
    elif _UNRESOLVABLE.match(name) or ann_text == "str":
        raise LookupError(f"cannot guess constructor argument '{name}'")
    elif ann_text == "bool":
        return "True" if name == "batch_first" else "False"
    elif ann_text == "float" or (ann_text != "int" and _FLOAT_NAMES.search(name)):
        return repr(next(v for p, v in _FLOAT_RULES if re.search(p, name)))
    value, role = _int_guess(name, state)
    const = name.upper()
    state["constants"][const] = value
    if role and not state.get(role):
        state[role] = const
    return const


def _plain_plan(cls, sig) -> InitPlan:
    state: dict = {"constants": {}}
    names, exprs = [], []
    for p in list(sig.parameters.values())[1:]:
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            continue
        expr = _guess(p, state)
        if expr is not None:
            names.append(p.name)
            exprs.append(expr)
    return InitPlan(Call(names, exprs, _positional_prefix(sig, names)), state["constants"],
                     feature=state.get("feature") or "FEATURES", vocab=state.get("vocab"))


def _is_config_class(obj) -> bool:
    return isinstance(obj, type) and obj.__name__.endswith("Config") and hasattr(obj, "to_json_string")


def _config_candidates(cls, sig, core, original: str | None) -> list[type]:
    """The Config classes a `config` parameter may want: its annotation first, then
    Config classes visible to the class's module, the best name match first."""
    ann = sig.parameters["config"].annotation
    if isinstance(ann, str):
        try:
            ann = eval(ann, vars(core))  # noqa: S307 - a worker evaluating the harvested file's own annotation
        except Exception:  # noqa: BLE001 - a string annotation that does not resolve: look elsewhere
            ann = None
    found = [ann] if _is_config_class(ann) else []
    spaces = [vars(core)] + ([vars(sys.modules[original])] if original in sys.modules else [])
    for space in spaces:
        found += [v for v in space.values() if _is_config_class(v) and v not in found]

    def prefix(c: type) -> int:
        stem = c.__name__[: -len("Config")]
        return len(os.path.commonprefix([stem, cls.__name__]))
    return found[:1] + sorted(found[1:], key=prefix, reverse=True)[:2]


def _config_plan(cls, sig, config_cls: type, core_name: str, taken: set[str]) -> InitPlan:
    cfg_params = inspect.signature(config_cls.__init__).parameters
    alias = "Config" if "Config" not in taken else "TaskConfig"
    imports = []
    if config_cls.__module__ == core_name:
        alias = config_cls.__name__
    else:
        imports.append(f"from {config_cls.__module__} import {config_cls.__name__} as {alias}")
    constants, kwargs = {}, []
    for fname, const, value in _CONFIG_SIZES:
        if fname in cfg_params:
            constants[const] = value
            kwargs.append(f"{fname}={const}")
    for fname, p in cfg_params.items():
        if _DROPOUT.search(fname) and isinstance(p.default, float) and p.default > 0:
            kwargs.append(f"{fname}=0.0")
    if "use_cache" in cfg_params:
        kwargs.append("use_cache=False")
    for fname, token in (("pad_token_id", 0), ("bos_token_id", 1), ("eos_token_id", 2)):
        default = cfg_params[fname].default if fname in cfg_params else None
        if isinstance(default, int) and default >= constants.get("VOCAB_SIZE", 1 << 30):
            kwargs.append(f"{fname}={token}")  # GPT-2's 50256 is outside a 128-token vocabulary
    # eager attention: deterministic, and runs in float64 (sdpa/flash kernels may not)
    kwargs.append('attn_implementation="eager"')
    setup = ["config = " + alias + "(\n" + "".join(f"        {k},\n" for k in kwargs) + "    )"]
    state: dict = {"constants": constants, "feature": "HIDDEN_SIZE" if "HIDDEN_SIZE" in constants else None}
    names, exprs = [], []
    for p in list(sig.parameters.values())[1:]:
        if p.name == "config":
            names.append("config")
            exprs.append("config")
        elif p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            expr = _guess(p, state)
            if expr is not None:
                names.append(p.name)
                exprs.append(expr)
    return InitPlan(Call(names, exprs, _positional_prefix(sig, names)), constants, setup, imports,
                     feature=state.get("feature") or "FEATURES",
                     vocab="VOCAB_SIZE" if "VOCAB_SIZE" in constants else None, config=True)


def init_plans(cls, core, original: str | None, taken: set[str]) -> list[InitPlan]:
    import torch
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return [InitPlan(Call([], [], True), {})]
    params = list(sig.parameters.values())[1:]
    named = [p for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not named and cls.__init__ is not torch.nn.Module.__init__ and params:
        # (*args, **kwargs), e.g. nn.LSTM: try no arguments, then (input size, hidden size)
        sizes = [[], ["FEATURES"], ["FEATURES", "FEATURES"]]
        return [InitPlan(Call([], s, True, star=True), {"FEATURES": 32}) for s in sizes]
    if "config" in sig.parameters:
        cands = _config_candidates(cls, sig, core, original)
        if cands:
            return [_config_plan(cls, sig, c, core.__name__, taken) for c in cands]
    return [_plain_plan(cls, sig)]


def _input_kind(name: str) -> str:
    if name in ("input_ids", "ids", "tokens", "token_ids", "indices", "decoder_input_ids"):
        return "index"
    if name == "position_ids":
        return "position_ids"
    if name in ("position_embeddings", "pos_emb", "rotary_pos_emb"):
        return "rope"
    if "mask" in name or name in ("past_key_value", "past_key_values", "cache", "layer_past", "past"):
        return "none"
    if name in ("pixel_values", "images"):
        return "pixels"
    if name in _TARGET_NAMES:
        return "target"
    return "float"


def _shapes(feature: str, cls_name: str, config: bool) -> list[tuple[str, ...]]:
    flat, seq, chan = ("BATCH", feature), ("BATCH", "SEQ_LEN", feature), ("BATCH", feature, "SEQ_LEN")
    image, volume = ("BATCH", feature, "HEIGHT", "WIDTH"), ("BATCH", feature, "DEPTH", "HEIGHT", "WIDTH")
    name = cls_name.lower()
    if name.endswith("1d"):
        return [chan, flat, seq]
    if name.endswith("2d"):
        return [image, seq, chan]
    if name.endswith("3d"):
        return [volume, image]
    if config:
        return [seq, flat, image, chan]
    return [flat, seq, image, chan, volume]


def _expr(kind: str, shape: tuple[str, ...], variant: str, plan: InitPlan, consts: dict) -> str | None:
    """Expression for one forward argument, or None if this kind does not fit the shape."""
    dims = ", ".join(shape)
    feature = plan.feature
    if kind == "float" or (kind == "target" and variant != "index_target"):
        return f"torch.{'rand' if variant == 'rand' else 'randn'}({dims})"
    if kind == "target":
        rest = list(shape)
        rest.remove(feature)
        return f"torch.randint(0, {feature}, ({', '.join(rest)},))"
    if kind == "index":
        return f"torch.randint(0, {plan.vocab or feature}, (BATCH, SEQ_LEN))"
    if kind == "position_ids":
        return "torch.arange(SEQ_LEN).repeat(BATCH, 1)"
    if kind == "rope":
        if "SEQ_LEN" not in shape:
            return None
        return "(torch.randn(BATCH, SEQ_LEN, HEAD_DIM), torch.randn(BATCH, SEQ_LEN, HEAD_DIM))"
    if kind == "pixels":
        size = "IMAGE_SIZE" if "IMAGE_SIZE" in consts else "HEIGHT"
        channels = "IMAGE_CHANNELS" if "IMAGE_CHANNELS" in consts else "3"
        return f"torch.randn(BATCH, {channels}, {size}, {size})"
    return "None"


def input_plans(model, init: InitPlan, init_values: list) -> list[InputPlan]:
    """Candidate forward arguments, most plausible first: required parameters (or the
    first one if none is), optionally with rotary position embeddings, over a few shapes."""
    sig = inspect.signature(model.forward)
    params = [p for p in sig.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    star = not params and any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values())
    chosen = [p.name for p in params if p.default is p.empty] or [p.name for p in params[:1]]
    choices = [chosen]
    if "position_embeddings" in sig.parameters and "position_embeddings" not in chosen:
        order = [p.name for p in params]
        choices.append(sorted(chosen + ["position_embeddings"], key=order.index))
    consts = {**_INPUT_SIZES, **init.constants}
    consts["HEAD_DIM"] = init.constants.get("HEAD_DIM") or _head_dim(init_values)
    shapes = _shapes(init.feature, type(model).__name__, init.config)
    variants = ["randn", "rand"] + (["index_target"] if any(n in _TARGET_NAMES for n in chosen) else [])
    seq = ("BATCH", "SEQ_LEN", init.feature)
    plans, seen = [], set()
    for names in choices:
        kinds = ["float"] if star else [_input_kind(n) for n in names]
        attempts = [(kinds, s, v) for s in shapes for v in variants]
        if kinds and kinds[0] == "index":
            attempts.insert(0, (kinds, seq, "randn"))
        elif kinds and init.vocab:  # e.g. nn.Embedding's `input`: floats first, then indices
            attempts.append((["index"] + kinds[1:], seq, "randn"))
        for ks, shape, variant in attempts:
            exprs = [_expr(k, shape, variant, init, consts) for k in ks]
            if None in exprs or tuple(exprs) in seen:
                continue
            seen.add(tuple(exprs))
            used = {c: v for c, v in consts.items() if any(re.search(rf"\b{c}\b", e) for e in exprs)}
            call = Call([] if star else names, exprs, star or _positional_prefix(sig, names), star=star)
            plans.append(InputPlan(call, used))
    return plans


def _head_dim(init_values: list) -> int:
    for v in init_values:
        if hasattr(v, "to_json_string"):
            heads = getattr(v, "num_attention_heads", 0) or 1
            return int(getattr(v, "head_dim", 0) or getattr(v, "hidden_size", 64) // heads)
    return _INPUT_SIZES["HEAD_DIM"]


# ====================================================================== worker: rendering

def _call_text(call: Call) -> tuple[str, str]:
    """(wrapper parameters, arguments passed to super())."""
    if call.star:
        return "*args", "*args"
    params = ", ".join(call.names)
    args = params if call.positional else ", ".join(f"{n}={n}" for n in call.names)
    return params, args


def _render_model(base: str, init: Call, fwd: Call, out_kind: str) -> str:
    params, args = _call_text(init)
    lines = [f"class Model({base}):",
             f"    def __init__(self{', ' + params if params else ''}):",
             f"        super().__init__({args})",
             "        self.eval()  # dropout off, norms use running statistics"]
    if not fwd.positional or out_kind in ("filter", "to_tuple"):
        params, args = _call_text(fwd)
        lines += ["", f"    def forward(self{', ' + params if params else ''}):"]
        if out_kind in ("filter", "to_tuple"):
            to_tuple = ".to_tuple()" if out_kind == "to_tuple" else ""
            lines += [f"        out = super().forward({args})",
                      f"        tensors = tuple(t for t in out{to_tuple} if isinstance(t, torch.Tensor))",
                      "        return tensors[0] if len(tensors) == 1 else tensors"]
        else:
            lines.append(f"        return super().forward({args})")
    return "\n".join(lines)


def _render_returns(exprs: list[str]) -> str:
    if not exprs:
        return "    return []"
    if sum(len(e) + 2 for e in exprs) < 80:
        return f"    return [{', '.join(exprs)}]"
    return "    return [\n" + "".join(f"        {e},\n" for e in exprs) + "    ]"


def render_init_inputs(plan: InitPlan) -> str:
    lines = ["def get_init_inputs():"] + [f"    {s}" for s in plan.setup]
    return "\n".join(lines + [_render_returns(plan.call.exprs)])


def render_inputs(plan: InputPlan) -> str:
    return "def get_inputs():\n" + _render_returns(plan.call.exprs)


def _metadata(job: dict, level: int, reference_fp64: bool) -> str:
    prov = job["provenance"]
    lines = [METADATA_MARKER, 'SPLIT = "train"', f"LEVEL = {level}",
             f"TAGS = {['harvested', prov.get('package') or 'local', prov['class']]!r}",
             f"PROVENANCE = {prov!r}"]
    if not reference_fp64:
        lines.append("REFERENCE_FP64 = False  # the module does not run, or runs differently, in float64")
    return "\n".join(lines) + "\n"


def render_task(job: dict, init: InitPlan, inputs: InputPlan, out_kind: str, level: int,
                reference_fp64: bool) -> str:
    prov = job["provenance"]
    where = f"{prov.get('package') or prov['source']} {prov.get('version') or ''}".strip()
    header = (f'"""Harvested `{prov["class"]}` ({where}, {prov["file"]}).\n\n'
              f'Model is the module in eval mode; sizes are the UPPERCASE constants."""')
    imports = job["imports"] + "".join("\n" + i for i in init.imports)
    constants = {**init.constants, **inputs.constants}
    const_text = "\n".join(f"{k} = {v}" for k, v in constants.items())
    parts = [header, imports, const_text, job["body"],
             _render_model(job["name"], init.call, inputs.call, out_kind),
             render_inputs(inputs), render_init_inputs(init)]
    return "\n\n\n".join(p for p in parts if p) + "\n\n\n" + _metadata(job, level, reference_fp64)


