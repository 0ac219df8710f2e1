#!/usr/bin/python3
"""Made-up but realistic tables of probe48 (seeded; rerun gives the same CSVs):
/usr/bin/python3 lib/chat/testing/probe48/gen.py
Binding is hard on purpose: several yes/no columns, one value in two fields, abbreviated names, values that are
common words, numbers that look like categories."""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(48)


def yn(p):
    return "Yes" if rng.random() < p else "No"


# 1. Subscription customers: five yes/no columns (partner first), status values that are common words, zip codes.
rows = []
zips = [60614, 60622, 60647, 30301, 30305, 98101, 98103, 10001, 10011, 73301]
for i in range(600):
    contract = rng.choice(["Month-to-month", "One year", "Two year"], p=[0.5, 0.28, 0.22])
    region = rng.choice(["North", "South", "East", "West"], p=[0.3, 0.25, 0.25, 0.2])
    tier = rng.choice(["Basic", "Standard", "Premium"], p=[0.4, 0.4, 0.2])
    amt = round({"Basic": 29, "Standard": 54, "Premium": 89}[tier] + rng.normal(0, 6), 2)
    p_churn = {"Month-to-month": 0.38, "One year": 0.12, "Two year": 0.07}[contract]
    year = int(rng.integers(1950, 2004))
    dob = f"{year}-{int(rng.integers(1, 13)):02d}-{int(rng.integers(1, 29)):02d}"
    signup = int(rng.choice(range(2018, 2025)))
    status = "New" if signup == 2024 and rng.random() < 0.8 else rng.choice(["Active", "Inactive"], p=[0.75, 0.25])
    rows.append((f"C{10001 + i}", rng.choice(["Consumer", "Corporate", "Small Business"], p=[0.55, 0.3, 0.15]), region,
                 status, rng.choice(["F", "M"]), dob, int(rng.choice(zips)), signup, contract, tier, yn(0.48), yn(0.4),
                 yn(0.18), yn(0.6), yn(p_churn), amt))
customers = pd.DataFrame(rows, columns=["customer_id", "cust_seg", "region", "status", "gender", "dob", "zip", "signup_year",
                                        "contract", "plan_tier", "partner", "has_pet", "smoker", "paperless", "churned",
                                        "monthly_amt_usd"])
customers.to_csv(os.path.join(HERE, "customers.csv"), index=False)

# 2. Flights: the same cities as origin and destination, two delay fields.
cities = ["Boston", "New York", "Chicago", "Denver", "Seattle", "Atlanta", "Miami", "Dallas"]
dist = {c: i for i, c in enumerate(cities)}
rows = []
for i in range(800):
    o, d = rng.choice(cities, 2, replace=False)
    miles = int(300 + 190 * abs(dist[o] - dist[d]) + rng.integers(0, 120))
    cabin = rng.choice(["Economy", "Premium Economy", "Business"], p=[0.7, 0.15, 0.15])
    fare = round(miles * {"Economy": 0.14, "Premium Economy": 0.22, "Business": 0.45}[cabin] + rng.normal(40, 15), 2)
    dep = int(max(-10, rng.gamma(1.3, 14) - 8))
    status = "Cancelled" if rng.random() < 0.04 else ("Delayed" if dep > 15 else "On Time")
    arr = dep + int(rng.normal(-3, 8))
    date = pd.Timestamp("2024-01-01") + pd.Timedelta(days=int(rng.integers(0, 366)))
    rows.append((f"F{5001 + i}", date.strftime("%Y-%m-%d"), rng.choice(["Skyways", "JetBlue Air", "Northern"]), o, d, miles,
                 dep, arr, status, cabin, fare, int(rng.integers(60, 181))))
flights = pd.DataFrame(rows, columns=["flight_id", "flight_date", "carrier", "origin_city", "destination_city", "distance_mi",
                                      "dep_delay_min", "arr_delay_min", "status", "cabin", "fare_usd", "seats_sold"])
flights.to_csv(os.path.join(HERE, "flights.csv"), index=False)

