#!/usr/bin/python3
"""Made-up business exports of probe49 (seeded; rerun gives the same CSVs): /usr/bin/python3 lib/chat/testing/probe49/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(49)


def day(start, span):
    return (pd.Timestamp(start) + pd.Timedelta(days=int(rng.integers(0, span)))).strftime("%Y-%m-%d")


# 1. Sales invoices: money as "$1,234.50", discount as "10%", Returned Yes/No, a free-text comment with blanks.
regions = ["North", "South", "East", "West"]
channels = ["Online", "Store", "Partner"]
cats = {"Furniture": 420.0, "Office Supplies": 45.0, "Technology": 780.0, "Appliances": 260.0}
comments = ["", "", "", "rush delivery", "gift wrap requested", "damaged box", "customer called twice", "repeat customer"]
rows = []
for i in range(700):
    cat = rng.choice(list(cats))
    units = int(rng.integers(1, 15))
    disc = int(rng.choice([0, 0, 5, 10, 15, 20]))
    rev = round(cats[cat] * units * (1 - disc / 100) * rng.uniform(0.7, 1.3), 2)
    rows.append(
        {
            "Invoice No": f"INV-{10001 + i}",
            "Invoice Date": day("2023-01-01", 730),
            "Region": rng.choice(regions, p=[0.22, 0.2, 0.3, 0.28]),
            "Channel": rng.choice(channels, p=[0.45, 0.35, 0.2]),
            "Category": cat,
            "Units": units,
            "Revenue": f"${rev:,.2f}",
            "Discount": f"{disc}%",
            "Returned": "Yes" if rng.random() < (0.18 if cat == "Technology" else 0.09) else "No",
            "Comment": rng.choice(comments),
        }
    )
pd.DataFrame(rows).to_csv(os.path.join(HERE, "sales_invoices.csv"), index=False)

# 2. Support tickets: priority levels, open tickets without a resolution time, satisfaction 1-5 with blanks.
teams = ["Billing", "Technical", "Accounts", "Shipping"]
prios = ["Low", "Medium", "High", "Urgent"]
rows = []
for i in range(500):
    prio = rng.choice(prios, p=[0.3, 0.35, 0.25, 0.1])
    status = rng.choice(["Closed", "Open", "Pending"], p=[0.7, 0.18, 0.12])
    hours = "" if status != "Closed" else round(float(rng.gamma(2.0, {"Low": 20, "Medium": 12, "High": 7, "Urgent": 3}[prio])), 1)
    csat = "" if status != "Closed" or rng.random() < 0.25 else int(np.clip(round(rng.normal(3.8, 1.0)), 1, 5))
    rows.append(
        {
            "Ticket ID": f"T{5000 + i}",
            "Opened": day("2024-01-01", 366),
            "Team": rng.choice(teams),
            "Priority": prio,
            "Status": status,
            "Resolution Hours": hours,
            "CSAT": csat,
            "Escalated": "Yes" if rng.random() < (0.3 if prio in ("High", "Urgent") else 0.08) else "No",
            "Country": rng.choice(["USA", "Canada", "UK", "Germany", "India"], p=[0.35, 0.15, 0.2, 0.15, 0.15]),
        }
    )
pd.DataFrame(rows).to_csv(os.path.join(HERE, "support_tickets.csv"), index=False)

# 3. Staff roster: departments, offices, hire dates, salaries, job levels, remote Yes/No.
depts = {"Engineering": 98000, "Sales": 72000, "Marketing": 68000, "Finance": 80000, "Operations": 61000}
levels = {"Junior": 0.75, "Mid": 1.0, "Senior": 1.3, "Lead": 1.6}
rows = []
for i in range(320):
    d = rng.choice(list(depts))
    lv = rng.choice(list(levels), p=[0.3, 0.35, 0.25, 0.1])
    rows.append(
        {
            "Employee ID": f"E{2000 + i}",
            "Department": d,
            "Office": rng.choice(["London", "New York", "Berlin", "Singapore"], p=[0.3, 0.35, 0.2, 0.15]),
            "Job Level": lv,
            "Hire Date": day("2015-01-01", 3650),
            "Salary": int(round(depts[d] * levels[lv] * rng.uniform(0.85, 1.15), -2)),
            "Gender": rng.choice(["Female", "Male"]),
            "Remote": rng.choice(["Yes", "No"], p=[0.35, 0.65]),
            "Performance": int(np.clip(round(rng.normal(3.4, 0.9)), 1, 5)),
        }
    )
pd.DataFrame(rows).to_csv(os.path.join(HERE, "staff_roster.csv"), index=False)
