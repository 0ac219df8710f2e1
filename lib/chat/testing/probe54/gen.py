#!/usr/bin/python3
"""Seeded generator of probe54's tables: business exports as downloaded from a billing system, a helpdesk, a shop
and an applicant tracking system (headers with spaces, symbols and units; money and percentages as text; Yes/No and
TRUE/FALSE flags; two or three dates per row; blank cells). /usr/bin/python3 lib/chat/testing/probe54/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(54)


def money(x):
    return f"${x:,.2f}"


def day(base, offsets):
    return [(base + pd.Timedelta(days=int(o))) for o in offsets]


def invoices(n=820):
    issue = day(pd.Timestamp("2024-01-02"), rng.integers(0, 365, n))
    terms = rng.choice([15, 30, 45], n, p=[0.3, 0.55, 0.15])
    due = [d + pd.Timedelta(days=int(t)) for d, t in zip(issue, terms)]
    paid_flag = rng.random(n) < 0.78
    lag = rng.integers(-5, 40, n)
    paid = [(d + pd.Timedelta(days=int(t + l))).strftime("%Y-%m-%d") if p else "" for d, t, l, p in zip(issue, terms, lag, paid_flag)]
    sub = np.round(rng.lognormal(6.6, 0.8, n), 2)
    tax = rng.choice([0, 5, 8, 10, 20], n, p=[0.15, 0.2, 0.3, 0.2, 0.15])
    method = rng.choice(["Card", "Bank Transfer", "PayPal", "Check", ""], n, p=[0.35, 0.3, 0.15, 0.08, 0.12])
    method = np.where(paid_flag, method, "")
    df = pd.DataFrame({
        "Invoice #": [f"INV-{10001 + i}" for i in range(n)],
        "Customer": rng.choice(["Acme Corp", "Bluebird LLC", "Cobalt Inc", "Delta Foods", "Evergreen Co", "Falcon Labs", "Granite Ltd", "Harbor & Sons", "Ivy Studio", "Juniper Health", "Kestrel Air", "Lumen Retail"], n),
        "Region": rng.choice(["North", "South", "East", "West"], n, p=[0.3, 0.2, 0.3, 0.2]),
        "Product Line": rng.choice(["Software", "Hardware", "Services", "Training", ""], n, p=[0.35, 0.25, 0.25, 0.1, 0.05]),
        "Issue Date": [d.strftime("%Y-%m-%d") for d in issue],
        "Due Date": [d.strftime("%Y-%m-%d") for d in due],
        "Paid Date": paid,
        "Subtotal": [money(x) for x in sub],
        "Tax Rate": [f"{t}%" for t in tax],
        "Total Due": [money(round(x * (1 + t / 100), 2)) for x, t in zip(sub, tax)],
        "Paid?": np.where(paid_flag, "Yes", "No"),
        "Payment Method": method,
        "Sales Rep": rng.choice(["Ana Ruiz", "Ben Cole", "Chloe Park", "Dev Patel", "Emma Stone"], n),
    })
    df.to_csv(os.path.join(HERE, "invoices.csv"), index=False)


def tickets(n=1240):
    opened = [pd.Timestamp("2024-03-01 08:00") + pd.Timedelta(minutes=int(m)) for m in rng.integers(0, 60 * 24 * 180, n)]
    prio = rng.choice(["Low", "Medium", "High", "Urgent"], n, p=[0.35, 0.4, 0.18, 0.07])
    scale = {"Low": 90, "Medium": 60, "High": 30, "Urgent": 10}
    hours = np.array([rng.exponential(scale[p]) + 0.5 for p in prio])
    closed_flag = rng.random(n) < 0.86
    closed = [(o + pd.Timedelta(hours=float(h))).strftime("%Y-%m-%d %H:%M") if c else "" for o, h, c in zip(opened, hours, closed_flag)]
    csat = np.where(closed_flag & (rng.random(n) < 0.6), rng.choice([1, 2, 3, 4, 5], n, p=[0.08, 0.1, 0.2, 0.32, 0.3]).astype(str), "")
    first = np.round(rng.gamma(2.0, 2.5, n), 1)
    df = pd.DataFrame({
        "Ticket ID": [f"T-{50000 + i}" for i in range(n)],
        "Subject Category": rng.choice(["Billing", "Login", "Bug", "Feature Request", "Shipping", ""], n, p=[0.22, 0.18, 0.25, 0.1, 0.15, 0.1]),
        "Priority": prio,
        "Channel": rng.choice(["Email", "Chat", "Phone", "Web Form"], n, p=[0.4, 0.3, 0.15, 0.15]),
        "Agent": np.where(rng.random(n) < 0.05, "", rng.choice(["Maya", "Omar", "Priya", "Sam", "Tom", "Yuki"], n)),
        "Opened At": [o.strftime("%Y-%m-%d %H:%M") for o in opened],
        "Closed At": closed,
        "Status": np.where(closed_flag, "Closed", rng.choice(["Open", "Pending", "On Hold"], n)),
        "Escalated": np.where(rng.random(n) < 0.14, "TRUE", "FALSE"),
        "First Response (hrs)": first,
        "CSAT": csat,
        "Reopened": np.where(rng.random(n) < 0.09, "Yes", "No"),
    })
    df.to_csv(os.path.join(HERE, "support_tickets.csv"), index=False)


def shipments(n=980):
    ordered = day(pd.Timestamp("2024-01-01"), rng.integers(0, 300, n))
    ship_lag = rng.choice([0, 1, 2, 3, 4, 5, 7], n, p=[0.1, 0.3, 0.25, 0.15, 0.1, 0.05, 0.05])
    shipped_flag = rng.random(n) < 0.93
    shipped = [o + pd.Timedelta(days=int(l)) for o, l in zip(ordered, ship_lag)]
    carrier = rng.choice(["UPS", "FedEx", "USPS", "DHL", ""], n, p=[0.32, 0.28, 0.22, 0.1, 0.08])
    carrier = np.where(shipped_flag, carrier, "")
    transit = rng.integers(1, 9, n)
    delivered_flag = shipped_flag & (rng.random(n) < 0.9)
    qty = rng.choice([1, 1, 1, 2, 2, 3, 4, 5, 10], n)
    price = rng.choice([4.99, 9.5, 12.0, 19.99, 24.5, 49.0, 89.99, 129.0], n)
    express = rng.random(n) < 0.2
    cost = np.round(np.where(express, 18, 6) + rng.random(n) * 8, 2)
    status = np.where(delivered_flag, "Delivered", np.where(shipped_flag, "In Transit", rng.choice(["Processing", "Cancelled"], n)))
    df = pd.DataFrame({
        "Order #": [f"#{200100 + i}" for i in range(n)],
        "Order Date": [d.strftime("%m/%d/%Y") for d in ordered],
        "Ship Date": [d.strftime("%m/%d/%Y") if f else "" for d, f in zip(shipped, shipped_flag)],
        "Delivery Date": [(d + pd.Timedelta(days=int(t))).strftime("%m/%d/%Y") if f else "" for d, t, f in zip(shipped, transit, delivered_flag)],
        "Customer State": rng.choice(["CA", "TX", "NY", "FL", "WA", "IL", "OH"], n),
        "Carrier": carrier,
        "Item": rng.choice(["Mug", "T-Shirt", "Poster", "Hoodie", "Sticker Pack", "Backpack", "Water Bottle", "Cap"], n),
        "Qty": qty,
        "Unit Price ($)": price,
        "Shipping Cost": [money(c) for c in cost],
        "Express Shipping": np.where(express, "Yes", "No"),
        "Weight (kg)": np.round(0.2 * qty + rng.random(n) * 1.5, 2),
        "Status": status,
        "Gift Wrap": np.where(rng.random(n) < 0.12, "TRUE", "FALSE"),
    })
    df.to_csv(os.path.join(HERE, "shipments.csv"), index=False)


def applications(n=520):
    applied = day(pd.Timestamp("2024-02-01"), rng.integers(0, 240, n))
    interviewed = rng.random(n) < 0.4
    iv = [a + pd.Timedelta(days=int(x)) for a, x in zip(applied, rng.integers(5, 30, n))]
    decided = rng.random(n) < 0.85
    dec = [a + pd.Timedelta(days=int(x)) for a, x in zip(applied, rng.integers(10, 70, n))]
    offer = interviewed & decided & (rng.random(n) < 0.35)
    hired = offer & (rng.random(n) < 0.75)
    years = rng.integers(0, 21, n)
    salary = np.round(48000 + years * 2800 + rng.normal(0, 9000, n), -2)
    df = pd.DataFrame({
        "Application ID": [f"A{3000 + i}" for i in range(n)],
        "Position": rng.choice(["Software Engineer", "Data Analyst", "Product Manager", "Designer", "Sales Associate", "Support Specialist"], n),
        "Department": rng.choice(["Engineering", "Product", "Sales", "Support"], n),
        "Source": rng.choice(["LinkedIn", "Referral", "Company Site", "Indeed", ""], n, p=[0.35, 0.15, 0.2, 0.2, 0.1]),
        "Applied On": [d.strftime("%Y-%m-%d") for d in applied],
        "Interview Date": [d.strftime("%Y-%m-%d") if f else "" for d, f in zip(iv, interviewed)],
        "Decision Date": [d.strftime("%Y-%m-%d") if f else "" for d, f in zip(dec, decided)],
        "Years Experience": years,
        "Expected Salary": [money(s).replace(".00", "") for s in salary],
        "Assessment Score": [f"{s}%" if rng.random() > 0.08 else "" for s in rng.integers(35, 100, n)],
        "Remote": np.where(rng.random(n) < 0.45, "Yes", "No"),
        "Offer Made": np.where(offer, "TRUE", "FALSE"),
        "Hired": np.where(hired, "Yes", "No"),
    })
    df.to_csv(os.path.join(HERE, "job_applications.csv"), index=False)


if __name__ == "__main__":
    invoices()
    tickets()
    shipments()
    applications()
