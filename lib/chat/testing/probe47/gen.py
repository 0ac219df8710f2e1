#!/usr/bin/python3
"""Writes probe47's made-up business exports (seeded): ecom_orders.csv, ad_campaigns.csv, subscriptions.csv,
support_tickets.csv. /usr/bin/python3 lib/chat/testing/probe47/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(47)


def money(x):
    return f"${x:,.2f}"


# ecom_orders: two years of orders growing over time, amounts exported as "$1,234.50" text, returns Y/N.
days = pd.date_range("2023-01-01", "2024-12-31", freq="D")
weights = np.linspace(1.0, 1.8, len(days)) * (1 + 0.35 * (days.month.isin([11, 12])))
n = 2400
order_days = rng.choice(days, size=n, p=weights / weights.sum())
order_days.sort()
customers = [f"C{i:04d}" for i in range(1, 521)]
cust_p = rng.pareto(2.5, len(customers)) + 0.2
channels = ["Web", "Mobile App", "Marketplace", "Phone"]
countries = ["Germany", "France", "United Kingdom", "Spain", "Netherlands", "Italy"]
rows = []
for i, d in enumerate(order_days):
    ch = rng.choice(channels, p=[0.45, 0.3, 0.18, 0.07])
    co = rng.choice(countries, p=[0.28, 0.2, 0.2, 0.12, 0.1, 0.1])
    amount = round(float(rng.lognormal(4.6, 0.9)) + (40 if ch == "Phone" else 0), 2)
    discount = float(rng.choice([0, 0, 0, 0.05, 0.1, 0.15, 0.2]))
    ret_p = {"Web": 0.08, "Mobile App": 0.11, "Marketplace": 0.17, "Phone": 0.04}[ch] + (0.04 if co == "Germany" else 0)
    rows.append({
        "order_id": f"SO-{100001 + i}",
        "order_date": pd.Timestamp(d).strftime("%Y-%m-%d"),
        "customer_id": rng.choice(customers, p=cust_p / cust_p.sum()),
        "channel": ch,
        "country": co,
        "amount": money(amount),
        "discount": discount,
        "returned": "Y" if rng.random() < ret_p else "N",
    })
pd.DataFrame(rows).to_csv(os.path.join(HERE, "ecom_orders.csv"), index=False)

# ad_campaigns: one row per campaign and day, first half of 2024.
camp = [("Spring Sale", "Search"), ("Brand Awareness", "Display"), ("Retargeting", "Social"), ("Newsletter Promo", "Email")]
rows = []
for d in pd.date_range("2024-01-01", "2024-06-30", freq="D"):
    for name, ch in camp:
        base = {"Search": 9000, "Display": 30000, "Social": 14000, "Email": 5000}[ch]
        imp = int(rng.poisson(base * (1 + 0.1 * d.month / 6)))
        ctr = {"Search": 0.035, "Display": 0.004, "Social": 0.012, "Email": 0.05}[ch] * rng.uniform(0.7, 1.3)
        clicks = int(rng.binomial(imp, ctr))
        cvr = {"Search": 0.06, "Display": 0.02, "Social": 0.03, "Email": 0.08}[ch] * rng.uniform(0.6, 1.4)
        conv = int(rng.binomial(clicks, cvr))
        cpc = {"Search": 1.1, "Display": 0.6, "Social": 0.8, "Email": 0.15}[ch] * rng.uniform(0.8, 1.2)
        spend = round(clicks * cpc, 2)
        revenue = round(conv * rng.uniform(35, 90), 2)
        rows.append({"date": d.strftime("%Y-%m-%d"), "campaign": name, "channel": ch, "impressions": imp, "clicks": clicks,
                     "conversions": conv, "spend": spend, "revenue": revenue})
pd.DataFrame(rows).to_csv(os.path.join(HERE, "ad_campaigns.csv"), index=False)

# subscriptions: a ledger of subscriptions started 2022-2024, some cancelled (blank cancel_date when active).
plans = {"Basic": 19, "Pro": 49, "Business": 129}
regions = ["North America", "Europe", "APAC"]
rows = []
starts = pd.to_datetime("2022-01-01") + pd.to_timedelta(np.sort(rng.integers(0, 1096, 900)), unit="D")
for i, s in enumerate(starts):
    plan = rng.choice(list(plans), p=[0.5, 0.35, 0.15])
    seats = 1 if plan == "Basic" else int(rng.integers(1, 6))
    mrr = plans[plan] * seats
    cancel = ""
    if rng.random() < 0.38:
        c = s + pd.Timedelta(days=int(rng.integers(30, 700)))
        if c <= pd.Timestamp("2024-12-31"):
            cancel = c.strftime("%Y-%m-%d")
    rows.append({"subscription_id": f"SUB{i + 1:05d}", "account": f"ACME-{rng.integers(100, 999)}-{i}", "plan": plan,
                 "region": rng.choice(regions, p=[0.45, 0.35, 0.2]), "seats": seats, "mrr": mrr,
                 "start_date": s.strftime("%Y-%m-%d"), "cancel_date": cancel})
pd.DataFrame(rows).to_csv(os.path.join(HERE, "subscriptions.csv"), index=False)

# support_tickets: opened/closed timestamps (blank closed_at while open), priority, category, agent, CSAT 1-5 or blank.
rows = []
opened = pd.to_datetime("2024-01-01") + pd.to_timedelta(np.sort(rng.integers(0, 366 * 24 * 60, 1100)), unit="min")
for i, o in enumerate(opened):
    pr = rng.choice(["Low", "Medium", "High", "Urgent"], p=[0.35, 0.4, 0.18, 0.07])
    hours = float(rng.exponential({"Low": 60, "Medium": 30, "High": 12, "Urgent": 4}[pr]))
    closed = o + pd.Timedelta(minutes=int(hours * 60) + 5)
    closed_s = "" if closed > pd.Timestamp("2024-12-31 23:59") or rng.random() < 0.03 else closed.strftime("%Y-%m-%d %H:%M")
    rows.append({"ticket_id": f"T-{5001 + i}", "opened_at": o.strftime("%Y-%m-%d %H:%M"), "closed_at": closed_s, "priority": pr,
                 "category": rng.choice(["Billing", "Login", "Bug", "Feature request", "Shipping"], p=[0.25, 0.2, 0.3, 0.1, 0.15]),
                 "agent": rng.choice(["Ana", "Ben", "Chloe", "Dev", "Emma"]),
                 "csat": "" if closed_s == "" or rng.random() < 0.4 else int(rng.choice([1, 2, 3, 4, 5], p=[0.06, 0.09, 0.2, 0.35, 0.3]))})
pd.DataFrame(rows).to_csv(os.path.join(HERE, "support_tickets.csv"), index=False)
print("written")
