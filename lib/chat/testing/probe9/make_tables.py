#!/usr/bin/python3
"""Probe9 tables (seed 9): loans.csv, clinic.csv, listings.csv. /usr/bin/python3 make_tables.py"""
import csv
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(9)


def write(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


# loan book
rows = []
for i in range(220):
    grade = R.choices("ABCDEFG", weights=[20, 25, 22, 15, 9, 6, 3])[0]
    purpose = R.choice(["car", "debt_consolidation", "home_improvement", "small_business", "education", "medical"])
    amount = R.choice([1000, 2500, 4000, 6000, 8000, 10000, 12000, 15000, 20000, 25000, 30000]) + R.randrange(0, 1000, 50)
    term = R.choice([36, 36, 60])
    rate = round(5 + "ABCDEFG".index(grade) * 3 + R.random() * 2.5, 2)
    p = 0.03 + 0.05 * "ABCDEFG".index(grade) + (0.05 if purpose == "small_business" else 0)
    default = "yes" if R.random() < p else "no"
    home = R.choice(["RENT", "OWN", "MORTGAGE"])
    income = R.randrange(18000, 160000, 500)
    rows.append([f"L{1000 + i}", grade, purpose, amount, term, rate, home, income, default])
write("loans.csv", ["loan_id", "grade", "purpose", "loan_amount", "term_months", "interest_rate", "home_ownership", "annual_income", "defaulted"], rows)

# clinic visits
rows = []
for i in range(260):
    d = f"2025-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}"
    clinic = R.choice(["Northside", "Southside", "Central"])
    code = R.choice(["J45", "E11", "I10", "M54", "K21", "F32"])
    insured = R.choice(["yes", "yes", "yes", "no"])
    age = R.randint(2, 90)
    cost = round(R.uniform(40, 900), 2)
    wait = R.randint(0, 120)
    readmit = "yes" if R.random() < 0.15 else "no"
    rows.append([2000 + i, d, clinic, code, age, insured, cost, wait, readmit])
write("clinic.csv", ["visit_id", "visit_date", "clinic", "diagnosis_code", "patient_age", "insured", "visit_cost", "wait_minutes", "readmitted"], rows)

# rental listings
rows = []
for i in range(200):
    hood = R.choice(["Harbour View", "Old Town", "Riverside", "University District", "Airport"])
    room = R.choices(["Entire home/apt", "Private room", "Shared room", "Hotel room"], weights=[50, 35, 10, 5])[0]
    price = {"Entire home/apt": 140, "Private room": 70, "Shared room": 35, "Hotel room": 120}[room] + R.randint(-25, 120)
    nights = R.choice([1, 1, 2, 2, 3, 5, 7, 14, 30])
    reviews = R.randint(0, 300)
    score = round(R.uniform(3.2, 5.0), 2) if reviews else ""
    host = R.choice(["t", "f", "f"])
    rows.append([30000 + i, f"Listing {i + 1}", hood, room, price, nights, reviews, score, host])
write("listings.csv", ["id", "name", "neighbourhood", "room_type", "price", "minimum_nights", "number_of_reviews", "review_scores_rating", "host_is_superhost"], rows)
