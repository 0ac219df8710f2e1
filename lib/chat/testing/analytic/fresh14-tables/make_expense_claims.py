#!/usr/bin/python3
"""Writes expense_claims.csv: a made-up but realistic expense-claims export of a company (fresh14's sixth table).

Seeded, so the file is the same on every run:  /usr/bin/python3 make_expense_claims.py
One row per claim: an id (`Claim ID`), two ISO dates (`Submitted`, `Approved On` blank unless approved or
paid), money as text ("$1,234.50"), a tax rate as percent text ("8.25%"), Yes/No flags, category fields of
3 to 8 values, and blanks where an export has them (`Payment Method` for mileage claims, `Project Code` for
claims not billed to a project, `Kilometres` except for mileage, `Approved On` while pending or rejected).
"""
import csv
import datetime as dt
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = 486
rng = random.Random(20261128 + 14)

EMPLOYEES = {
    "Sales": ["Dana Whitfield", "Marco Ruiz", "Priya Nair", "Tom Becker", "Aisha Khan"],
    "Engineering": ["Lena Fischer", "Raj Patel", "Owen Clarke", "Mei Chen"],
    "Marketing": ["Sofia Rossi", "Jake Morgan", "Hannah Lee"],
    "Finance": ["Victor Alvarez", "Grace Kim"],
    "Operations": ["Noah Brooks", "Ingrid Olsen", "Samuel Ade"],
    "HR": ["Chloe Martin", "Ben Carter"],
}
DEPT_WEIGHTS = {"Sales": 34, "Engineering": 20, "Marketing": 16, "Finance": 8, "Operations": 15, "HR": 7}
# Expense type -> (typical amount range in dollars, weight by department order above)
TYPES = {
    "Airfare": ((180, 1450), [18, 10, 10, 6, 12, 6]),
    "Hotel": ((110, 980), [18, 10, 10, 6, 12, 6]),
    "Meals": ((12, 240), [22, 12, 14, 10, 12, 10]),
    "Mileage": ((0, 0), [14, 4, 6, 4, 16, 6]),
    "Software": ((9, 600), [3, 26, 10, 8, 4, 6]),
    "Office Supplies": ((6, 180), [4, 8, 8, 20, 12, 20]),
    "Training": ((150, 2200), [5, 14, 8, 14, 8, 22]),
    "Client Entertainment": ((60, 900), [16, 2, 12, 2, 2, 2]),
}
CITIES = (["Chicago", "Austin", "Denver", "Boston", "Seattle"], [30, 22, 16, 18, 14])
TAX = {"Chicago": "10.25%", "Austin": "8.25%", "Denver": "8.81%", "Boston": "6.25%", "Seattle": "10.35%"}
STATUSES = (["Paid", "Approved", "Pending", "Rejected"], [55, 18, 15, 12])
PAYMENTS = (["Corporate Card", "Personal Card", "Cash"], [55, 35, 10])
PROJECTS = ["PRJ-ATLAS", "PRJ-BOREAL", "PRJ-CEDAR", "PRJ-DELTA"]
DEPTS = list(EMPLOYEES)


def money(x):
    return f"${x:,.2f}"


def main():
    start = dt.date(2024, 1, 2)
    span = (dt.date(2025, 10, 31) - start).days
    rows = []
    ids = rng.sample(range(10000, 99999), ROWS)
    for i in range(ROWS):
        dept = rng.choices(DEPTS, [DEPT_WEIGHTS[d] for d in DEPTS])[0]
        d = DEPTS.index(dept)
        etype = rng.choices(list(TYPES), [w[d] for _, w in TYPES.values()])[0]
        employee = rng.choice(EMPLOYEES[dept])
        city = rng.choices(*CITIES)[0]
        submitted = start + dt.timedelta(days=rng.randrange(span))
        km = ""
        if etype == "Mileage":
            km_v = rng.randint(12, 640)
            km = str(km_v)
            amount = round(km_v * 0.67, 2)  # the mileage rate per km of the policy
            payment = ""
            tax = "0%"
        else:
            lo, hi = TYPES[etype][0]
            amount = round(rng.uniform(lo, hi) * rng.choice([1, 1, 1, 1.4]), 2)
            payment = rng.choices(*PAYMENTS)[0]
            tax = TAX[city] if etype not in ("Airfare", "Training") else "0%"
        status = rng.choices(*STATUSES)[0]
        approved = ""
        if status in ("Paid", "Approved"):
            approved = (submitted + dt.timedelta(days=rng.choice([0, 1, 1, 2, 3, 3, 4, 5, 7, 9, 12, 16]))).isoformat()
        receipt = "No" if etype == "Mileage" else ("Yes" if rng.random() < (0.9 if status != "Rejected" else 0.45) else "No")
        billable = "Yes" if (dept in ("Sales", "Engineering") and rng.random() < 0.45) or (etype == "Client Entertainment" and rng.random() < 0.6) else "No"
        project = rng.choice(PROJECTS) if billable == "Yes" else ""
        rows.append(
            {
                "Claim ID": f"EXP-{ids[i]}",
                "Employee": employee,
                "Department": dept,
                "Expense Type": etype,
                "City": city,
                "Amount": money(amount),
                "Tax Rate": tax,
                "Kilometres": km,
                "Payment Method": payment,
                "Receipt Attached": receipt,
                "Billable": billable,
                "Project Code": project,
                "Status": status,
                "Submitted": submitted.isoformat(),
                "Approved On": approved,
            }
        )
    rows.sort(key=lambda r: (r["Submitted"], r["Claim ID"]))
    with open(os.path.join(HERE, "expense_claims.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
