#!/usr/bin/python3
"""Probe46 tables: six small Spider-style tables (snake_case / CamelCase column names, IDs, dates as Spider stores
them), made up by a seeded generator. /usr/bin/python3 lib/chat/testing/probe46/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(46)


def pick(values, n, p=None):
    return list(rng.choice(values, size=n, p=p))


def stamp(start, end, n, with_time=True):
    lo, hi = pd.Timestamp(start).value // 10**9, pd.Timestamp(end).value // 10**9
    secs = np.sort(rng.integers(lo, hi, size=n))
    ts = pd.to_datetime(secs, unit="s")
    if with_time:
        return [t.strftime("%Y-%m-%d %H:%M:%S") for t in ts.floor("15min")]
    return [t.strftime("%Y-%m-%d") for t in ts]


# film_rental: film (one row per film, sakila-like)
W1 = ["ACADEMY", "ALIEN", "ANGELS", "BANGER", "BLADE", "CANYON", "CHAMBER", "DESERT", "DRAGON", "EAGLES", "FANTASY", "GHOST",
      "HARBOR", "ISLAND", "JUNGLE", "LEGEND", "MIDNIGHT", "NORTH", "OCEAN", "PRINCESS", "RIVER", "SHADOW", "TITANS", "WESTWARD"]
W2 = ["DINOSAUR", "EXPRESS", "HUNTER", "KINGDOM", "LULLABY", "MIRACLE", "PATROL", "QUEST", "RAIDERS", "SECRETS", "STORM", "VOYAGE"]
titles = sorted({f"{a} {b}" for a in W1 for b in W2})
titles = list(rng.choice(titles, size=64, replace=False))
n = len(titles)
film = pd.DataFrame({
    "film_id": range(1, n + 1),
    "title": titles,
    "release_year": rng.integers(2004, 2013, size=n),
    "language": pick(["English", "French", "Japanese", "Italian"], n, [0.55, 0.2, 0.15, 0.1]),
    "rental_duration": rng.integers(3, 8, size=n),
    "rental_rate": pick([0.99, 2.99, 4.99], n),
    "length": rng.integers(46, 186, size=n),
    "replacement_cost": np.round(rng.integers(10, 30, size=n) - 0.01, 2),
    "rating": pick(["G", "PG", "PG-13", "R", "NC-17"], n, [0.15, 0.2, 0.25, 0.25, 0.15]),
    "category": pick(["Action", "Comedy", "Documentary", "Drama", "Family", "Horror", "Sci-Fi"], n),
})
film.to_csv(os.path.join(HERE, "film.csv"), index=False)

# hospital: Appointment (Start/End as Spider's hospital_1 stores datetimes)
n = 90
start = stamp("2018-01-01", "2019-12-31", n)
dur = pick([15, 20, 30, 45, 60], n)
appt = pd.DataFrame({
    "AppointmentID": range(13216584, 13216584 + n),
    "Patient": rng.integers(100000001, 100000040, size=n),
    "Physician": pick(["John Dorian", "Elliot Reid", "Christopher Turk", "Percival Cox", "Robert Kelso", "Molly Clock"], n),
    "Department": pick(["Cardiology", "Neurology", "Oncology", "Pediatrics", "Orthopedics"], n, [0.25, 0.2, 0.15, 0.25, 0.15]),
    "Start": start,
    "End": [(pd.Timestamp(s) + pd.Timedelta(minutes=int(d))).strftime("%Y-%m-%d %H:%M:%S") for s, d in zip(start, dur)],
    "Duration_Minutes": dur,
    "ExaminationRoom": pick(["A", "B", "C"], n),
    "Status": pick(["Completed", "Cancelled", "No-show"], n, [0.7, 0.2, 0.1]),
    "Fee": np.round(rng.uniform(40, 400, size=n), 2),
})
appt.to_csv(os.path.join(HERE, "Appointment.csv"), index=False)

# university: Student
FN = ["Linda", "Tracy", "Shiela", "Dinesh", "Paul", "Andy", "Lisa", "Jandy", "Eric", "Derek", "David", "Steven", "Charles",
      "Susan", "Mark", "Bruce", "Michael", "Arthur", "Sarah", "Ian", "George", "Jun", "Stacy", "Mei", "Omar"]
LN = ["Smith", "Kim", "Jones", "Kumar", "Gompers", "Schultz", "Apap", "Nelson", "Tai", "Lee", "Adams", "Davis", "Norris",
      "Lee", "Schwartz", "Wilson", "Leighton", "Pang", "Thornton", "Andreou", "Woods", "Cheng", "Prater", "Han", "Haddad"]
n = 52
stu = pd.DataFrame({
    "StuID": range(1001, 1001 + n),
    "LName": pick(LN, n),
    "Fname": pick(FN, n),
    "Age": rng.integers(17, 28, size=n),
    "Sex": pick(["F", "M"], n),
    "Major": pick(["Computer Science", "Mathematics", "History", "Biology", "Economics"], n, [0.3, 0.15, 0.15, 0.2, 0.2]),
    "Advisor": pick(["Kim", "Ortiz", "Patel", "Nguyen"], n),
    "city_code": pick(["BAL", "PIT", "HKG", "NYC", "WAS", "CHI"], n),
    "Date_of_Birth": stamp("1995-01-01", "2004-12-31", n, with_time=False),
    "Enrollment_Date": stamp("2015-08-15", "2021-09-30", n, with_time=False),
    "GPA": np.round(rng.uniform(2.0, 4.0, size=n), 2),
    "Credits_Earned": rng.integers(12, 130, size=n),
})
stu = stu.sample(frac=1, random_state=46).reset_index(drop=True)
stu.to_csv(os.path.join(HERE, "Student.csv"), index=False)

# railway: train (one row per scheduled run)
ST = ["Kings Cross", "York", "Leeds", "Edinburgh", "Newcastle", "Glasgow Central", "Manchester Piccadilly"]
n = 60
orig = pick(ST, n)
dest = [rng.choice([s for s in ST if s != o]) for o in orig]
train = pd.DataFrame({
    "Train_ID": range(1, n + 1),
    "Train_Number": rng.integers(10000, 99999, size=n),
    "Name": pick(["Flying Scotsman", "Northern Lights", "Highland Chieftain", "Coastliner", "Pennine Express"], n),
    "Operator": pick(["LNER", "CrossCountry", "TransPennine", "ScotRail"], n, [0.4, 0.25, 0.2, 0.15]),
    "Origin": orig,
    "Destination": dest,
    "Departure_Date": stamp("2021-01-01", "2023-12-31", n, with_time=False),
    "Departure_Time": [f"{h:02d}:{m:02d}" for h, m in zip(rng.integers(5, 23, size=n), pick([0, 15, 30, 45], n))],
    "Distance_km": rng.integers(40, 650, size=n),
    "Travel_Time_min": rng.integers(35, 330, size=n),
    "Ticket_Price": np.round(rng.uniform(12, 180, size=n), 2),
    "Class": pick(["Standard", "First"], n, [0.75, 0.25]),
})
train.to_csv(os.path.join(HERE, "train.csv"), index=False)

# wine list
n = 70
grape = pick(["Zinfandel", "Pinot Noir", "Chardonnay", "Cabernet Sauvignon", "Syrah", "Merlot", "Sauvignon Blanc"], n)
wine = pd.DataFrame({
    "No": range(1, n + 1),
    "Grape": grape,
    "Winery": pick(["Robert Biale", "Chiarello Family", "Turley", "Kosta Browne", "Rochioli", "Williams Selyem", "Rosenblum"], n),
    "Appelation": pick(["Napa Valley", "Sonoma County", "Russian River Valley", "Central Coast", "Paso Robles"], n),
    "State": pick(["California", "Oregon", "Washington"], n, [0.7, 0.15, 0.15]),
    "Name": [f"{g} Reserve {i}" for i, g in enumerate(grape, start=1)],
    "Year": rng.integers(2004, 2012, size=n),
    "Price": rng.integers(18, 140, size=n),
    "Score": rng.integers(84, 99, size=n),
    "Cases": rng.integers(50, 3000, size=n),
    "Drink": pick(["now", "2012", "2013", "2015"], n),
})
wine.to_csv(os.path.join(HERE, "wine.csv"), index=False)

# gym: class_booking
n = 84
bk = pd.DataFrame({
    "Booking_ID": range(5001, 5001 + n),
    "Member_ID": rng.integers(1, 25, size=n),
    "Class_Type": pick(["Yoga", "Spin", "Pilates", "HIIT", "Zumba", "Boxing"], n),
    "Instructor": pick(["Maria Lopez", "Tom Becker", "Aisha Khan", "Ben Carter"], n),
    "Booking_Date": stamp("2022-01-03", "2022-12-30", n),
    "Membership_Level": pick(["Basic", "Premium", "Student"], n, [0.45, 0.35, 0.2]),
    "Duration_Minutes": pick([30, 45, 60], n),
    "Calories_Burned": rng.integers(150, 750, size=n),
    "Attended": pick(["Y", "N"], n, [0.85, 0.15]),
})
bk.to_csv(os.path.join(HERE, "class_booking.csv"), index=False)
print({k: len(v) for k, v in dict(film=film, appt=appt, stu=stu, train=train, wine=wine, bk=bk).items()})
