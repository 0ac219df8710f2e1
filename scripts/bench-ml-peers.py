"""Peers for npm run bench:ml: scikit-learn HistGradientBoosting and XGBoost (hist, 300 trees) on the
same train/test CSVs as ours. Prints one JSON line per peer: {"name", "score", "seconds"}.
With --time-xgb FILE: prints XGBoost's fit time (300 trees, 31 leaves-ish depth 6 default) on FILE."""
import argparse
import json
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_error, roc_auc_score
import xgboost as xgb


def load(path, target, cats, drop):
    df = pd.read_csv(path, keep_default_na=True, na_values=["", "?", " ", "NA"], skipinitialspace=False)
    df = df.drop(columns=[c for c in drop if c in df.columns])
    y = df.pop(target)
    for c in df.columns:
        if c in cats:
            df[c] = df[c].astype("string").str.strip().astype("category")
        else:
            df[c] = pd.to_numeric(df[c], errors="coerce")
    return df, y


def align(train, test, cats):
    for c in cats:
        if c in train.columns:
            cat_type = pd.CategoricalDtype(train[c].cat.categories)
            test[c] = test[c].astype("string").astype(cat_type)
    return test


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--train")
    p.add_argument("--test")
    p.add_argument("--target")
    p.add_argument("--task", default="binary")
    p.add_argument("--positive", default="")
    p.add_argument("--categorical", default="")
    p.add_argument("--drop", default="")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--time-xgb", dest="time_xgb")
    a = p.parse_args()
    cats = [c for c in a.categorical.split(",") if c]
    drop = [c for c in a.drop.split(",") if c]

    if a.time_xgb:
        X, y = load(a.time_xgb, a.target, cats, drop)
        yb = (y.astype(str).str.strip() == y.astype(str).str.strip().unique()[0]).astype(int)
        m = xgb.XGBClassifier(n_estimators=300, tree_method="hist", max_depth=0, grow_policy="lossguide", max_leaves=31,
                              learning_rate=0.1, max_bin=255, n_jobs=a.threads, enable_categorical=True)
        t = time.time()
        m.fit(X, yb)
        print(time.time() - t)
        return

    Xtr, ytr = load(a.train, a.target, cats, drop)
    Xte, yte = load(a.test, a.target, cats, drop)
    Xte = align(Xtr, Xte, cats)
    if a.task == "binary":
        ytr_b = (ytr.astype(str) == a.positive).astype(int).values
        yte_b = (yte.astype(str) == a.positive).astype(int).values
    cat_mask = [c in cats for c in Xtr.columns]
    # sklearn HGB wants ordinal-encoded categoricals (codes; -1 -> NaN).
    def codes(df):
        out = df.copy()
        for c in cats:
            if c in out.columns:
                out[c] = out[c].cat.codes.replace(-1, np.nan).astype(float)
        return out

    results = []
    t = time.time()
    if a.task == "binary":
        hgb = HistGradientBoostingClassifier(categorical_features=cat_mask if any(cat_mask) else None, random_state=0)
        hgb.fit(codes(Xtr), ytr_b)
        score = roc_auc_score(yte_b, hgb.predict_proba(codes(Xte))[:, 1])
    else:
        hgb = HistGradientBoostingRegressor(categorical_features=cat_mask if any(cat_mask) else None, random_state=0)
        hgb.fit(codes(Xtr), ytr.values)
        score = mean_squared_error(yte.values, hgb.predict(codes(Xte))) ** 0.5
    results.append({"name": "sklearn-hgb", "score": float(score), "seconds": time.time() - t})

    t = time.time()
    if a.task == "binary":
        m = xgb.XGBClassifier(n_estimators=300, tree_method="hist", n_jobs=a.threads, enable_categorical=True)
        m.fit(Xtr, ytr_b)
        score = roc_auc_score(yte_b, m.predict_proba(Xte)[:, 1])
    else:
        m = xgb.XGBRegressor(n_estimators=300, tree_method="hist", n_jobs=a.threads, enable_categorical=True)
        m.fit(Xtr, ytr.values)
        score = mean_squared_error(yte.values, m.predict(Xte)) ** 0.5
    results.append({"name": "xgboost", "score": float(score), "seconds": time.time() - t})
    for r in results:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
