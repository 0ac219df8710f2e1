#!/usr/bin/python3
"""Pandas truth for probe 7 (questions.jsonl -> expected.json, questions2.jsonl -> expected2.json, questions3.jsonl -> expected3.json), independent of lib/chat.
Tables are read as the product ingests them (trimmed texts, the usual missing markers, numbers where
every value is one) with ../analytic/truth.py's rules; timestamp columns are parsed as dates.
Run: /usr/bin/python3 lib/chat/testing/probe7/truth.py"""
import importlib.util
import json
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("analytic_truth", os.path.join(HERE, "..", "analytic", "truth.py"))
_analytic = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_analytic)
expected_of = _analytic.expected_of

FILES = {"shop": "shop_orders.csv", "hr": "hr_staff.csv", "iot": "iot_log.csv", "grades": "grades.csv", "matches": "matches.csv"}
DATES = {
    "shop": {"order_ts": "%Y-%m-%dT%H:%M:%SZ", "ship_ts": "%Y-%m-%dT%H:%M:%SZ"},
    "hr": {"start_dt": "%Y-%m-%d"},
    "iot": {"ts": "%Y-%m-%d %H:%M:%S"},
    "matches": {"match_date": "%m/%d/%Y"},
}


def load(name):
    df = pd.read_csv(os.path.join(HERE, FILES[name]), dtype=str, keep_default_na=False)
    for c in df.columns:
        df[c] = _analytic.typed_column(df[c])
    for c, fmt in DATES.get(name, {}).items():
        df[c] = pd.to_datetime(df[c], format=fmt)
    return df


def main():
    frames = {n: load(n) for n in FILES}
    for source, target in (("questions.jsonl", "expected.json"), ("questions2.jsonl", "expected2.json"), ("questions3.jsonl", "expected3.json")):
        compute(frames, source, target)


def compute(frames, source, target):
    out = {}
    for line in open(os.path.join(HERE, source)):
        q = json.loads(line)
        env = {"df": frames[q["dataset"]], "pd": pd, "np": np}
        entry = expected_of(q, eval(q["truth"], env)) if "truth" in q else {}
        if "alt" in q:
            kind = q["kind"] if q["kind"] not in ("clarify", "no-field") else "scalar"
            entry["alt"] = [expected_of({**q, "kind": kind}, eval(e, env)) for e in q["alt"]]
        out[q["id"]] = entry
    with open(os.path.join(HERE, target), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(out)} expected answers written to {target}")


if __name__ == "__main__":
    main()
