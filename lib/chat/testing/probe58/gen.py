#!/usr/bin/python3
"""Made-up tables of probe58 (seeded): daily_sales.csv (ISO daily dates, a weekday mix), helpdesk_tickets.csv
(timestamps, statuses), quarterly_results.csv ("1995 Q2" labels), trial_visits.csv (a column named Date that holds
visit codes 1-3, and a Week column of small integers). /usr/bin/python3 gen.py, in this folder."""
import numpy as np
import pandas as pd

rng = np.random.default_rng(58)

# daily_sales: three stores, every day of 2022-2023; weekends sell more, December more still.
days = pd.date_range("2022-01-01", "2023-12-31", freq="D")
rows = []
for store, base in [("Harbour", 120), ("Market Street", 90), ("Airport", 150)]:
    for d in days:
        weekend = d.dayofweek >= 5
        season = 1.35 if d.month == 12 else (0.85 if d.month in (1, 2) else 1.0)
        promo = rng.random() < 0.15
        units = int(rng.poisson(base * season * (1.4 if weekend else 1.0) * (1.25 if promo else 1.0)))
        price = round(float(rng.normal(12.5, 0.6)), 2)
        rows.append((d.strftime("%Y-%m-%d"), store, units, round(units * price, 2), "yes" if promo else "no"))
pd.DataFrame(rows, columns=["date", "store", "units", "revenue", "promo"]).to_csv("daily_sales.csv", index=False)

# helpdesk_tickets: opened timestamps over 2023-07 .. 2024-06, closed ones with a closing time.
n = 640
start = pd.Timestamp("2023-07-01")
opened = sorted(start + pd.to_timedelta(rng.integers(0, 366 * 24 * 60, n), unit="m"))
channels = rng.choice(["email", "phone", "chat", "web form"], n, p=[0.35, 0.2, 0.3, 0.15])
priority = rng.choice(["low", "normal", "high", "urgent"], n, p=[0.3, 0.4, 0.2, 0.1])
agents = rng.choice(["Amara", "Bruno", "Chen", "Dalia", "Emil"], n)
status = rng.choice(["closed", "open", "pending", "escalated"], n, p=[0.7, 0.12, 0.1, 0.08])
out = []
for i in range(n):
    hours = round(float(rng.gamma(2.0, {"low": 20, "normal": 12, "high": 6, "urgent": 3}[priority[i]])), 1)
    closed = status[i] == "closed"
    closed_at = (opened[i] + pd.Timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M") if closed else ""
    csat = int(rng.integers(1, 6)) if closed and rng.random() < 0.7 else ""
    out.append((f"T{10001 + i}", opened[i].strftime("%Y-%m-%d %H:%M"), closed_at, channels[i], priority[i], status[i],
                agents[i], hours if closed else "", csat))
pd.DataFrame(out, columns=["ticket_id", "opened_at", "closed_at", "channel", "priority", "status", "agent",
                           "resolution_hours", "csat"]).to_csv("helpdesk_tickets.csv", index=False)

# quarterly_results: 1993 Q1 .. 2004 Q4 for three segments.
rows = []
for seg, base in [("Retail", 40.0), ("Wholesale", 65.0), ("Online", 8.0)]:
    growth = {"Retail": 1.01, "Wholesale": 1.005, "Online": 1.07}[seg]
    for y in range(1993, 2005):
        for q in range(1, 5):
            t = (y - 1993) * 4 + q - 1
            rev = base * growth ** t * (1.15 if q == 4 else 1.0) * float(rng.normal(1, 0.04))
            cost = rev * float(rng.uniform(0.7, 0.95))
            rows.append((f"{y} Q{q}", seg, round(rev, 2), round(cost, 2), int(rev * 9 + rng.integers(-20, 20))))
pd.DataFrame(rows, columns=["quarter", "segment", "revenue_musd", "operating_cost_musd", "employees"]).to_csv(
    "quarterly_results.csv", index=False)

# trial_visits: a coded clinical run; Date is the visit code (1-3), Week the study week (small integer).
rows = []
for pid in range(1, 61):
    arm = ["placebo", "low dose", "high dose"][pid % 3]
    site = ["North", "South"][pid % 2]
    base = float(rng.normal(140, 12))
    for visit, week in [(1, 0), (2, 4), (3, 12)]:
        drop = {"placebo": 1, "low dose": 4, "high dose": 7}[arm] * (visit - 1)
        rows.append((f"P{pid:03d}", site, arm, visit, week, round(base - drop + float(rng.normal(0, 5)), 1),
                     round(float(rng.normal(78, 11)), 1)))
pd.DataFrame(rows, columns=["patient", "site", "arm", "Date", "Week", "systolic_bp", "weight_kg"]).to_csv(
    "trial_visits.csv", index=False)
