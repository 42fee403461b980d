"""Runs one multi-rank job of issue #47: python3 run_ranks.py SCENARIO TRACE_DIR [WORLD]

WORLD ranks (default ranks_scenarios.WORLD) started with torch.multiprocessing.spawn, each joining a
gloo process group on 127.0.0.1 before its first compile (so that PyTorch names its TORCH_TRACE log
dedicated_log_torch_trace_rank_<N>_<suffix>.log and puts "rank" in its records), then capturing its
scenario (compile_receipt_capture.capture, no trace file: the logs are the output) with its own fresh
Inductor/Triton cache folders. TORCH_TRACE=TRACE_DIR is set for the ranks only (this process imports
torch without it). For warm-cache, an earlier process started the same way (spawned, no process
group, no TORCH_TRACE) first runs the warm rank's capture with that rank's cache folders, so that the
rank starts warm (a process this script runs directly computes another FX graph key for the same
input on 2.14: example_inputs[0] hashes differently though its text is equal). torch.distributed.run is not used: Debian's build has no
libuv (USE_LIBUV=0 is set for the TCP store all the same)."""

import os
import shutil
import socket
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))     # the package, uninstalled
sys.path.insert(0, HERE)

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.multiprocessing as mp  # noqa: E402

import compile_receipt_capture as crc  # noqa: E402
import ranks_scenarios  # noqa: E402


def _cache_env(root, rank):
    return {"TORCHINDUCTOR_CACHE_DIR": os.path.join(root, f"rank{rank}", "inductor"),
            "TRITON_CACHE_DIR": os.path.join(root, f"rank{rank}", "triton")}


def _rank_main(rank, scenario, world, cache_root):
    os.environ.update(_cache_env(cache_root, rank))
    dist.init_process_group("gloo", rank=rank, world_size=world)
    try:
        spec = ranks_scenarios.SCENARIOS[scenario](rank, world)
        fn = spec.pop("fn")
        crc.capture(fn, **spec)
        dist.barrier()
    finally:
        dist.destroy_process_group()


def _fill_cache(_, scenario, world, cache_root, warm):
    os.environ.update(_cache_env(cache_root, warm))
    spec = ranks_scenarios.SCENARIOS[scenario](warm, world)
    crc.capture(spec.pop("fn"), **spec)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(scenario, trace_dir, world):
    if "TORCH_TRACE" in os.environ:
        raise SystemExit("run_ranks.py: give the trace folder as an argument, not TORCH_TRACE (this process "
                         "must not trace)")
    cache_root = tempfile.mkdtemp(prefix="compile-receipt-ranks-")
    try:
        warm = ranks_scenarios.WARM_RANK.get(scenario)
        if warm is not None:      # an earlier process, started as the ranks are, fills the warm rank's cache folders
            mp.spawn(_fill_cache, args=(scenario, world, cache_root, warm), nprocs=1, join=True)
        os.environ.update(TORCH_TRACE=trace_dir, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(_free_port()),
                          USE_LIBUV="0", GLOO_SOCKET_IFNAME="lo")
        mp.spawn(_rank_main, args=(scenario, world, cache_root), nprocs=world, join=True)
    finally:
        shutil.rmtree(cache_root, ignore_errors=True)
    print(f"ranks-{scenario}: {world} ranks, logs in {trace_dir}: {sorted(os.listdir(trace_dir))}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else ranks_scenarios.WORLD)
