"""Reference values for src/stats's power and minimum-detectable-effect functions.

Run from the repo root:  python3 test/stats/reference/generate-power.py
Writes power.json beside this script; test/stats/power.test.ts and normal-quantile.test.ts read it.

The z values come from scipy.stats.norm.ppf; every formula is written out here on its own (no
statsmodels), and the McNemar minimum detectable effect is found by a root finder on Connor's
sample-size formula rather than by the closed form the TypeScript uses, so the two derivations
check each other. The exact McNemar power sums scipy.stats.binom over every discordant count (the
TypeScript skips counts 12 sd out and stops a tail once its terms are negligible).
"""
import json
import math
from pathlib import Path

import numpy as np
import scipy
from scipy import stats
from scipy.optimize import brentq

OUT = Path(__file__).resolve().parent

# ---------------------------------------------------------------- the normal quantile
quantile_cases = [{"p": p, "z": float(stats.norm.ppf(p))}
                  for p in [1e-300, 1e-100, 1e-20, 1e-10, 1e-6, 0.000125, 0.001, 0.00625, 0.0125, 0.025,
                            0.05, 0.1, 0.2, 0.3, 0.4, 0.45, 0.49, 0.5, 0.51, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95,
                            0.975, 0.99, 0.999, 0.999999]]

rng = np.random.default_rng(20261201)
WILCOXON_FACTOR = math.sqrt(math.pi / 3)  # 1 / sqrt(ARE), ARE = 3 / pi (Hodges & Lehmann 1956)
ALPHAS = [0.1, 0.05, 0.0125, 0.01]
POWERS = [0.5, 0.8, 0.9, 0.95]
SIDES = ["one", "two"]


def z_values(alpha, power, sided):
    za = float(stats.norm.ppf(1 - (alpha / 2 if sided == "two" else alpha)))
    return za, float(stats.norm.ppf(power))


# ---------------------------------------------------------------- continuous rows (Wilcoxon, ARE)
def counted_pairs(n, alpha, sided, small_sample):
    """The pairs the formula counts: Guenther (1981) takes (pi/3) z_a^2 / 2 off; None below the
    exact signed-rank's floor (its smallest p, 2^-n per tail, above alpha)."""
    za, _ = z_values(alpha, 0.8, sided)
    lost = (math.pi / 3) * za * za / 2 if small_sample == "guenther" else 0.0
    tails = 2 if sided == "two" else 1
    if n < 2 or tails * 2.0 ** -n > alpha or n - lost <= 0:
        return None
    return n - lost


def mde(sd, n, alpha, power, sided, small_sample):
    pairs = counted_pairs(n, alpha, sided, small_sample)
    if pairs is None:
        return None
    za, zb = z_values(alpha, power, sided)
    return (za + zb) * sd * WILCOXON_FACTOR / math.sqrt(pairs)


def tasks_needed(sd, effect, alpha, power, sided, small_sample):
    n = 2
    while True:  # by counting, not by the closed form
        d = mde(sd, n, alpha, power, sided, small_sample)
        if d is not None and d <= effect:
            return n
        n += 1


SMALL = ["guenther", "none"]
mde_cases = []
for sd in [0.0, 0.05, 0.3, 0.47, 1.7]:
    for n in [0, 1, 2, 3, 4, 5, 6, 7, 12, 30, 60, 200, 1000]:
        for alpha in ALPHAS:
            for power in POWERS:
                for sided in SIDES:
                    for small in SMALL:
                        mde_cases.append({"sd": sd, "n": n, "alpha": alpha, "power": power, "sided": sided,
                                          "smallSample": small, "mde": mde(sd, n, alpha, power, sided, small)})

tasks_cases = []
for sd in [0.0, 0.1, 0.3, 0.47, 1.7]:
    for effect in [0.05, 0.1, 0.2, 0.5]:
        for alpha in ALPHAS:
            for power in [0.5, 0.8, 0.95]:
                for sided in SIDES:
                    for small in SMALL:
                        tasks_cases.append({"sd": sd, "effect": effect, "alpha": alpha, "power": power,
                                            "sided": sided, "smallSample": small,
                                            "n": tasks_needed(sd, effect, alpha, power, sided, small)})

power_cases = []
for sd in [0.05, 0.3, 0.47]:
    for n in [2, 5, 7, 12, 30, 200]:
        for effect in [0.0, 0.05, 0.1, 0.2]:
            for alpha in ALPHAS:
                for sided in SIDES:
                    for small in SMALL:
                        za, _ = z_values(alpha, 0.8, sided)
                        pairs = counted_pairs(n, alpha, sided, small)
                        p = 0.0 if pairs is None else float(
                            stats.norm.cdf(effect * math.sqrt(pairs) / (sd * WILCOXON_FACTOR) - za))
                        power_cases.append({"sd": sd, "n": n, "effect": effect, "alpha": alpha, "sided": sided,
                                            "smallSample": small, "power": p})


