#!/usr/bin/python3
"""Expected answers of the analytic question set, computed with pandas, independently of lib/chat.

Run with Debian's Python (it has pandas):  /usr/bin/python3 lib/chat/testing/analytic/truth.py
Reads questions.jsonl next to this file and the shared data sets, writes expected.json.

Each question's `truth` is a pandas expression over `df` (the question's data set); `alt` holds
other readings that are also right (e.g. "orders" as order lines or as distinct Order IDs). The
data sets are read the way the product ingests them: surrounding spaces trimmed, and the texts the
product treats as missing ("", "?", "NA", "N/A", "NaN", "null", "none") are missing; superstore's
M/D/YY dates are dates; txhousing's, gold's and SP500's ISO `date`, taylor's `timestamp` and Seatbelts', co2's and accdeaths' ISO `month` columns are dates;
ttrc's ISO `Date` and saas_subscriptions' ISO `Signup Date` / `Cancel Date` are dates, and its `MRR` money text ("$1,234.50") is a number;
tcm's ISO first-of-month `month` and product_returns' ISO `Order Date` / `Return Date` are dates, and its `Order Value` /
`Refund Amount` money texts are numbers; sample_matrix's ISO `date` and expense_claims' ISO `Submitted` / `Approved On`
are dates, its `Amount` money text is a number and its `Tax Rate` percent text ("8.25%") a number on the 0-100 scale.
"""
import json
import math
import os
import sys

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHARED_DATASETS", "/work/shared/datasets")
FILES = {
    "superstore": "nlv/superstore.csv",
    "cars": "nlv/cars.csv",
    "movies": "nlv/movies.csv",
    "telco": "telco.csv",
    "adult": "adult.csv",
    # Tables the chat sets before fresh5 never used (fresh5 only).
    "diamonds": "diamonds.csv",
    "bank-full": "bank-full.csv",
    "california": "california.csv",
    "credit-g": "credit-g.csv",
}
# fresh6's tables: six data sets shipped with R, exported by write.csv into fresh6-tables/ next to
# this file (no chat set or probe used them before).
LOCAL_FILES = {name: os.path.join(HERE, "fresh6-tables", f"{name}.csv") for name in ("mpg", "txhousing", "Cars93", "survey", "esoph", "quakes")}
# fresh7's tables: six more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh7-tables/ (Seatbelts with an ISO `month` column, states = state.x77 with
# state.name/region/division, painters with the painter names from the row names).
LOCAL_FILES.update(
    {name: os.path.join(HERE, "fresh7-tables", f"{name}.csv") for name in ("Seatbelts", "HairEyeColor", "states", "painters", "MathAchieve", "Boston")}
)
# fresh8's tables: six more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh8-tables/ (co2 with an ISO first-of-month `month` column, USArrests and
# USJudgeRatings with the state and judge names from the row names as a first column).
LOCAL_FILES.update(
    {name: os.path.join(HERE, "fresh8-tables", f"{name}.csv") for name in ("co2", "USArrests", "USJudgeRatings", "cabbages", "UScrime", "anorexia")}
)
# fresh9's tables: six more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh9-tables/ (accdeaths with an ISO first-of-month `month` column and `deaths`,
# waders with the site letters from the row names as a first column `site`).
LOCAL_FILES.update(
    {name: os.path.join(HERE, "fresh9-tables", f"{name}.csv") for name in ("USRegionalMortality", "accdeaths", "Quinidine", "waders", "Wheat2", "gehan")}
)
# fresh10's tables: six more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh10-tables/ (gold with a business-day ISO `date` column from 1985-01-01 and missing
# values, state.x77 with the state names from the row names as a first column `state` and region/division,
# bdf a subset of nlme's columns, VADeaths as a long table age/place/rate).
LOCAL_FILES.update(
    {name: os.path.join(HERE, "fresh10-tables", f"{name}.csv") for name in ("gold", "state.x77", "bdf", "VADeaths", "Sitka89", "petrol")}
)
# fresh11's tables: six more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh11-tables/ (SP500 with a business-day ISO `date` column from 1990-01-02, taylor with a
# half-hourly `timestamp` column from 2000-06-05 00:00 and `demand`, Remifentanil a subset of nlme's columns).
LOCAL_FILES.update(
    {name: os.path.join(HERE, "fresh11-tables", f"{name}.csv") for name in ("taylor", "SP500", "Remifentanil", "eagles", "Dialyzer", "stackloss")}
)
# fresh12's tables: five more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh12-tables/ (ttrc with a business-day ISO `Date` column from 1985-01-02, NelPlo with a
# `year` column from the ts and missing early years, Oxide's factors as their number labels), and one made-up
# subscription export written by fresh12-tables/make_saas_subscriptions.py (seeded).
LOCAL_FILES.update(
    {
        name: os.path.join(HERE, "fresh12-tables", f"{name}.csv")
        for name in ("ttrc", "NelPlo", "Oxide", "MathAchSchool", "OrchardSprays", "saas_subscriptions")
    }
)
# fresh13's tables: five more data sets shipped with R (none used by a set or probe before), exported by
# write.csv into fresh13-tables/ (tcm with an ISO first-of-month `month` column from the ts, DNase's `Run` and
# Glucose2's `Subject` / `Date` factors as their number labels), and one made-up returns export written by
# fresh13-tables/make_product_returns.py (seeded).
LOCAL_FILES.update(
    {name: os.path.join(HERE, "fresh13-tables", f"{name}.csv") for name in ("tcm", "DNase", "Glucose2", "seals", "Rubber", "product_returns")}
)
# fresh14's tables: five more data sets shipped with R (none used by a set or probe before), exported by
# fresh14-tables/export.R with write.csv (xts' sample_matrix with its row names as an ISO `date` column, MASS' gilgais,
# nlme's Wheat and Gasoline with their factors as labels, mgcv's columb), and one made-up expense-claims export written
# by fresh14-tables/make_expense_claims.py (seeded).
LOCAL_FILES.update(
    {
        name: os.path.join(HERE, "fresh14-tables", f"{name}.csv")
        for name in ("sample_matrix", "gilgais", "Wheat", "Gasoline", "columb", "expense_claims")
    }
)
MISSING = {"", "?", "na", "n/a", "nan", "null"}
# Missing only in a column whose other values are numbers (as lib/table/values.ts reads them): in a text
# column "None" / "-" are labels (MASS survey's Exer, nlme Quinidine's Ethanol, credit-g's other_parties).
NO_NUMBER = r"^(?:none|-+)$"  # values.ts NO_NUMBER_RE (any run of dashes)


