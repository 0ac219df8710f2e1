# Probe46, second batch (cases2.jsonl): nvBench paraphrase styles over six made-up Spider-style tables (gen.py, seed 46): film, Appointment,
# Student, train, wine, class_booking. Questions written and committed before any run of the engine; gold by pandas
# (SQL semantics: NULL aggregates skipped). Writes cases.jsonl in the probe5 case format; a stacked bar case also
# carries `series` and gold rows {x, series, y} (probe-cases-run.ts checks the triples).
#   /usr/bin/python3 lib/chat/testing/probe46/truth2.py
import json
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from probe_cases_truth import AGG, conv, grp, month, order, rows, weekday, year  # noqa: E402

D = os.path.dirname(os.path.abspath(__file__)) + "/"
f = pd.read_csv(D + "film.csv")
a = pd.read_csv(D + "Appointment.csv")
s = pd.read_csv(D + "Student.csv")
t = pd.read_csv(D + "train.csv")
w = pd.read_csv(D + "wine.csv")
g = pd.read_csv(D + "class_booking.csv")


def stacked(df, x, series, y, agg, where=None):
    if where is not None:
        df = df[where(df)]
    gg = df.groupby([x, series]).size() if agg == "count" else df.groupby([x, series])[y].agg(AGG[agg]).dropna()
    return [(k[0], k[1], float(v)) for k, v in gg.items()]


