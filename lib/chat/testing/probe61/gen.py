#!/usr/bin/python3
"""Made-up tables of probe61: tag pings of tracked turtles (coordinates, deltas, speed, heading, depth) and a
monthly series with a policy flag and camelCase counts. numpy seed 61. /usr/bin/python3 lib/chat/testing/probe61/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(61)

# Turtle tag pings: one row a ping, every 6 hours, each tag drifting its own way.
rows = []
tags = {"T01": "Loggerhead", "T02": "Loggerhead", "T03": "Green", "T04": "Green", "T05": "Leatherback",
        "T06": "Leatherback", "T07": "Loggerhead", "T08": "Green"}
start = pd.Timestamp("2025-06-01 00:00")
for i, (tag, species) in enumerate(tags.items()):
    lat, lon = 30 + rng.uniform(-3, 3), -75 + rng.uniform(-4, 4)
    drift_lat, drift_lon = rng.normal(0, 0.05), rng.normal(0, 0.06)
    n = int(rng.integers(22, 36))
    for k in range(n):
        dlat = round(float(drift_lat + rng.normal(0, 0.08)), 4) if k else 0.0
        dlon = round(float(drift_lon + rng.normal(0, 0.1)), 4) if k else 0.0
        lat, lon = lat + dlat, lon + dlon
        km = float(np.hypot(dlat * 111, dlon * 111 * np.cos(np.radians(lat))))
        heading = (np.degrees(np.arctan2(dlon * np.cos(np.radians(lat)), dlat)) + 360) % 360
        deep = 60 if species == "Leatherback" else 25
        rows.append({
            "tag": tag, "species": species,
            "timestamp": (start + pd.Timedelta(hours=6 * k + 2 * i)).strftime("%Y-%m-%d %H:%M"),
            "lat": round(lat, 4), "long": round(lon, 4), "delta_lat": dlat, "delta_long": dlon,
            "speed_kmh": round(km / 6, 2), "heading_deg": round(float(heading), 1) if k else None,
            "depth_m": round(float(rng.gamma(2.0, deep / 2)), 1),
        })
pd.DataFrame(rows).to_csv(os.path.join(HERE, "turtle_tracks.csv"), index=False)

# A regional monthly series around a smoke-free law (after_ban 1 from July 2007).
months = pd.period_range("2004-01", "2011-12", freq="M")
n = len(months)
after = (months >= pd.Period("2007-07", "M")).astype(int)
season = np.sin(2 * np.pi * (months.month - 1) / 12)
series = pd.DataFrame({
    "Month": months.strftime("%Y-%m"),
    "HeartAttacks": np.round(420 + 35 * season - 45 * after + rng.normal(0, 18, n)).astype(int),
    "AsthmaAdmissions": np.round(160 + 25 * season - 12 * after + rng.normal(0, 10, n)).astype(int),
    "BarStaffSickDays": np.round(900 - 120 * after + rng.normal(0, 40, n)).astype(int),
    "CigarettePrice": np.round(4.8 + 0.025 * np.arange(n) + rng.normal(0, 0.05, n), 2),
    "PubVisitsPerCapita": np.round(3.1 - 0.2 * after + rng.normal(0, 0.15, n), 2),
    "after_ban": after,
})
series.to_csv(os.path.join(HERE, "smoke_free_law.csv"), index=False)