def typed_column(values):
    s = values.str.strip()
    s = s.where(~s.str.lower().isin(MISSING), None)
    without_no_number = s.where(~s.str.fullmatch(NO_NUMBER, case=False).fillna(False).astype(bool), None)
    num = pd.to_numeric(without_no_number, errors="coerce")
    if without_no_number.notna().any() and num[without_no_number.notna()].notna().all():
        return num
    return s


def load(name):
    csv = LOCAL_FILES[name] if name in LOCAL_FILES else os.path.join(SHARED, FILES[name])
    df = pd.read_csv(csv, dtype=str, keep_default_na=False)
    for c in df.columns:
        df[c] = typed_column(df[c])
    if name == "superstore":
        df["Order Date"] = pd.to_datetime(df["Order Date"], format="%m/%d/%y")
    if name == "txhousing":
        df["date"] = pd.to_datetime(df["date"], format="%Y-%m-%d")
    if name in ("Seatbelts", "co2", "accdeaths"):
        df["month"] = pd.to_datetime(df["month"], format="%Y-%m-%d")
    if name in ("gold", "SP500"):
        df["date"] = pd.to_datetime(df["date"], format="%Y-%m-%d")
    if name == "taylor":
        df["timestamp"] = pd.to_datetime(df["timestamp"], format="%Y-%m-%d %H:%M")
    if name == "ttrc":
        df["Date"] = pd.to_datetime(df["Date"], format="%Y-%m-%d")
    if name == "saas_subscriptions":
        for c in ("Signup Date", "Cancel Date"):
            df[c] = pd.to_datetime(df[c], format="%Y-%m-%d")
        df["MRR"] = pd.to_numeric(df["MRR"].str.replace(r"[$,]", "", regex=True))
    if name == "tcm":
        df["month"] = pd.to_datetime(df["month"], format="%Y-%m-%d")
    if name == "product_returns":
        for c in ("Order Date", "Return Date"):
            df[c] = pd.to_datetime(df[c], format="%Y-%m-%d")
        for c in ("Order Value", "Refund Amount"):
            df[c] = pd.to_numeric(df[c].str.replace(r"[$,]", "", regex=True))
    if name == "sample_matrix":
        df["date"] = pd.to_datetime(df["date"], format="%Y-%m-%d")
    if name == "expense_claims":
        for c in ("Submitted", "Approved On"):
            df[c] = pd.to_datetime(df[c], format="%Y-%m-%d")
        df["Amount"] = pd.to_numeric(df["Amount"].str.replace(r"[$,]", "", regex=True))
        df["Tax Rate"] = pd.to_numeric(df["Tax Rate"].str.rstrip("%"))
    return df


