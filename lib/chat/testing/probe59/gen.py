#!/usr/bin/python3
"""Seeded made-up exports of probe59 (conversations). /usr/bin/python3 lib/chat/testing/probe59/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(59)

# orders_export: a furniture shop's order lines, 2018-2020.
n = 720
dates = pd.Timestamp("2018-01-01") + pd.to_timedelta(rng.integers(0, 1096, n), unit="D")
region = rng.choice(["East", "West", "North", "South"], n, p=[0.3, 0.3, 0.2, 0.2])
product = rng.choice(["Chairs", "Desks", "Lamps", "Shelves", "Sofas"], n)
price = {"Chairs": 85, "Desks": 240, "Lamps": 35, "Shelves": 120, "Sofas": 610}
units = rng.integers(1, 9, n)
revenue = np.round([price[p] * u * rng.uniform(0.85, 1.15) for p, u in zip(product, units)], 2)
cost = np.round(revenue * rng.uniform(0.55, 0.9, n), 2)
orders = pd.DataFrame({
    "order_id": [f"SO-{10000 + i}" for i in range(n)],
    "order_date": dates.strftime("%Y-%m-%d"),
    "region": region,
    "product": product,
    "channel": rng.choice(["Online", "Store"], n, p=[0.55, 0.45]),
    "units": units,
    "revenue": revenue,
    "cost": cost,
    "profit": np.round(revenue - cost, 2),
}).sort_values("order_date", kind="stable")
orders.to_csv(os.path.join(HERE, "orders_export.csv"), index=False)

# billing_accounts: a telecom's customer accounts (telco-like column names).
n = 320
tenure = rng.integers(1, 73, n)
monthly = np.round(rng.uniform(19, 118, n), 2)
total = np.round(monthly * tenure * rng.uniform(0.93, 1.02, n), 2)
ids = [f"{rng.integers(1000, 9999)}-{''.join(rng.choice(list('ABCDEFGHJKLMNPQRSTUVWXYZ'), 5))}" for _ in range(n)]
contract = rng.choice(["Month-to-month", "One year", "Two year"], n, p=[0.5, 0.25, 0.25])
churn_p = np.where(contract == "Month-to-month", 0.4, np.where(contract == "One year", 0.12, 0.04))
billing = pd.DataFrame({
    "customerID": ids,
    "gender": rng.choice(["Female", "Male"], n),
    "SeniorCitizen": rng.choice([0, 1], n, p=[0.82, 0.18]),
    "Contract": contract,
    "PaymentMethod": rng.choice(["Electronic check", "Mailed check", "Bank transfer (automatic)", "Credit card (automatic)"], n),
    "tenure": tenure,
    "MonthlyCharges": monthly,
    "TotalCharges": total,
    "Churn": np.where(rng.uniform(size=n) < churn_p, "Yes", "No"),
})
billing.to_csv(os.path.join(HERE, "billing_accounts.csv"), index=False)

# staff_list: an HR export of employees.
n = 210
first = ["Ana", "Ben", "Chloe", "Dev", "Eva", "Femi", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Marc", "Nora", "Omar", "Pia", "Raj", "Sara", "Tom", "Uma"]
last = ["Berg", "Costa", "Diaz", "Evans", "Fox", "Gray", "Hill", "Ito", "Jones", "Khan", "Lopez", "Moreau", "Novak", "Olsen", "Price", "Quinn", "Rossi", "Smith", "Tran", "Weber"]
names = set()
while len(names) < n:
    names.add(f"{rng.choice(first)} {rng.choice(last)}")
dept = rng.choice(["Sales", "Engineering", "Support", "Finance", "HR"], n, p=[0.28, 0.3, 0.2, 0.12, 0.1])
base = {"Sales": 52000, "Engineering": 78000, "Support": 41000, "Finance": 63000, "HR": 50000}
salary = np.round([base[d] * rng.uniform(0.75, 1.45) for d in dept], -1).astype(int)
staff = pd.DataFrame({
    "employee_id": [f"E{1000 + i}" for i in range(n)],
    "name": sorted(names, key=lambda _: rng.uniform()),
    "department": dept,
    "gender": rng.choice(["Female", "Male"], n),
    "office": rng.choice(["London", "Paris", "Berlin"], n, p=[0.45, 0.3, 0.25]),
    "hire_year": rng.integers(2012, 2023, n),
    "salary": salary,
    "bonus": np.round(salary * rng.uniform(0, 0.15, n), -1).astype(int),
    "performance": rng.choice([1, 2, 3, 4, 5], n, p=[0.05, 0.15, 0.4, 0.3, 0.1]),
    "remote": rng.choice(["Yes", "No"], n, p=[0.35, 0.65]),
})
staff.to_csv(os.path.join(HERE, "staff_list.csv"), index=False)

# web_sessions: a site's daily sessions per marketing channel and device, 2023.
days = pd.date_range("2023-01-01", "2023-12-31", freq="D")
rows = []
for d in days:
    season = 1 + 0.25 * np.sin((d.dayofyear - 80) / 365 * 2 * np.pi)
    for ch, mean in [("Organic", 900), ("Paid", 500), ("Email", 250), ("Social", 350)]:
        for dev, share in [("Mobile", 0.6), ("Desktop", 0.4)]:
            s = int(rng.poisson(mean * share * season))
            signups = int(rng.binomial(s, 0.03))
            rows.append((d.strftime("%Y-%m-%d"), ch, dev, s, signups, round(signups * rng.uniform(20, 60), 2)))
web = pd.DataFrame(rows, columns=["date", "channel", "device", "sessions", "signups", "revenue"])
web.to_csv(os.path.join(HERE, "web_sessions.csv"), index=False)
