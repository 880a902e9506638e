"""Reference values for src/stats's group-sequential boundaries (Lan-DeMets alpha spending).

Run from the repo root:  python3 test/stats/reference/generate-sequential.py   (about 5 minutes)
Writes sequential.json beside this script; test/stats/sequential.test.ts reads it.

The TypeScript integrates the Armitage-McPherson-Rowe recursion on a grid. This script uses a
different route: the standardized statistics Z_1..Z_K at information fractions t_k = k/K are
jointly normal with corr(Z_i, Z_j) = sqrt(t_i / t_j) (the increments of a Brownian motion), so the
chance of continuing through look k is a K-variate normal rectangle probability, which
scipy.stats.multivariate_normal.cdf computes (Genz's quasi-Monte Carlo), and each boundary is the
root (brentq) of "continuing through look k" = 1 - alpha(t_k).

Spending, two-sided symmetric at total level alpha, each side spending alpha / 2:
  O'Brien-Fleming-like (Lan & DeMets 1983):  per side 2 - 2 Phi(z_{1 - (alpha/2)/2} / sqrt(t))
  Pocock-like (Lan & DeMets 1983):            total  alpha ln(1 + (e - 1) t)
This is the convention of R's ldbounds (`bounds(t, iuse = c(1, 1), alpha = c(0.025, 0.025))`),
gsDesign (`sfLDOF` with test.type = 2, alpha = 0.025) and rpact; for K = 5 at alpha 0.05 it gives
the published 4.877, 3.357, 2.680, 2.290, 2.031 (O'Brien-Fleming-like). The literal two-sided
reading of the O'Brien-Fleming formula (alpha in place of alpha / 2) is also written out, under
`literal`, so the difference is on record (4.383 at the first of 5 looks).

Also: the operating characteristics of one design with a non-binding futility rule (stop when the
conditional power under the planned drift falls below gamma), from the same multivariate normal:
per look, the chance of stopping for success, for harm and for futility; and Student-t tail
probabilities carried to the normal scale, z = Phi^-1(T_df(t)), for the sequential statistic.
"""
import json
import math
from pathlib import Path

import numpy as np
import scipy
from scipy import stats
from scipy.optimize import brentq

OUT = Path(__file__).resolve().parent
EPS = dict(abseps=1e-9, releps=1e-9, maxpts=1_000_000)


def corr(t):
    return np.array([[math.sqrt(min(a, b) / max(a, b)) for b in t] for a in t])


def box(lower, upper, t, drift):
    """P(lower_j < Z_j < upper_j for every j), Z_j ~ N(drift sqrt(t_j), 1), corr sqrt(t_i/t_j)."""
    k = len(t)
    mean = np.array([drift * math.sqrt(x) for x in t])
    if k == 1:
        return float(stats.norm.cdf(upper[0] - mean[0]) - stats.norm.cdf(lower[0] - mean[0]))
    return float(stats.multivariate_normal.cdf(np.array(upper), mean=mean, cov=corr(t),
                                               lower_limit=np.array(lower), **EPS))


def spend(name, t, alpha):
    if name == "obrien-fleming":
        return 2 * (2 - 2 * stats.norm.cdf(stats.norm.isf(alpha / 4) / math.sqrt(t)))
    if name == "literal":
        return 2 - 2 * stats.norm.cdf(stats.norm.isf(alpha / 2) / math.sqrt(t))
    return alpha * math.log(1 + (math.e - 1) * t)


def boundaries(looks, alpha, name):
    t = [(k + 1) / looks for k in range(looks)]
    c = []
    for k in range(looks):
        target = 1 - spend(name, t[k], alpha)
        c.append(brentq(lambda x: box([-v for v in c + [x]], c + [x], t[:k + 1], 0.0) - target,
                        0.5, 12, xtol=1e-8))
    return c


cases = []
for looks in [1, 2, 3, 4, 5]:
    for alpha in [0.05, 0.1]:
        for name in ["obrien-fleming", "pocock"]:
            cases.append({"looks": looks, "alpha": alpha, "spending": name,
                          "z": boundaries(looks, alpha, name)})
            print(cases[-1], flush=True)
literal = {"looks": 5, "alpha": 0.05, "formula": "2 - 2 Phi(z_{1-alpha/2} / sqrt(t)), alpha two-sided",
           "z": boundaries(5, 0.05, "literal")}
print(literal, flush=True)


# ---------------------------------------------------------------- operating characteristics
def outcome(c, futility, drift):
    """Per look: P(stop for success), P(stop for harm), P(stop for futility) (the last look's
    'futility' is ending without a verdict)."""
    looks = len(c)
    t = [(k + 1) / looks for k in range(looks)]
    lower = [max(-c[k], futility[k]) if futility[k] is not None else -c[k] for k in range(looks)]
    success, harm, futile = [], [], []
    for k in range(looks):
        lo, hi = lower[:k], c[:k]
        inf = 50.0
        success.append(box(lo + [c[k]], hi + [inf], t[:k + 1], drift))
        harm.append(box(lo + [-inf], hi + [-c[k]], t[:k + 1], drift))
        futile.append(box(lo + [-c[k]], hi + [c[k]], t[:k + 1], drift) - box(lo + [lower[k]], hi + [c[k]], t[:k + 1], drift)
                      if k < looks - 1 else box(lo + [-c[k]], hi + [c[k]], t[:k + 1], drift))
    return success, harm, futile


def futility_bounds(c, drift, gamma):
    looks = len(c)
    out = []
    for k in range(looks - 1):
        t = (k + 1) / looks
        out.append((c[-1] - drift * (1 - t) - math.sqrt(1 - t) * stats.norm.isf(gamma)) / math.sqrt(t))
    return out + [None]


designs = []
for looks, alpha, name, gamma, drift in [(5, 0.1, "obrien-fleming", 0.1, 2.486475), (4, 0.05, "pocock", 0.2, 2.8),
                                         (3, 0.1, "obrien-fleming", None, 1.5)]:
    c = next(x["z"] for x in cases if x["looks"] == looks and x["alpha"] == alpha and x["spending"] == name)
    fut = futility_bounds(c, drift, gamma) if gamma is not None else [None] * looks
    for at in sorted({0.0, drift}):
        s, h, f = outcome(c, fut, at)
        designs.append({"looks": looks, "alpha": alpha, "spending": name, "futility": gamma,
                        "planned_drift": drift, "drift": at, "futility_z": fut,
                        "success": s, "harm": h, "futile": f})
        print(designs[-1], flush=True)

student = []
for df in [1, 2, 3, 5, 9, 19, 39, 99]:
    for t in [-6.0, -2.5, -1.0, 0.0, 0.4, 1.7, 2.2, 3.3, 8.0]:
        student.append({"t": t, "df": df, "cdf": float(stats.t.cdf(t, df)), "sf": float(stats.t.sf(t, df)),
                        "z": float(stats.norm.isf(stats.t.sf(t, df)) if t > 0 else stats.norm.ppf(stats.t.cdf(t, df)))})

(OUT / "sequential.json").write_text(json.dumps({
    "scipy": scipy.__version__, "boundaries": cases, "literal": literal, "designs": designs,
    "student": student}, indent=1) + "\n")