# 3. Games: teams named by their city, as home and away team and as the winner; seasons as years.
teams = ["Boston", "Chicago", "Denver", "Miami", "Dallas", "Phoenix", "Portland", "Toronto"]
strength = {t: s for t, s in zip(teams, [6, 2, 4, 1, -1, -3, -2, 3])}
rows = []
for i in range(480):
    h, a = rng.choice(teams, 2, replace=False)
    hs = int(rng.normal(108 + strength[h] + 3, 11))
    as_ = int(rng.normal(108 + strength[a], 11))
    ot = "No"
    if hs == as_:
        ot = "Yes"
        hs += int(rng.integers(1, 8))
    elif abs(hs - as_) <= 2 and rng.random() < 0.4:
        ot = "Yes"
    season = int(rng.choice([2021, 2022, 2023, 2024]))
    rows.append((f"G{301 + i}", season, h, a, hs, as_, h if hs > as_ else a, ot, int(rng.integers(12000, 21000))))
games = pd.DataFrame(rows, columns=["game_id", "season", "home_team", "away_team", "home_score", "away_score", "winner",
                                    "overtime", "attendance"])
games.to_csv(os.path.join(HERE, "games.csv"), index=False)

# 4. Orders: billing and shipping states, North as a customer region and as a warehouse, store numbers, "None" and
# "Other" as values, abbreviated amounts.
states = ["Texas", "California", "New York", "Florida", "Illinois", "Washington"]
rows = []
for i in range(900):
    bill = rng.choice(states, p=[0.22, 0.24, 0.18, 0.14, 0.12, 0.10])
    ship = bill if rng.random() < 0.78 else rng.choice(states)
    cat = rng.choice(["Electronics", "Furniture", "Office Supplies", "Other"], p=[0.3, 0.2, 0.35, 0.15])
    cost = round(float({"Electronics": 120, "Furniture": 210, "Office Supplies": 14, "Other": 35}[cat] * rng.lognormal(0, 0.35)), 2)
    qty = int(rng.integers(1, 9))
    date = pd.Timestamp("2023-01-01") + pd.Timedelta(days=int(rng.integers(0, 730)))
    rows.append((f"O{70001 + i}", date.strftime("%Y-%m-%d"), int(rng.choice(range(101, 111))), bill, ship,
                 rng.choice(["North", "South", "East", "West"]), rng.choice(["North", "South", "Central"], p=[0.4, 0.35, 0.25]),
                 rng.choice(["Standard", "Express", "Same Day"], p=[0.6, 0.3, 0.1]), cat,
                 rng.choice(["None", "SAVE10", "FREESHIP", "WELCOME5"], p=[0.6, 0.18, 0.14, 0.08]), qty, cost,
                 round(qty * cost * (0.9 if rng.random() < 0.2 else 1.0), 2), yn(0.08), yn(0.12)))
orders = pd.DataFrame(rows, columns=["order_id", "order_date", "store_no", "billing_state", "shipping_state", "cust_region",
                                     "warehouse", "ship_mode", "category", "promo_code", "qty", "unit_cost", "sales_amt",
                                     "returned", "gift_wrap"])
orders.to_csv(os.path.join(HERE, "orders.csv"), index=False)

# 5. Daily weather at four stations: units in the names, two yes/no columns.
rows = []
for station, base in [("Airport", 11.0), ("Harbor", 12.5), ("Downtown", 13.0), ("Hilltop", 8.0)]:
    for d in pd.date_range("2024-01-01", "2024-12-31"):
        temp = round(base + 10 * np.sin((d.dayofyear - 110) / 365 * 2 * np.pi) + rng.normal(0, 3), 1)
        precip = round(float(rng.gamma(0.6, 6)) if rng.random() < 0.35 else 0.0, 1)
        rows.append((station, d.strftime("%Y-%m-%d"), temp, precip, round(float(rng.gamma(3, 5)), 1),
                     "Yes" if precip > 0 and temp > 1 else "No", "Yes" if precip > 0 and temp <= 1 else "No"))
weather = pd.DataFrame(rows, columns=["station", "obs_date", "temp_c", "precip_mm", "wind_kph", "rain", "snow"])
weather.to_csv(os.path.join(HERE, "weather_daily.csv"), index=False)
