#!/usr/bin/python3
"""Expected answers of probe10 (questions.jsonl -> expected.json), by pandas, with the analytic set's
loading rules and answer shapes (lib/chat/testing/analytic/truth.py).
/usr/bin/python3 lib/chat/testing/probe10/truth.py"""
import json
import os
import sys

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "analytic"))
import truth as analytic  # noqa: E402

MISSING = analytic.MISSING


def load(name):
    df = pd.read_csv(os.path.join(HERE, name + ".csv"), dtype=str, keep_default_na=False)
    for c in df.columns:
        s = df[c].str.strip()
        s = s.where(~s.str.lower().isin(MISSING), None)
        num = pd.to_numeric(s, errors="coerce")
        df[c] = num if (num[s.notna()].notna().all() and s.notna().any()) else s
    return df


def main():
    # questions.jsonl (first batch) -> expected.json; questions2.jsonl (second batch) -> questions2-expected.json
    compute("questions.jsonl", "expected.json")



def compute(source, target):
    questions = [json.loads(line) for line in open(os.path.join(HERE, source)) if line.strip()]
    frames = {}
    out = {}
    for q in questions:
        df = frames.setdefault(q["dataset"], load(q["dataset"]))
        env = {"df": df, "pd": pd, "np": np}
        entry = analytic.expected_of(q, eval(q["truth"], env)) if "truth" in q else {}
        if "alt" in q:
            entry["alt"] = [analytic.expected_of({**q, "kind": "scalar" if q["kind"] in ("clarify", "no-field") else q["kind"]}, eval(e, env)) for e in q["alt"]]
        out[q["id"]] = entry
    with open(os.path.join(HERE, target), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(out)} expected answers written to {target}")


if __name__ == "__main__":
    main()
