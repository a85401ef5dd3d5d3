"""Docstrings for composed task files in the words people use ("Sigmoid activation",
"2D convolution", "GEMM"), never in the words of the template teacher's answers.

Why: until data v9 every docstring compose wrote was the task's own grammar description
("Model: elementwise sigmoid."), which is also what the template answer's first lines say ("The
module is a pure elementwise chain: sigmoid."). The model learned to copy the docstring into its
answer. A CPU probe of the shipped adapter (2026-11-26, greedy, fp32; docs/DATA.md) on
KernelBench's own Sigmoid file began "The module is a Sigmoid activation applied Saturated
Sgomery order: P = 256, ..." and went on to plan a matmul; with only that file's docstrings
deleted it began "The module is a pure elementwise chain: sigmoid." and planned the right kernel.
Docstrings drawn from many names and phrasings, unrelated to the answer's wording, make copying
them useless, so the forward is what the answer has to be read from.

The names describe what the task computes (a docstring that lied would teach the model to
distrust true ones), but they do not try to be complete: constants, dims and epilogue order are
left to the code, as in hand-written files.
"""

from __future__ import annotations

import random

from autotriton.data.families import FAMILIES, AnySpec

# Several names per op token (main_ops): written by us, none taken from a benchmark.
OP_NAMES = {
    "relu": ("ReLU", "ReLU activation", "rectified linear unit"),
    "gelu": ("GELU", "GELU activation", "Gaussian error linear unit"),
    "gelu_tanh": ("GELU (tanh approximation)", "approximate GELU", "the tanh form of GELU"),
    "sigmoid": ("Sigmoid", "Sigmoid activation", "logistic sigmoid"),
    "tanh": ("Tanh", "Tanh activation", "hyperbolic tangent"),
    "silu": ("SiLU", "SiLU activation", "sigmoid linear unit"),
    "swish": ("Swish", "Swish activation", "x times sigmoid(x)"),
    "leaky_relu": ("LeakyReLU", "LeakyReLU activation", "leaky rectifier"),
    "hardtanh": ("HardTanh", "HardTanh activation", "hard tanh clipping"),
    "elu": ("ELU", "ELU activation", "exponential linear unit"),
    "selu": ("SELU", "SELU activation", "scaled exponential linear unit"),
    "softplus": ("Softplus", "Softplus activation", "smooth ReLU"),
    "softsign": ("Softsign", "Softsign activation", "x / (1 + |x|)"),
    "hardsigmoid": ("HardSigmoid", "HardSigmoid activation", "piecewise-linear sigmoid"),
    "hardswish": ("HardSwish", "HardSwish activation", "hard swish"),
    "clamp": ("clamp", "clipping to a range", "Clamp"),
    "abs": ("absolute value", "Abs", "magnitude"),
    "square": ("square", "squaring", "x squared"),
    "scale": ("scaling by a constant", "constant scale", "multiplication by a scalar"),
    "shift": ("constant shift", "addition of a scalar", "offset"),
    "exp": ("exponential", "Exp", "e to the x"),
    "neg": ("negation", "Neg", "sign flip"),
    "add": ("addition of two tensors", "tensor addition", "sum of the inputs"),
    "sub": ("difference of two tensors", "tensor subtraction", "subtraction"),
    "mul": ("elementwise product", "Hadamard product", "multiplication of the inputs"),
    "maximum": ("larger of two tensors", "max of two tensors", "pairwise maximum"),
    "silu_gate": ("SiLU gate", "gated linear unit (SiLU)", "SwiGLU-style gating"),
    "bias": ("bias add", "added bias", "learned bias"),
    "col_scale": ("per-feature scale", "learned scaling", "channel-wise scale"),
    "residual": ("residual add", "skip connection", "residual connection"),
    # reductions, scans, norms, losses, pools and products
    "sum": ("sum reduction", "Sum over a dimension", "reduction by summation"),
    "mean": ("mean reduction", "average over a dimension", "Mean"),
    "max": ("max reduction", "maximum over a dimension", "Max"),
    "min": ("min reduction", "minimum over a dimension", "Min"),
    "amax_abs": ("largest magnitude over a dimension", "max-abs reduction", "absolute maximum"),
    "prod": ("product reduction", "product over a dimension", "Prod"),
    "argmax": ("Argmax", "index of the maximum", "argmax over a dimension"),
    "argmin": ("Argmin", "index of the minimum", "argmin over a dimension"),
    "cumsum": ("cumulative sum", "prefix sum", "running total"),
    "cumprod": ("cumulative product", "prefix product", "running product"),
    "reverse_cumsum": ("reverse cumulative sum", "suffix sum", "cumulative sum from the end"),
    "exclusive_cumsum": ("exclusive cumulative sum", "exclusive prefix sum", "exclusive scan"),
    "masked_cumsum": ("masked cumulative sum", "prefix sum of the kept elements", "masked scan"),
    "layernorm": ("LayerNorm", "layer normalization", "Layer Normalization"),
    "rmsnorm": ("RMSNorm", "RMS normalization", "root-mean-square norm"),
    "groupnorm": ("GroupNorm", "group normalization", "Group Normalization"),
    "instancenorm": ("InstanceNorm", "instance normalization", "Instance Normalization"),
    "l1": ("L1 normalization", "division by the L1 norm", "L1 Norm"),
    "l2": ("L2 normalization", "division by the L2 norm", "L2 Norm"),
    "frobenius": ("Frobenius norm normalization", "division by the Frobenius norm", "Frobenius Norm"),
    "log_softmax": ("LogSoftmax", "log-softmax", "log of the softmax"),
    "cross_entropy": ("cross-entropy loss", "Cross Entropy Loss", "classification loss"),
    "kl_div": ("KL divergence", "Kullback-Leibler divergence loss", "KLDiv loss"),
    "smooth_l1": ("Smooth L1 loss", "smooth L1 (Huber-like) loss", "SmoothL1Loss"),
    "huber": ("Huber loss", "HuberLoss", "robust regression loss"),
    "hinge": ("hinge loss", "Hinge Loss", "margin loss"),
    "cosine": ("cosine similarity loss", "Cosine Similarity Loss", "1 - cosine similarity"),
    "avg1d": ("1D average pooling", "Average Pooling 1D", "AvgPool1d"),
    "avg2d": ("2D average pooling", "Average Pooling 2D", "AvgPool2d"),
    "max1d": ("1D max pooling", "Max Pooling 1D", "MaxPool1d"),
    "linear": ("linear layer", "fully connected layer", "Linear"),
    "matmul": ("matrix multiplication", "GEMM", "matmul (C = A * B)"),
    "matmul_bt": ("matrix multiplication with B transposed", "A times B^T", "GEMM with a transposed operand"),
    "bmm": ("batched matrix multiplication", "batched GEMM", "bmm"),
    "matvec": ("matrix-vector multiplication", "GEMV", "matrix times vector"),
    "diag_mm": ("diagonal matrix times a matrix", "row scaling by a diagonal", "diag(A) @ B"),
    "mm3d": ("3D tensor-matrix multiplication", "batched product with a shared matrix", "tensor times matrix"),
    "tril": ("lower triangular matrix multiplication", "matmul of lower triangular matrices", "tril(A @ B)"),
    "triu": ("upper triangular matrix multiplication", "matmul of upper triangular matrices", "triu(A @ B)"),
    # the idiom family's kinds (data/idioms.py)
    "bce_logits": ("binary cross-entropy on logits", "BCE with logits", "sigmoid cross-entropy loss"),
    "l1_loss": ("L1 loss", "mean absolute error", "absolute error loss"),
    "margin_loss": ("margin ranking loss", "pairwise hinge loss", "ranking loss with a margin"),
    "soft_margin": ("soft margin loss", "logistic loss for labels of +-1", "softplus margin loss"),
    "addmm": ("affine layer", "bias plus a matrix product", "addmm"),
    "functional_linear": ("linear projection", "functional linear layer", "x W^T + b"),
    "weight_t": ("projection by a weight matrix", "dense layer", "matrix product with a held weight"),
    "batched_t": ("batched similarity scores", "query-key scores", "batched product with a transposed operand"),
    "input_t": ("product of a transposed matrix", "A^T B", "Gram-style product"),
    "manual_layernorm": ("layer normalization", "LayerNorm written out", "normalization over the last dim"),
    "manual_rmsnorm": ("RMS normalization", "RMSNorm", "root-mean-square scaling"),
    "std_var": ("spread along a dim", "standard deviation or variance", "dispersion statistic"),
    "mean_dims": ("mean over several dims", "average over a group of axes", "multi-axis mean"),
    "sum_dims": ("sum over several dims", "total over a group of axes", "multi-axis sum"),
    "amax_dims": ("extreme value over several dims", "max or min over a group of axes", "multi-axis max/min"),
    "peak_to_peak": ("peak-to-peak range", "max minus min over axes", "value range"),
    "var_dims": ("variance over several dims", "spread over a group of axes", "multi-axis variance"),
    "std_dims": ("standard deviation over several dims", "spread over a group of axes", "multi-axis std"),
    "batch_stats_norm": ("batch-statistics normalization", "per-channel normalization over N, H and W",
                         "batch norm without running averages"),
    "rms_dims": ("RMS scaling over several dims", "division by the root mean square", "per-sample RMS normalization"),
    "max_values": ("max or min values along a dim", "extreme values with the indices dropped", "values of a max/min"),
    "einsum_bmm": ("batched matrix product", "einsum over a shared batch", "batched contraction"),
    "einsum_scores": ("similarity scores", "batched product with the second operand transposed", "pairwise dot products"),
    "einsum_heads": ("per-head attention scores", "query-key products per head", "multi-head score matrix"),
    "einsum_apply": ("attention weights applied to values", "weighted sum of values per head", "probs times values"),
    "einsum_linear": ("projection by a weight matrix", "einsum linear layer", "x W^T"),
    "einsum_matvec": ("matrix-vector product", "projection onto a vector", "row-wise dot with a weight"),
    "einsum_rowdot": ("row-wise dot products", "per-row inner product", "paired dot products"),
    "threshold": ("threshold activation", "Threshold", "values at or below a threshold replaced"),
    # the idioms' long rows (data v24)
    "vocab_log_softmax": ("log-probabilities over a vocabulary", "log-softmax of logits", "normalized log-likelihoods"),
    "vocab_softmax": ("tempered softmax", "softmax with a temperature", "sampling distribution over logits"),
    "vocab_logsumexp": ("log-partition of logits", "log-sum-exp over the vocabulary", "softmax normalizer"),
    "vocab_argmax": ("greedy token choice", "index of the largest logit", "argmax over the vocabulary"),
    "image_pool": ("global pooling", "reduction over the spatial dims", "whole-image statistic"),
    "value_range": ("value range", "max minus min over two axes", "peak-to-peak spread"),
    "column_stats": ("per-column statistic", "statistic down each feature", "reduction over the samples"),
    "standardize_columns": ("column standardization", "z-score per feature", "features centred and scaled"),
    "long_cumsum": ("running total", "cumulative sum along a sequence", "prefix sums"),
    "long_rms": ("RMS scaling of a sequence", "division by the root mean square", "root-mean-square normalization"),
    "minmax_rows": ("min-max rescaling", "rows scaled to [0, 1]", "range normalization"),
    # the idioms' channels moved last (data v25)
    "channels_last_layernorm": ("channels-last layer norm", "LayerNorm over the channels", "per-position channel norm"),
    "layernorm2d": ("2-D layer norm", "layer norm over the channels of a feature map", "ConvNeXt-style norm"),
    "channels_last_softmax": ("softmax over channels", "per-position channel softmax", "channel attention weights"),
    "permuted_stats": ("per-position channel statistic", "reduction over the channels", "channel summary"),
    # the idioms' table lookups (data v26)
    "table_lookup": ("token embedding", "embedding lookup", "rows of a table picked by id"),
    "scaled_embedding": ("scaled token embedding", "embedding times the square root of the width", "transformer input embedding"),
    "embedding_bias": ("embedding with a bias", "lookup plus a learned offset", "shifted token embedding"),
    "embedding_act": ("embedding through an activation", "activated lookup", "nonlinear token features"),
    # the idioms' constants set through arithmetic (data v27)
    "weighted_bce": ("class-weighted binary loss", "focal-style loss", "balanced logistic loss"),
    "energy": ("energy score", "negative free energy", "temperature-scaled log-sum-exp"),
    "blend": ("interpolation of two tensors", "weighted mix", "convex combination"),
    "symmetric_clamp": ("symmetric clipping", "bounded values", "clip to a range"),
    "gem_pool": ("generalized-mean pooling", "GeM pooling", "power-mean over the spatial dims"),
    "causal_bool": ("causal attention weights", "masked softmax", "autoregressive attention probabilities"),
    "causal_tril": ("causal softmax", "lower-triangular masked softmax", "decoder attention weights"),
    "causal_additive": ("softmax with an additive causal mask", "future-masked attention", "causal attention probabilities"),
    "fused_add_rmsnorm": ("residual add and RMS norm", "pre-norm residual step", "fused add-norm"),
    "fused_add_layernorm": ("residual add and layer norm", "add & norm", "residual then LayerNorm"),
    "channel_gate": ("channel gating", "squeeze-excite scaling", "per-channel sigmoid gate"),
    "token_mask": ("masked token features", "padding mask applied", "features zeroed at padding"),
    "row_scale": ("per-row scaling", "rows weighted", "sample weighting"),
    # the idioms' index reductions and comparisons reduced (data v28)
    "arg_extreme": ("index of the extreme along a dim", "argmax or argmin", "position of the largest or smallest value"),
    "extreme_values": ("max or min along a dim", "extreme values, indices dropped", "largest or smallest per slice"),
    "compare_fraction": ("share of values past a threshold", "mean of a comparison", "proportion meeting a condition"),
    "compare_count": ("count of values past a threshold", "sum of a comparison", "number of entries meeting a condition"),
    # the block family's kinds (data/blocks.py)
    "norm_linear": ("normalization then a projection", "pre-norm linear layer", "norm followed by a dense layer"),
    "gated": ("gated linear unit", "gated projection", "product of a gate and a value projection"),
    "residual_mlp": ("pre-norm MLP with a residual", "residual feed-forward block", "norm, MLP and skip connection"),
    "attention_block": ("scaled dot-product attention", "attention over a sequence", "softmax-weighted sum of values"),
    "pool_linear": ("mean pooling then a projection", "pooled linear head", "sequence average then dense layer"),
    "linear_l2": ("projection then L2 normalization", "normalized embedding head", "unit-length linear output"),
}
# Families whose spec has no op token of its own (compose._spec_ops is empty or lists only
# epilogues): the name of the family's main op, which their `words` (families.py) name.
FAMILY_NAMES = {
    "softmax": ("Softmax", "softmax activation", "softmax over the last dimension"),
    "conv2d": ("2D convolution", "standard 2D convolution", "Conv2d"),
    "conv1d": ("1D convolution", "standard 1D convolution", "Conv1d"),
    "depthwise": ("depthwise 2D convolution", "depthwise convolution", "per-channel convolution"),
    "mse": ("mean squared error", "MSE loss", "squared error loss"),
    "layout": ("permutation", "transpose to a contiguous layout", "axis reordering"),
    "embedding": ("table lookup", "Embedding", "token embedding gather"),
    "maxpool": ("2D max pooling", "Max Pooling 2D", "MaxPool2d"),
    "attention": ("scaled dot-product attention", "attention", "self-attention core"),
    "mlp": ("MLP", "feed-forward block", "two-layer perceptron"),
    "expr": ("an elementwise function", "a pointwise formula", "a custom elementwise expression"),
}

