"""What every benchmark script measures with: repeated timings and peak memory (a helper, not
a benchmark: the underscore keeps it out of the list of scripts)."""

from __future__ import annotations

import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any


def timed(fn: Callable[[], Any], repeats: int,
          clock: Callable[[], float] = time.process_time) -> tuple[float, float, Any]:
    """Median and best seconds of `repeats` runs of fn(), and fn's last result.

    The clock is the process's CPU time by default (what one core gives it, not what other
    processes take); pass ``time.perf_counter`` for wall-clock time across processes.
    """
    times = []
    result = None
    for _ in range(repeats):
        start = clock()
        result = fn()
        times.append(clock() - start)
    return statistics.median(times), min(times), result


def traced_peak(fn: Callable[[], Any]) -> tuple[int, Any]:
    """The most memory, in bytes, that Python objects took while fn() ran (tracemalloc), and
    fn's result."""
    tracemalloc.start()
    try:
        result = fn()
        return tracemalloc.get_traced_memory()[1], result
    finally:
        tracemalloc.stop()


def peak_rss_mib() -> float:
    """The process's peak resident memory so far, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
