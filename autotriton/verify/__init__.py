"""The verifier: the reward and the judge. See api.py (entry points), rules.py
(static rule table), sandbox.py and confine.py (processes and OS confinement),
judge.py (seeds, inputs, reference, verdict), worker.py and guards.py (the candidate process)."""

from autotriton.verify.api import VERIFIER_VERSION, Verifier, VerifyConfig, verify, verify_many
from autotriton.verify.extract import extract_code
from autotriton.verify.result import FLAG_REASONS, ErrorKind, VerifyResult
from autotriton.verify.rules import RULES, check_rules

__all__ = ["FLAG_REASONS", "RULES", "VERIFIER_VERSION", "ErrorKind", "Verifier", "VerifyConfig",
           "VerifyResult", "check_rules", "extract_code", "verify", "verify_many"]
