#!/usr/bin/python3
"""Probe13 tables (seed 13): screening.csv, vehicles.csv, respondents.csv, home_sales.csv, products.csv.
Realistic shapes the engine was not tuned on: one row per group with count columns, short codes, missing
values, one row per item, integer year/month columns, columns named like aggregate words.
/usr/bin/python3 make_tables.py"""
import csv
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
R = random.Random(13)


def write(name, header, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


# case-control screening study: one row per age band x smoking level x region, with count columns
rows = []
for bi, band in enumerate(["25-34", "35-44", "45-54", "55-64", "65-74", "75+"]):
    for si, smoking in enumerate(["never", "former", "current"]):
        for region in ["north", "south"]:
            cases = R.randint(0, 3) + bi * R.randint(1, 4) + si * R.randint(0, 3)
            controls = R.randint(20, 60) - bi * 3 + R.randint(0, 9)
            rows.append([band, smoking, region, cases, controls, cases + controls])
write("screening.csv", ["age_band", "smoking", "region", "cases", "controls", "total"], rows)

# vehicles: one row per model and year, coded drive (4/f/r), transmission kinds, fuel codes
makers = {
    "toyota": ["corolla", "camry", "rav4", "4runner", "tacoma"],
    "honda": ["civic", "accord", "cr-v", "odyssey"],
    "ford": ["focus", "mustang", "f150", "explorer"],
    "chevrolet": ["malibu", "camaro", "silverado", "tahoe"],
    "subaru": ["impreza", "outback", "forester"],
    "volkswagen": ["jetta", "golf", "passat"],
    "nissan": ["altima", "sentra", "pathfinder"],
}
cls = {"corolla": "compact", "camry": "midsize", "rav4": "suv", "4runner": "suv", "tacoma": "pickup", "civic": "compact",
       "accord": "midsize", "cr-v": "suv", "odyssey": "minivan", "focus": "compact", "mustang": "subcompact", "f150": "pickup",
       "explorer": "suv", "malibu": "midsize", "camaro": "2seater", "silverado": "pickup", "tahoe": "suv", "impreza": "compact",
       "outback": "midsize", "forester": "suv", "jetta": "compact", "golf": "compact", "passat": "midsize", "altima": "midsize",
       "sentra": "compact", "pathfinder": "suv"}
rows = []
for maker, models in makers.items():
    for model in models:
        for year in (2010, 2020):
            c = cls[model]
            drv = "4" if c in ("pickup", "suv") or maker == "subaru" else ("r" if model in ("mustang", "camaro") else "f")
            cyl = {"compact": 4, "subcompact": 6, "midsize": R.choice([4, 6]), "suv": R.choice([4, 6, 8]), "pickup": R.choice([6, 8]), "minivan": 6, "2seater": 8}[c]
            displ = {4: R.choice([1.8, 2.0, 2.4, 2.5]), 6: R.choice([3.5, 3.6, 3.7]), 8: R.choice([5.3, 5.7, 6.2])}[cyl]
            trans = R.choice(["auto(l4)", "auto(l5)", "auto(l6)", "auto(av)", "manual(m5)", "manual(m6)"])
            cty = max(9, round(34 - cyl * 2.2 - (2 if drv == "4" else 0) + (2 if year == 2020 else 0) + R.randint(-2, 2)))
            hwy = cty + R.randint(5, 10)
            fuel = R.choices(["r", "p", "e", "d"], weights=[70, 20, 6, 4])[0]
            rows.append([maker, f"{model} {year}", year, displ, cyl, trans, drv, cty, hwy, fuel, c])
write("vehicles.csv", ["manufacturer", "model", "year", "displ", "cyl", "trans", "drv", "cty", "hwy", "fl", "class"], rows)

# survey respondents: units M/I, missing answers left empty
rows = []
for i in range(150):
    city = R.choice(["Pittsburgh", "Philadelphia", "Cincinnati", "Albuquerque", "Sacramento"])
    sex = R.choice(["F", "M"])
    age = R.randint(18, 79)
    units = R.choices(["M", "I"], weights=[60, 40])[0]
    h_cm = R.gauss(170 if sex == "M" else 162, 8)
    height = round(h_cm, 1) if units == "M" else round(h_cm / 2.54, 1)
    income = "" if R.random() < 0.18 else R.randrange(15000, 180000, 1000)
    smoke = "" if R.random() < 0.08 else R.choices(["never", "occasional", "regular", "heavy"], weights=[60, 20, 12, 8])[0]
    pulse = "" if R.random() < 0.1 else R.randint(52, 104)
    exercise = R.choice(["none", "some", "frequent"])
    rows.append([f"R{3000 + i}", city, sex, age, units, height, income, smoke, pulse, exercise])
write("respondents.csv", ["resp_id", "city", "sex", "age", "units", "height", "income", "smoke", "pulse", "exercise"], rows)

# monthly home sales per city: integer year and month, a date, columns named median and listings
rows = []
for city in ["Austin", "El Paso", "Lubbock"]:
    base = {"Austin": 900, "El Paso": 420, "Lubbock": 210}[city]
    for year in (2019, 2020, 2021):
        for month in range(1, 13):
            season = [0.7, 0.8, 1.0, 1.1, 1.2, 1.3, 1.3, 1.2, 1.0, 0.95, 0.85, 0.9][month - 1]
            sales = round(base * season * (0.8 if (year == 2020 and month in (4, 5)) else 1) * R.uniform(0.9, 1.12))
            median = "" if R.random() < 0.04 else round(base * 330 * (1 + 0.08 * (year - 2019)) * R.uniform(0.95, 1.05), -2)
            volume = round(sales * (median if median != "" else base * 330) / 1e6, 2)
            listings = round(base * 4 * R.uniform(0.8, 1.2))
            rows.append([city, year, month, f"{year}-{month:02d}-01", sales, volume, median, listings])
write("home_sales.csv", ["city", "year", "month", "date", "sales", "volume", "median", "listings"], rows)

# products: one row per product
names = ["Aero Kettle", "Brio Toaster", "Calm Blender", "Delta Pan", "Echo Speaker", "Flux Lamp", "Gala Mug Set",
         "Halo Headphones", "Iris Monitor", "Juno Keyboard", "Kite Mouse", "Lumo Desk Fan", "Mira Air Fryer",
         "Nova Webcam", "Orbit Vacuum", "Pico Router", "Quill Notebook", "Rove Backpack", "Sola Charger", "Tern Tripod"]
cats = ["kitchen", "kitchen", "kitchen", "kitchen", "audio", "home", "kitchen", "audio", "computers", "computers",
        "computers", "home", "kitchen", "computers", "home", "computers", "office", "office", "computers", "office"]
rows = []
for name, cat in zip(names, cats):
    price = round(R.uniform(9, 400), 2)
    rating = round(R.uniform(2.8, 4.9), 1)
    reviews = R.randint(3, 2500)
    units = R.randint(20, 900)
    stock = R.choice(["yes", "yes", "no"])
    rows.append([name, cat, price, rating, reviews, units, stock])
write("products.csv", ["product_name", "category", "price", "rating", "review_count", "units_sold", "in_stock"], rows)
