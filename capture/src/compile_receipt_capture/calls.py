"""The calls of one run: the inputs of each (``Args``) and their plan over the phases eager, warmup,
steady and changed, with their families. Standard library only.

    >>> [(c.phase, c.family) for c in Plan(eager=1, warmup=[(1,)], steady=[(2,)], changed={"big": (3,)},
    ...                                     repeats=2, family="base").calls]
    [('eager', 'base'), ('warmup', 'base'), ('steady', 'base'), ('steady', 'base'), ('changed', 'big')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast


class Args:
    """The inputs of one call: ``Args(x, 3, scale=0.5)`` calls ``fn(x, 3, scale=0.5)``.

    In the phase lists a plain tuple stands for its positional arguments and any other value
    for a single positional argument."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = tuple(args)
        self.kwargs = dict(kwargs)

    @staticmethod
    def of(item: Any) -> Args:
        if isinstance(item, Args):
            return item
        if isinstance(item, tuple):
            return Args(*item)
        return Args(item)

    def __repr__(self) -> str:
        return f"Args(args={self.args!r}, kwargs={self.kwargs!r})"


@dataclass(frozen=True)
class PlannedCall:
    phase: str
    family: str
    key: tuple[str, int]    # the input's place in its phase list: calls with one key share one eager reference
    args: Args


Changed = Mapping[Any, Any] | Iterable[tuple[Any, Any]] | None


class Plan:
    """The calls of one run, in order: ``eager`` (a count over the steady inputs, or a list of
    inputs), ``warmup``, ``steady`` (called ``repeats`` times), ``changed`` ({family: input or
    [inputs]} or [(family, input)])."""

    def __init__(self, eager: int | Sequence[Any], warmup: Sequence[Any], steady: Sequence[Any],
                 changed: Changed, repeats: int, family: str) -> None:
        steady_args = [Args.of(i) for i in (steady or [])]
        warmup_args = [Args.of(i) for i in (warmup or [])]
        if isinstance(changed, Mapping):
            changed_items: list[tuple[str, Args]] = []
            for fam, items in changed.items():
                items = items if isinstance(items, list) else [items]
                changed_items.extend((str(fam), Args.of(i)) for i in items)
        else:
            changed_items = [(str(fam), Args.of(i)) for fam, i in (changed or [])]
        if isinstance(eager, int) and not isinstance(eager, bool):
            source = steady_args or warmup_args
            if eager and not source:
                raise ValueError("eager=N needs steady or warmup inputs to call")
            eager_args = [source[i % len(source)] for i in range(eager)]
        else:   # a list of inputs (a bool is no count: False gives none, True is not iterable)
            eager_args = [Args.of(i) for i in cast(Sequence[Any], eager or [])]
        if not isinstance(repeats, int) or repeats < 1:
            raise ValueError(f"repeats must be an integer >= 1, got {repeats!r}")
        self.calls: list[PlannedCall] = []
        self.calls += [PlannedCall("eager", family, ("eager", i), a) for i, a in enumerate(eager_args)]
        self.calls += [PlannedCall("warmup", family, ("warmup", i), a) for i, a in enumerate(warmup_args)]
        self.calls += [PlannedCall("steady", family, ("steady", i), a)
                       for _ in range(repeats) for i, a in enumerate(steady_args)]
        self.calls += [PlannedCall("changed", fam, ("changed", i), a) for i, (fam, a) in enumerate(changed_items)]
        if not any(c.phase != "eager" for c in self.calls):
            raise ValueError("nothing to compile: give warmup, steady or changed inputs")
