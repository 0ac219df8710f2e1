#!/usr/bin/python3
"""Made-up but realistic tables of probe44 (seeded; rerun gives the same CSVs):
/usr/bin/python3 lib/chat/testing/probe44/gen.py
luv_colours.csv is Rscript -e 'write.csv(ggplot2::luv_colours, "luv_colours.csv", row.names=FALSE)'."""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(44)

# 1. Customer-satisfaction survey: ordinal age bands, satisfaction levels, NPS 0-10, free-text comments with blanks.
n = 600
ages = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+"]
sat = ["Very dissatisfied", "Dissatisfied", "Neutral", "Satisfied", "Very satisfied"]
plans = ["Basic", "Standard", "Premium"]
countries = ["USA", "UK", "Germany", "France", "Canada", "Australia"]
comments_good = ["Great service", "Love the app", "Fast support, thanks", "Very happy overall", "Easy to use"]
comments_bad = ["Too expensive", "Support was slow", "App crashes sometimes", "Billing was confusing", "Hard to cancel"]
comments_mid = ["It's ok", "Does the job", "Could be cheaper", "Average experience"]
rows = []
for i in range(n):
    age = rng.choice(ages, p=[0.14, 0.26, 0.22, 0.17, 0.13, 0.08])
    plan = rng.choice(plans, p=[0.45, 0.35, 0.20])
    base = 6.4 + {"Basic": -0.6, "Standard": 0.2, "Premium": 0.9}[plan] + rng.normal(0, 2.1)
    nps = int(np.clip(round(base), 0, 10))
    s = int(np.clip(round((nps - 1) / 2.2 + rng.normal(0, 0.6)), 0, 4))
    rec = "Yes" if nps >= 9 else ("No" if nps <= 5 else rng.choice(["Yes", "Maybe", "No"], p=[0.3, 0.55, 0.15]))
    r = rng.random()
    if r < 0.45:
        comment = ""
    else:
        pool = comments_good if s >= 3 else (comments_bad if s <= 1 else comments_mid)
        comment = pool[rng.integers(len(pool))]
    rows.append((f"R{1001 + i}", age, rng.choice(["Female", "Male", "Non-binary"], p=[0.49, 0.48, 0.03]),
                 rng.choice(countries, p=[0.3, 0.18, 0.15, 0.12, 0.13, 0.12]), plan, nps, sat[s], rec, comment))
survey = pd.DataFrame(rows, columns=["respondent_id", "age_band", "gender", "country", "plan", "nps", "satisfaction", "would_recommend", "comments"])
survey.to_csv(os.path.join(HERE, "satisfaction_survey.csv"), index=False)