# ---------------------------------------------------------------- 0/1 rows (McNemar, Connor 1987)
def connor_n(psi, d, alpha, power, sided):
    za, zb = z_values(alpha, power, sided)
    return (za * math.sqrt(psi) + zb * math.sqrt(psi - d * d)) ** 2 / d ** 2


def mde_binary(psi, n, alpha, power, sided):
    """Connor's n(d) = n solved for d by a root finder on (0, psi]; None when no d up to psi fits."""
    if psi == 0 or n < 2:
        return None
    za, zb = z_values(alpha, power, sided)

    def gap(d):
        return (za * math.sqrt(psi) + zb * math.sqrt(max(0.0, psi - d * d))) / d - math.sqrt(n)

    if gap(psi) > 0:
        return None
    return brentq(gap, 1e-12, psi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=500)


mde_binary_cases = []
for psi in [0.0, 0.05, 0.2, 0.3, 0.5, 0.9, 1.0]:
    for n in [0, 1, 2, 3, 4, 12, 30, 60, 200, 1000]:
        for alpha in ALPHAS:
            for power in POWERS:
                for sided in SIDES:
                    mde_binary_cases.append({"discordantRate": psi, "n": n, "alpha": alpha, "power": power,
                                             "sided": sided, "method": "connor",
                                             "mde": mde_binary(psi, n, alpha, power, sided)})

tasks_binary_cases = []
for psi in [0.0, 0.05, 0.2, 0.3, 0.5, 1.0]:
    for effect in [0.02, 0.05, 0.1, 0.15, 0.3, 0.6]:
        for alpha in ALPHAS:
            for power in [0.5, 0.8, 0.95]:
                for sided in SIDES:
                    n = None if psi == 0 or effect > psi else max(2, math.ceil(connor_n(psi, effect, alpha, power, sided)))
                    tasks_binary_cases.append({"discordantRate": psi, "effect": effect, "alpha": alpha,
                                               "power": power, "sided": sided, "method": "connor", "n": n})

power_binary_cases = []
for psi in [0.05, 0.3, 0.6]:
    for n in [2, 12, 30, 200]:
        for effect in [0.0, 0.05, 0.15, 0.3]:
            for alpha in ALPHAS:
                for sided in SIDES:
                    if effect > psi:
                        p = None
                    else:
                        za, _ = z_values(alpha, 0.8, sided)
                        p = float(stats.norm.cdf((effect * math.sqrt(n) - za * math.sqrt(psi)) / math.sqrt(psi - effect ** 2)))
                    power_binary_cases.append({"discordantRate": psi, "n": n, "effect": effect, "alpha": alpha,
                                               "sided": sided, "method": "connor", "power": p})


# ---------------------------------------------------------------- 0/1 rows, the exact test's power
def thresholds(max_m, alpha, sided):
    """c*(m): the fewest candidate-only tasks of m discordant ones that binomtest(c, m, 1/2) rejects
    at alpha on the candidate's side (its p for c >= m/2: sf, doubled two-sided); m + 1 for none."""
    out = []
    for m in range(max_m + 1):
        lo = 0 if sided == "one" else math.ceil(m / 2)
        c = np.arange(lo, m + 1)
        p = stats.binom.sf(c - 1, m, 0.5) * (1 if sided == "one" else 2)
        hits = c[p <= alpha]
        out.append(int(hits[0]) if len(hits) else m + 1)
    return np.array(out)


def exact_power(n, psi, d, alpha, sided, cuts=None):
    if psi == 0:
        return 0.0
    cuts = thresholds(n, alpha, sided) if cuts is None else cuts
    theta = min(1.0, (psi + d) / (2 * psi))
    m = np.arange(n + 1)
    return float(min(1.0, (stats.binom.pmf(m, n, psi) * stats.binom.sf(cuts[: n + 1] - 1, m, theta)).sum()))


def exact_mde(psi, n, alpha, power, sided):
    if psi == 0 or n < 2:
        return None
    cuts = thresholds(n, alpha, sided)
    if exact_power(n, psi, psi, alpha, sided, cuts) < power:
        return None
    return brentq(lambda d: exact_power(n, psi, d, alpha, sided, cuts) - power, 0.0, psi, xtol=1e-15,
                  rtol=4 * np.finfo(float).eps, maxiter=500)


def exact_tasks(psi, effect, alpha, power, sided):
    connor = max(2, math.ceil(connor_n(psi, effect, alpha, power, sided)))
    if connor > 1000:
        return connor  # past the exact scan, Connor's n
    cuts = thresholds(1000, alpha, sided)
    for n in range(2, 1001):
        if exact_power(n, psi, effect, alpha, sided, cuts) >= power:
            return n
    return max(connor, 1001)


