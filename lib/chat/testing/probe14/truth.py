# Probe14: nvBench-style chart requests over 5 tables exported from R packages no other set uses
# (ggplot2::msleep, ggplot2::economics, ggplot2::midwest, MASS::UScereal, datasets::airquality + an ISO Date).
# Questions written before any run; gold by pandas (SQL semantics: NULL aggregates skipped, rows with a
# missing scatter value left out). Writes cases.jsonl in the probe5 case format.
#   /usr/bin/python3 lib/chat/testing/probe14/truth.py
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from probe_cases_truth import AGG, grp, month, order, rows, weekday, write_cases, year  # noqa: E402, F401

D = os.path.dirname(os.path.abspath(__file__)) + "/"
m = pd.read_csv(D + "msleep.csv")
e = pd.read_csv(D + "economics.csv")
w = pd.read_csv(D + "midwest.csv")
u = pd.read_csv(D + "UScereal.csv")
a = pd.read_csv(D + "airquality.csv")
# (id, table, question, chart, x, y, agg, order, gold)
Q = [
    # msleep: name, genus, vore, order, conservation, sleep_total, sleep_rem, sleep_cycle, awake, brainwt, bodywt
    ("m1", "msleep", "How many mammals are there in each order? Show a bar chart, and rank by the number in descending order.", "bar", "order", "*", "count", ("y", "desc"), lambda: order(grp(m, "order", None, "count"), "y", "desc")),
    ("m1p", "msleep", "Show the order and the number of animals for each order in a bar chart, sort Y-axis from high to low.", "bar", "order", "*", "count", ("y", "desc"), lambda: order(grp(m, "order", None, "count"), "y", "desc")),
    ("m2", "msleep", "Show the name and sleep_total of all mammals whose bodywt is greater than 100 in a bar chart, sort by sleep_total in ascending order.", "bar", "name", "sleep_total", "none", ("y", "asc"), lambda: order(rows(m, "name", "sleep_total", lambda d: d.bodywt > 100), "y", "asc")),
    ("m2p", "msleep", "Return a bar chart on the names and total sleep of mammals heavier than 100 in body weight, list by the y-axis from low to high.", "bar", "name", "sleep_total", "none", ("y", "asc"), lambda: order(rows(m, "name", "sleep_total", lambda d: d.bodywt > 100), "y", "asc")),
    ("m3", "msleep", "Plot the average sleep_total for each order in a bar chart, and list by the x-axis in asc order.", "bar", "order", "sleep_total", "avg", ("x", "asc"), lambda: order(grp(m, "order", "sleep_total", "avg"), "x", "asc")),
    ("m4", "msleep", "Show a scatter chart about the correlation between bodywt and brainwt.", "scatter", "bodywt", "brainwt", "none", None, lambda: rows(m, "bodywt", "brainwt")),
    ("m5", "msleep", "For the mammals whose vore is omni or herbi, show the number of mammals in each order with a bar chart.", "bar", "order", "*", "count", None, lambda: grp(m, "order", None, "count", lambda d: d.vore.isin(["omni", "herbi"]))),
    ("m6", "msleep", "Show the name and awake of mammals not in the order Rodentia whose awake is above 18, in a bar chart, ordered by awake in desc.", "bar", "name", "awake", "none", ("y", "desc"), lambda: order(rows(m, "name", "awake", lambda d: (d.order != "Rodentia") & (d.awake > 18)), "y", "desc")),
    ("m7", "msleep", "Visualize a scatter plot of sleep_rem versus sleep_total.", "scatter", "sleep_total", "sleep_rem", "none", None, lambda: rows(m, "sleep_total", "sleep_rem")),
    ("m8", "msleep", "What is the maximum bodywt for each vore? Show a pie chart.", "pie", "vore", "bodywt", "max", None, lambda: grp(m, "vore", "bodywt", "max")),
    ("m9", "msleep", "List the genus and the total sleep of mammals in the order Primates, show in a bar chart and list in descending order of the sleep_total.", "bar", "genus", "sleep_total", "none", ("y", "desc"), lambda: order(rows(m, "genus", "sleep_total", lambda d: d.order == "Primates"), "y", "desc")),
    ("m10", "msleep", "What is the average awake for each vore, for mammals with a bodywt less than 10? Bar chart.", "bar", "vore", "awake", "avg", None, lambda: grp(m, "vore", "awake", "avg", lambda d: d.bodywt < 10)),
    ("m11", "msleep", "Show the minimum sleep_total for each conservation status, and display by the minimum in ascending order with a bar chart.", "bar", "conservation", "sleep_total", "min", ("y", "asc"), lambda: order(grp(m, "conservation", "sleep_total", "min"), "y", "asc")),
    ("m12", "msleep", "Show the top 5 orders by the number of mammals in a bar chart.", "bar", "order", "*", "count", ("y", "desc"), lambda: order(grp(m, "order", None, "count"), "y", "desc")[:5]),
    # economics: date, pce, pop, psavert, uempmed, unemploy (monthly, 1967-2015)
    ("e1", "economics", "Plot the unemploy over date in a line chart.", "line", "date", "unemploy", "none", None, lambda: rows(e, "date", "unemploy")),
    ("e2", "economics", "Show the average psavert for each year in a line chart.", "line", "date", "psavert", "avg", None, lambda: year(e, "date", "psavert", "avg")),
    ("e2p", "economics", "Bin the date into year interval and show the average psavert with a line chart.", "line", "date", "psavert", "avg", None, lambda: year(e, "date", "psavert", "avg")),
    ("e3", "economics", "What is the maximum uempmed in each year? Show a bar chart.", "bar", "date", "uempmed", "max", None, lambda: year(e, "date", "uempmed", "max")),
    ("e4", "economics", "Show the total pce per year from 2005 on in a line chart.", "line", "date", "pce", "sum", None, lambda: year(e, "date", "pce", "sum", lambda d: d.date >= "2005")),
    ("e5", "economics", "Return a scatter chart about the correlation between pop and pce.", "scatter", "pop", "pce", "none", None, lambda: rows(e, "pop", "pce")),
    ("e6", "economics", "Show the number of months with psavert greater than 12 for each year in a bar chart.", "bar", "date", "*", "count", None, lambda: year(e, "date", None, "count", lambda d: d.psavert > 12)),
    ("e7", "economics", "Plot the average unemploy by year for years before 1980 in a bar chart, and order by year in descending order.", "bar", "date", "unemploy", "avg", ("x", "desc"), lambda: order(year(e, "date", "unemploy", "avg", lambda d: d.date < "1980"), "x", "desc")),
    ("e8", "economics", "Show the minimum psavert for each year in 2010 or later, in a bar chart sorted by the minimum from low to high.", "bar", "date", "psavert", "min", ("y", "asc"), lambda: order(year(e, "date", "psavert", "min", lambda d: d.date >= "2010"), "y", "asc")),
    ("e9", "economics", "What is the total unemploy for each month of 2014? Plot it in a line chart.", "line", "date", "unemploy", "sum", None, lambda: month(e, "date", "unemploy", "sum", lambda d: d.date.str.startswith("2014"))),
    # midwest: PID, county, state, area, poptotal, popdensity, ..., percollege, percbelowpoverty, inmetro (0/1), category
    ("w1", "midwest", "Show the number of counties in each state in a pie chart.", "pie", "state", "*", "count", None, lambda: grp(w, "state", None, "count")),
    ("w1p", "midwest", "Give me a pie chart to show the proportion of each state.", "pie", "state", "*", "count", None, lambda: grp(w, "state", None, "count")),
    ("w2", "midwest", "What is the total poptotal for each state? Show a bar chart ordered by the total in descending order.", "bar", "state", "poptotal", "sum", ("y", "desc"), lambda: order(grp(w, "state", "poptotal", "sum"), "y", "desc")),
    ("w2p", "midwest", "Compare the sum of poptotal of the different states using a bar chart, and show in desc by the y-axis.", "bar", "state", "poptotal", "sum", ("y", "desc"), lambda: order(grp(w, "state", "poptotal", "sum"), "y", "desc")),
    ("w3", "midwest", "Show the county and poptotal of counties in state OH with a poptotal greater than 500000 in a bar chart, order by poptotal desc.", "bar", "county", "poptotal", "none", ("y", "desc"), lambda: order(rows(w, "county", "poptotal", lambda d: (d.state == "OH") & (d.poptotal > 500000)), "y", "desc")),
    ("w4", "midwest", "Return a scatter chart about the correlation between percollege and percbelowpoverty.", "scatter", "percollege", "percbelowpoverty", "none", None, lambda: rows(w, "percollege", "percbelowpoverty")),
    ("w5", "midwest", "What is the average percollege for each state, for counties with inmetro equal to 1? Show a bar chart.", "bar", "state", "percollege", "avg", None, lambda: grp(w, "state", "percollege", "avg", lambda d: d.inmetro == 1)),
    ("w6", "midwest", "Show the average popdensity for each state whose state is not IL, in a bar chart.", "bar", "state", "popdensity", "avg", None, lambda: grp(w, "state", "popdensity", "avg", lambda d: d.state != "IL")),
    ("w7", "midwest", "Show the maximum percbelowpoverty for each state in a bar chart, list by state in descending order.", "bar", "state", "percbelowpoverty", "max", ("x", "desc"), lambda: order(grp(w, "state", "percbelowpoverty", "max"), "x", "desc")),
    ("w8", "midwest", "How many counties are in each category? Show the top 3 categories in a bar chart.", "bar", "category", "*", "count", ("y", "desc"), lambda: order(grp(w, "category", None, "count"), "y", "desc")[:3]),
    ("w9", "midwest", "For counties in OH or IN, what is the average poptotal of each state? Show a bar chart.", "bar", "state", "poptotal", "avg", None, lambda: grp(w, "state", "poptotal", "avg", lambda d: d.state.isin(["OH", "IN"]))),
    ("w10", "midwest", "Show the number of counties with percbelowpoverty above 20 for each state, and list in ascending order of the number.", "bar", "state", "*", "count", ("y", "asc"), lambda: order(grp(w, "state", None, "count", lambda d: d.percbelowpoverty > 20), "y", "asc")),
    ("w11", "midwest", "What is the average percollege and average percbelowpoverty for each state, show in a scatter chart.", "scatter", "percollege", "percbelowpoverty", "avg", None, lambda: [(float(r.percollege), float(r.percbelowpoverty)) for _, r in w.groupby("state")[["percollege", "percbelowpoverty"]].mean().iterrows()]),
    ("w12", "midwest", "List the county and area of counties in WI whose area is larger than 0.08, using a bar chart, and order by county name in asc.", "bar", "county", "area", "none", ("x", "asc"), lambda: order(rows(w, "county", "area", lambda d: (d.state == "WI") & (d.area > 0.08)), "x", "asc")),
    # UScereal: name, mfr, calories, protein, fat, sodium, fibre, carbo, sugars, shelf, potassium, vitamins
    ("u1", "UScereal", "Show the number of cereals for each mfr in a bar chart, sort by the number in ascending order.", "bar", "mfr", "*", "count", ("y", "asc"), lambda: order(grp(u, "mfr", None, "count"), "y", "asc")),
    ("u1p", "UScereal", "Count and group by mfr from the cereal table, and rank in ascending by the Y-axis please.", "bar", "mfr", "*", "count", ("y", "asc"), lambda: order(grp(u, "mfr", None, "count"), "y", "asc")),
    ("u2", "UScereal", "What is the average calories for each shelf? Show a bar chart.", "bar", "shelf", "calories", "avg", None, lambda: grp(u, "shelf", "calories", "avg")),
    ("u3", "UScereal", "Show the name and sugars of cereals whose mfr is K, with a bar chart, order by sugars desc.", "bar", "name", "sugars", "none", ("y", "desc"), lambda: order(rows(u, "name", "sugars", lambda d: d.mfr == "K"), "y", "desc")),
    ("u4", "UScereal", "Return a scatter chart of calories and sugars of all cereals.", "scatter", "calories", "sugars", "none", None, lambda: rows(u, "calories", "sugars")),
    ("u5", "UScereal", "Give me a pie chart of the number of cereals for each vitamins.", "pie", "vitamins", "*", "count", None, lambda: grp(u, "vitamins", None, "count")),
    ("u6", "UScereal", "What is the maximum fibre of each mfr, display in a bar chart and order by mfr in asc.", "bar", "mfr", "fibre", "max", ("x", "asc"), lambda: order(grp(u, "mfr", "fibre", "max"), "x", "asc")),
    ("u7", "UScereal", "Show the average sodium for each mfr for cereals on shelf 1 or 2 in a bar chart.", "bar", "mfr", "sodium", "avg", None, lambda: grp(u, "mfr", "sodium", "avg", lambda d: d.shelf.isin([1, 2]))),
    ("u8", "UScereal", "List the name and protein of cereals with fat equal to 0, and show them in a bar chart in descending order of protein.", "bar", "name", "protein", "none", ("y", "desc"), lambda: order(rows(u, "name", "protein", lambda d: d.fat == 0), "y", "desc")),
    ("u9", "UScereal", "What is the total potassium for each mfr, excluding cereals with vitamins none? Pie chart.", "pie", "mfr", "potassium", "sum", None, lambda: grp(u, "mfr", "potassium", "sum", lambda d: d.vitamins != "none")),
    ("u10", "UScereal", "Show the average sugars and average calories for each shelf in a scatter chart.", "scatter", "sugars", "calories", "avg", None, lambda: [(float(r.sugars), float(r.calories)) for _, r in u.groupby("shelf")[["sugars", "calories"]].mean().iterrows()]),
    ("u11", "UScereal", "Show the top 4 cereals with the most calories in a bar chart.", "bar", "name", "calories", "none", ("y", "desc"), lambda: order(rows(u, "name", "calories"), "y", "desc")[:4]),
    ("u12", "UScereal", "How many cereals does each mfr make with sugars of at least 10? Bar chart, order by mfr desc.", "bar", "mfr", "*", "count", ("x", "desc"), lambda: order(grp(u, "mfr", None, "count", lambda d: d.sugars >= 10), "x", "desc")),
    # airquality: Ozone, Solar.R, Wind, Temp, Month, Day, Date (1973-05-01 .. 1973-09-30)
    ("a1", "airquality", "Show the average Temp for each Month in a line chart.", "line", "Month", "Temp", "avg", None, lambda: grp(a, "Month", "Temp", "avg")),
    ("a2", "airquality", "Bin the Date into weekday interval and show the average Ozone in a bar chart.", "bar", "Date", "Ozone", "avg", None, lambda: weekday(a, "Date", "Ozone", "avg")),
    ("a2p", "airquality", "What is the average Ozone per weekday? Show a bar chart.", "bar", "Date", "Ozone", "avg", None, lambda: weekday(a, "Date", "Ozone", "avg")),
    ("a3", "airquality", "Show the number of days with Temp above 85 for each Month in a bar chart.", "bar", "Month", "*", "count", None, lambda: grp(a, "Month", None, "count", lambda d: d.Temp > 85)),
    ("a4", "airquality", "Plot the Wind over the Date in a line chart.", "line", "Date", "Wind", "none", None, lambda: rows(a, "Date", "Wind")),
    ("a5", "airquality", "Return a scatter chart about the correlation between Temp and Ozone.", "scatter", "Temp", "Ozone", "none", None, lambda: rows(a, "Temp", "Ozone")),
    ("a6", "airquality", "What is the maximum Ozone for each Month? Show a bar chart, order by the maximum in descending order.", "bar", "Month", "Ozone", "max", ("y", "desc"), lambda: order(grp(a, "Month", "Ozone", "max"), "y", "desc")),
    ("a7", "airquality", "Show the total Solar.R for each day of the week where Wind is less than 10, bar chart.", "bar", "Date", "Solar.R", "sum", None, lambda: weekday(a, "Date", "Solar.R", "sum", lambda d: d.Wind < 10)),
    ("a8", "airquality", "Show the Date and Temp of days in July with a Temp of at least 90 in a bar chart, order by Date asc.", "bar", "Date", "Temp", "none", ("x", "asc"), lambda: order(rows(a, "Date", "Temp", lambda d: (d.Month == 7) & (d.Temp >= 90)), "x", "asc")),
    ("a9", "airquality", "Count the number of days per weekday when Ozone is greater than 80, and show in a pie chart.", "pie", "Date", "*", "count", None, lambda: weekday(a, "Date", None, "count", lambda d: d.Ozone > 80)),
    ("a10", "airquality", "Show the average Wind by Month for days with Temp below 70 or above 90, in a bar chart.", "bar", "Month", "Wind", "avg", None, lambda: grp(a, "Month", "Wind", "avg", lambda d: (d.Temp < 70) | (d.Temp > 90))),
]


write_cases(D, Q)