CLASS_DOCS = ("Simple model that applies {name}.", "{Name} as a module.", "Performs {name} on the input.",
              "A model computing {name}.", "Module that performs {name}.", "Wrapper module for {name}.",
              "Applies {name}.", "Basic model: {name}.", "{Name}.", "This module implements {name}.")
FORWARD_DOCS = ("Applies {name} to the input tensor.", "Computes {name}.", "Performs the forward pass ({name}).",
                "Runs {name} on the inputs.", "Forward: {name}.")
ARG_DOCS = ("Input tensor.", "Input tensor of any shape.", "The input.", "Input data.", "Tensor to process.")
FORWARD_COMMENTS = ("{name}", "apply {name}", "{Name} of the input", "computes {name}", "the whole forward: {name}")
EMPTY_INIT_COMMENTS = ("no constructor arguments", "nothing to configure", "the module takes no arguments")
INIT_COMMENTS = ("constructor arguments", "passed to __init__", "module settings")
RETURN_DOCS = ("Output tensor.", "The result.", "Output of {name}.", "Result tensor.", "Output tensor of the module.")


def main_ops(spec: AnySpec) -> list[str]:
    """The op tokens a docstring names, in the order the forward applies them: the composed
    family's `words` (families.FAMILIES); an expression (exprs.py) is named as its family, an
    idiom or a block (idioms.py, blocks.py) by its kind."""
    family = FAMILIES.get(spec["family"])
    if family is not None:
        return family.words(spec)
    return [spec["family"]] if spec["family"] in FAMILY_NAMES else [spec["kind"]]