# 2. Wide product catalogue (34 columns).
n = 400
brands = ["Acme", "Northwind", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Hooli"]
cats = {"Clothing": ["Shirts", "Jackets", "Trousers"], "Footwear": ["Sneakers", "Boots"], "Home": ["Bedding", "Kitchen", "Decor"], "Outdoor": ["Tents", "Backpacks"]}
colors = ["Black", "White", "Blue", "Red", "Green", "Grey", "Beige"]
sizes = ["XS", "S", "M", "L", "XL"]
materials = ["Cotton", "Polyester", "Leather", "Wool", "Nylon", "Steel", "Wood"]
suppliers = ["SupplyCo", "FastParts", "GoodsInc", "WorldTrade"]
countries_o = ["China", "Vietnam", "Portugal", "India", "Turkey", "USA"]
rows = []
for i in range(n):
    cat = rng.choice(list(cats))
    sub = rng.choice(cats[cat])
    brand = rng.choice(brands)
    price = round(float(rng.lognormal(3.6 + (0.5 if cat == "Outdoor" else 0), 0.5)), 2)
    cost = round(price * rng.uniform(0.35, 0.7), 2)
    rating = round(float(np.clip(rng.normal(4.0 + (0.3 if brand in ("Stark", "Hooli") else 0) - (0.3 if brand == "Initech" else 0), 0.5), 1, 5)), 1)
    reviews = int(rng.negative_binomial(1, 0.01))
    launch = pd.Timestamp("2019-01-01") + pd.Timedelta(days=int(rng.integers(0, 5 * 365)))
    stock_qty = int(rng.integers(0, 300)) if rng.random() > 0.15 else 0
    rows.append({
        "sku": f"SKU-{10000 + i}", "product_name": f"{brand} {rng.choice(colors)} {sub[:-1] if sub.endswith('s') else sub}",
        "brand": brand, "category": cat, "subcategory": sub, "color": rng.choice(colors),
        "size": rng.choice(sizes) if cat in ("Clothing", "Footwear") else "", "material": rng.choice(materials),
        "price": price, "cost": cost, "weight_kg": round(float(rng.uniform(0.1, 8 if cat == "Outdoor" else 3)), 2),
        "length_cm": round(float(rng.uniform(5, 120)), 1), "width_cm": round(float(rng.uniform(5, 80)), 1), "height_cm": round(float(rng.uniform(1, 60)), 1),
        "rating": rating, "reviews": reviews, "in_stock": "Yes" if stock_qty > 0 else "No", "stock_qty": stock_qty,
        "launch_date": launch.strftime("%Y-%m-%d"), "discontinued": rng.choice(["TRUE", "FALSE"], p=[0.1, 0.9]),
        "supplier": rng.choice(suppliers), "country_of_origin": rng.choice(countries_o), "warranty_months": int(rng.choice([0, 6, 12, 24])),
        "returns_rate": round(float(rng.uniform(0, 0.2)), 3), "units_sold_30d": int(rng.poisson(25)), "discount_pct": int(rng.choice([0, 0, 10, 15, 20, 30])),
        "eco_label": rng.choice(["Yes", "No"], p=[0.3, 0.7]), "gender_target": rng.choice(["Women", "Men", "Unisex"]),
        "season": rng.choice(["All", "Summer", "Winter"]), "min_order_qty": int(rng.choice([1, 1, 2, 5])),
        "shipping_class": rng.choice(["Standard", "Bulky", "Express"]), "tax_code": rng.choice(["T1", "T2"]),
        "barcode": str(4000000000000 + int(rng.integers(0, 10**9))), "last_restock": (launch + pd.Timedelta(days=int(rng.integers(10, 400)))).strftime("%Y-%m-%d"),
    })
pd.DataFrame(rows).to_csv(os.path.join(HERE, "product_catalogue.csv"), index=False)

# 3. School results: student, class, subject, term, score, grade A-F, attendance %.
rows = []
subjects = ["Maths", "English", "Science", "History", "Art"]
first = ["Ava", "Ben", "Chloe", "Dan", "Ella", "Finn", "Grace", "Harry", "Isla", "Jack", "Kira", "Liam", "Mia", "Noah", "Olive", "Paul", "Quinn", "Rosa", "Sam", "Tara",
         "Umar", "Vera", "Will", "Xena", "Yusuf", "Zoe", "Adam", "Bella", "Cody", "Dina"]
for k, name in enumerate(first):
    cls = ["7A", "7B", "8A"][k % 3]
    ability = rng.normal(65, 10)
    att = float(np.clip(rng.normal(92, 5), 60, 100))
    for subj in subjects:
        for term in (1, 2, 3):
            sc = int(np.clip(round(ability + {"Maths": -4, "English": 2, "Science": -1, "History": 0, "Art": 5}[subj] + (-3 if (subj == "Maths" and term == 2) else 0) + rng.normal(0, 8)), 0, 100))
            grade = "A" if sc >= 80 else "B" if sc >= 70 else "C" if sc >= 60 else "D" if sc >= 50 else "E" if sc >= 40 else "F"
            rows.append((name, cls, subj, term, sc, grade, round(float(np.clip(att + rng.normal(0, 2), 50, 100)), 1)))
pd.DataFrame(rows, columns=["student", "class", "subject", "term", "score", "grade", "attendance_pct"]).to_csv(os.path.join(HERE, "school_results.csv"), index=False)
