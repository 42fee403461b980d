"""Issue #45's repeated captures through the command line (``--repeat N``): two small scenarios of
scenarios.py, their callables re-exported and their inputs without the callables, for
``python3 -m compile_receipt_capture --module repeat_inputs.py --baseline sin_print_cos
--inputs print_bridge --repeat 5 ...`` (test_repeat)."""

import scenarios
from scenarios import scale_by_int, sin_print_cos  # noqa: F401  (the --baseline names)


def _without_callables(spec):
    return {k: v for k, v in spec.items() if k not in ("fn", "candidate", "candidate_adapt")}


def print_bridge():
    return _without_callables(scenarios.print_bridge())


def int_spec():
    return _without_callables(scenarios.int_spec())


# scenario: (--baseline, --inputs); the baseline run only (no candidate: half the compiles of CI's minutes)
REPEATED = {"print-bridge": ("sin_print_cos", "print_bridge"),
            "int-spec": ("scale_by_int", "int_spec")}