def _names_for(op: str, spec: AnySpec) -> tuple[str, ...]:
    """The op's names; a softmax over another dim than the last (compose.REDUCE_RANKS) is never
    called "softmax over the last dimension". The draw keeps its three choices, so the rng
    stream, and every other task's words, stay as they were."""
    names = OP_NAMES.get(op) or FAMILY_NAMES[op]
    if spec.get("shape") and spec["family"] == "softmax":
        rank = len(spec["shape"])
        if spec["dim"] % rank != rank - 1:
            names = tuple(n.replace("over the last dimension", f"over dim {spec['dim']}") for n in names)
    return names


def describe(spec: AnySpec, rng: random.Random) -> str:
    """One docstring name for the task: each op's name drawn from its list, joined as prose."""
    names = [rng.choice(_names_for(op, spec)) for op in main_ops(spec)]
    if len(names) == 1:
        return names[0]
    joiner = rng.choice((", then ", ", followed by ", " and then "))
    return ", ".join(names[:-1]) + joiner + names[-1] if joiner == ", then " else joiner.join(names)


def fill(spec: AnySpec, rng: random.Random) -> dict[str, str]:
    """`describe`'s name as the templates take it: {name} as drawn, {Name} capitalised."""
    name = describe(spec, rng)
    return {"name": name, "Name": name[:1].upper() + name[1:]}


