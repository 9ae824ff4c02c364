"""Confidence intervals of the rates a simulation reports (``kozyr simulate``).

A win rate of 27.6 % against 19.9 % after 2,000 deals is eight standard errors apart; after 20
deals it means nothing. Each rate therefore carries its 95 % **Wilson score interval** (E. B.
Wilson, 1927), which, unlike the normal approximation ``p ± 1.96·√(p(1-p)/n)``, stays inside
[0, 1] and is sensible for rates near 0 or 1 and for small ``n``:

    centre = (p + z²/2n) / (1 + z²/n),   half width = z·√(p(1-p)/n + z²/4n²) / (1 + z²/n)

>>> wilson_interval(8, 10)     # 8 wins in 10 deals
(0.490162, 0.943318)
>>> wilson_interval(0, 10)     # never won in 10: still up to 27.8 %
(0.0, 0.277533)
>>> wilson_interval(0, 0)      # nothing played: nothing known
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The two-sided 95 % quantile of the standard normal distribution.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` in ``trials`` (95 % by default), rounded to six
    decimals as the rates are; ``(0.0, 1.0)`` when nothing was tried."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6))


def wilson_intervals(successes: Sequence[int], trials: int) -> list[list[float]]:
    """:func:`wilson_interval` of each count, as JSON lists ``[low, high]``."""
    return [list(wilson_interval(int(k), trials)) for k in successes]


__all__ = ["Z95", "wilson_interval", "wilson_intervals"]