# (id, table, question, chart, x, y, agg, order, gold) ; series cases: x is "x|series"
Q = [
    ("F1", "film", "Plot the total number by grouped by category as a bar graph, and I want to sort by the Y from low to high.", "bar", "category", "*", "count", ("y", "asc"), lambda: order(grp(f, "category", None, "count"), "y", "asc")),
    ("F2", "film", "Compute the total the number of rating across rating as a pie chart.", "pie", "rating", "rating", "count", None, lambda: grp(f, "rating", None, "count")),
    ("F3", "film", "Give me a histogram for what is the average rental rate of each language?, and could you list by the x-axis in desc?", "bar", "language", "rental_rate", "avg", ("x", "desc"), lambda: order(grp(f, "language", "rental_rate", "avg"), "x", "desc")),
    ("F4", "film", "A bar chart showing the maximum length for each rating, and could you list in descending by the bars?", "bar", "rating", "length", "max", None, lambda: grp(f, "rating", "length", "max")),
    ("F5", "film", "Show me the number of films whose replacement cost is below 15 in each category in a bar chart.", "bar", "category", "*", "count", None, lambda: grp(f, "category", None, "count", lambda d: d.replacement_cost < 15)),
    ("A1", "Appointment", "Bar chart x axis physician y axis the total number, display by the x-axis from high to low.", "bar", "Physician", "*", "count", ("x", "desc"), lambda: order(grp(a, "Physician", None, "count"), "x", "desc")),
    ("A2", "Appointment", "Give me a bar chart that the X-axis is the Start and the Y-axis is Count them, please bin X-axis into Day of Week interval.", "bar", "Start", "Start", "count", None, lambda: weekday(a, "Start")),
    ("A3", "Appointment", "I want to know the proportion of the total fee for each department.", "pie", "Department", "Fee", "sum", None, lambda: grp(a, "Department", "Fee", "sum")),
    ("A4", "Appointment", "Return a histogram on the average duration of appointments for each examination room, sort X in asc order.", "bar", "ExaminationRoom", "Duration_Minutes", "avg", ("x", "asc"), lambda: order(grp(a, "ExaminationRoom", "Duration_Minutes", "avg"), "x", "asc")),
    ("A5", "Appointment", "How many appointments were cancelled for each physician? Show me a pie chart.", "pie", "Physician", "*", "count", None, lambda: grp(a, "Physician", None, "count", lambda d: d.Status == "Cancelled")),
    ("S1", "Student", "Count the number of students in each city code, and group by city_code with a bar chart, rank by the total number in desc.", "bar", "city_code", "*", "count", ("y", "desc"), lambda: order(grp(s, "city_code", None, "count"), "y", "desc")),
    ("S2", "Student", "What are the last names and GPAs of students older than 25, show bar chart, rank by GPA from low to high.", "bar", "LName", "GPA", "none", ("y", "asc"), lambda: order(rows(s, "LName", "GPA", lambda d: d.Age > 25), "y", "asc")),
    ("S3", "Student", "Show the minimum age of students by major in a pie chart.", "pie", "Major", "Age", "min", None, lambda: grp(s, "Major", "Age", "min")),
    ("S4", "Student", "List the number of students for each Date_of_Birth and bin by year in a line chart.", "line", "Date_of_Birth", "*", "count", None, lambda: year(s, "Date_of_Birth")),
    ("S5", "Student", "Draw a scatter chart of the average GPA and the average age of students for each major.", "scatter", "GPA", "Age", "avg", None, lambda: [(float(r.GPA), float(r.Age)) for _, r in s.groupby("Major")[["GPA", "Age"]].mean().iterrows()]),
    ("T1", "train", "What is the total number of trains for each operator?, display from high to low by the Y.", "bar", "Operator", "*", "count", ("y", "desc"), lambda: order(grp(t, "Operator", None, "count"), "y", "desc")),
    ("T2", "train", "Show the average ticket price for each origin with a bar chart, sort the bars by origin name in descending.", "bar", "Origin", "Ticket_Price", "avg", ("x", "desc"), lambda: order(grp(t, "Origin", "Ticket_Price", "avg"), "x", "desc")),
    ("T3", "train", "Show me the trend of the average Ticket_Price over the departure date by year.", "line", "Departure_Date", "Ticket_Price", "avg", None, lambda: year(t, "Departure_Date", "Ticket_Price", "avg")),
    ("T4", "train", "Show all destinations and the number of trains going to each destination in a pie chart.", "pie", "Destination", "*", "count", None, lambda: grp(t, "Destination", None, "count")),
    ("T5", "train", "What are the names and ticket prices of first class trains departing from York, ordered by ticket price in descending order in a bar chart.", "bar", "Name", "Ticket_Price", "none", ("y", "desc"), lambda: order(rows(t, "Name", "Ticket_Price", lambda d: (d.Class == "First") & (d.Origin == "York")), "y", "desc")),
    ("W1", "wine", "Visualize a bar chart, count and group by appelation from the wine table, rank in ascending by the Y-axis please.", "bar", "Appelation", "Appelation", "count", ("y", "asc"), lambda: order(grp(w, "Appelation", None, "count"), "y", "asc")),
    ("W2", "wine", "What is the average score of wines for each grape, and could you rank by grape in asc?", "bar", "Grape", "Score", "avg", ("x", "asc"), lambda: order(grp(w, "Grape", "Score", "avg"), "x", "asc")),
    ("W3", "wine", "Show me a pie chart for the total cases of each winery.", "pie", "Winery", "Cases", "sum", None, lambda: grp(w, "Winery", "Cases", "sum")),
    ("W4", "wine", "Give me a line chart of the number of wines made in each year, for wines whose grape is not Merlot.", "line", "Year", "*", "count", None, lambda: grp(w, "Year", None, "count", lambda d: d.Grape != "Merlot")),
    ("W5", "wine", "Show the name and score of wines from Turley winery with a price below 60 in a bar chart, list Y in descending.", "bar", "Name", "Score", "none", ("y", "desc"), lambda: order(rows(w, "Name", "Score", lambda d: (d.Winery == "Turley") & (d.Price < 60)), "y", "desc")),
    ("G1", "class_booking", "Show the number of bookings in each weekday for classes with instructor Maria Lopez, bin booking date by weekday in a bar chart.", "bar", "Booking_Date", "*", "count", None, lambda: weekday(g, "Booking_Date", None, "count", lambda d: d.Instructor == "Maria Lopez")),
    ("G2", "class_booking", "Compare the average calories burned of each membership level using a pie chart.", "pie", "Membership_Level", "Calories_Burned", "avg", None, lambda: grp(g, "Membership_Level", "Calories_Burned", "avg")),
    ("G3", "class_booking", "Show the total duration minutes of bookings by class type that were not attended, and order from high to low by the total.", "bar", "Class_Type", "Duration_Minutes", "sum", ("y", "desc"), lambda: order(grp(g, "Class_Type", "Duration_Minutes", "sum", lambda d: d.Attended == "N"), "y", "desc")),
    ("G4", "class_booking", "For each member id, what is the total calories burned? Show a bar chart, and list by member id from low to high.", "bar", "Member_ID", "Calories_Burned", "sum", ("x", "asc"), lambda: order(grp(g, "Member_ID", "Calories_Burned", "sum"), "x", "asc")),
    ("G5", "class_booking", "Visualize a stacked bar chart about the number of bookings for each class type, grouped by membership level.", "bar", "Class_Type|Membership_Level", "*", "count", None, lambda: stacked(g, "Class_Type", "Membership_Level", None, "count")),
]

out = []
for id_, tb, q, chart, x, y, agg, od, gold_fn in Q:
    series = None
    if "|" in x:
        x, series = x.split("|")
        gold = [{"x": conv(p), "series": conv(sr), "y": conv(v)} for p, sr, v in gold_fn()]
    else:
        gold = [{"x": conv(p), "y": conv(v)} for p, v in gold_fn()]
    out.append({"id": id_, "table": tb + ".csv", "style": "nv", "turns": [q], "question": q, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg, "series": series, "order": {"by": od[0], "dir": od[1]} if od else None, "gold": gold, "optional": []})
with open(D + "cases2.jsonl", "w") as fh:
    for o in out:
        fh.write(json.dumps(o) + "\n")
print(len(out), "cases")
