#!/usr/bin/python3
"""Made-up business tables shaped as real exports are (probe40): orders, support tickets, HR, web analytics.
Seeded, so the CSVs regenerate byte for byte: /usr/bin/python3 lib/chat/testing/probe40/generate.py
Messiness on purpose: Title Case and snake_case headers, ids that look numeric, currency and percent text,
blank cells, a TRUE/FALSE column, Yes/No and Y/N flags."""
import csv
import datetime as dt
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(40)


def write(name, header, rows):
    with open(os.path.join(HERE, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def day(start, span):
    return start + dt.timedelta(days=R.randrange(span))


# --- orders: one row per order line; some orders have two or three lines -------------------------------
REGIONS = {
    "West": ["California", "Washington", "Oregon", "Arizona"],
    "East": ["New York", "Pennsylvania", "Massachusetts"],
    "Central": ["Texas", "Illinois", "Michigan"],
    "South": ["Florida", "Georgia", "North Carolina"],
}
PRODUCTS = {
    "Furniture": {"Chairs": [("Ergo Task Chair", 189.0), ("Mesh Office Chair", 139.0)], "Tables": [("Oak Meeting Table", 420.0)], "Bookcases": [("Five-Shelf Bookcase", 159.0)]},
    "Office Supplies": {"Paper": [("Copy Paper 500 Sheets", 8.5), ("Recycled Notepads", 4.2)], "Binders": [("Ring Binder 2in", 6.9)], "Storage": [("File Cart", 74.0), ("Storage Box Set", 22.0)]},
    "Technology": {"Phones": [("Smartphone X2", 599.0), ("Desk Phone Pro", 119.0)], "Accessories": [("Wireless Mouse", 29.0), ("USB-C Hub", 49.0)], "Machines": [("Laser Printer", 329.0)]},
}
FIRST = ["Alice", "Brian", "Carla", "David", "Elena", "Frank", "Grace", "Hector", "Irene", "James", "Kara", "Luis", "Maya", "Noah", "Olga", "Peter", "Quinn", "Rosa", "Sam", "Tina"]
LAST = ["Adams", "Baker", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Jones", "Khan", "Lopez", "Miller", "Nguyen", "Owens", "Patel"]
customers = sorted({f"{R.choice(FIRST)} {R.choice(LAST)}" for _ in range(150)})
cust_seg = {c: R.choices(["Consumer", "Corporate", "Home Office"], [5, 3, 2])[0] for c in customers}
cust_state = {}
for c in customers:
    reg = R.choice(list(REGIONS))
    cust_state[c] = (reg, R.choice(REGIONS[reg]))
rows = []
oid = 100200
for _ in range(1300):
    oid += R.randint(1, 3)
    c = R.choice(customers)
    od = day(dt.date(2023, 1, 1), 730)
    ship_days = R.choices([0, 1, 2, 3, 4, 5, 6, 7], [1, 3, 5, 6, 5, 3, 2, 1])[0]
    sd = od + dt.timedelta(days=ship_days)
    reg, st = cust_state[c]
    for _line in range(R.choices([1, 2, 3], [6, 3, 1])[0]):
        cat = R.choices(list(PRODUCTS), [3, 5, 3])[0]
        sub = R.choice(list(PRODUCTS[cat]))
        prod, price = R.choice(PRODUCTS[cat][sub])
        qty = R.randint(1, 9)
        disc = R.choices([0, 0.1, 0.2, 0.3], [6, 2, 2, 1])[0]
        rev = round(qty * price * (1 - disc), 2)
        margin = R.uniform(0.05, 0.35) - disc * 1.1
        profit = round(rev * margin, 2)
        returned = "Yes" if R.random() < 0.07 else "No"
        rows.append([oid, od.isoformat(), sd.isoformat(), c, cust_seg[c], reg, st, cat, sub, prod, qty, f"{price:.2f}", disc, f"{rev:.2f}", f"{profit:.2f}", returned])
write("orders", ["Order ID", "Order Date", "Ship Date", "Customer Name", "Segment", "Region", "State", "Category", "Sub-Category", "Product Name", "Quantity", "Unit Price", "Discount", "Revenue", "Profit", "Returned"], rows)

# --- support tickets: opened/closed timestamps, closed blank while Open/Pending, satisfaction often blank ---
AGENTS = ["Priya", "Marco", "Lena", "Tom", "Aisha", "Ken"]
rows = []
for i in range(1400):
    opened = dt.datetime(2024, 1, 1) + dt.timedelta(minutes=R.randrange(182 * 24 * 60))
    pri = R.choices(["Low", "Medium", "High", "Urgent"], [4, 5, 3, 1])[0]
    status = R.choices(["Closed", "Open", "Pending"], [8, 1, 1])[0]
    if opened > dt.datetime(2024, 6, 20):
        status = R.choice(["Open", "Pending", "Closed"])
    hours = R.expovariate(1 / {"Low": 40, "Medium": 26, "High": 12, "Urgent": 5}[pri])
    closed = (opened + dt.timedelta(minutes=int(hours * 60) + 5)).strftime("%Y-%m-%d %H:%M:%S") if status == "Closed" else ""
    sat = "" if status != "Closed" or R.random() < 0.35 else str(R.choices([1, 2, 3, 4, 5], [1, 1, 2, 4, 4])[0])
    frm = int(R.expovariate(1 / {"Low": 240, "Medium": 120, "High": 45, "Urgent": 12}[pri])) + 1
    rows.append([f"TCK-{10001 + i}", opened.strftime("%Y-%m-%d %H:%M:%S"), closed, pri, R.choices(["Email", "Phone", "Chat", "Web Form"], [4, 2, 3, 2])[0], R.choice(AGENTS), status, sat, frm])
write("tickets", ["ticket_id", "opened_at", "closed_at", "priority", "channel", "agent", "status", "satisfaction", "first_response_minutes"], rows)

# --- HR: salary as currency text, Remote Y/N, Left Company TRUE/FALSE, numeric-looking ids ----------------
DEPTS = {
    "Engineering": [("Software Engineer", 105000), ("Senior Engineer", 135000), ("Engineering Manager", 160000)],
    "Sales": [("Account Executive", 72000), ("Sales Manager", 110000)],
    "Marketing": [("Marketing Specialist", 64000), ("Marketing Manager", 98000)],
    "Support": [("Support Agent", 48000), ("Support Lead", 62000)],
    "Finance": [("Accountant", 70000), ("Finance Manager", 115000)],
    "HR": [("HR Generalist", 60000)],
}
rows = []
for i in range(640):
    dep = R.choices(list(DEPTS), [6, 4, 2, 4, 2, 1])[0]
    title, base = R.choice(DEPTS[dep])
    sal = round(base * R.uniform(0.85, 1.2) / 100) * 100
    hire = day(dt.date(2012, 1, 1), 4700)
    left = R.random() < {"Engineering": 0.12, "Sales": 0.3, "Marketing": 0.2, "Support": 0.35, "Finance": 0.1, "HR": 0.15}[dep]
    perf = "" if R.random() < 0.04 else str(R.choices([1, 2, 3, 4, 5], [1, 3, 6, 4, 2])[0])
    rows.append([20000 + i * 7, f"{R.choice(FIRST)} {R.choice(LAST)}", dep, title, hire.isoformat(), f"${sal:,}", R.choices(["Female", "Male", "Non-binary"], [47, 50, 3])[0], R.randint(22, 63), R.choices(["Y", "N"], [2, 3])[0], perf, "TRUE" if left else "FALSE"])
write("hr", ["Employee ID", "Name", "Department", "Job Title", "Hire Date", "Salary", "Gender", "Age", "Remote", "Performance Rating", "Left Company"], rows)

# --- web analytics: one row per day x source/medium x device; bounce rate as "45.2%", revenue as "$1,234.50" ----
SOURCES = [("google", "organic", 420), ("google", "cpc", 260), ("facebook", "social", 150), ("newsletter", "email", 90), ("(direct)", "(none)", 200)]
rows = []
d = dt.date(2024, 1, 1)
while d <= dt.date(2024, 6, 30):
    for src, med, base in SOURCES:
        for dev, share in (("desktop", 0.45), ("mobile", 0.55)):
            sessions = max(1, int(base * share * R.uniform(0.6, 1.4) * (0.8 if d.weekday() >= 5 else 1.0)))
            users = int(sessions * R.uniform(0.7, 0.95))
            bounce = round(R.uniform(30, 70) + (8 if dev == "mobile" else 0), 1)
            conv = int(sessions * R.uniform(0.005, 0.04))
            rev = round(conv * R.uniform(40, 120), 2)
            rows.append([d.isoformat(), src, med, dev, sessions, users, f"{bounce}%", conv, f"${rev:,.2f}"])
    d += dt.timedelta(days=1)
write("web_traffic", ["date", "source", "medium", "device", "sessions", "users", "bounce_rate", "conversions", "revenue"], rows)
print("orders, tickets, hr, web_traffic written")