exact_mde_cases = []
for psi in [0.05, 0.2, 0.35, 0.6, 1.0]:
    for n in [2, 5, 12, 30, 60, 200]:
        for alpha in [0.05, 0.0125]:
            for power in [0.8, 0.9]:
                for sided in SIDES:
                    exact_mde_cases.append({"discordantRate": psi, "n": n, "alpha": alpha, "power": power,
                                            "sided": sided, "method": "exact",
                                            "mde": exact_mde(psi, n, alpha, power, sided)})

exact_power_cases = []
for psi in [0.05, 0.3, 0.6, 1.0]:
    for n in [2, 12, 30, 200]:
        for effect in [0.0, 0.05, 0.15, 0.3]:
            for alpha in [0.05, 0.0125]:
                for sided in SIDES:
                    p = None if effect > psi else exact_power(n, psi, effect, alpha, sided)
                    exact_power_cases.append({"discordantRate": psi, "n": n, "effect": effect, "alpha": alpha,
                                              "sided": sided, "method": "exact", "power": p})

exact_tasks_cases = []
for psi, effect in [(0.2, 0.05), (0.2, 0.1), (0.35, 0.1), (0.35, 0.15), (0.6, 0.3), (1.0, 0.6), (0.5, 0.03)]:
    for alpha in [0.05, 0.0125]:
        for sided in SIDES:
            exact_tasks_cases.append({"discordantRate": psi, "effect": effect, "alpha": alpha, "power": 0.8,
                                      "sided": sided, "method": "exact",
                                      "n": exact_tasks(psi, effect, alpha, 0.8, sided)})


# ---------------------------------------------------------------- repeats: one-way random-effects ANOVA
def components(groups):
    """Searle, Casella & McCulloch (1992) §3.5, written out with numpy's ddof=1 variances."""
    groups = [np.asarray(g, dtype=float) for g in groups if len(g) > 0]
    a = len(groups)
    sizes = np.array([len(g) for g in groups])
    big_n = int(sizes.sum())
    within_df = big_n - a
    ssw = sum((len(g) - 1) * np.var(g, ddof=1) for g in groups if len(g) >= 2)
    msw = ssw / within_df if within_df > 0 else None
    out = {"tasks": a, "values": big_n, "withinSd": None if msw is None else math.sqrt(msw),
           "betweenSd": None, "taskMeanSd": None}
    if a < 2:
        return out
    means = np.array([g.mean() for g in groups])
    grand = np.concatenate(groups).mean()
    msb = float((sizes * (means - grand) ** 2).sum() / (a - 1))
    n0 = (big_n - (sizes ** 2).sum() / big_n) / (a - 1)
    out["taskMeanSd"] = float(np.std(means, ddof=1))
    if msw is not None:
        out["betweenSd"] = math.sqrt(max(0.0, (msb - msw) / n0))
    return out


def balanced(tasks, repeats, between, within):
    effects = rng.normal(0.1, between, tasks)
    return [list(np.round(e + rng.normal(0, within, repeats), 6)) for e in effects]


component_groups = [
    [[1, 3], [4, 6], [7, 9]],                      # by hand in the test
    balanced(30, 3, 0.15, 0.26),
    balanced(12, 2, 0.3, 0.1),
    balanced(60, 5, 0.0, 0.4),                     # an A/A pilot: no true between part
    balanced(20, 1, 0.2, 0.2),                     # one repeat: no within part
    [[0.5, 0.5, 0.5], [0.2, 0.2], [0.9]],          # no within spread at all
    [[1.0, 2.0, 0.0], [1.1, 0.9], [1.0], [0.5, 1.5, 1.0, 1.0]],  # MSB < MSW: between truncated at 0
    [[0.3, 0.7]],                                  # one task
    [list(np.round(rng.normal(0, 0.3, k), 6)) for k in rng.integers(1, 6, 25)],  # unbalanced
]
component_cases = [{"perTask": g, **components(g)} for g in component_groups]

repeated_cases = [{"betweenSd": b, "withinSd": w, "repeats": k, "sd": math.sqrt(b * b + w * w / k)}
                  for b, w in [(0.15, 0.26), (0.0, 0.4), (0.3, 0.0), (0.2, 0.7)] for k in [1, 2, 3, 5, 10]]

meta = {"scipy": scipy.__version__, "numpy": np.__version__, "generator": "test/stats/reference/generate-power.py"}
cases = {"quantile": quantile_cases, "mde": mde_cases, "tasks": tasks_cases, "power": power_cases,
         "mdeBinary": mde_binary_cases + exact_mde_cases, "tasksBinary": tasks_binary_cases + exact_tasks_cases,
         "powerBinary": power_binary_cases + exact_power_cases,
         "components": component_cases, "repeated": repeated_cases}
(OUT / "power.json").write_text(json.dumps({"meta": meta, "cases": cases}, separators=(",", ":")) + "\n")
print({name: len(value) for name, value in cases.items()})
