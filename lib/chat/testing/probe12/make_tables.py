#!/usr/bin/python3
"""Probe12 tables (seed 12): library_loans.csv, gym_members.csv, shipments.csv. /usr/bin/python3 make_tables.py"""
import csv
import datetime
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(12)


def write(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def day(y0, y1):
    d = datetime.date(y0, 1, 1) + datetime.timedelta(days=R.randrange((datetime.date(y1, 12, 31) - datetime.date(y0, 1, 1)).days))
    return d.isoformat()


# library loans: one row per loan
rows = []
for i in range(300):
    branch = R.choices(["Berlin", "Hamburg", "Munich", "Cologne"], weights=[35, 25, 25, 15])[0]
    genre = R.choice(["Fiction", "Crime", "Science", "History", "Children", "Cooking"])
    gender = R.choice(["female", "female", "male"])
    days = R.randint(3, 45)
    late = "yes" if days > 28 else "no"
    fee = round(max(0, days - 28) * 0.5 + R.random() * 0.3, 2) if late == "yes" else 0
    rows.append([f"LN{5000 + i}", f"M{R.randint(100, 260)}", branch, genre, gender, day(2022, 2024), days, late, fee])
write("library_loans.csv", ["loan_id", "member_id", "branch", "genre", "member_gender", "checkout_date", "days_borrowed", "returned_late", "late_fee"], rows)

# gym members: one row per member
rows = []
for i in range(240):
    plan = R.choices(["basic", "standard", "premium"], weights=[45, 35, 20])[0]
    fee = {"basic": 19.9, "standard": 34.9, "premium": 59.9}[plan] + R.choice([0, 0, -5, 5]) + round(R.random(), 2)
    city = R.choice(["Leeds", "York", "Bristol", "Bath", "Derby"])
    gender = R.choice(["F", "M"])
    age = R.randint(17, 70)
    visits = max(0, int(R.gauss(9 if plan != "basic" else 5, 4)))
    churned = 1 if R.random() < (0.35 if visits < 4 else 0.12) else 0
    rows.append([7000 + i, gender, age, city, plan, day(2021, 2024), round(fee, 2), visits, churned])
write("gym_members.csv", ["member_id", "gender", "age", "city", "plan", "join_date", "monthly_fee", "visits_last_month", "churned"], rows)

# shipments: one row per shipment
rows = []
for i in range(320):
    carrier = R.choice(["DHL", "UPS", "FedEx", "GLS", "DPD"])
    origin = R.choice(["North", "South", "East", "West"])
    dest = R.choice(["Paris", "Lyon", "Madrid", "Milan", "Vienna", "Prague", "Warsaw", "Oslo"])
    weight = round(R.uniform(0.3, 40), 1)
    cost = round(6 + weight * R.uniform(0.6, 1.4) + R.random(), 2)
    days = R.randint(1, 9)
    status = R.choices(["delivered", "delayed", "lost"], weights=[78, 19, 3])[0]
    rows.append([f"SH{90000 + i}", day(2023, 2024), carrier, origin, dest, weight, cost, days, status])
write("shipments.csv", ["shipment_id", "ship_date", "carrier", "origin_region", "destination_city", "weight_kg", "cost_eur", "delivery_days", "status"], rows)
