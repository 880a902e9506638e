"""Reference values for src/stats, computed with scipy (the implementation everyone trusts).

Run from the repo root:  python3 test/stats/reference/generate.py
Writes the JSON files beside this script; the vitest suites in test/stats/ read them.

Where agent-track deliberately goes beyond scipy (the exact conditional Wilcoxon distribution for
ties or zeros at any n, where scipy enumerates only up to n = 13), the reference is an independent
exact-integer dynamic programme written here, cross-checked against scipy's exhaustive
permutation test for every n <= 13 case before it is written.
"""
import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import scipy
from scipy import stats
from scipy.stats._stats_py import _rankdata

OUT = Path(__file__).resolve().parent
rng = np.random.default_rng(20261130)


def clean(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


# ---------------------------------------------------------------- exact conditional Wilcoxon
def signed_ranks(d, zero_method):
    """(doubled rank, difference) of the differences that carry a sign; zsplit's zero half-ranks
    are a constant shift of the statistic, so they change no p-value and are left out here."""
    d = np.asarray(d, dtype=float)
    if zero_method == "wilcox":
        d = d[d != 0]
    r = _rankdata(np.abs(d), "average")
    doubled = [int(round(2 * x)) for x in r]
    return [(ri, di) for ri, di in zip(doubled, d) if di != 0]


def exact_conditional(d, zero_method, alternative):
    nonzero = signed_ranks(d, zero_method)
    n = len(nonzero)
    if n == 0:
        return 1.0
    total = sum(r for r, _ in nonzero)
    counts = [0] * (total + 1)
    counts[0] = 1
    for r, _ in nonzero:
        new = counts[:]
        for s in range(r, total + 1):
            new[s] += counts[s - r]
        counts = new
    obs = sum(r for r, di in nonzero if di > 0)
    denom = 2 ** n
    p_less = Fraction(sum(counts[: obs + 1]), denom)
    p_greater = Fraction(sum(counts[obs:]), denom)
    if alternative == "less":
        return float(p_less)
    if alternative == "greater":
        return float(p_greater)
    return float(min(1, 2 * min(p_less, p_greater)))


def scipy_permutation(d, zero_method, alternative):
    res = stats.wilcoxon(d, zero_method=zero_method, alternative=alternative,
                         method=stats.PermutationMethod(n_resamples=np.inf))
    return float(res.pvalue)


# ---------------------------------------------------------------- samples
def sample(kind, n):
    if kind == "continuous":
        return list(np.round(rng.normal(0.3, 1.0, n), 6))
    if kind == "ties":  # integers, heavy ties, no zeros
        v = rng.integers(1, 5, n) * rng.choice([-1, 1], n, p=[0.4, 0.6])
        return [float(x) for x in v]
    if kind == "ties_zeros":  # counts-like differences: many zeros and ties
        return [float(x) for x in rng.integers(-3, 5, n)]
    if kind == "halves":  # rates: ties at 0.5 steps, some zeros
        return [float(x) for x in rng.integers(-4, 7, n) / 2]
    raise ValueError(kind)


def has_ties_or_zeros(d):
    a = np.abs(np.asarray(d))
    nz = a[a != 0]
    return bool((a == 0).any() or len(np.unique(nz)) < len(nz))


ns = sorted(set(list(range(1, 31)) + [35, 40, 45, 50, 51, 60, 80, 100, 150, 200, 250, 300]))
wilcoxon_cases = []
samples = []
for n in ns:
    for kind in ["continuous", "ties", "ties_zeros", "halves"]:
        if kind == "continuous" and n > 200 and n != 300:
            continue
        d = sample(kind, n)
        samples.append(d)
        for zero_method in ["wilcox", "pratt", "zsplit"]:
            for alternative in ["two-sided", "greater", "less"]:
                for method in ["auto", "asymptotic", "exact"]:
                    corrections = [False, True] if method == "asymptotic" else [False]
                    for correction in corrections:
                        if all(x == 0 for x in d):
                            continue
                        if zero_method == "wilcox" and sum(1 for x in d if x != 0) == 0:
                            continue
                        tied = has_ties_or_zeros(d)
                        if method == "exact" and tied:
                            if n > 160:
                                continue
                            p = exact_conditional(d, zero_method, alternative)
                            if n <= 13:
                                q = scipy_permutation(d, zero_method, alternative)
                                assert abs(p - q) <= 1e-12 * max(1, abs(q)), (d, zero_method, alternative, p, q)
                            res = stats.wilcoxon(d, zero_method=zero_method, alternative=alternative,
                                                 method="asymptotic")
                            statistic = float(res.statistic)
                            source = "exact-integer-dp"
                        else:
                            res = stats.wilcoxon(d, zero_method=zero_method, alternative=alternative,
                                                 method=method, correction=correction)
                            p = float(res.pvalue)
                            statistic = float(res.statistic)
                            source = "scipy"
                        wilcoxon_cases.append({
                            "sample": len(samples) - 1, "zeroMethod": zero_method, "alternative": alternative,
                            "method": method, "correction": correction,
                            "statistic": statistic, "pvalue": clean(p), "source": source,
                        })

# ---------------------------------------------------------------- McNemar exact (binomial, p = 1/2)
mcnemar_cases = []
for b, c in [(0, 0), (0, 1), (1, 0), (1, 1), (3, 7), (7, 3), (5, 5), (0, 12), (2, 20), (10, 11),
             (40, 60), (120, 80), (0, 60), (300, 340), (1, 1000), (17, 4)]:
    for alternative in ["two-sided", "greater", "less"]:
        p = 1.0 if b + c == 0 else float(stats.binomtest(c, b + c, 0.5, alternative=alternative).pvalue)
        mcnemar_cases.append({"b": b, "c": c, "alternative": alternative, "pvalue": p})

# ---------------------------------------------------------------- normal tail
normal_cases = [{"z": z, "sf": float(stats.norm.sf(z)), "cdf": float(stats.norm.cdf(z))}
                for z in [-9, -6.5, -4, -2.5, -1.96, -1, -0.3, 0, 0.01, 0.3, 0.7, 1, 1.41, 1.42,
                          1.6449, 1.96, 2.5, 2.83, 3, 4, 5.5, 7, 8.5]]

# ---------------------------------------------------------------- percentile (numpy linear, type 7)
percentile_cases = []
for values in [[1.0], [1.0, 2.0], [3.0, 1.0, 2.0], [0.0, 10.0, 10.0, 10.0, 50.0],
               list(np.round(rng.normal(0, 1, 37), 6)), [float(x) for x in rng.integers(0, 9, 101)]]:
    for q in [0, 2.5, 10, 25, 50, 75, 90, 97.5, 100]:
        percentile_cases.append({"values": values, "q": q, "value": float(np.percentile(values, q))})

meta = {"scipy": scipy.__version__, "numpy": np.__version__, "generator": "test/stats/reference/generate.py"}
for name, cases in [("wilcoxon", {"samples": samples, "tests": wilcoxon_cases}), ("mcnemar", mcnemar_cases), ("normal", normal_cases),
                    ("percentile", percentile_cases)]:
    (OUT / f"{name}.json").write_text(json.dumps({"meta": meta, "cases": cases}, separators=(",", ":")) + "\n")
    print(name, len(cases) if isinstance(cases, list) else len(cases["tests"]))
