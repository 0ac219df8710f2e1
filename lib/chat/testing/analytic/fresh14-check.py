#!/usr/bin/python3
"""Compares the R recomputation of fresh14 truths (fresh14-check.R's output) with fresh14-expected.json.
/usr/bin/python3 lib/chat/testing/analytic/fresh14-check.py <file with fresh14-check.R's output>"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
expected = json.load(open(os.path.join(HERE, "fresh14-expected.json")))
kinds = {q["id"]: q["kind"] for q in map(json.loads, open(os.path.join(HERE, "fresh14.jsonl")))}


def norm(v):
    return str(v).replace(" ", "_")


def lookup(qid, key):
    e, kind = expected[qid], kinds[qid]
    if kind == "scalar":
        return e["value"]
    if kind == "label":
        return e["value"] if norm(e["label"]) == key else f"label {e['label']}"
    if kind in ("groups", "topn"):
        return {norm(k): v for k, v in e["rows"]}.get(key)
    if kind == "groups2":
        return {f"{norm(a)}|{norm(b)}": v for a, b, v in e["rows"]}.get(key)
    if kind == "multi":
        group, col = key.split("|")
        i = e["columns"].index(col)
        return {norm(r[0]): r[1 + i] for r in e["rows"]}.get(group)
    raise ValueError(kind)


checked, bad, order, seen = set(), 0, {}, {}
for line in open(sys.argv[1]):
    qid, *key, value = line.split()
    key = "_".join(key)
    want = lookup(qid, key)
    got = float(value)
    ok = isinstance(want, (int, float)) and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9)
    if kinds[qid] == "topn":  # R printed the rows in its own sorted order: the same order as the truth
        order.setdefault(qid, []).append(key)
    if not ok:
        bad += 1
        print(f"MISMATCH {qid} {key}: R {got}, truth {want}")
    checked.add(qid)
    seen.setdefault(qid, set()).add(key)
# R must also have found every expected group (no group missing on either side).
for qid, keys in seen.items():
    e = expected[qid]
    want = len(e["rows"]) * (len(e["columns"]) if kinds[qid] == "multi" else 1) if kinds[qid] in ("groups", "topn", "groups2", "multi") else 1
    if len(keys) != want:
        bad += 1
        print(f"COUNT {qid}: R {len(keys)} values, truth {want}")
for qid, keys in order.items():
    if keys != [norm(r[0]) for r in expected[qid]["rows"]]:
        bad += 1
        print(f"ORDER {qid}: R {keys}")
print(f"{len(checked)} questions checked in R, {bad} mismatches: {sorted(checked)}")
sys.exit(1 if bad else 0)
