"""Gold of nvBench-style probe cases (probe14, probe17): per-group aggregates, raw pairs, date grains and sorts by
pandas with SQL semantics (NULL aggregates skipped, rows with a missing value left out), written as cases.jsonl in
the probe5 case format. Each probe's truth.py lists its questions and calls write_cases()."""
import json

import pandas as pd

WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
AGG = {"sum": "sum", "avg": "mean", "min": "min", "max": "max"}


def grp(df, x, y, agg, where=None):
    if where is not None:
        df = df[where(df)]
    g = df.groupby(x).size() if agg == "count" else df.groupby(x)[y].agg(AGG[agg]).dropna()
    return [(k, float(v)) for k, v in g.items()]


def rows(df, x, y, where=None):
    if where is not None:
        df = df[where(df)]
    df = df.dropna(subset=[x, y])
    return [(a_, float(b)) for a_, b in zip(df[x], df[y])]


def weekday(df, col, y=None, agg="count", where=None):
    if where is not None:
        df = df[where(df)]
    k = pd.to_datetime(df[col]).dt.dayofweek
    g = df.groupby(k).size() if agg == "count" else df.groupby(k)[y].agg(AGG[agg])
    return [(WD[i], float(v)) for i, v in g.items()]


def year(df, col, y=None, agg="count", where=None):
    if where is not None:
        df = df[where(df)]
    k = pd.to_datetime(df[col]).dt.year
    g = df.groupby(k).size() if agg == "count" else df.groupby(k)[y].agg(AGG[agg])
    return [(int(i), float(v)) for i, v in g.items()]


def month(df, col, y=None, agg="count", where=None):
    if where is not None:
        df = df[where(df)]
    k = pd.to_datetime(df[col]).dt.strftime("%Y-%m")
    g = df.groupby(k).size() if agg == "count" else df.groupby(k)[y].agg(AGG[agg])
    return [(i, float(v)) for i, v in g.items()]


def order(pairs, by, d):
    return sorted(pairs, key=(lambda p: p[1]) if by == "y" else (lambda p: p[0]), reverse=(d == "desc"))


def conv(v):
    return v.item() if hasattr(v, "item") else v


def write_cases(folder, questions):
    """questions: (id, table, question, chart, x, y, agg, order, gold function or None)."""
    out = []
    for id_, tb, q, chart, x, y, agg, od, g in questions:
        if g is None:
            continue
        gold = [{"x": conv(p), "y": conv(r)} for p, r in g()]
        out.append(
            {"id": id_, "table": tb + ".csv", "style": "nv", "turns": [q], "question": q, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg, "order": {"by": od[0], "dir": od[1]} if od else None, "gold": gold, "optional": []}
        )
    with open(folder + "cases.jsonl", "w") as fh:
        for o in out:
            fh.write(json.dumps(o) + "\n")
    print(len(out), "cases")
