exec(open("gen_sm.py").read().split("V = {")[0])
V = {
 "s06_trunc_zext_xor": '''    bits = x.to(tl.int32, bitcast=True)
    lo = bits.to(tl.uint16).to(tl.int32)
    approx = (bits ^ lo).to(tl.float32, bitcast=True)''',
 "s07_fixedpoint": '''    approx = (x * 256.0).to(tl.int32).to(tl.float32) * (1.0 / 256.0)''',
 "s08_sort_trunc": '''    bits = x.to(tl.int32, bitcast=True)
    lo = bits.to(tl.uint16).to(tl.int32)
    approx = tl.xor_sum(tl.join(bits, lo), axis=1).to(tl.float32, bitcast=True)''',
}
for k, v in V.items():
    open(k + ".py", "w").write(HEAD % v)
