# XGBoost (hist, 1 thread) and sklearn HistGradientBoosting on the split written by bench-gbdt.ts.
# Usage: /usr/bin/python3 scripts/bench-gbdt-xgb.py
import json, time
import numpy as np, pandas as pd, xgboost as xgb
from sklearn.metrics import roc_auc_score
from sklearn.ensemble import HistGradientBoostingClassifier

split = json.load(open("/tmp/bench-gbdt-split.json"))
df = pd.read_csv(split["file"], skipinitialspace=True, na_values=["?", ""])
y_raw = df.pop(split["target"]).astype(str).str.rstrip(".")
labels = sorted(y_raw.unique())
y = (y_raw == labels[1]).astype(int).values
for c in df.columns:
    if df[c].dtype == object:
        df[c] = df[c].astype("category").cat.codes.replace(-1, np.nan).astype(float)
X = df.values.astype(float)
tr, te = np.array(split["train"]), np.array(split["test"])
for rep in range(2):
    t = time.time(); c = time.process_time()
    m = xgb.XGBClassifier(n_estimators=300, tree_method="hist", max_bin=255, learning_rate=0.1, max_depth=0, max_leaves=31,
                          grow_policy="lossguide", n_jobs=1)
    m.fit(X[tr], y[tr])
    print(f"xgboost hist lossguide 31 leaves, 300 trees, 1 thread: {time.time()-t:.2f} s wall, {time.process_time()-c:.2f} s cpu, AUC {roc_auc_score(y[te], m.predict_proba(X[te])[:,1]):.4f}")
t = time.time()
m = xgb.XGBClassifier(n_estimators=300, tree_method="hist", max_bin=256, learning_rate=0.1, n_jobs=1)
m.fit(X[tr], y[tr])
print(f"xgboost hist default depth 6, 300 trees, 1 thread: {time.time()-t:.2f} s, AUC {roc_auc_score(y[te], m.predict_proba(X[te])[:,1]):.4f}")
t = time.time()
h = HistGradientBoostingClassifier(max_iter=300, learning_rate=0.1, max_leaf_nodes=31, early_stopping=False)
h.fit(X[tr], y[tr])
print(f"sklearn HGB 300 iters: {time.time()-t:.2f} s, AUC {roc_auc_score(y[te], h.predict_proba(X[te])[:,1]):.4f}")
