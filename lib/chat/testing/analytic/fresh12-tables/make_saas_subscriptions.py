#!/usr/bin/python3
"""Writes saas_subscriptions.csv: a made-up but realistic subscription export of a small SaaS company
(one row per subscription), the way a billing tool exports it: money as text ("$1,234.50"), Yes/No
flags, ISO dates, a blank cancel date for live subscriptions, and a few blank cells.

Seeded, so the file is the same on every run:  /usr/bin/python3 make_saas_subscriptions.py
"""
import csv
import datetime as dt
import os
import random

rng = random.Random(12)
HERE = os.path.dirname(os.path.abspath(__file__))

# Price per seat per month; annual billing is 15% cheaper.
PLANS = {"Starter": (15.0, 1, 5), "Growth": (29.0, 3, 20), "Business": (49.0, 10, 60), "Enterprise": (89.0, 40, 300)}
PLAN_WEIGHTS = [0.38, 0.32, 0.2, 0.1]
COUNTRIES = {
    "North America": ["United States", "United States", "United States", "Canada", "Mexico"],
    "EMEA": ["United Kingdom", "Germany", "France", "Netherlands", "Spain", "South Africa"],
    "APAC": ["Australia", "Japan", "India", "Singapore"],
    "LATAM": ["Brazil", "Argentina", "Chile", "Colombia"],
}
REGION_WEIGHTS = [0.42, 0.3, 0.18, 0.1]
REPS = ["Dana Whitfield", "Marco Bellini", "Priya Nair", "Tom Okafor", "Lena Fischer", "Sam Castillo"]
FIRST = ["Blue", "North", "Bright", "Silver", "Green", "Rapid", "Clear", "Iron", "Summit", "Harbor", "Cedar", "Nova", "Pixel", "Urban", "Atlas"]
SECOND = ["Labs", "Logistics", "Foods", "Health", "Media", "Analytics", "Studio", "Works", "Dental", "Legal", "Retail", "Energy", "Travel", "Systems"]
SUFFIX = ["Inc", "LLC", "Ltd", "GmbH", "Co", ""]
EXPORT_DAY = dt.date(2025, 3, 31)


def money(x):
    return f"${x:,.2f}"


def main():
    rows = []
    used_names = set()
    start = dt.date(2022, 1, 1)
    span = (dt.date(2024, 12, 31) - start).days
    for i in range(520):
        while True:
            name = f"{rng.choice(FIRST)} {rng.choice(SECOND)}"
            suffix = rng.choice(SUFFIX)
            name = f"{name} {suffix}".strip()
            if name not in used_names:
                used_names.add(name)
                break
        plan = rng.choices(list(PLANS), PLAN_WEIGHTS)[0]
        price, lo, hi = PLANS[plan]
        seats = rng.randint(lo, hi)
        billing = "Annual" if rng.random() < (0.25 + 0.15 * list(PLANS).index(plan)) else "Monthly"
        mrr = round(seats * price * (0.85 if billing == "Annual" else 1.0), 2)
        region = rng.choices(list(COUNTRIES), REGION_WEIGHTS)[0]
        country = rng.choice(COUNTRIES[region])
        channel = rng.choices(["Website", "Sales", "Partner"], [0.5, 0.35, 0.15])[0]
        if plan == "Enterprise":
            channel = "Sales" if rng.random() < 0.8 else "Partner"
        rep = rng.choice(REPS) if channel != "Website" else ""
        signup = start + dt.timedelta(days=rng.randint(0, span))
        u = rng.random()
        status = "Cancelled" if u < 0.24 else ("Paused" if u < 0.31 else "Active")
        cancel = ""
        if status == "Cancelled":
            c = signup + dt.timedelta(days=rng.randint(20, 720))
            if c <= EXPORT_DAY:
                cancel = c.isoformat()
            else:
                status = "Active"  # would cancel after the export: still live on the export day
        auto_renew = "No" if status == "Cancelled" else ("Yes" if rng.random() < 0.72 else "No")
        tickets = min(int(rng.expovariate(1 / (2 + seats / 25))), 60)
        seats_text = str(seats)
        if rng.random() < 0.025:
            seats_text = ""  # the seat count did not sync
        if rng.random() < 0.02:
            country = ""
        rows.append(
            {
                "Subscription ID": f"SUB-{10001 + i}",
                "Customer": name,
                "Plan": plan,
                "Billing": billing,
                "Seats": seats_text,
                "MRR": money(mrr),
                "Region": region,
                "Country": country,
                "Channel": channel,
                "Sales Rep": rep,
                "Signup Date": signup.isoformat(),
                "Status": status,
                "Cancel Date": cancel,
                "Auto Renew": auto_renew,
                "Support Tickets": tickets,
            }
        )
    rows.sort(key=lambda r: r["Signup Date"])
    with open(os.path.join(HERE, "saas_subscriptions.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} rows written to saas_subscriptions.csv")


if __name__ == "__main__":
    main()
