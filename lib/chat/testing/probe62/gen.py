#!/usr/bin/python3
"""Seeded generator of probe62's tables: business exports as downloaded from an expense tool and a CRM (headers with
spaces, symbols and units; money and percentages as text; Yes/No and TRUE/FALSE flags; two dates per row; blank
cells). /usr/bin/python3 lib/chat/testing/probe62/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(62)


def money(x):
    return f"${x:,.2f}"


EMPLOYEES = {
    "Priya Shah": "Sales", "Marcus Lee": "Sales", "Elena Rossi": "Sales", "Tom Becker": "Marketing",
    "Aisha Khan": "Marketing", "Diego Alvarez": "Engineering", "Hannah Cole": "Engineering", "Kenji Mori": "Engineering",
    "Sofia Novak": "Finance", "Liam O'Brien": "Finance", "Grace Kim": "Operations", "Owen Hughes": "Operations",
}
CATEGORY_SCALE = {"Travel": 6.3, "Lodging": 5.9, "Meals": 3.9, "Software": 4.6, "Office Supplies": 3.6, "Training": 6.0}


def expense_claims(n=640):
    emp = rng.choice(list(EMPLOYEES), n)
    cat = rng.choice(list(CATEGORY_SCALE), n, p=[0.27, 0.18, 0.25, 0.1, 0.12, 0.08])
    amount = np.round([rng.lognormal(CATEGORY_SCALE[c], 0.55) for c in cat], 2)
    submitted = [pd.Timestamp("2025-01-02") + pd.Timedelta(days=int(o)) for o in rng.integers(0, 331, n)]
    status = rng.choice(["Approved", "Rejected", "Pending"], n, p=[0.72, 0.14, 0.14])
    # claims submitted in the last weeks are more often still pending
    recent = np.array([s >= pd.Timestamp("2025-11-10") for s in submitted])
    status = np.where(recent & (rng.random(n) < 0.6), "Pending", status)
    receipt = np.where(rng.random(n) < 0.83, "Yes", "No")
    violation = np.where((receipt == "No") & (rng.random(n) < 0.5) | (rng.random(n) < 0.06), "TRUE", "FALSE")
    lag = rng.integers(1, 22, n)
    approved_on = [(s + pd.Timedelta(days=int(l))).strftime("%Y-%m-%d") if st == "Approved" else "" for s, l, st in zip(submitted, lag, status)]
    pct = np.where(status == "Approved", rng.choice([100, 100, 100, 80, 50], n), np.where(status == "Rejected", 0, rng.choice([0], n)))
    pct_text = [f"{p}%" if st != "Pending" else "" for p, st in zip(pct, status)]
    reimbursed = [money(a * p / 100) if st != "Pending" else "" for a, p, st in zip(amount, pct, status)]
    merchant = {"Travel": ["Delta", "United", "Uber", "Amtrak"], "Lodging": ["Marriott", "Hilton", "Airbnb"],
                "Meals": ["Starbucks", "Chipotle", "Local Bistro", "Panera"], "Software": ["Adobe", "Atlassian", "Zoom"],
                "Office Supplies": ["Staples", "Amazon"], "Training": ["Coursera", "O'Reilly", "PMI"]}
    df = pd.DataFrame({
        "Claim ID": [f"EXP-{5001 + i}" for i in range(n)],
        "Employee": emp,
        "Department": [EMPLOYEES[e] for e in emp],
        "Category": cat,
        "Merchant": [rng.choice(merchant[c]) for c in cat],
        "Amount": [money(a) for a in amount],
        "Currency": "USD",
        "Submitted": [s.strftime("%Y-%m-%d") for s in submitted],
        "Approved On": approved_on,
        "Status": status,
        "Receipt Attached": receipt,
        "Policy Violation": violation,
        "Reimbursed %": pct_text,
        "Reimbursed Amount": reimbursed,
    })
    df = df.sort_values("Submitted", kind="stable").reset_index(drop=True)
    df["Claim ID"] = [f"EXP-{5001 + i}" for i in range(n)]
    df.to_csv(os.path.join(HERE, "expense_claims.csv"), index=False)


STAGE_PROB = {"Prospecting": 10, "Qualification": 20, "Proposal": 50, "Negotiation": 75, "Closed Won": 100, "Closed Lost": 0}


def crm_opportunities(n=560):
    owners = ["Rachel Green", "Sam Patel", "Jordan Brooks", "Mei Lin", "Carlos Ortiz", "Nina Fischer"]
    accounts = ["Northwind", "Contoso", "Globex", "Initech", "Umbrella Health", "Stark Logistics", "Wayne Media",
                "Hooli", "Vandelay Imports", "Soylent Foods", "Tyrell Systems", "Cyberdyne", "Oscorp", "Wonka Retail"]
    created = [pd.Timestamp("2025-01-06") + pd.Timedelta(days=int(o)) for o in rng.integers(0, 300, n)]
    stage = rng.choice(list(STAGE_PROB), n, p=[0.12, 0.13, 0.15, 0.1, 0.28, 0.22])
    close = [c + pd.Timedelta(days=int(d)) for c, d in zip(created, rng.integers(14, 150, n))]
    prob = [STAGE_PROB[s] if rng.random() < 0.8 or s.startswith("Closed") else STAGE_PROB[s] + int(rng.choice([-5, 5, 10])) for s in stage]
    amount = np.round(rng.lognormal(9.7, 0.8, n), -1)
    otype = rng.choice(["New Business", "Renewal", "Upsell"], n, p=[0.5, 0.3, 0.2])
    source = rng.choice(["Web", "Referral", "Partner", "Trade Show", "Cold Call", ""], n, p=[0.3, 0.2, 0.15, 0.12, 0.15, 0.08])
    df = pd.DataFrame({
        "Opportunity ID": [f"OPP-{2001 + i}" for i in range(n)],
        "Account": rng.choice(accounts, n),
        "Owner": rng.choice(owners, n),
        "Region": rng.choice(["AMER", "EMEA", "APAC"], n, p=[0.5, 0.3, 0.2]),
        "Type": otype,
        "Lead Source": source,
        "Stage": stage,
        "Amount": [money(a) for a in amount],
        "Probability": [f"{p}%" for p in prob],
        "Created": [c.strftime("%m/%d/%Y") for c in created],
        "Close Date": [c.strftime("%m/%d/%Y") for c in close],
        "Competitor": rng.choice(["None", "Acme Cloud", "Bolt CRM", "Zenith", ""], n, p=[0.35, 0.25, 0.2, 0.1, 0.1]),
    })
    df.to_csv(os.path.join(HERE, "crm_opportunities.csv"), index=False)


if __name__ == "__main__":
    expense_claims()
    crm_opportunities()
