#!/usr/bin/python3
"""Made-up but realistic exports of probe51 (seeded; rerun gives the same CSVs): several *_code / *_date / *_amount /
*_score fields per table and category values that share a stem with a verb of the questions ("Starter", "Open",
"Closed", "Pending", "Returned", "Shipped", "Approved"). /usr/bin/python3 lib/chat/testing/probe51/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(51)


def day(start, span):
    return pd.Timestamp(start) + pd.Timedelta(days=int(rng.integers(0, span)))


def iso(t):
    return "" if t is None else t.strftime("%Y-%m-%d")


# 1. SaaS subscriptions export: one row per subscription.
rows = []
plans = {"Starter": 29, "Growth": 79, "Pro": 199, "Enterprise": 899}
for i in range(520):
    plan = rng.choice(list(plans), p=[0.4, 0.3, 0.2, 0.1])
    status = rng.choice(["Active", "Cancelled", "Paused", "Pending"], p=[0.62, 0.24, 0.07, 0.07])
    start = day("2023-01-01", 730)
    cancel = start + pd.Timedelta(days=int(rng.integers(20, 400))) if status == "Cancelled" else None
    cycle = rng.choice(["Monthly", "Annual"], p=[0.7, 0.3])
    renewal = start
    while renewal <= pd.Timestamp("2024-12-31"):
        renewal = renewal + (pd.DateOffset(months=1) if cycle == "Monthly" else pd.DateOffset(years=1))
    promo = rng.choice(["", "WELCOME20", "SPRING10", "BF30"], p=[0.6, 0.2, 0.1, 0.1])
    seats = int(rng.integers(1, 6)) if plan == "Starter" else int(rng.integers(3, 60))
    monthly = round(plans[plan] * (1 + 0.02 * seats) * rng.uniform(0.95, 1.05), 2)
    discount = round(monthly * {"": 0, "WELCOME20": 0.2, "SPRING10": 0.1, "BF30": 0.3}[promo], 2)
    setup = float(rng.choice([0, 0, 99, 249])) if plan in ("Pro", "Enterprise") else 0.0
    churn = int(np.clip(rng.normal(35 + (25 if status == "Cancelled" else 0) - (10 if plan == "Enterprise" else 0), 15), 0, 100))
    health = int(np.clip(100 - churn + rng.normal(0, 10), 0, 100))
    rows.append((f"SUB-{10001 + i}", f"AC{rng.integers(1000, 9999)}", plan, status, cycle,
                 rng.choice(["NA", "EU", "APAC", "LATAM"], p=[0.45, 0.3, 0.15, 0.1]), promo,
                 iso(start), iso(cancel), iso(renewal), monthly, discount, setup, seats,
                 int(rng.choice([1, 2, 3], p=[0.6, 0.3, 0.1])), churn, health))
pd.DataFrame(rows, columns=["subscription_id", "account_code", "plan", "status", "billing_cycle", "region_code",
                            "promo_code", "start_date", "cancel_date", "next_renewal_date", "monthly_amount",
                            "discount_amount", "setup_amount", "seats", "support_tier", "churn_score",
                            "health_score"]).to_csv(os.path.join(HERE, "subscriptions.csv"), index=False)

# 2. Helpdesk ticket export (2024).
agents = ["Maya Chen", "Tom Berg", "Lena Ortiz", "Ravi Nair", "Sara Holt", "Jonas Weber", "Amy Park", "Omar Aziz"]
customers = [f"{a} {b}" for a in ["Acme", "Globex", "Initech", "Hooli", "Vandelay", "Stark", "Wayne", "Umbrella", "Soylent", "Tyrell"]
             for b in ["Ltd", "Inc", "GmbH", "Group"]]
rows = []
for i in range(640):
    opened = day("2024-01-01", 366)
    status = rng.choice(["Open", "Closed", "Pending", "Escalated"], p=[0.14, 0.66, 0.12, 0.08])
    if opened > pd.Timestamp("2024-12-10") and status == "Closed":
        status = "Open"
    first = opened + pd.Timedelta(days=int(rng.integers(0, 3)))
    closed = None
    if status == "Closed":
        closed = min(opened + pd.Timedelta(days=int(rng.geometric(0.25))), pd.Timestamp("2024-12-31"))
    prio = rng.choice(["Low", "Medium", "High", "Urgent"], p=[0.3, 0.4, 0.2, 0.1])
    res = rng.choice(["R01", "R02", "R03", "R04", "R05"]) if closed is not None else ""
    rating = int(rng.integers(1, 6)) if closed is not None and rng.random() < 0.7 else ""
    rows.append((f"T-{20001 + i}", iso(opened), iso(first), iso(closed), status, prio,
                 rng.choice(["Billing", "Login", "Bug", "Feature request", "Shipping"]),
                 rng.choice(["Email", "Chat", "Phone"], p=[0.5, 0.3, 0.2]), rng.choice(agents),
                 rng.choice(customers), rng.choice(["P-100", "P-200", "P-300", "P-400"]),
                 rng.choice(["Q1", "Q2", "Q3", "Q4"]), res, rating,
                 int(rng.choice([0, 0, 0, 0, 1, 1, 2, 3])),
                 int(np.clip(rng.lognormal(3.2 + (0.5 if prio == "Urgent" else 0), 0.6), 3, 600))))
pd.DataFrame(rows, columns=["ticket_id", "opened_date", "first_response_date", "closed_date", "status", "priority",
                            "category", "channel", "agent_name", "customer_name", "product_code", "queue_code",
                            "resolution_code", "satisfaction_rating", "reopen_count",
                            "handle_minutes"]).to_csv(os.path.join(HERE, "support_tickets.csv"), index=False)

# 3. Web-shop order export (2024): one row per order, with its shipping, delivery and return dates.
rows = []
cities = ["Leeds", "Bristol", "Glasgow", "Cardiff", "Belfast", "Norwich", "York"]
for i in range(560):
    ordered = day("2024-01-01", 350)
    status = rng.choice(["Processing", "Shipped", "Delivered", "Returned", "Cancelled"], p=[0.06, 0.1, 0.62, 0.12, 0.1])
    ship = ordered + pd.Timedelta(days=int(rng.integers(1, 4))) if status in ("Shipped", "Delivered", "Returned") else None
    deliv = ship + pd.Timedelta(days=int(rng.integers(1, 6))) if status in ("Delivered", "Returned") else None
    ret = deliv + pd.Timedelta(days=int(rng.integers(2, 25))) if status == "Returned" else None
    qty = int(rng.integers(1, 6))
    item = round(qty * float(rng.lognormal(3.2, 0.6)), 2)
    rows.append((f"ORD-{30001 + i}", iso(ordered), iso(ship), iso(deliv), iso(ret), status,
                 rng.choice(["ST01", "ST02", "ST03", "ST04", "ST05"]), f"SKU{rng.integers(100, 400)}",
                 rng.choice(["CC", "PP", "GC", "COD"], p=[0.55, 0.25, 0.1, 0.1]), rng.choice(cities), qty, item,
                 round(item * 0.2, 2), float(rng.choice([0, 3.95, 5.95])), round(item if status == "Returned" else 0, 2),
                 int(rng.integers(1, 6)) if status in ("Delivered", "Returned") else ""))
pd.DataFrame(rows, columns=["order_id", "order_date", "ship_date", "delivery_date", "return_date", "order_status",
                            "store_code", "sku_code", "payment_code", "ship_city", "quantity", "item_amount",
                            "tax_amount", "shipping_amount", "refund_amount",
                            "customer_rating"]).to_csv(os.path.join(HERE, "store_orders.csv"), index=False)

# 4. Loan book export: applications 2022-2024.
rows = []
for i in range(430):
    applied = day("2022-01-01", 1095)
    ltype = rng.choice(["Home", "Auto", "Personal", "Business"], p=[0.3, 0.3, 0.3, 0.1])
    status = rng.choice(["Approved", "Rejected", "Pending", "Defaulted", "Closed"], p=[0.5, 0.2, 0.08, 0.07, 0.15])
    approved = applied + pd.Timedelta(days=int(rng.integers(3, 30))) if status in ("Approved", "Defaulted", "Closed") else None
    amount = round(float(rng.lognormal({"Home": 12, "Auto": 10, "Personal": 9, "Business": 11}[ltype], 0.4)), -2)
    credit = int(np.clip(rng.normal(690 - (60 if status in ("Rejected", "Defaulted") else 0), 55), 400, 850))
    rows.append((f"LN{40001 + i}", rng.choice(["B01", "B02", "B03", "B04", "B05"]), f"OF{rng.integers(1, 13):02d}",
                 ltype, rng.choice(["Fixed", "Variable"], p=[0.65, 0.35]), status, iso(applied), iso(approved),
                 amount, round(min(amount * 0.01, 1500), 2), round(float(rng.uniform(3, 14)), 2), credit,
                 int(np.clip(rng.normal((850 - credit) / 5, 8), 0, 100)),
                 int(rng.choice([12, 24, 36, 48, 60])) if ltype != "Home" else int(rng.choice([240, 300, 360])),
                 int(rng.choice([0, 1, 2, 3, 4], p=[0.35, 0.25, 0.25, 0.1, 0.05])), int(rng.integers(21, 70))))
pd.DataFrame(rows, columns=["loan_id", "branch_code", "officer_code", "loan_type", "rate_type", "status",
                            "application_date", "approval_date", "loan_amount", "fee_amount", "interest_rate",
                            "credit_score", "risk_score", "term_months", "dependents",
                            "borrower_age"]).to_csv(os.path.join(HERE, "loans.csv"), index=False)
