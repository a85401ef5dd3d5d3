# task: builtin/l2/masked_mean
# expect: error=wrong_output flag=none
# why: a masked mean dividing by the mask's count without the task's clamp(min=1): NaN on a row with no kept position (an empty sequence in a batch), which no trial drew: random masks are almost never empty and the padding masks kept 1..width (outside red team, eighteenth pass, 2026-11-30, 2 of 2). Closed in verifier 23: the structured kind's masks have one row False whole, first.
import torch
