#!/usr/bin/python3
"""Made-up tables of probe doubt33 (numpy seed 33): restaurants.csv and subscribers.csv.
/usr/bin/python3 lib/chat/testing/doubt33/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(33)

# restaurants: one row per restaurant, a unique name, many-valued numbers beside a few categories.
ADJ = ["Golden", "Blue", "Little", "Old", "Green", "Red", "Silver", "Happy", "Hidden", "Royal", "Rustic", "Lucky",
       "Urban", "Wild", "Sunny", "Quiet", "Grand", "Velvet", "Copper", "Salty"]
NOUN = ["Fork", "Spoon", "Olive", "Lantern", "Garden", "Table", "Kettle", "Harbour", "Oven", "Pepper", "Mill",
        "Corner", "Bistro", "Ladle", "Orchard", "Barrel", "Basil", "Anchor", "Plate", "Lemon"]
n = 240
pairs = [f"{a} {b}" for a in ADJ for b in NOUN]
names = list(rng.choice(pairs, size=n, replace=False))
cuisine = rng.choice(["Italian", "Mexican", "Japanese", "Indian", "French", "Thai"], size=n, p=[.24, .18, .16, .16, .12, .14])
city = rng.choice(["Lyon", "Porto", "Leeds", "Graz", "Turin"], size=n)
seats = rng.integers(18, 190, size=n)
base = {"Italian": 28, "Mexican": 19, "Japanese": 36, "Indian": 22, "French": 45, "Thai": 21}
spend = np.round([base[c] * rng.lognormal(0, 0.25) for c in cuisine], 2)
rating = np.clip(np.round(rng.normal(4.0, 0.45, size=n), 1), 1.5, 5.0)
reviews = np.round(rng.lognormal(5.2, 0.9, size=n)).astype(int)
opened = rng.integers(1994, 2024, size=n)
delivery = np.where(rng.random(n) < 0.55, "Yes", "No")
pd.DataFrame({
    "restaurant_id": [f"R{1001 + i}" for i in range(n)],
    "name": names,
    "cuisine": cuisine,
    "city": city,
    "seats": seats,
    "spend_per_head": spend,
    "rating": rating,
    "reviews": reviews,
    "opened": opened,
    "delivery": delivery,
}).to_csv(os.path.join(HERE, "restaurants.csv"), index=False)

# subscribers: a subscription service; tenure in whole months 1-72 (a number with ~70 values), money amounts.
n = 420
plan = rng.choice(["Basic", "Standard", "Premium"], size=n, p=[.45, .35, .2])
region = rng.choice(["North", "South", "East", "West"], size=n)
tenure = rng.integers(1, 73, size=n)
fee0 = {"Basic": 9.99, "Standard": 15.49, "Premium": 22.99}
monthly = np.round([fee0[p] + rng.normal(0, 1.2) for p in plan], 2)
total = np.round(monthly * tenure * rng.uniform(0.93, 1.0, size=n), 2)
calls = np.minimum(rng.poisson(1.6, size=n), 9)
age = rng.integers(18, 80, size=n)
p_cancel = 1 / (1 + np.exp(-(-0.6 - tenure / 30 + calls * 0.35 + (plan == "Basic") * 0.4)))
cancelled = np.where(rng.random(n) < p_cancel, "Yes", "No")
pd.DataFrame({
    "subscriber_id": [f"S-{10001 + i}" for i in range(n)],
    "plan": plan,
    "region": region,
    "tenure_months": tenure,
    "monthly_fee": monthly,
    "total_paid": total,
    "support_calls": calls,
    "age": age,
    "cancelled": cancelled,
}).to_csv(os.path.join(HERE, "subscribers.csv"), index=False)
print("written")
