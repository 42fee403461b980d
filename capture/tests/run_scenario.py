"""Runs one scenario in this (fresh) process: python3 run_scenario.py NAME OUT_DIR

Writes OUT_DIR/NAME.json (the trace), OUT_DIR/NAME.profile.json (and NAME.profile-candidate.json:
each run's torch.profiler trace) and OUT_DIR/NAME.counters.json (what
torch._dynamo.utils.counters counted per run; for the warm-start scenarios also warm_counters, the
same in the warm process). TORCH_TRACE, when set, must be set before start."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))     # the package, uninstalled
sys.path.insert(0, HERE)

import torch  # noqa: E402

import compile_receipt_capture as crc  # noqa: E402
import scenarios  # noqa: E402


def main(name, out_dir):
    factory = scenarios.SCENARIOS[name]
    spec = factory()
    fn = spec.pop("fn")
    warm_start = factory if name in scenarios.WARM_START else None     # the fresh process calls it again
    # the run's torch.profiler traces beside it, for check-profile.py: NAME.profile.json (baseline), NAME.profile-candidate.json
    result = crc.capture(fn, out=os.path.join(out_dir, f"{name}.json"), warm_start=warm_start,
                         profile_out=os.path.join(out_dir, f"{name}.profile.json"), **spec)
    counted = {"torch": torch.__version__, "counters": result.counters}
    if warm_start is not None:
        counted["warm_counters"] = result.warm_counters
    with open(os.path.join(out_dir, f"{name}.counters.json"), "w", encoding="utf-8") as f:
        json.dump(counted, f, indent=1, sort_keys=True)
    print(f"{name}: wrote {result.path}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
