#!/usr/bin/python3
"""Five small synthetic tables for probe 7 (seeded, deterministic), in naming styles the earlier probes
did not use. Run: /usr/bin/python3 lib/chat/testing/probe7/make_tables.py"""
import os
import numpy as np
import pandas as pd

D = os.path.dirname(os.path.abspath(__file__)) + "/"
rng = np.random.default_rng(7)

# 1. A web shop's orders: ISO timestamps with a T and Z for order and ship time, lower_snake names.
n = 320
t0 = pd.Timestamp("2024-01-01T00:00:00")
order_ts = [t0 + pd.Timedelta(minutes=int(m)) for m in np.sort(rng.integers(0, 60 * 24 * 545, n))]
ship_ts = [t + pd.Timedelta(hours=int(h)) for t, h in zip(order_ts, rng.integers(6, 24 * 6, n))]
cats = ["Electronics", "Home & Kitchen", "Garden", "Toys", "Books"]
base = {"Electronics": 180, "Home & Kitchen": 70, "Garden": 55, "Toys": 35, "Books": 22}
cat = rng.choice(cats, n, p=[0.22, 0.25, 0.15, 0.18, 0.2])
items = rng.integers(1, 7, n)
total = np.round([base[c] * i * rng.uniform(0.6, 1.4) for c, i in zip(cat, items)], 2)
shop = pd.DataFrame({
    "order_id": [f"WS-{100001 + i}" for i in range(n)],
    "order_ts": [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in order_ts],
    "ship_ts": [t.strftime("%Y-%m-%dT%H:%M:%SZ") for t in ship_ts],
    "customer_id": [f"C{int(x):04d}" for x in rng.integers(1, 140, n)],
    "country": rng.choice(["Germany", "France", "Spain", "Italy", "Netherlands"], n, p=[0.3, 0.25, 0.18, 0.15, 0.12]),
    "channel": rng.choice(["web", "app", "marketplace"], n, p=[0.5, 0.3, 0.2]),
    "payment_type": rng.choice(["card", "paypal", "invoice"], n, p=[0.5, 0.35, 0.15]),
    "category": cat,
    "items": items,
    "order_total": total,
    "discount_pct": rng.choice([0, 5, 10, 15], n, p=[0.55, 0.2, 0.15, 0.1]),
    "shipping_fee": np.where(total > 100, 0.0, rng.choice([3.99, 5.99], n)),
    "returned": rng.choice(["true", "false"], n, p=[0.12, 0.88]),
})
shop.to_csv(D + "shop_orders.csv", index=False)

