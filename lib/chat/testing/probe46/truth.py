# Probe46: nvBench-style chart requests over six made-up Spider-style tables (gen.py, seed 46): film, Appointment,
# Student, train, wine, class_booking. Questions written and committed before any run of the engine; gold by pandas
# (SQL semantics: NULL aggregates skipped). Writes cases.jsonl in the probe5 case format; a stacked bar case also
# carries `series` and gold rows {x, series, y} (probe-cases-run.ts checks the triples).
#   /usr/bin/python3 lib/chat/testing/probe46/truth.py
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


# (id, table, question, chart, x, y, agg, order, gold) ; series cases: gold returns (x, series, y) and x is "x|series"
Q = [
    # film: film_id, title, release_year, language, rental_duration, rental_rate, length, replacement_cost, rating, category
    ("f1", "film", "How many films are there for each rating? Show a bar chart, and rank by the number in descending order.", "bar", "rating", "*", "count", ("y", "desc"), lambda: order(grp(f, "rating", None, "count"), "y", "desc")),
    ("f2", "film", "Bar chart x axis category y axis how many category, and list X-axis from high to low order.", "bar", "category", "category", "count", ("x", "desc"), lambda: order(grp(f, "category", None, "count"), "x", "desc")),
    ("f3", "film", "What is the average length of films in each category? Plot them as bar chart, and sort by the average length in desc.", "bar", "category", "length", "avg", ("y", "desc"), lambda: order(grp(f, "category", "length", "avg"), "y", "desc")),
    ("f4", "film", "Return a pie chart about the propotion of language.", "pie", "language", "language", "count", None, lambda: grp(f, "language", None, "count")),
    ("f5", "film", "List the title and length of films with rating PG-13, show bar chart and order by length from low to high.", "bar", "title", "length", "none", ("y", "asc"), lambda: order(rows(f, "title", "length", lambda d: d.rating == "PG-13"), "y", "asc")),
    ("f6", "film", "Show the number of films released in each year with a line chart, and sort by release_year in ascending order.", "line", "release_year", "*", "count", ("x", "asc"), lambda: order(grp(f, "release_year", None, "count"), "x", "asc")),
    ("f7", "film", "Give me a bar chart for the maximum replacement cost of each rating, could you order by the x-axis in asc?", "bar", "rating", "replacement_cost", "max", ("x", "asc"), lambda: order(grp(f, "rating", "replacement_cost", "max"), "x", "asc")),
    ("f8", "film", "What are the titles and rental rates of films longer than 150 minutes? Draw a bar chart, and rank by title in descending.", "bar", "title", "rental_rate", "none", ("x", "desc"), lambda: order(rows(f, "title", "rental_rate", lambda d: d.length > 150), "x", "desc")),
    ("f9", "film", "Compare the total rental duration of each language using a bar chart.", "bar", "language", "rental_duration", "sum", None, lambda: grp(f, "language", "rental_duration", "sum")),
    ("f10", "film", "Show the relationship between length and replacement_cost for films in the Horror category with a scatter chart.", "scatter", "length", "replacement_cost", "none", None, lambda: rows(f, "length", "replacement_cost", lambda d: d.category == "Horror")),
    # Appointment: AppointmentID, Patient, Physician, Department, Start, End, Duration_Minutes, ExaminationRoom, Status, Fee
    ("a1", "Appointment", "Bin the Start into weekday interval and count the number of appointments with a bar chart.", "bar", "Start", "*", "count", None, lambda: weekday(a, "Start")),
    ("a2", "Appointment", "How many appointments does each physician have? Show a pie chart.", "pie", "Physician", "*", "count", None, lambda: grp(a, "Physician", None, "count")),
    ("a3", "Appointment", "Show the number of appointments in each department with a bar chart, and show Y-axis from low to high.", "bar", "Department", "*", "count", ("y", "asc"), lambda: order(grp(a, "Department", None, "count"), "y", "asc")),
    ("a4", "Appointment", "What is the avergae fee for each department? Return a bar chart, and list by the names in asc.", "bar", "Department", "Fee", "avg", ("x", "asc"), lambda: order(grp(a, "Department", "Fee", "avg"), "x", "asc")),
    ("a5", "Appointment", "Draw a bar chart of the total fee of completed appointments by weekday.", "bar", "Start", "Fee", "sum", None, lambda: weekday(a, "Start", "Fee", "sum", lambda d: d.Status == "Completed")),
    ("a6", "Appointment", "Show the trend of the number of appointments over the year of Start with a line chart.", "line", "Start", "*", "count", None, lambda: year(a, "Start")),
    ("a7", "Appointment", "Visualize a stacked bar chart of the number of appointments by department, and group by status.", "bar", "Department|Status", "*", "count", None, lambda: stacked(a, "Department", "Status", None, "count")),
    ("a8", "Appointment", "For each examination room, what is the maximum duration? Plot them as a pie chart.", "pie", "ExaminationRoom", "Duration_Minutes", "max", None, lambda: grp(a, "ExaminationRoom", "Duration_Minutes", "max")),
    ("a9", "Appointment", "Show the number of appointments for each physician whose status is not Cancelled, and list by the number from high to low.", "bar", "Physician", "*", "count", ("y", "desc"), lambda: order(grp(a, "Physician", None, "count", lambda d: d.Status != "Cancelled"), "y", "desc")),
    ("a10", "Appointment", "What is the minimum fee of appointments in each examination room with a duration of at least 30 minutes? Bar chart, sort x axis in descending.", "bar", "ExaminationRoom", "Fee", "min", ("x", "desc"), lambda: order(grp(a, "ExaminationRoom", "Fee", "min", lambda d: d.Duration_Minutes >= 30), "x", "desc")),
    # Student: StuID, LName, Fname, Age, Sex, Major, Advisor, city_code, Date_of_Birth, Enrollment_Date, GPA, Credits_Earned
    ("s1", "Student", "Show the number of students in each major with a bar chart, and order by the Major in asc.", "bar", "Major", "*", "count", ("x", "asc"), lambda: order(grp(s, "Major", None, "count"), "x", "asc")),
    ("s2", "Student", "What is the proportion of male and female students? Return a pie chart.", "pie", "Sex", "*", "count", None, lambda: grp(s, "Sex", None, "count")),
    ("s3", "Student", "Show me the average age of students for each major in a bar chart, and sort in ascending by the y-axis.", "bar", "Major", "Age", "avg", ("y", "asc"), lambda: order(grp(s, "Major", "Age", "avg"), "y", "asc")),
    ("s4", "Student", "What are the first names and ages of students majoring in History, show by a bar chart, and rank by age from high to low.", "bar", "Fname", "Age", "none", ("y", "desc"), lambda: order(rows(s, "Fname", "Age", lambda d: d.Major == "History"), "y", "desc")),
    ("s5", "Student", "What are the ages and GPAs of all students, show by a scatter.", "scatter", "Age", "GPA", "none", None, lambda: rows(s, "Age", "GPA")),
    ("s6", "Student", "Bin the Enrollment_Date by year and count the number of students enrolled, show a line chart.", "line", "Enrollment_Date", "*", "count", None, lambda: year(s, "Enrollment_Date")),
    ("s7", "Student", "Give me a bar chart to show the total credits earned of students in each city_code, ranked by total credits in descending order.", "bar", "city_code", "Credits_Earned", "sum", ("y", "desc"), lambda: order(grp(s, "city_code", "Credits_Earned", "sum"), "y", "desc")),
    ("s8", "Student", "How many students does each advisor have for students older than 20? Visualize in a pie chart.", "pie", "Advisor", "*", "count", None, lambda: grp(s, "Advisor", None, "count", lambda d: d.Age > 20)),
    ("s9", "Student", "Show the number of students born on each day of the week, bin the date of birth by weekday.", "bar", "Date_of_Birth", "*", "count", None, lambda: weekday(s, "Date_of_Birth")),
    ("s10", "Student", "What is the highest GPA for each sex? Show a bar chart.", "bar", "Sex", "GPA", "max", None, lambda: grp(s, "Sex", "GPA", "max")),
    ("s11", "Student", "Show the number of students in each major, and group by attribute Sex in a stacked bar chart.", "bar", "Major|Sex", "*", "count", None, lambda: stacked(s, "Major", "Sex", None, "count")),
    # train: Train_ID, Train_Number, Name, Operator, Origin, Destination, Departure_Date, Departure_Time, Distance_km, Travel_Time_min, Ticket_Price, Class
    ("t1", "train", "How many trains depart from each origin? Show a bar chart, and order by the number of trains in descending order.", "bar", "Origin", "*", "count", ("y", "desc"), lambda: order(grp(t, "Origin", None, "count"), "y", "desc")),
    ("t2", "train", "Show the average ticket price of each operator with a bar chart, and rank by operator from low to high.", "bar", "Operator", "Ticket_Price", "avg", ("x", "asc"), lambda: order(grp(t, "Operator", "Ticket_Price", "avg"), "x", "asc")),
    ("t3", "train", "What is the proportion of train class? Pie chart.", "pie", "Class", "*", "count", None, lambda: grp(t, "Class", None, "count")),
    ("t4", "train", "List the train names and distances of trains going to Edinburgh, using a bar chart, sort by distance in ascending.", "bar", "Name", "Distance_km", "none", ("y", "asc"), lambda: order(rows(t, "Name", "Distance_km", lambda d: d.Destination == "Edinburgh"), "y", "asc")),
    ("t5", "train", "Show the trend of the total Distance_km over the years, bin the departure date by year, in a line chart.", "line", "Departure_Date", "Distance_km", "sum", None, lambda: year(t, "Departure_Date", "Distance_km", "sum")),
    ("t6", "train", "Draw a bar chart of the number of trains departing on each weekday, for trains operated by LNER.", "bar", "Departure_Date", "*", "count", None, lambda: weekday(t, "Departure_Date", None, "count", lambda d: d.Operator == "LNER")),
    ("t7", "train", "Compare the maximum travel time of each train name using a bar chart, and could you rank y-axis in desc?", "bar", "Name", "Travel_Time_min", "max", ("y", "desc"), lambda: order(grp(t, "Name", "Travel_Time_min", "max"), "y", "desc")),
    ("t8", "train", "What are the ticket price and distance of all first class trains? Show me a scatter plot.", "scatter", "Ticket_Price", "Distance_km", "none", None, lambda: rows(t, "Ticket_Price", "Distance_km", lambda d: d.Class == "First")),
    ("t9", "train", "Show the minimum ticket price for each destination in a pie chart.", "pie", "Destination", "Ticket_Price", "min", None, lambda: grp(t, "Destination", "Ticket_Price", "min")),
    ("t10", "train", "Return a bar chart about the distribution of Origin and the sum of Distance_km, and group by attribute Class.", "bar", "Origin|Class", "Distance_km", "sum", None, lambda: stacked(t, "Origin", "Class", "Distance_km", "sum")),
    # wine: No, Grape, Winery, Appelation, State, Name, Year, Price, Score, Cases, Drink
    ("w1", "wine", "What are the number of wines for each grape? Show me a bar chart, and could you rank by the y axis in desc?", "bar", "Grape", "*", "count", ("y", "desc"), lambda: order(grp(w, "Grape", None, "count"), "y", "desc")),
    ("w2", "wine", "Show the average price of wines for each year in a line chart, and sort by year in ascending order.", "line", "Year", "Price", "avg", ("x", "asc"), lambda: order(grp(w, "Year", "Price", "avg"), "x", "asc")),
    ("w3", "wine", "Give me a pie chart to show the number of wines produced by each winery.", "pie", "Winery", "*", "count", None, lambda: grp(w, "Winery", None, "count")),
    ("w4", "wine", "what is the maximum score of wines in each appelation, and could you rank from low to high by the maximum score?", "bar", "Appelation", "Score", "max", ("y", "asc"), lambda: order(grp(w, "Appelation", "Score", "max"), "y", "asc")),
    ("w5", "wine", "List the names and prices of wines whose score is higher than 95, show bar chart and order by price in descending order.", "bar", "Name", "Price", "none", ("y", "desc"), lambda: order(rows(w, "Name", "Price", lambda d: d.Score > 95), "y", "desc")),
    ("w6", "wine", "Show the total cases of wines in each state, order by the total cases from low to high, with a bar chart.", "bar", "State", "Cases", "sum", ("y", "asc"), lambda: order(grp(w, "State", "Cases", "sum"), "y", "asc")),
    ("w7", "wine", "What are the prices and scores of wines made from Zinfandel grapes? Show by a scatter.", "scatter", "Price", "Score", "none", None, lambda: rows(w, "Price", "Score", lambda d: d.Grape == "Zinfandel")),
    ("w8", "wine", "Show the number of wines per year for wines with a price above 100, with a line chart.", "line", "Year", "*", "count", None, lambda: grp(w, "Year", None, "count", lambda d: d.Price > 100)),
    ("w9", "wine", "Return a bar chart on the average score of each grape for wines before 2008, and list by the names from high to low.", "bar", "Grape", "Score", "avg", ("x", "desc"), lambda: order(grp(w, "Grape", "Score", "avg", lambda d: d.Year < 2008), "x", "desc")),
    ("w10", "wine", "Please list the average price of wines from each winery in descending order of the average price, show a bar chart.", "bar", "Winery", "Price", "avg", ("y", "desc"), lambda: order(grp(w, "Winery", "Price", "avg"), "y", "desc")),
    # class_booking: Booking_ID, Member_ID, Class_Type, Instructor, Booking_Date, Membership_Level, Duration_Minutes, Calories_Burned, Attended
    ("g1", "class_booking", "Bin the booking date into weekday interval and count the number of bookings, show by a bar chart, and sort by the y-axis in desc.", "bar", "Booking_Date", "*", "count", ("y", "desc"), lambda: order(weekday(g, "Booking_Date"), "y", "desc")),
    ("g2", "class_booking", "How many bookings for each class type? Show a pie chart.", "pie", "Class_Type", "*", "count", None, lambda: grp(g, "Class_Type", None, "count")),
    ("g3", "class_booking", "What is the average calories burned for each class type? Plot them as bar chart, and sort by class type from low to high.", "bar", "Class_Type", "Calories_Burned", "avg", ("x", "asc"), lambda: order(grp(g, "Class_Type", "Calories_Burned", "avg"), "x", "asc")),
    ("g4", "class_booking", "Show the number of bookings for each instructor whose membership level is Premium in a bar chart.", "bar", "Instructor", "*", "count", None, lambda: grp(g, "Instructor", None, "count", lambda d: d.Membership_Level == "Premium")),
    ("g5", "class_booking", "Draw a bar chart of the total calories burned by membership level, show from high to low by the total.", "bar", "Membership_Level", "Calories_Burned", "sum", ("y", "desc"), lambda: order(grp(g, "Membership_Level", "Calories_Burned", "sum"), "y", "desc")),
    ("g6", "class_booking", "Show the trend of the number of bookings by month in a line chart.", "line", "Booking_Date", "*", "count", None, lambda: month(g, "Booking_Date")),
    ("g7", "class_booking", "List the booking id and calories burned of bookings for Boxing classes that lasted 60 minutes, in a bar chart ordered by calories burned asc.", "bar", "Booking_ID", "Calories_Burned", "none", ("y", "asc"), lambda: order(rows(g, "Booking_ID", "Calories_Burned", lambda d: (d.Class_Type == "Boxing") & (d.Duration_Minutes == 60)), "y", "asc")),
    ("g8", "class_booking", "What is the minimum duration of each instructor's classes? Show in a bar chart, and rank by instructor in desc order.", "bar", "Instructor", "Duration_Minutes", "min", ("x", "desc"), lambda: order(grp(g, "Instructor", "Duration_Minutes", "min"), "x", "desc")),
    ("g9", "class_booking", "Return a scatter chart about the correlation between duration minutes and calories burned.", "scatter", "Duration_Minutes", "Calories_Burned", "none", None, lambda: rows(g, "Duration_Minutes", "Calories_Burned")),
    ("g10", "class_booking", "How many bookings were attended for each class type? Show a bar chart, list in ascending by the y axis.", "bar", "Class_Type", "*", "count", ("y", "asc"), lambda: order(grp(g, "Class_Type", None, "count", lambda d: d.Attended == "Y"), "y", "asc")),
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
with open(D + "cases.jsonl", "w") as fh:
    for o in out:
        fh.write(json.dumps(o) + "\n")
print(len(out), "cases")