def plain(v):
    """A JSON-safe scalar (numpy numbers to Python, whole floats of integer columns stay floats)."""
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (np.floating, float)):
        f = float(v)
        return None if math.isnan(f) else f
    if isinstance(v, pd.Timestamp):
        return v.strftime("%Y-%m-%d")
    return v


def warn(qid, msg):
    print(f"WARNING {qid}: {msg}", file=sys.stderr)


def expected_of(q, value):
    kind = q["kind"]
    qid = q["id"]
    if kind == "scalar":
        return {"value": plain(value)}
    if kind in ("groups", "topn"):
        s = value
        rows = [[plain(k), plain(v)] for k, v in s.items()]
        if kind == "topn" and q.get("tie_check", True):
            vals = [r[1] for r in rows]
            if len(set(vals)) != len(vals):
                warn(qid, "ties inside an ordered answer")
        return {"rows": rows}
    if kind == "groups2":
        return {"rows": [[plain(k[0]), plain(k[1]), plain(v)] for k, v in value.items()]}
    if kind == "label":
        s = value.dropna()
        best = s.max() if q["pick"] == "max" else s.min()
        winners = s[s == best]
        if len(winners) > 1:
            warn(qid, f"tie for the {q['pick']}: {list(winners.index)}")
        return {"label": plain(winners.index[0]), "value": plain(best)}
    if kind == "rows":
        cols = list(value.columns)
        return {"columns": cols, "rows": [[plain(x) for x in r] for r in value.itertuples(index=False)]}
    if kind == "pairs":
        cols = list(value.columns)
        d = value.dropna()
        return {"x": cols[0], "y": cols[1], "pairs": [[plain(a), plain(b)] for a, b in d.itertuples(index=False)]}
    if kind == "multi":
        cols = list(value.columns)
        return {"columns": cols, "rows": [[plain(k)] + [plain(x) for x in r] for k, r in zip(value.index, value.itertuples(index=False))]}
    raise ValueError(f"{qid}: unknown kind {kind}")


