"""Issue #47's multi-rank jobs: each rank of a torch.distributed job (gloo on CPU, started with
torch.multiprocessing.spawn by run_ranks.py) captures the same small step, with one rank (or the
rank's own number) making it diverge. Each function takes (rank, world) and returns the keyword
arguments of compile_receipt_capture.capture() for that rank, ``fn`` included.

    scenario     what differs
    alike        nothing: every rank compiles the same graph once
    batch-size   rank 1 gets a batch of 12 rows instead of 8 at its second steady call (a recompile there)
    branch-break rank 2 takes a branch with print(): a graph break, two graphs instead of one
    warm-cache   rank 3 starts with a cache folder filled by an earlier process (run_ranks.py fills it):
                 the same graphs, its caches hit where the others miss
    rank-int     a Python int that depends on the rank (1 + rank % 2) is an argument: specialized, so the
                 even and the odd ranks compile different graphs
    inductor-option  rank 1 compiles with torch._inductor.config.size_asserts = False (the others with the
                 default True): the same graphs and cache outcomes (every rank misses its own fresh cache),
                 but its FX graph key differs in exactly `inductor_config[size_asserts]` (issue #46)
"""

import io

import torch

_SINK = io.StringIO()   # print() goes here: the graph break is the call to print, not the output
BRANCH = {"on": False}  # the branch-break rank sets it before compiling


def step(x):
    y = torch.sin(x) * 2.0
    if BRANCH["on"]:
        print("this rank takes the branch", file=_SINK)
    return torch.cos(y) + 1.0


def scaled(x, n):
    return torch.cos(torch.sin(x) * n) + 1.0


def _inputs():
    g = torch.Generator().manual_seed(47)
    return torch.randn(8, 16, generator=g), torch.randn(12, 16, generator=g)


def alike(rank, world):
    x8, _ = _inputs()
    return dict(fn=step, name=f"ranks-alike-rank{rank}", eager=1, warmup=[(x8,)], steady=[(x8,)] * 3, changed=[])


def batch_size(rank, world):
    x8, x12 = _inputs()
    steady = [(x8,), (x12,), (x8,)] if rank == 1 else [(x8,)] * 3
    return dict(fn=step, name=f"ranks-batch-size-rank{rank}", eager=1, warmup=[(x8,)], steady=steady, changed=[])


def branch_break(rank, world):
    BRANCH["on"] = rank == 2
    x8, _ = _inputs()
    return dict(fn=step, name=f"ranks-branch-break-rank{rank}", eager=1, warmup=[(x8,)], steady=[(x8,)] * 3,
                changed=[])


def warm_cache(rank, world):
    return dict(alike(rank, world), name=f"ranks-warm-cache-rank{rank}")


def rank_int(rank, world):
    x8, _ = _inputs()
    n = 1 + rank % 2
    return dict(fn=scaled, name=f"ranks-rank-int-rank{rank}", eager=1, warmup=[(x8, n)], steady=[(x8, n)] * 3,
                changed=[])


def inductor_option(rank, world):
    import torch._inductor.config as inductor_config
    inductor_config.size_asserts = rank != 1
    return dict(alike(rank, world), name=f"ranks-inductor-option-rank{rank}")


SCENARIOS = {"alike": alike, "batch-size": batch_size, "branch-break": branch_break, "warm-cache": warm_cache,
             "rank-int": rank_int, "inductor-option": inductor_option}
WARM_RANK = {"warm-cache": 3}    # the rank whose cache folder an earlier process fills
WORLD = 4
