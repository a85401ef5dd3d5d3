import torch
torch.manual_seed(0)
for cols in (37, 300, 8190):
    x = torch.randn(64, cols)
    ref = torch.softmax(x.double(), -1)
    d = x - x.max(-1, keepdim=True).values
    e = torch.exp(d)
    for bits in (11, 8, 6, 4):
        c = e * float(2 ** (24 - bits) + 1); low = c - (c - e)
        num = torch.where(d < -4, low, e)
        y = (num / num.sum(-1, keepdim=True)).double()
        err = (y - ref).abs(); rel = err / ref
        rmsr = ref.pow(2).mean().sqrt()
        allowed = 1e-4 * rmsr + 1e-4 * ref.abs()
        print(cols, bits, "max rel err of affected %.2e" % rel[d < -4].max(), "frac affected %.2f" % (d < -4).double().mean(), "max err/allowed %.3f" % (err / allowed).max())
