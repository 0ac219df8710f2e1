#!/usr/bin/python3
"""Made-up but realistic time tables of probe43 (seeded; rerun gives the same CSVs):
/usr/bin/python3 lib/chat/testing/probe43/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(43)

# 1. Half-hourly electricity demand, 2023-01-02 .. 2023-03-31 ("2023-01-02 00:30:00", MW).
ts = pd.date_range("2023-01-02 00:00", "2023-03-31 23:30", freq="30min")
hour = ts.hour + ts.minute / 60
daily = 900 + 350 * np.exp(-((hour - 18.5) ** 2) / 6) + 250 * np.exp(-((hour - 8.5) ** 2) / 4) - 200 * np.exp(-((hour - 4) ** 2) / 5)
weekend = np.where(ts.dayofweek >= 5, -160, 0)
season = -1.6 * (ts.dayofyear - 1)  # winter demand falls towards spring
demand = daily + weekend + season + rng.normal(0, 35, len(ts))
elec = pd.DataFrame({"timestamp": ts.strftime("%Y-%m-%d %H:%M:%S"), "demand_mw": np.round(demand, 1)})
elec.to_csv(os.path.join(HERE, "electricity.csv"), index=False)

# 2. Daily stock prices on business days, two tickers in long form, 2023-01-02 .. 2023-06-30.
days = pd.bdate_range("2023-01-02", "2023-06-30")
rows = []
for ticker, start, vol in (("ACME", 52.0, 0.018), ("GLOBX", 118.0, 0.012)):
    close_prev = start
    for d in days:
        ret = rng.normal(0.0006, vol)
        open_ = close_prev * (1 + rng.normal(0, vol / 3))
        close = close_prev * (1 + ret)
        high = max(open_, close) * (1 + abs(rng.normal(0, vol / 2)))
        low = min(open_, close) * (1 - abs(rng.normal(0, vol / 2)))
        volume = int(rng.lognormal(14 if ticker == "ACME" else 13.2, 0.35))
        rows.append((d.strftime("%Y-%m-%d"), ticker, round(open_, 2), round(high, 2), round(low, 2), round(close, 2), volume))
        close_prev = close
stocks = pd.DataFrame(rows, columns=["date", "ticker", "open", "high", "low", "close", "volume"])
stocks.to_csv(os.path.join(HERE, "stocks.csv"), index=False)

# 3. Ten-minute sensor readings of three devices, 2023-05-01 .. 2023-05-14 ("2023-05-01T00:10"), with gaps
#    (dropped readings) and empty cells (a value not recorded).
t = pd.date_range("2023-05-01 00:00", "2023-05-14 23:50", freq="10min")
parts = []
for dev, base in (("A", 21.0), ("B", 23.5), ("C", 19.0)):
    h = t.hour + t.minute / 60
    temp = base + 3 * np.sin((h - 9) / 24 * 2 * np.pi) + rng.normal(0, 0.4, len(t))
    hum = 55 - 8 * np.sin((h - 9) / 24 * 2 * np.pi) + rng.normal(0, 2, len(t))
    df = pd.DataFrame({"time": t.strftime("%Y-%m-%dT%H:%M"), "device": dev, "temperature": np.round(temp, 2), "humidity": np.round(hum, 1)})
    keep = rng.random(len(df)) > 0.04
    if dev == "B":  # device B offline for most of a day
        keep &= ~((t >= "2023-05-08 03:00") & (t < "2023-05-08 19:00"))
    df = df[keep].copy()
    df["temperature"] = df["temperature"].astype(object)
    df["humidity"] = df["humidity"].astype(object)
    miss = rng.random(len(df)) < 0.02
    df.loc[miss, "temperature"] = ""
    miss = rng.random(len(df)) < 0.02
    df.loc[miss, "humidity"] = ""
    parts.append(df)
sensors = pd.concat(parts).sort_values(["time", "device"])
sensors.to_csv(os.path.join(HERE, "sensors.csv"), index=False)

# 4. Daily sales of three stores over 2022.
dd = pd.date_range("2022-01-01", "2022-12-31", freq="D")
rows = []
for store, base in (("Downtown", 4200), ("Airport", 3100), ("Riverside", 2500)):
    for d in dd:
        wk = 1.35 if d.dayofweek >= 5 else 1.0
        if store == "Airport":
            wk = 1.0 if d.dayofweek >= 5 else 1.1
        season = 1 + 0.25 * np.exp(-((d.dayofyear - 350) ** 2) / 200) + 0.08 * np.sin(d.dayofyear / 365 * 2 * np.pi)
        customers = int(rng.poisson(base / 28 * wk * season))
        sales = round(customers * rng.normal(28, 3), 2)
        rows.append((d.strftime("%Y-%m-%d"), store, sales, customers))
sales = pd.DataFrame(rows, columns=["date", "store", "sales", "customers"])
sales.to_csv(os.path.join(HERE, "store_sales.csv"), index=False)
print(len(elec), len(stocks), len(sensors), len(sales))
