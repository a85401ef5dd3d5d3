"""The verifier: the reward and the judge. See api.py (entry points), rules.py
(static rule table), job.py (what a sandbox runs), sandbox.py and confine.py (processes
and OS confinement), judge.py (seeds, inputs, reference, verdict), worker.py and
guards.py (the candidate process)."""

from autotriton.verify.api import Verifier, verify, verify_many
from autotriton.verify.cache import VERIFIER_VERSION
from autotriton.verify.config import VerifyConfig
from autotriton.verify.extract import extract_code
from autotriton.verify.result import FLAG_REASONS, ErrorKind, VerifyResult
from autotriton.verify.rules import RULES, check_rules

__all__ = ["FLAG_REASONS", "RULES", "VERIFIER_VERSION", "ErrorKind", "Verifier", "VerifyConfig",
           "VerifyResult", "check_rules", "extract_code", "verify", "verify_many"]
