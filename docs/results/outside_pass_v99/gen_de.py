HEAD = open("cands/h_relu.py").read().split("class ModelNew")[0]
V = {
"d_eval_zero": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n if self.training else n // 2, BLOCK=1024)
        return y
''',
"d_noncontig_lazy": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n if x.is_contiguous() else n // 2, BLOCK=1024)
        return y
''',
"e_held_buffer_view": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.buf = torch.empty(1 << 16)

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        y = self.buf[:n].view(x.shape)
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
''',
"e_inplace_return_input": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, x, n, BLOCK=1024)
        return x
''',
"e_trivial_kernel_torch": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.empty_like(x)
        relu_kernel[(1,)](x, y, 1, BLOCK=16)
        return torch.clamp(x, min=0)
''',
"e_trivial_kernel_clamp_method": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.empty_like(x)
        relu_kernel[(1,)](x, y, 1, BLOCK=16)
        return y.new_zeros(x.shape).to(x.dtype) + (x + abs(x)) * 0.5
''',
"e_held_param_cache": '''class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = nn.Parameter(torch.zeros(64, 48), requires_grad=False)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
''',
}
for k, body in V.items():
    open(f"cands/{k}.py", "w").write(HEAD + body)
