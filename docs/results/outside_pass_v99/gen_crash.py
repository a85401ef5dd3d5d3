HEAD = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.where(x > 0, x, 0.0), mask=mask)

'''
CLS = '''
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
{ret}
'''
V = {
 "x_none": "        return None",
 "x_tuple1": "        return (y,)",
 "x_list1": "        return [y]",
 "x_dict": "        return {'out': y}",
 "x_tuple_y_y": "        return y, y",
 "x_nested": "        return ((y,),)",
 "x_float": "        return 1.5",
 "x_nan": "        return float('nan')",
 "x_bigint": "        return 10 ** 5000",
 "x_str": "        return 'tensor'",
 "x_self": "        return self",
 "x_lambda": "        return lambda: y",
 "x_range": "        return range(3)",
 "x_slice": "        return slice(1, 2)",
 "x_set": "        return {1, 2}",
 "x_size": "        return y.shape",
 "x_dtype": "        return y.dtype",
 "x_device": "        return y.device",
 "x_ellipsis": "        return ...",
 "x_bytes": "        return b'abc'",
 "x_complex": "        return 1j",
 "x_float64": "        return y.double()",
 "x_int": "        return y.long()",
 "x_flat": "        return y.view(-1)",
 "x_0d": "        return y[0, 0]",
 "x_expand_huge": "        return y[:1, :1].expand(2 ** 20, 2 ** 20)",
 "x_view_self_transposed_back": "        return y.t().t()",
 "x_unsqueezed": "        return y.unsqueeze(0)",
 "x_big_alloc": "        z = torch.empty(2 ** 34, dtype=torch.uint8)\n        return y",
 "x_recursion": "        return self.forward(x)",
 "x_raise_assert": "        assert False, y\n        return y",
 "x_raise_keyerror_obj": "        raise KeyError(self)",
 "x_raise_tensor_msg": "        raise RuntimeError(y)",
 "x_raise_nested": "        raise ValueError(RuntimeError(TypeError('x' * 10000000)))",
 "x_print_flood": "        print('z' * 3000000)\n        return y",
 "x_print_tensor": "        print(y)\n        return y",
 "x_deep_list": "        r = [y]\n        for i in range(100000):\n            r = [r]\n        return r",
 "x_many_outputs": "        return [y] * 100000",
 "x_dict_tensor_key": "        return {1: y, 2.5: y, None: y}",
 "x_neg_zero": "        return y * 1",
 "x_grad": "        return y.detach()",
 "x_half": "        return y.half()",
 "x_bool": "        return y > 0",
 "x_sub_y_slice": "        return y[:, :]",
 "x_y_and_view": "        return y, y[0]",
}
for k, v in V.items():
    open(f"cands/{k}.py", "w").write(HEAD + CLS.format(ret=v))
print(len(V))
