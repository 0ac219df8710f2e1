#!/usr/bin/python3
"""Made-up tables of probe52 (numpy seed 52): long daily tables with an ISO date, wide tables (one column per year /
per country) with missing early values, and coded categories. /usr/bin/python3 lib/chat/testing/probe52/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(52)

# Daily shop sales 2010-2024 (every calendar day): trend, yearly season, weekday effect.
days = pd.date_range("2010-01-01", "2024-12-31", freq="D")
t = np.arange(len(days))
weekday = np.array([0.9, 0.85, 0.9, 1.0, 1.15, 1.35, 0.8])[days.dayofweek]
season = 1 + 0.15 * np.sin(2 * np.pi * (days.dayofyear - 80) / 365.25)
visitors = np.round(200 * (1 + t / 8000) * weekday * season * rng.lognormal(0, 0.12, len(days))).astype(int)
revenue = np.round(visitors * rng.normal(23, 3, len(days)), 2)
pd.DataFrame({"date": days.strftime("%Y-%m-%d"), "visitors": visitors, "revenue": revenue}).to_csv(
    os.path.join(HERE, "shop_daily.csv"), index=False)

# Business-day closing price and volume 2004-2023 (a random walk).
bdays = pd.bdate_range("2004-01-02", "2023-12-29")
close = np.round(40 * np.exp(np.cumsum(rng.normal(0.0003, 0.015, len(bdays)))), 2)
volume = rng.integers(200_000, 2_000_000, len(bdays))
pd.DataFrame({"date": bdays.strftime("%Y-%m-%d"), "close": close, "volume": volume}).to_csv(
    os.path.join(HERE, "stock_daily.csv"), index=False)

# One column per year; some regions start later (blank early years).
regions = ["North", "South", "East", "West", "Central", "Coast", "Islands", "Mountains"]
years = list(range(2016, 2024))
rows = []
for i, r in enumerate(regions):
    base = rng.uniform(80, 400)
    growth = rng.uniform(-0.03, 0.12)
    start = 2016 if i < 5 else int(rng.integers(2017, 2020))
    row = {"region": r}
    for y in years:
        row[f"sales_{y}"] = round(base * (1 + growth) ** (y - 2016) * rng.normal(1, 0.05), 1) if y >= start else None
    rows.append(row)
pd.DataFrame(rows).to_csv(os.path.join(HERE, "region_sales_wide.csv"), index=False)

# Renewable share (%) per country, one column per country, year as the row key; Poland and Portugal start late.
countries = {"Germany": (4, 1.3), "France": (12, 0.5), "Spain": (9, 1.2), "Poland": (2, 0.6), "Portugal": (18, 1.0), "Sweden": (30, 0.9)}
ys = np.arange(1990, 2023)
out = {"year": ys}
for c, (b, g) in countries.items():
    v = np.round(b + g * (ys - 1990) + rng.normal(0, 1.2, len(ys)), 1)
    if c == "Poland":
        v = np.where(ys < 2000, np.nan, v)
    if c == "Portugal":
        v = np.where(ys < 1995, np.nan, v)
    out[c] = v
pd.DataFrame(out).to_csv(os.path.join(HERE, "renewables_wide.csv"), index=False)

# A coded trial: arm 1/2/3 (placebo, low dose, high dose), sex 1/2, site codes; outcome is the change in blood pressure.
n = 180
arm = rng.integers(1, 4, n)
sex = rng.integers(1, 3, n)
age = rng.integers(30, 80, n)
site = rng.choice(["S01", "S02", "S03", "S04"], n)
bp_change = np.round(rng.normal(0, 6, n) - np.array([0, 5, 9])[arm - 1] + 0.05 * (age - 55), 1)
pd.DataFrame({"patient": np.arange(1001, 1001 + n), "arm": arm, "sex": sex, "age": age, "site": site,
              "bp_change": bp_change}).to_csv(os.path.join(HERE, "trial_coded.csv"), index=False)

# A field layout: plots A1..D4 in 4 blocks (rows A-D), treatment 1-4 once per block (a randomised complete block), 3 seasons.
plots = []
for season in (2021, 2022, 2023):
    for bi, row_letter in enumerate("ABCD"):
        treat = rng.permutation([1, 2, 3, 4])
        for col in range(4):
            tr = treat[col]
            plots.append({"season": season, "plot": f"{row_letter}{col + 1}", "block": bi + 1, "treatment": int(tr),
                          "yield_kg": round(30 + 3 * tr + 2 * bi + rng.normal(0, 2.5) + (season - 2022) * 1.5, 1)})
pd.DataFrame(plots).to_csv(os.path.join(HERE, "field_plots.csv"), index=False)
print("written")
