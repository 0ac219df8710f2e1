#!/usr/bin/python3
"""Made-up but realistic tables of probe45 (seeded; rerun gives the same CSVs):
/usr/bin/python3 lib/chat/testing/probe45/gen.py
discoveries.csv is Rscript -e 'd <- data.frame(year=as.integer(time(discoveries)),
discoveries=as.integer(discoveries)); write.csv(d, "discoveries.csv", row.names=FALSE)'."""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(45)

# 1. Clinic visits: one row per visit, patients come back; age as bands; a 0-10 "would recommend" score.
n_pat = 300
bands = ["18-29", "30-44", "45-59", "60-74", "75+"]
patients = [(f"P{1001 + i}", rng.choice(["Female", "Male"]), rng.choice(bands, p=[0.18, 0.26, 0.25, 0.2, 0.11])) for i in range(n_pat)]
clinics = ["Northside", "Riverside", "Hillcrest", "Lakeview"]
departments = ["General practice", "Cardiology", "Dermatology", "Orthopedics"]
rows = []
for i in range(820):
    pid, sex, band = patients[int(rng.integers(n_pat))]
    clinic = rng.choice(clinics, p=[0.3, 0.28, 0.24, 0.18])
    dept = rng.choice(departments, p=[0.45, 0.2, 0.15, 0.2])
    day = pd.Timestamp("2023-01-02") + pd.Timedelta(days=int(rng.integers(0, 728)))
    wait = int(max(2, rng.gamma(2.2, 9) + {"Northside": 6, "Riverside": 0, "Hillcrest": -2, "Lakeview": 3}[clinic] + (3 if sex == "Female" else 0)))
    bill = round(float(rng.lognormal(4.6 + {"General practice": 0, "Cardiology": 0.7, "Dermatology": 0.3, "Orthopedics": 0.5}[dept], 0.35)), 2)
    score = int(np.clip(round(7.4 - wait / 25 + rng.normal(0, 2)), 0, 10))
    rows.append((f"V{20001 + i}", pid, day.strftime("%Y-%m-%d"), clinic, dept, sex, band, wait, bill, score, rng.choice(["Yes", "No"], p=[0.3, 0.7])))
visits = pd.DataFrame(rows, columns=["visit_id", "patient_id", "visit_date", "clinic", "department", "sex", "age_group", "wait_minutes", "bill_amount", "recommend_score", "follow_up"])
visits.sort_values("visit_date", kind="stable").to_csv(os.path.join(HERE, "clinic_visits.csv"), index=False)

# 2. Orders with an order date and a ship date (one order ships late, 15 days).
segments = ["Consumer", "Corporate", "Small Business"]
regions = ["North", "South", "East", "West"]
cats = ["Furniture", "Office Supplies", "Technology"]
modes = ["Standard", "Express", "Same Day"]
rows = []
for i in range(520):
    od = pd.Timestamp("2022-01-01") + pd.Timedelta(days=int(rng.integers(0, 1095)))
    mode = rng.choice(modes, p=[0.6, 0.3, 0.1])
    days = {"Standard": int(rng.integers(3, 9)), "Express": int(rng.integers(1, 4)), "Same Day": 0}[mode]
    if i == 317:
        days = 15
    cat = rng.choice(cats, p=[0.3, 0.45, 0.25])
    qty = int(rng.integers(1, 8))
    sales = round(qty * float(rng.lognormal({"Furniture": 4.8, "Office Supplies": 3.2, "Technology": 5.2}[cat], 0.5)), 2)
    profit = round(sales * float(rng.normal(0.12, 0.15)), 2)
    rows.append((f"SO-{10001 + i}", od.strftime("%Y-%m-%d"), (od + pd.Timedelta(days=days)).strftime("%Y-%m-%d"), mode,
                 rng.choice(segments, p=[0.5, 0.3, 0.2]), rng.choice(regions), cat, qty, sales, profit))
orders = pd.DataFrame(rows, columns=["order_id", "order_date", "ship_date", "ship_mode", "segment", "region", "category", "quantity", "sales", "profit"])
orders.sort_values("order_date", kind="stable").to_csv(os.path.join(HERE, "orders.csv"), index=False)

# 3. A restaurant's menu: one row per dish, a price and a food cost, a 1-5 star rating.
dishes = {
    "Starter": ["Tomato soup", "Garlic bread", "Calamari", "Bruschetta", "Caesar salad", "Chicken wings", "Spring rolls", "Hummus plate"],
    "Main": ["Margherita pizza", "Beef burger", "Grilled salmon", "Mushroom risotto", "Chicken curry", "Steak frites", "Veggie lasagne",
             "Fish and chips", "Lamb shank", "Pad thai", "Falafel wrap", "Pork ribs"],
    "Dessert": ["Tiramisu", "Cheesecake", "Chocolate brownie", "Apple pie", "Ice cream trio", "Panna cotta"],
    "Drink": ["Lemonade", "Iced tea", "House red wine", "Craft beer", "Espresso", "Cappuccino", "Fresh orange juice", "Mojito"],
}
veg = {"Tomato soup", "Garlic bread", "Bruschetta", "Hummus plate", "Spring rolls", "Margherita pizza", "Mushroom risotto", "Veggie lasagne",
       "Falafel wrap", "Tiramisu", "Cheesecake", "Chocolate brownie", "Apple pie", "Ice cream trio", "Panna cotta"}
rows = []
for course, names in dishes.items():
    for name in names:
        price = round(float({"Starter": rng.uniform(5, 11), "Main": rng.uniform(12, 32), "Dessert": rng.uniform(6, 10), "Drink": rng.uniform(2.5, 12)}[course]), 2)
        cost = round(price * float(rng.uniform(0.2, 0.45)), 2)
        cal = int({"Starter": rng.integers(150, 650), "Main": rng.integers(450, 1300), "Dessert": rng.integers(250, 700), "Drink": rng.integers(0, 260)}[course])
        rows.append((name, course, price, cost, cal, "Yes" if name in veg or course == "Drink" else "No", int(rng.choice([2, 3, 4, 5], p=[0.1, 0.3, 0.4, 0.2])),
                     int(rng.integers(20, 400))))
menu = pd.DataFrame(rows, columns=["item", "course", "price", "food_cost", "calories", "vegetarian", "rating", "orders_last_month"])
menu.to_csv(os.path.join(HERE, "menu_items.csv"), index=False)

# 4. Monthly business figures, one row per month (one peak of revenue in 2023-07, one trough of signups in 2022-02).
months = pd.date_range("2021-01-01", "2024-12-01", freq="MS")
rows = []
for i, m in enumerate(months):
    season = 1 + 0.15 * np.sin(2 * np.pi * (m.month - 4) / 12)
    visits_ = int(40000 * (1 + i / 60) * season * rng.uniform(0.9, 1.1))
    signups = int(visits_ * rng.uniform(0.018, 0.026))
    revenue = int(round(150000 * (1 + i / 50) * season * float(rng.uniform(0.92, 1.05))))
    rows.append([m.strftime("%Y-%m-%d"), visits_, signups, revenue, int(rng.integers(180, 420))])
kpis = pd.DataFrame(rows, columns=["month", "website_visits", "signups", "revenue", "support_tickets"])
kpis.loc[kpis.month == "2023-07-01", "revenue"] = kpis.revenue.max() + 61000
kpis.loc[kpis.month == "2022-02-01", "signups"] = kpis.signups.min() - 150
kpis.loc[kpis.month == "2022-11-01", "support_tickets"] = 655
kpis.to_csv(os.path.join(HERE, "monthly_kpis.csv"), index=False)
print("written")
