#!/usr/bin/python3
"""Seeded made-up tables of probe57 (numpy seed 57): glued number+unit field names.
/usr/bin/python3 lib/chat/testing/probe57/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(57)

# Monthly treasury-like yields (glued names: tsy3m .. tsy30y), 1985-01 .. 2019-12, five maturities that move together.
months = pd.date_range("1985-01-01", "2019-12-01", freq="MS")
n = len(months)
level = 8.0 + np.cumsum(rng.normal(-0.012, 0.18, n))
level = np.clip(level, 0.3, None)
slope = 1.2 + np.cumsum(rng.normal(0, 0.08, n)) * 0.5
slope = np.clip(slope, -0.8, 3.5)
mat = {"tsy3m": 0.0, "tsy2y": 0.35, "tsy5y": 0.6, "tsy10y": 0.85, "tsy30y": 1.0}
yields = pd.DataFrame({"month": months.strftime("%Y-%m-%d")})
for name, w in mat.items():
    v = level - slope * (1 - w) + rng.normal(0, 0.05, n)
    yields[name] = np.round(np.clip(v, 0.01, None), 2)
yields.to_csv(os.path.join(HERE, "treasury_yields.csv"), index=False)

# Daily air quality in three cities through 2023: particulates PM10 and PM2.5, NO2, O3 (ug/m3).
days = pd.date_range("2023-01-01", "2023-12-31", freq="D")
rows = []
for city, base in [("Lyon", 1.0), ("Milan", 1.45), ("Porto", 0.75)]:
    season = 1 + 0.35 * np.cos(2 * np.pi * (days.dayofyear - 15) / 365)
    pm25 = np.round(base * 14 * season * rng.lognormal(0, 0.35, len(days)), 1)
    pm10 = np.round(pm25 * rng.uniform(1.3, 2.0, len(days)), 1)
    no2 = np.round(base * 28 * season * rng.lognormal(0, 0.3, len(days)), 1)
    o3 = np.round(60 * (2 - season) * rng.lognormal(0, 0.25, len(days)), 1)
    for i, d in enumerate(days):
        rows.append((d.strftime("%Y-%m-%d"), city, pm10[i], pm25[i], no2[i], o3[i]))
air = pd.DataFrame(rows, columns=["date", "city", "pm10", "pm2_5", "no2", "o3"])
air.to_csv(os.path.join(HERE, "air_quality_daily.csv"), index=False)

# One row per fund: trailing returns over 1, 3 and 12 months and 3 years annualised (percent).
cats = ["Equity", "Bond", "Balanced", "Money market"]
funds = []
for i in range(60):
    c = cats[i % 4] if i < 56 else cats[rng.integers(0, 4)]
    vol = {"Equity": 1.0, "Bond": 0.35, "Balanced": 0.6, "Money market": 0.05}[c]
    drift = {"Equity": 9, "Bond": 3, "Balanced": 6, "Money market": 2}[c]
    r12 = drift + rng.normal(0, 14 * vol)
    r3 = r12 / 4 + rng.normal(0, 4 * vol)
    r1 = r3 / 3 + rng.normal(0, 2 * vol)
    r3y = drift + rng.normal(0, 6 * vol)
    funds.append((f"F{100 + i}", f"{['North', 'Pine', 'Harbor', 'Summit', 'Cedar', 'Atlas'][i % 6]} {c} {i // 6 + 1}", c,
                  round(r1, 2), round(r3, 2), round(r12, 2), round(r3y, 2), round(float(rng.uniform(0.05, 1.6)), 2)))
fr = pd.DataFrame(funds, columns=["fund_id", "fund_name", "category", "ret_1m", "ret_3m", "ret_12m", "ret_3y", "expense_ratio"])
fr.to_csv(os.path.join(HERE, "fund_returns.csv"), index=False)

# One row per store: yearly sales in one column per year (sales_2021 .. sales_2023) and Q1..Q4 of 2023.
stores = []
for i in range(24):
    region = ["North", "South", "East", "West"][i % 4]
    base = rng.uniform(200, 900)
    y = [round(base * g, 1) for g in np.cumprod(rng.uniform(0.9, 1.2, 3))]
    q = np.round(y[2] * rng.dirichlet([5, 5, 5, 7]), 1)
    stores.append((f"Store {i + 1:02d}", region, *y, *q))
st = pd.DataFrame(stores, columns=["store", "region", "sales_2021", "sales_2022", "sales_2023", "q1_sales", "q2_sales", "q3_sales", "q4_sales"])
st.to_csv(os.path.join(HERE, "store_sales.csv"), index=False)
