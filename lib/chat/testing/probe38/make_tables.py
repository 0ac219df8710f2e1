#!/usr/bin/python3
"""Writes the two made-up Spider-shaped tables of probe38 (flight.csv, employee.csv) from a fixed seed.
/usr/bin/python3 lib/chat/testing/probe38/make_tables.py  (the CSVs are committed; rerunning gives the same bytes)"""
import csv
import datetime as dt
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(38)

AIRLINES = ["Delta Airlines", "United Airlines", "Jetblue Airways", "Southwest", "Alaska Airlines"]
CITIES = ["Chicago", "Denver", "Seattle", "Boston", "Atlanta", "Dallas"]
AIRCRAFT = ["A320", "B737", "B787", "E175"]


def day(start, span):
    return start + dt.timedelta(days=rng.randrange(span))


def flights():
    rows = []
    for i in range(60):
        origin = rng.choice(CITIES)
        destination = rng.choice([c for c in CITIES if c != origin])
        distance = rng.randrange(300, 2600, 10)
        rows.append(
            {
                "flight_id": 101 + i,
                "flight_no": f"{rng.choice(['DL', 'UA', 'B6', 'WN', 'AS'])}{rng.randrange(100, 999)}",
                "airline_name": rng.choice(AIRLINES),
                "origin": origin,
                "destination": destination,
                "aircraft_type": rng.choice(AIRCRAFT),
                "departure_date": day(dt.date(2023, 1, 1), 730).isoformat(),
                "distance": distance,
                "price": round(80 + distance * rng.uniform(0.08, 0.25), 2),
                "passenger_count": rng.randrange(40, 200),
            }
        )
    return rows


DEPTS = ["Finance", "Marketing", "Engineering", "Sales", "Support"]
TITLES = ["Analyst", "Manager", "Engineer", "Clerk"]
FIRST = ["Ana", "Ben", "Carla", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jill", "Kai", "Lena", "Marc", "Nina", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tess"]
LAST = ["Avery", "Brooks", "Chen", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Jones", "Khan", "Lopez", "Meyer", "Novak", "Ortiz"]


def employees():
    rows = []
    names = set()
    for i in range(45):
        while True:
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if name not in names:
                names.add(name)
                break
        dept = rng.choice(DEPTS)
        title = rng.choice(TITLES)
        base = {"Analyst": 52000, "Manager": 78000, "Engineer": 70000, "Clerk": 38000}[title]
        rows.append(
            {
                "employee_id": 1001 + i,
                "emp_name": name,
                "dept_name": dept,
                "job_title": title,
                "hire_date": day(dt.date(2012, 1, 1), 4380).isoformat(),
                "salary": base + rng.randrange(0, 30000, 500),
                "commission_pct": rng.choice(["", "", "", "0.05", "0.1", "0.15"]) if dept == "Sales" else "",
                "manager_id": rng.choice([1001, 1002, 1003, 1004]) if i >= 4 else "",
                "city": rng.choice(["Austin", "Toronto", "Berlin", "London"]),
            }
        )
    return rows


for name, rows in (("flight", flights()), ("employee", employees())):
    with open(os.path.join(HERE, f"{name}.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    print(f"{name}.csv: {len(rows)} rows")
