"""Exact powers of the margin tests (src/stats/margin-power.ts), computed with scipy: the paired
t-test at a non-inferiority margin (the noncentral t) and TOST within plus or minus a margin (the
integral over the sample sd of the chance the mean falls inside both critical bounds). For each
case: the smallest n whose exact power reaches the target, and the exact power at a few n.

Run: python3 test/stats/reference/generate-margin-power.py
Writes margin-power.json beside this script.
"""
import json
import math
from pathlib import Path

from scipy import integrate, stats

OUT = Path(__file__).parent


def power_ni(n, sd, margin, alpha, diff):
    df = n - 1
    crit = stats.t.ppf(1 - alpha, df)
    return float(stats.nct.sf(crit, df, (margin + diff) * math.sqrt(n) / sd))


def power_tost(n, sd, margin, alpha, diff):
    # Both one-sided tests reject when -margin + c*s/sqrt(n) < mean < margin - c*s/sqrt(n),
    # mean ~ N(diff, sd^2/n) independent of s^2 ~ sd^2 chi2(n-1)/(n-1).
    df = n - 1
    c = stats.t.ppf(1 - alpha, df)
    se = sd / math.sqrt(n)

    def inside(s):
        half = margin - c * s / math.sqrt(n)
        if half <= 0:
            return 0.0
        return stats.norm.cdf((half - diff) / se) - stats.norm.cdf((-half - diff) / se)

    # s = sd * sqrt(x / df), x ~ chi2(df)
    value, _ = integrate.quad(lambda x: inside(sd * math.sqrt(x / df)) * stats.chi2.pdf(x, df), 0, math.inf,
                              limit=200)
    return float(value)


cases = []
for test, sd, margin, alpha, target, diff in [
    ("non-inferiority", 1.0, 0.5, 0.05, 0.8, 0.0),
    ("non-inferiority", 0.3, 0.1, 0.05, 0.8, 0.0),
    ("non-inferiority", 2.0, 1.0, 0.025, 0.9, 0.0),
    ("non-inferiority", 0.25, 0.05, 0.05, 0.8, 0.02),
    ("non-inferiority", 1.5, 2.0, 0.05, 0.8, 0.0),
    ("equivalence", 1.0, 0.5, 0.05, 0.8, 0.0),
    ("equivalence", 0.3, 0.1, 0.05, 0.8, 0.0),
    ("equivalence", 2.0, 1.0, 0.025, 0.9, 0.0),
    ("equivalence", 0.25, 0.1, 0.05, 0.8, 0.03),
    ("equivalence", 1.5, 2.0, 0.05, 0.8, 0.0),
]:
    power = power_ni if test == "non-inferiority" else power_tost
    n = 2
    while power(n, sd, margin, alpha, diff) < target:
        n += 1
    cases.append({
        "test": test, "sd": sd, "margin": margin, "alpha": alpha, "power": target, "difference": diff,
        "exactTasks": n,
        "exactPower": {str(k): power(k, sd, margin, alpha, diff) for k in (n - 1, n, n + 1) if k >= 2},
    })

(OUT / "margin-power.json").write_text(json.dumps({"cases": cases}, indent=1) + "\n")
