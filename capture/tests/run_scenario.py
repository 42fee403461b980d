"""Runs one scenario in this (fresh) process: python3 run_scenario.py NAME OUT_DIR

Writes OUT_DIR/NAME.json (the trace), OUT_DIR/NAME.profile.json (and NAME.profile-candidate.json:
each run's torch.profiler trace) and OUT_DIR/NAME.counters.json (what torch._dynamo.utils.counters
counted per run). TORCH_TRACE, when set, must be set before start."""

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
    spec = scenarios.SCENARIOS[name]()
    fn = spec.pop("fn")
    # the run's torch.profiler traces beside it, for check-profile.py: NAME.profile.json (baseline), NAME.profile-candidate.json
    result = crc.capture(fn, out=os.path.join(out_dir, f"{name}.json"),
                         profile_out=os.path.join(out_dir, f"{name}.profile.json"), **spec)
    with open(os.path.join(out_dir, f"{name}.counters.json"), "w", encoding="utf-8") as f:
        json.dump({"torch": torch.__version__, "counters": result.counters}, f, indent=1, sort_keys=True)
    print(f"{name}: wrote {result.path}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