# 2. HR staff: snake_case with coded fields (_cd, _flg, _dt, _yr, _amt).
n = 210
dept = rng.choice(["ENG", "FIN", "OPS", "MKT", "HR"], n, p=[0.32, 0.15, 0.25, 0.16, 0.12])
grade = rng.choice(["G1", "G2", "G3", "G4", "G5"], n, p=[0.25, 0.3, 0.22, 0.15, 0.08])
first = ["Ada", "Bo", "Cyril", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jia", "Kai", "Lena", "Milo", "Nora", "Omar", "Pia"]
last = ["Abe", "Brandt", "Cruz", "Dahl", "Ekwueme", "Fox", "Grau", "Holm", "Iqbal", "Jung", "Kowal", "Lind"]
salary = np.round([30000 + 9000 * int(g[1]) + rng.normal(0, 5000) for g in grade], -2)
hr = pd.DataFrame({
    "emp_no": [f"E{1001 + i}" for i in range(n)],
    "full_name": [f"{rng.choice(first)} {rng.choice(last)}" for _ in range(n)],
    "dept_cd": dept,
    "grade_cd": grade,
    "loc_cd": rng.choice(["NYC", "LDN", "BER", "SGP"], n, p=[0.35, 0.3, 0.2, 0.15]),
    "gender_cd": rng.choice(["F", "M", "X"], n, p=[0.47, 0.49, 0.04]),
    "start_dt": [(pd.Timestamp("2012-01-01") + pd.Timedelta(days=int(d))).strftime("%Y-%m-%d") for d in rng.integers(0, 365 * 13, n)],
    "birth_yr": rng.integers(1962, 2003, n),
    "base_salary": salary,
    "bonus_amt": np.round(salary * rng.choice([0, 0.05, 0.1, 0.15], n, p=[0.3, 0.35, 0.25, 0.1]), -1),
    "perf_rating": rng.choice([1, 2, 3, 4, 5], n, p=[0.05, 0.15, 0.45, 0.25, 0.1]),
    "fte": rng.choice([1.0, 0.8, 0.5], n, p=[0.75, 0.15, 0.1]),
    "active_flg": rng.choice(["Y", "N"], n, p=[0.85, 0.15]),
    "remote_flg": rng.choice(["Y", "N"], n, p=[0.35, 0.65]),
})
hr.to_csv(D + "hr_staff.csv", index=False)

# 3. An IoT log: a reading every 10 minutes from one of three devices, two temperatures, a door flag.
n = 400
ts = [pd.Timestamp("2026-03-02 00:00:00") + pd.Timedelta(minutes=10 * i) for i in range(n)]
dev = [["dev-01", "dev-02", "dev-03"][i % 3] for i in range(n)]
zone = {"dev-01": "north", "dev-02": "south", "dev-03": "lab"}
hours = np.array([t.hour + t.minute / 60 for t in ts])
temp_out = np.round(4 + 6 * np.sin((hours - 9) / 24 * 2 * np.pi) + rng.normal(0, 0.8, n), 1)
temp_in = np.round([21 + (1.5 if d == "dev-03" else 0) + rng.normal(0, 0.7) for d in dev], 1)
iot = pd.DataFrame({
    "ts": [t.strftime("%Y-%m-%d %H:%M:%S") for t in ts],
    "device_id": dev,
    "zone": [zone[d] for d in dev],
    "temp_in_c": temp_in,
    "temp_out_c": temp_out,
    "rh_pct": np.round(rng.uniform(30, 70, n), 1),
    "co2_ppm": rng.integers(400, 1400, n),
    "power_w": np.round(rng.gamma(4, 30, n), 1),
    "door_open": rng.choice([0, 1], n, p=[0.85, 0.15]),
    "alarm": rng.choice(["none", "warn", "critical"], n, p=[0.8, 0.15, 0.05]),
})
iot.to_csv(D + "iot_log.csv", index=False)

# 4. School grades: many numeric score columns, one row per student and term.
students = [f"{rng.choice(first)} {rng.choice(last)}" for _ in range(60)]
cls = rng.choice(["7A", "7B", "8A", "8B"], 60)
sex = rng.choice(["girl", "boy"], 60)
rows = []
for i in range(60):
    for term in ["Autumn", "Spring", "Summer"]:
        rows.append({
            "student_id": f"S{301 + i}",
            "student": students[i],
            "class": cls[i],
            "sex": sex[i],
            "term": term,
            "math_score": int(np.clip(rng.normal(68, 14), 20, 100)),
            "reading_score": int(np.clip(rng.normal(72, 12), 20, 100)),
            "science_score": int(np.clip(rng.normal(66, 15), 20, 100)),
            "history_score": int(np.clip(rng.normal(70, 11), 20, 100)),
            "homework_pct": int(np.clip(rng.normal(82, 12), 30, 100)),
            "absences": int(rng.poisson(3)),
            "free_lunch": rng.choice(["yes", "no"], p=[0.3, 0.7]),
        })
pd.DataFrame(rows).to_csv(D + "grades.csv", index=False)

# 5. Football results: home/away teams, goals, US-style M/D/YYYY dates, a season label.
teams = ["Rovers", "United", "Athletic", "City", "Wanderers", "Albion", "Rangers", "Town"]
rows = []
mid = 1
for season, start in (("2022-23", "2022-08-06"), ("2023-24", "2023-08-05")):
    pairs = [(h, a) for h in teams for a in teams if h != a]
    rng.shuffle(pairs)
    day = pd.Timestamp(start)
    for k, (h, a) in enumerate(pairs):
        if k and k % 4 == 0:
            day += pd.Timedelta(days=int(rng.choice([3, 4, 7])))
        hg, ag = int(rng.poisson(1.6)), int(rng.poisson(1.1))
        rows.append({
            "match_id": mid,
            "season": season,
            "match_date": f"{day.month}/{day.day}/{day.year}",
            "home_team": h,
            "away_team": a,
            "home_goals": hg,
            "away_goals": ag,
            "result": "H" if hg > ag else "A" if ag > hg else "D",
            "attendance": int(rng.normal(18000, 5000)),
            "competition": "League" if rng.random() < 0.85 else "Cup",
        })
        mid += 1
pd.DataFrame(rows).to_csv(D + "matches.csv", index=False)