def main():
    # questions.jsonl (the benchmark set) -> expected.json; train.jsonl (training-only examples) ->
    # train-expected.json; fresh.jsonl (the second held-out set, never tuned on) -> fresh-expected.json;
    # fresh2.jsonl (the third held-out set, written before the honesty pass) -> fresh2-expected.json;
    # fresh3.jsonl (the fourth held-out set, new user phrasings: typos, casual, two conditions,
    # fractions, comparisons, distinct counts, dates, exclusions) -> fresh3-expected.json;
    # fresh4.jsonl (the fifth held-out set, fourth round: a broad mix of question types as new users ask
    # them, values named without their field, follow-ups, fields that do not exist) -> fresh4-expected.json;
    # fresh5.jsonl (the sixth held-out set: half of it over tables no chat set used before: diamonds,
    # bank-full, california, credit-g) -> fresh5-expected.json;
    # fresh6.jsonl (the seventh held-out set, all of it over six R data sets no chat set used before:
    # mpg, txhousing, Cars93, survey, esoph, quakes in fresh6-tables/) -> fresh6-expected.json;
    # fresh7.jsonl (the eighth held-out set, over six more R data sets: Seatbelts, HairEyeColor,
    # states, painters, MathAchieve, Boston in fresh7-tables/) -> fresh7-expected.json;
    # fresh8.jsonl (the ninth held-out set, over six more R data sets: co2, USArrests, USJudgeRatings,
    # cabbages, UScrime, anorexia in fresh8-tables/) -> fresh8-expected.json;
    # fresh9.jsonl (the tenth held-out set, over six more R data sets: USRegionalMortality, accdeaths,
    # Quinidine, waders, Wheat2, gehan in fresh9-tables/) -> fresh9-expected.json;
    # fresh10.jsonl (the eleventh held-out set, over six more R data sets: gold, state.x77, bdf,
    # VADeaths, Sitka89, petrol in fresh10-tables/) -> fresh10-expected.json;
    # fresh11.jsonl (the twelfth held-out set, over six more R data sets: taylor, SP500, Remifentanil,
    # eagles, Dialyzer, stackloss in fresh11-tables/) -> fresh11-expected.json;
    # fresh12.jsonl (the thirteenth held-out set, over five more R data sets: ttrc, NelPlo, Oxide,
    # MathAchSchool, OrchardSprays, and the made-up saas_subscriptions in fresh12-tables/) -> fresh12-expected.json;
    # fresh13.jsonl (the fourteenth held-out set, over five more R data sets: tcm, DNase, Glucose2, seals,
    # Rubber, and the made-up product_returns in fresh13-tables/) -> fresh13-expected.json;
    # fresh14.jsonl (the fifteenth held-out set, over five more R data sets: sample_matrix, gilgais, Wheat,
    # Gasoline, columb, and the made-up expense_claims in fresh14-tables/) -> fresh14-expected.json
    for source, target in (
        ("questions.jsonl", "expected.json"),
        ("train.jsonl", "train-expected.json"),
        ("fresh.jsonl", "fresh-expected.json"),
        ("fresh2.jsonl", "fresh2-expected.json"),
        ("fresh3.jsonl", "fresh3-expected.json"),
        ("fresh4.jsonl", "fresh4-expected.json"),
        ("fresh5.jsonl", "fresh5-expected.json"),
        ("fresh6.jsonl", "fresh6-expected.json"),
        ("fresh7.jsonl", "fresh7-expected.json"),
        ("fresh8.jsonl", "fresh8-expected.json"),
        ("fresh9.jsonl", "fresh9-expected.json"),
        ("fresh10.jsonl", "fresh10-expected.json"),
        ("fresh11.jsonl", "fresh11-expected.json"),
        ("fresh12.jsonl", "fresh12-expected.json"),
        ("fresh13.jsonl", "fresh13-expected.json"),
        ("fresh14.jsonl", "fresh14-expected.json"),
    ):
        compute(source, target)


def compute(source, target):
    questions = [json.loads(line) for line in open(os.path.join(HERE, source)) if line.strip()]
    frames = {name: load(name) for name in [*FILES, *LOCAL_FILES] if any(q["dataset"] == name for q in questions)}
    out = {}
    for q in questions:
        df = frames[q["dataset"]]
        env = {"df": df, "pd": pd, "np": np}
        entry = {}
        if "truth" in q:
            entry = expected_of(q, eval(q["truth"], env))
        if "alt" in q:
            alts = []
            for expr in q["alt"]:
                v = eval(expr, env)
                kind = q["kind"] if q["kind"] not in ("clarify", "no-field") else "scalar"
                alts.append(expected_of({**q, "kind": kind}, v))
            entry["alt"] = alts
        out[q["id"]] = entry
    with open(os.path.join(HERE, target), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(out)} expected answers written to {target}")


if __name__ == "__main__":
    main()
