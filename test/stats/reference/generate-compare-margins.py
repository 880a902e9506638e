"""Reference values for a comparison's margins (src/report/compare/compare-margins.ts): each
system's paired differences against the reference, tested at the margin with scipy's one-sided
ttest_1samp (non-inferiority for a row with a direction, TOST for one without), then
Holm-adjusted across the systems of each row.

Run: python3 test/stats/reference/generate-compare-margins.py
Writes compare-margins.json beside this script.
"""
import json
from pathlib import Path

from scipy import stats

OUT = Path(__file__).parent

# Six tasks; per row the reference's values and each other system's.
rows = {
    # lower is better; margin 1 turn
    "turns": {"direction": "lower", "margin": 1.0, "reference": [4, 4, 4, 4, 4, 4],
              "systems": {"a": [4, 5, 3, 4, 4, 5], "b": [6, 6, 5, 6, 7, 6], "c": [4, 4, 5, 3, 4, 4]}},
    # higher is better; margin 0.2
    "mrr": {"direction": "higher", "margin": 0.2, "reference": [1, 0.5, 1, 1, 0.5, 1],
            "systems": {"a": [1, 0.5, 0.5, 1, 0.5, 1], "b": [0.5, 0.5, 0.5, 0.5, 0.5, 0.5], "c": [1, 1, 1, 1, 0.5, 1]}},
    # no direction; margin 1 (equivalence)
    "distinct_tools_used": {"direction": "neither", "margin": 1.0, "reference": [2, 2, 2, 2, 2, 2],
                            "systems": {"a": [2, 2, 3, 2, 2, 2], "b": [2, 3, 1, 2, 2, 2], "c": [3, 4, 2, 4, 3, 3]}},
}


def holm(ps):
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    adjusted = [0.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        adjusted[i] = running
    return adjusted


cases = []
for key, row in rows.items():
    names = list(row["systems"])
    ps = []
    for name in names:
        d = [s - r for s, r in zip(row["systems"][name], row["reference"])]
        m = row["margin"]
        if row["direction"] == "higher":
            p = stats.ttest_1samp(d, -m, alternative="greater").pvalue
        elif row["direction"] == "lower":
            p = stats.ttest_1samp(d, m, alternative="less").pvalue
        else:
            p = max(stats.ttest_1samp(d, -m, alternative="greater").pvalue,
                    stats.ttest_1samp(d, m, alternative="less").pvalue)
        ps.append(float(p))
    for name, p, p_holm in zip(names, ps, holm(ps)):
        cases.append({"key": key, "system": name, "pvalue": p, "p_holm": p_holm})

(OUT / "compare-margins.json").write_text(json.dumps({"rows": rows, "cases": cases}, indent=1) + "\n")