def named_docs(spec: AnySpec, args: list[str], surface: dict) -> tuple[str | None, str | None]:
    """(class docstring, forward docstring) in the file's indentation, either may be None. Which
    docstrings the file has is the surface's draw (class_doc, forward_doc, doc_block: both as
    blocks, the forward's with Args and Returns); only the words come from here, from the
    surface's own `doc_seed` (which `fill` also starts from, so a module docstring drawn with
    it names the op the same way)."""
    rng = random.Random(surface["doc_seed"])
    words = fill(spec, rng)
    what = rng.choice(CLASS_DOCS).format(**words)
    doing = rng.choice(FORWARD_DOCS).format(**words)
    if not surface.get("doc_block"):
        class_doc = f'    """{what}"""\n\n' if surface["class_doc"] else None
        return class_doc, (f'        """{doing}"""\n' if surface["forward_doc"] else None)
    listed = "".join(f"            {a} (torch.Tensor): {rng.choice(ARG_DOCS)}\n" for a in args)
    returns = rng.choice(RETURN_DOCS).format(**words)
    forward = (f'        """\n        {doing}\n\n        Args:\n{listed}\n'
               f'        Returns:\n            torch.Tensor: {returns}\n        """\n')
    return f'    """\n    {what}\n    """\n', forward


def comments(spec: AnySpec, surface: dict, init_inputs: str) -> tuple[str | None, str | None]:
    """(a comment line for the forward's return, a trailing comment for get_init_inputs' return),
    each None where the surface drew none: 78 of KernelBench-L1's 100 files carry comments and
    our files had none. Words from the same vocabulary as the docstrings, on a stream of their own."""
    if not surface.get("comments"):
        return None, None
    rng = random.Random(f"{surface['doc_seed']}:comments")
    words = fill(spec, rng)  # drawn first: the stream's order fixes every v10 file
    forward = rng.choice(FORWARD_COMMENTS).format(**words) if rng.random() < 0.6 else None
    init = rng.choice(EMPTY_INIT_COMMENTS if init_inputs == "[]" else INIT_COMMENTS) if rng.random() < 0.6 else None
    return forward, init
