"""Runs one warm pair of issue #46 in this (fresh) process: python3 run_keys.py CHANGE OUT_DIR

Writes OUT_DIR/keys-CHANGE.json (the trace: the cold run, its warm_start the warm process's calls)
and OUT_DIR/keys-CHANGE.counters.json (torch._dynamo.utils.counters of both processes, the warm
process's variables). The warm process runs with keys_scenarios.WARM_ENV[CHANGE] (warm_env=).
TORCH_TRACE, when set, must be set before start; the warm process's log goes to $TORCH_TRACE/warm/."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))     # the package, uninstalled
sys.path.insert(0, HERE)

import torch  # noqa: E402

import compile_receipt_capture as crc  # noqa: E402
import keys_scenarios  # noqa: E402


def main(change, out_dir):
    spec = keys_scenarios.keys()
    fn = spec.pop("fn")
    spec["name"] = f"keys-{change}"
    result = crc.capture(fn, out=os.path.join(out_dir, f"keys-{change}.json"), warm_start=keys_scenarios.keys,
                         warm_env=keys_scenarios.WARM_ENV[change], **spec)
    counted = {"torch": torch.__version__, "threads": torch.get_num_threads(), "warm_env": result.warm_env,
               "counters": result.counters, "warm_counters": result.warm_counters}
    with open(os.path.join(out_dir, f"keys-{change}.counters.json"), "w", encoding="utf-8") as f:
        json.dump(counted, f, indent=1, sort_keys=True)
    print(f"keys-{change}: wrote {result.path}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
