#!/usr/bin/python3
"""Probe8 tables: four ML / open-data style exports with snake_case and coded column names.

/usr/bin/python3 lib/chat/testing/probe8/make_tables.py  (deterministic, seed 8)
"""
import os

import numpy as np
import pandas as pd

rng = np.random.default_rng(8)
D = os.path.dirname(os.path.abspath(__file__)) + "/"

# 1 housing: California-housing-like block groups (aggregate words inside names, CAPS values with symbols)
n = 300
prox = rng.choice(["<1H OCEAN", "INLAND", "NEAR OCEAN", "NEAR BAY", "ISLAND"], n, p=[0.42, 0.33, 0.13, 0.10, 0.02])
base = {"<1H OCEAN": 240000, "INLAND": 125000, "NEAR OCEAN": 250000, "NEAR BAY": 265000, "ISLAND": 380000}
inc = np.round(rng.gamma(4.0, 0.95, n) + 0.5, 4)
age = rng.integers(2, 53, n)
rooms = rng.integers(300, 9000, n)
house = pd.DataFrame(
    {
        "longitude": np.round(rng.uniform(-124.3, -114.3, n), 2),
        "latitude": np.round(rng.uniform(32.5, 41.9, n), 2),
        "housing_median_age": age,
        "total_rooms": rooms,
        "total_bedrooms": (rooms * rng.uniform(0.15, 0.25, n)).astype(int),
        "population": (rooms * rng.uniform(1.8, 3.6, n)).astype(int),
        "households": (rooms * rng.uniform(0.17, 0.3, n)).astype(int),
        "median_income": inc,
        "median_house_value": np.clip(
            np.round([base[p] for p in prox] + inc * 22000 + rng.normal(0, 40000, n), -2), 14999, 500001
        ).astype(int),
        "ocean_proximity": prox,
    }
)
house.to_csv(D + "housing.csv", index=False)

# 2 bank marketing (UCI-like): coded names (pdays, y), yes/no words, lowercase codes with dots
n = 400
job = rng.choice(
    ["admin.", "blue-collar", "management", "technician", "services", "retired", "student", "unemployed", "self-employed"],
    n,
    p=[0.14, 0.2, 0.2, 0.16, 0.1, 0.07, 0.04, 0.04, 0.05],
)
age = np.where(job == "retired", rng.integers(58, 88, n), np.where(job == "student", rng.integers(18, 29, n), rng.integers(23, 60, n)))
contacted = rng.random(n) < 0.22
pdays = np.where(contacted, rng.integers(1, 400, n), -1)
bank = pd.DataFrame(
    {
        "age": age,
        "job": job,
        "marital": rng.choice(["married", "single", "divorced"], n, p=[0.6, 0.28, 0.12]),
        "education": rng.choice(["primary", "secondary", "tertiary", "unknown"], n, p=[0.15, 0.5, 0.3, 0.05]),
        "default": rng.choice(["no", "yes"], n, p=[0.97, 0.03]),
        "balance": np.round(rng.normal(1400, 2500, n)).astype(int),
        "housing": rng.choice(["yes", "no"], n, p=[0.55, 0.45]),
        "loan": rng.choice(["no", "yes"], n, p=[0.84, 0.16]),
        "contact": rng.choice(["cellular", "telephone", "unknown"], n, p=[0.65, 0.07, 0.28]),
        "month": rng.choice(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], n),
        "duration": rng.integers(5, 1500, n),
        "campaign": rng.integers(1, 12, n),
        "pdays": pdays,
        "previous": np.where(contacted, rng.integers(1, 6, n), 0),
        "poutcome": np.where(contacted, rng.choice(["failure", "success", "other"], n, p=[0.55, 0.3, 0.15]), "unknown"),
    }
)
p = 0.06 + 0.25 * (bank.poutcome == "success") + 0.00025 * bank.duration
bank["y"] = np.where(rng.random(n) < p, "yes", "no")
bank.to_csv(D + "bank.csv", index=False)

# 3 credit (German-credit-like): cat_1, amt, class good/bad, CAPS values, 0/1 flags
n = 250
cred = pd.DataFrame(
    {
        "cust_id": np.arange(5001, 5001 + n),
        "cat_1": rng.choice(["< 0 DM", "0 <= X < 200 DM", ">= 200 DM", "NO CHECKING"], n, p=[0.27, 0.27, 0.07, 0.39]),
        "duration_mo": rng.choice([6, 9, 12, 18, 24, 36, 48], n),
        "purpose": rng.choice(["CAR (NEW)", "CAR (USED)", "RADIO/TV", "FURNITURE", "EDUCATION", "BUSINESS", "REPAIRS"], n),
        "amt": np.round(rng.gamma(2.0, 1600, n) + 250).astype(int),
        "employment": rng.choice(["EMPLOYED", "SELF-EMPLOYED", "UNEMPLOYED", "NOT IN LABOR FORCE"], n, p=[0.62, 0.14, 0.08, 0.16]),
        "age": rng.integers(19, 75, n),
        "housing_type": rng.choice(["OWN", "RENT", "FOR FREE"], n, p=[0.7, 0.18, 0.12]),
        "num_dependents": rng.choice([1, 2], n, p=[0.85, 0.15]),
        "telephone": rng.choice([0, 1], n, p=[0.6, 0.4]),
        "foreign_worker": rng.choice([0, 1], n, p=[0.05, 0.95]),
    }
)
pb = 0.2 + 0.2 * (cred.cat_1 == "< 0 DM") + 0.1 * (cred.duration_mo >= 36)
cred["class"] = np.where(rng.random(n) < pb, "bad", "good")
cred.to_csv(D + "credit.csv", index=False)

# 4 bike rentals per zone and day: avg_temp, max_temp, min_temp, max_speed, total_count, 0/1 flags
days = pd.date_range("2023-01-01", "2023-12-31", freq="D")
pick = np.sort(rng.choice(len(days), 120, replace=False))
rows = []
for i in pick:
    d = days[i]
    season = 12 + 10 * np.sin((d.dayofyear - 100) / 365 * 2 * np.pi)
    for zone in ["CITY", "SUBURBS", "WATERFRONT"]:
        t = round(season + rng.normal(0, 3) - (1.5 if zone == "SUBURBS" else 0), 1)
        w = rng.choice(["CLEAR", "MIST", "LIGHT RAIN", "HEAVY RAIN"], p=[0.5, 0.28, 0.17, 0.05])
        hol = int(d.dayofweek >= 5 or rng.random() < 0.03)
        cnt = int(max(20, 400 + 25 * t - 150 * (w == "LIGHT RAIN") - 300 * (w == "HEAVY RAIN") + (200 if zone == "CITY" else 0) + rng.normal(0, 80)))
        rows.append(
            {
                "obs_date": d.strftime("%Y-%m-%d"),
                "zone": zone,
                "avg_temp": t,
                "max_temp": round(t + rng.uniform(2, 7), 1),
                "min_temp": round(t - rng.uniform(2, 7), 1),
                "max_speed": round(rng.gamma(3, 4), 1),
                "weather": w,
                "is_holiday": hol,
                "casual_count": int(cnt * rng.uniform(0.1, 0.4)),
                "total_count": cnt,
            }
        )
pd.DataFrame(rows).to_csv(D + "bikes.csv", index=False)
print("ok")
