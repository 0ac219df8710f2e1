"""Expected answers of a probe folder (questions.jsonl -> expected.json, <dataset>.csv tables beside them), by
pandas, with the analytic set's loading rules and answer shapes (lib/chat/testing/analytic/truth.py). Each probe's
truth.py calls compute() for its batches."""
import json
import os
import sys

import numpy as np
import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "analytic"))
import truth as analytic  # noqa: E402

def load(folder, name):
    # tables.json in the folder may name a table's CSV by a path relative to the folder (probe39: the shared data sets).
    tables = os.path.join(folder, "tables.json")
    files = json.load(open(tables)) if os.path.exists(tables) else {}
    df = pd.read_csv(os.path.join(folder, files.get(name, name + ".csv")), dtype=str, keep_default_na=False)
    for c in df.columns:
        df[c] = analytic.typed_column(df[c])
    return df


def compute(folder, source, target):
    questions = [json.loads(line) for line in open(os.path.join(folder, source)) if line.strip()]
    frames = {}
    out = {}
    for q in questions:
        df = frames.setdefault(q["dataset"], load(folder, q["dataset"]))
        env = {"df": df, "pd": pd, "np": np}
        entry = analytic.expected_of(q, eval(q["truth"], env)) if "truth" in q else {}
        if "alt" in q:
            entry["alt"] = [analytic.expected_of({**q, "kind": "scalar" if q["kind"] in ("clarify", "no-field") else q["kind"]}, eval(e, env)) for e in q["alt"]]
        out[q["id"]] = entry
    with open(os.path.join(folder, target), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(out)} expected answers written to {target}")
