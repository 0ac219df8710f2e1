#!/usr/bin/python3
"""Writes product_returns.csv: a made-up but realistic returns export of an online shop (fresh13's sixth table).

Seeded, so the file is the same on every run:  /usr/bin/python3 make_product_returns.py
One row per return request (RMA): two ISO dates (`Order Date`, `Return Date`), money as text ("$1,234.50"),
Yes/No flags, category fields of 3 to 8 values, and blanks where an export has them (`Customer Tier` for
guest checkouts, `Carrier` for returns dropped at a store, `Refund Amount` while a request is pending or
when it was rejected or exchanged).
"""
import csv
import datetime as dt
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = 512
rng = random.Random(20261128)

# Category -> (weight, typical order value range in dollars)
CATEGORIES = {
    "Apparel": (24, (18, 160)),
    "Footwear": (14, (40, 220)),
    "Electronics": (13, (60, 1900)),
    "Home & Kitchen": (12, (15, 420)),
    "Beauty": (9, (8, 120)),
    "Toys": (8, (10, 180)),
    "Sports & Outdoors": (11, (20, 650)),
    "Books": (9, (6, 90)),
}
REASONS = ["Wrong size", "Damaged in transit", "Not as described", "Changed mind", "Defective", "Arrived late"]
# Sizes matter for clothes and shoes; faults for devices.
REASON_WEIGHTS = {
    "Apparel": [45, 6, 16, 22, 5, 6],
    "Footwear": [48, 5, 12, 20, 8, 7],
    "Electronics": [0, 18, 17, 15, 42, 8],
    "Home & Kitchen": [0, 30, 22, 20, 20, 8],
    "Beauty": [0, 20, 30, 35, 8, 7],
    "Toys": [0, 22, 20, 28, 20, 10],
    "Sports & Outdoors": [15, 15, 20, 25, 17, 8],
    "Books": [0, 35, 15, 35, 5, 10],
}
CHANNELS = (["Website", "Mobile App", "Marketplace"], [50, 32, 18])
WAREHOUSES = (["Reno", "Dallas", "Columbus", "Atlanta"], [22, 30, 26, 22])
TIERS = (["Gold", "Silver", "Bronze", ""], [14, 26, 38, 22])
CARRIERS = (["UPS", "FedEx", "USPS", ""], [38, 24, 28, 10])
STATUSES = (["Refunded", "Exchanged", "Pending", "Rejected"], [58, 17, 13, 12])


def pick(values_weights):
    values, weights = values_weights
    return rng.choices(values, weights)[0]


def money(x):
    return f"${x:,.2f}"


def main():
    start = dt.date(2023, 1, 1)
    span = (dt.date(2024, 12, 20) - start).days
    rows = []
    for i in range(ROWS):
        category = rng.choices(list(CATEGORIES), [w for w, _ in CATEGORIES.values()])[0]
        lo, hi = CATEGORIES[category][1]
        reason = rng.choices(REASONS, REASON_WEIGHTS[category])[0]
        items = rng.choices([1, 2, 3, 4, 5], [52, 25, 12, 7, 4])[0]
        value = round(rng.uniform(lo, hi) * (1 + 0.35 * (items - 1)), 2)
        order_date = start + dt.timedelta(days=rng.randrange(span))
        return_date = order_date + dt.timedelta(days=rng.randint(2, 40))
        status = pick(STATUSES)
        if status == "Refunded":
            # Changed-mind returns of opened goods keep a restocking share back.
            share = 1.0 if reason != "Changed mind" else rng.choice([1.0, 0.85, 0.9])
            refund = money(round(value * share, 2))
        else:
            refund = ""
        restocked = "Yes" if status in ("Refunded", "Exchanged") and reason not in ("Defective", "Damaged in transit") and rng.random() < 0.85 else "No"
        free_label = "Yes" if reason in ("Damaged in transit", "Defective", "Not as described", "Arrived late") or rng.random() < 0.3 else "No"
        rows.append(
            {
                "RMA #": f"RMA-{100001 + i}",
                "Order Date": order_date.isoformat(),
                "Return Date": return_date.isoformat(),
                "Category": category,
                "Reason": reason,
                "Channel": pick(CHANNELS),
                "Warehouse": pick(WAREHOUSES),
                "Customer Tier": pick(TIERS),
                "Items": items,
                "Order Value": money(value),
                "Refund Amount": refund,
                "Status": status,
                "Restocked": restocked,
                "Free Return Label": free_label,
                "Carrier": pick(CARRIERS),
            }
        )
    with open(os.path.join(HERE, "product_returns.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} rows written to product_returns.csv")


if __name__ == "__main__":
    main()
