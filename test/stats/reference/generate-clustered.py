"""Reference values for the clustered sign-flip test and the equivalence / non-inferiority tests
(src/stats/clustered.ts, src/stats/equivalence.ts), computed with scipy.

Run from the repo root:  python3 test/stats/reference/generate-clustered.py
Writes clustered.json beside this script.

Clustered: the per-cluster mean differences are flipped in sign by scipy.stats.permutation_test
(permutation_type='samples' with one sample flips signs; n_resamples=inf enumerates all 2^k), the
statistic the mean of the cluster means. Equivalence: ttest_1samp one-sided at both bounds (TOST);
non-inferiority: ttest_1samp one-sided at the margin.
"""
import json
from pathlib import Path

import numpy as np
from scipy import stats

OUT = Path(__file__).resolve().parent
rng = np.random.default_rng(20261205)


def mean_stat(x, axis):
    return np.mean(x, axis=axis)


def exact_case(d, c):
    """The differences, their clusters, the mean of the cluster means and scipy's exact p each way."""
    means = np.array(cluster_means(d, c))
    case = {"differences": d, "clusters": c, "statistic": float(np.mean(means)), "pvalue": {}}
    for alt in ["two-sided", "greater", "less"]:
        r = stats.permutation_test((means,), mean_stat, permutation_type="samples", n_resamples=np.inf,
                                   vectorized=True, alternative=alt)
        case["pvalue"][alt] = float(r.pvalue)
    return case


def cluster_means(d, c):
    keys = list(dict.fromkeys(c))
    return [float(np.mean([v for v, k in zip(d, c) if k == key])) for key in keys]


clustered = []
for k, sizes, shift in [(2, 3, 0.0), (3, 2, 0.4), (5, 3, 0.2), (6, 2, -0.1), (8, 4, 0.15), (12, 3, 0.05), (16, 2, 0.3)]:
    d, c = [], []
    for j in range(k):
        effect = rng.normal(shift, 0.3)
        for _ in range(sizes + int(rng.integers(0, 3))):
            d.append(round(float(effect + rng.normal(0, 0.2)), 4))
            c.append(f"c{j}")
    clustered.append(exact_case(d, c))

# Ties on the null distribution: binary outcomes give cluster means that repeat exactly.
d = [1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 0, 1]
c = ["a", "a", "b", "b", "c", "c", "d", "d", "e", "e", "f", "f"]
clustered.append(exact_case(d, c))

# Beyond 16 clusters agent-track draws seeded sign flips: the exact p (2^18 flips) is the target the
# Monte Carlo estimate must come near.
d, c = [], []
for j in range(18):
    effect = rng.normal(0.12, 0.3)
    for _ in range(2):
        d.append(round(float(effect + rng.normal(0, 0.2)), 4))
        c.append(f"c{j}")
monte_carlo = exact_case(d, c)

equivalence = []
for n, loc, scale, low, high in [(5, 0.0, 0.02, -0.05, 0.05), (12, 0.03, 0.1, -0.1, 0.1), (30, 0.08, 0.2, -0.1, 0.1),
                                 (8, -0.02, 0.05, -0.05, 0.05), (20, 0.0, 1.0, -0.5, 0.5)]:
    d = [round(float(x), 4) for x in rng.normal(loc, scale, n)]
    p_low = float(stats.ttest_1samp(d, low, alternative="greater").pvalue)
    p_high = float(stats.ttest_1samp(d, high, alternative="less").pvalue)
    equivalence.append({"differences": d, "low": low, "high": high, "pvalueLow": p_low, "pvalueHigh": p_high})

noninferiority = []
for n, loc, scale, margin, direction in [(10, 0.0, 0.1, 0.05, "higher"), (25, -0.03, 0.15, 0.1, "higher"),
                                         (6, 0.5, 1.0, 1.0, "lower"), (40, 0.12, 0.3, 0.1, "lower")]:
    d = [round(float(x), 4) for x in rng.normal(loc, scale, n)]
    if direction == "higher":
        p = stats.ttest_1samp(d, -margin, alternative="greater").pvalue
    else:
        p = stats.ttest_1samp(d, margin, alternative="less").pvalue
    noninferiority.append({"differences": d, "margin": margin, "direction": direction, "pvalue": float(p)})

(OUT / "clustered.json").write_text(json.dumps(
    {"clustered": clustered, "monteCarlo": monte_carlo, "equivalence": equivalence, "noninferiority": noninferiority}, indent=1) + "\n")
