# Probe17: nvBench-style chart requests over 4 tables exported from R packages no other set uses
# (datasets::ChickWeight, lattice::barley, datasets::infert, ggplot2::economics_long).
# Questions written before any run; gold by pandas (SQL semantics). Writes cases.jsonl in the probe5 case format.
#   /usr/bin/python3 lib/chat/testing/probe17/truth.py
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from probe_cases_truth import AGG, grp, month, order, rows, weekday, write_cases, year  # noqa: E402, F401

D = os.path.dirname(os.path.abspath(__file__)) + "/"
c = pd.read_csv(D + "ChickWeight.csv")
b = pd.read_csv(D + "barley.csv")
i = pd.read_csv(D + "infert.csv")
e = pd.read_csv(D + "economics_long.csv")
e["yr"] = pd.to_datetime(e.date).dt.year


def pg(df, g, xa, ya, xagg, yagg, where=None):
    if where is not None:
        df = df[where(df)]
    gx = df.groupby(g)[xa].agg(AGG[xagg])
    gy = df.groupby(g)[ya].agg(AGG[yagg])
    return [(float(gx[k]), float(gy[k])) for k in gx.index]


U = lambda d: d.variable == "unemploy"  # noqa: E731
# (id, table, question, chart, x, y, agg, order, gold)
Q = [
    # ChickWeight: weight, Time, Chick, Diet (1-4)
    ("c1", "ChickWeight", "Show the number of measurements for each Diet in a bar chart.", "bar", "Diet", "*", "count", None, lambda: grp(c, "Diet", None, "count")),
    ("c1p", "ChickWeight", "How many records are there for each diet? Return a pie chart.", "pie", "Diet", "*", "count", None, lambda: grp(c, "Diet", None, "count")),
    ("c2", "ChickWeight", "What is the average weight for each Diet? Show a bar chart, and rank by the average weight in descending order.", "bar", "Diet", "weight", "avg", ("y", "desc"), lambda: order(grp(c, "Diet", "weight", "avg"), "y", "desc")),
    ("c2p", "ChickWeight", "Plot the mean weight by diet as a bar graph, sort the Y-axis from high to low.", "bar", "Diet", "weight", "avg", ("y", "desc"), lambda: order(grp(c, "Diet", "weight", "avg"), "y", "desc")),
    ("c3", "ChickWeight", "Show the average weight for each Time in a line chart.", "line", "Time", "weight", "avg", None, lambda: grp(c, "Time", "weight", "avg")),
    ("c3p", "ChickWeight", "Plot the average weight over Time in a line chart, for chicks on Diet 1.", "line", "Time", "weight", "avg", None, lambda: grp(c, "Time", "weight", "avg", lambda d: d.Diet == 1)),
    ("c4", "ChickWeight", "Show a scatter chart of weight versus Time for chicks on Diet 4.", "scatter", "Time", "weight", "none", None, lambda: rows(c, "Time", "weight", lambda d: d.Diet == 4)),
    ("c5", "ChickWeight", "What is the maximum weight for each Chick, for chicks on Diet 2? Show a bar chart and list in ascending order of the maximum weight.", "bar", "Chick", "weight", "max", ("y", "asc"), lambda: order(grp(c, "Chick", "weight", "max", lambda d: d.Diet == 2), "y", "asc")),
    ("c6", "ChickWeight", "Show the maximum weight of each Time for Diet 3 or Diet 4 in a bar chart, ordered by Time in descending order.", "bar", "Time", "weight", "max", ("x", "desc"), lambda: order(grp(c, "Time", "weight", "max", lambda d: d.Diet.isin([3, 4])), "x", "desc")),
    ("c7", "ChickWeight", "Show the number of measurements with a weight above 200 for each Diet with a bar chart.", "bar", "Diet", "*", "count", None, lambda: grp(c, "Diet", None, "count", lambda d: d.weight > 200)),
    ("c8", "ChickWeight", "For each chick, what is the average weight and the maximum weight? Show in a scatter.", "scatter", "weight", "weight", "avg", None, lambda: pg(c, "Chick", "weight", "weight", "avg", "max")),
    ("c9", "ChickWeight", "Show the top 5 chicks by maximum weight in a bar chart.", "bar", "Chick", "weight", "max", ("y", "desc"), lambda: order(grp(c, "Chick", "weight", "max"), "y", "desc")[:5]),
    ("c10", "ChickWeight", "Show the minimum weight for each Time, excluding Diet 1, in a line chart.", "line", "Time", "weight", "min", None, lambda: grp(c, "Time", "weight", "min", lambda d: d.Diet != 1)),
    ("c11", "ChickWeight", "Return a bar chart of the total weight for each Diet at Time 21, and list by the x-axis in desc order.", "bar", "Diet", "weight", "sum", ("x", "desc"), lambda: order(grp(c, "Diet", "weight", "sum", lambda d: d.Time == 21), "x", "desc")),
    ("c12", "ChickWeight", "Show the number of chicks in each Diet at Time 0 in a pie chart.", "pie", "Diet", "*", "count", None, lambda: grp(c, "Diet", None, "count", lambda d: d.Time == 0)),
    ("c12p", "ChickWeight", "Visualize a pie chart of how many chicks each diet has, counting only rows where Time is 0.", "pie", "Diet", "*", "count", None, lambda: grp(c, "Diet", None, "count", lambda d: d.Time == 0)),
    # barley: yield, variety, year (1931/1932), site
    ("b1", "barley", "Show the total yield for each site in a bar chart, and sort by the total yield in descending order.", "bar", "site", "yield", "sum", ("y", "desc"), lambda: order(grp(b, "site", "yield", "sum"), "y", "desc")),
    ("b1p", "barley", "Return a bar chart on the sum of yield across sites, order Y-axis from high to low.", "bar", "site", "yield", "sum", ("y", "desc"), lambda: order(grp(b, "site", "yield", "sum"), "y", "desc")),
    ("b2", "barley", "What is the average yield for each variety? Show a bar chart, and list in ascending order of variety.", "bar", "variety", "yield", "avg", ("x", "asc"), lambda: order(grp(b, "variety", "yield", "avg"), "x", "asc")),
    ("b2p", "barley", "Visualize a bar chart of the mean yield by variety, and rank by the X from low to high.", "bar", "variety", "yield", "avg", ("x", "asc"), lambda: order(grp(b, "variety", "yield", "avg"), "x", "asc")),
    ("b3", "barley", "Show the average yield for each site in 1931 with a bar chart.", "bar", "site", "yield", "avg", None, lambda: grp(b, "site", "yield", "avg", lambda d: d.year == 1931)),
    ("b4", "barley", "Show the variety and the yield of all plots at the site Waseca in 1932 in a bar chart, sorted by yield in descending order.", "bar", "variety", "yield", "none", ("y", "desc"), lambda: order(rows(b, "variety", "yield", lambda d: (d.site == "Waseca") & (d.year == 1932)), "y", "desc")),
    ("b5", "barley", "How many plots are there for each variety with a yield above 40? Show a bar chart.", "bar", "variety", "*", "count", None, lambda: grp(b, "variety", None, "count", lambda d: d["yield"] > 40)),
    ("b6", "barley", "What is the maximum yield for each site, for the varieties Trebi or Peatland? Pie chart.", "pie", "site", "yield", "max", None, lambda: grp(b, "site", "yield", "max", lambda d: d.variety.isin(["Trebi", "Peatland"]))),
    ("b7", "barley", "Show the minimum yield for each year in a bar chart.", "bar", "year", "yield", "min", None, lambda: grp(b, "year", "yield", "min")),
    ("b8", "barley", "For each variety, show the average yield and the minimum yield in a scatter chart.", "scatter", "yield", "yield", "avg", None, lambda: pg(b, "variety", "yield", "yield", "avg", "min")),
    ("b9", "barley", "Show the top 3 sites by average yield in a bar chart.", "bar", "site", "yield", "avg", ("y", "desc"), lambda: order(grp(b, "site", "yield", "avg"), "y", "desc")[:3]),
    ("b10", "barley", "Show the total yield of each variety at sites other than Morris, in a bar chart ranked from low to high.", "bar", "variety", "yield", "sum", ("y", "asc"), lambda: order(grp(b, "variety", "yield", "sum", lambda d: d.site != "Morris"), "y", "asc")),
    ("b11", "barley", "Show the site and yield of the variety Svansota in 1931 with a bar chart, and list by the x-axis in ascending order.", "bar", "site", "yield", "none", ("x", "asc"), lambda: order(rows(b, "site", "yield", lambda d: (d.variety == "Svansota") & (d.year == 1931)), "x", "asc")),
    ("b12", "barley", "Give me a pie chart of the number of plots for each site with a yield below 25.", "pie", "site", "*", "count", None, lambda: grp(b, "site", None, "count", lambda d: d["yield"] < 25)),
    # infert: education, age, parity, induced, case, spontaneous, stratum, pooled.stratum
    ("i1", "infert", "Show the number of women in each education group in a bar chart.", "bar", "education", "*", "count", None, lambda: grp(i, "education", None, "count")),
    ("i1p", "infert", "Show different education levels and the number of women of each level in a pie chart.", "pie", "education", "*", "count", None, lambda: grp(i, "education", None, "count")),
    ("i2", "infert", "What is the average age for each education level? Show a bar chart, and rank by the average age in ascending order.", "bar", "education", "age", "avg", ("y", "asc"), lambda: order(grp(i, "education", "age", "avg"), "y", "asc")),
    ("i3", "infert", "Show the number of women for each parity with a bar chart, and sort by parity in ascending order.", "bar", "parity", "*", "count", ("x", "asc"), lambda: order(grp(i, "parity", None, "count"), "x", "asc")),
    ("i3p", "infert", "Count the women and group by parity in a bar chart, list by the x-axis from low to high.", "bar", "parity", "*", "count", ("x", "asc"), lambda: order(grp(i, "parity", None, "count"), "x", "asc")),
    ("i4", "infert", "Show the number of women for each age, for women with case equal to 1, in a line chart.", "line", "age", "*", "count", None, lambda: grp(i, "age", None, "count", lambda d: d.case == 1)),
    ("i5", "infert", "What is the total spontaneous for each education level? Bar chart.", "bar", "education", "spontaneous", "sum", None, lambda: grp(i, "education", "spontaneous", "sum")),
    ("i6", "infert", "What is the average parity for each age, show in a scatter chart.", "scatter", "age", "parity", "avg", None, lambda: grp(i, "age", "parity", "avg")),
    ("i7", "infert", "Show a scatter plot of parity versus age.", "scatter", "age", "parity", "none", None, lambda: rows(i, "age", "parity")),
    ("i8", "infert", "How many women have an induced value of 2 in each education group? Show a pie chart.", "pie", "education", "*", "count", None, lambda: grp(i, "education", None, "count", lambda d: d.induced == 2)),
    ("i9", "infert", "Show the maximum age for each parity, for women whose education is 0-5yrs or 12+ yrs, in a bar chart.", "bar", "parity", "age", "max", None, lambda: grp(i, "parity", "age", "max", lambda d: d.education.isin(["0-5yrs", "12+ yrs"]))),
    ("i10", "infert", "Show the top 5 pooled.stratum values by the number of women in a bar chart.", "bar", "pooled.stratum", "*", "count", ("y", "desc"), lambda: order(grp(i, "pooled.stratum", None, "count"), "y", "desc")[:5]),
    ("i11", "infert", "What is the average spontaneous for each parity, for women not in the 6-11yrs education group? Bar chart, ordered by the Y from high to low.", "bar", "parity", "spontaneous", "avg", ("y", "desc"), lambda: order(grp(i, "parity", "spontaneous", "avg", lambda d: d.education != "6-11yrs"), "y", "desc")),
    ("i12", "infert", "Count the women with an age under 30 grouped by education with a bar chart, sorted by the count from low to high.", "bar", "education", "*", "count", ("y", "asc"), lambda: order(grp(i, "education", None, "count", lambda d: d.age < 30), "y", "asc")),
    ("i13", "infert", "Show the average age for each induced value among the cases, i.e. case is 1, in a bar chart.", "bar", "induced", "age", "avg", None, lambda: grp(i, "induced", "age", "avg", lambda d: d.case == 1)),
    # economics_long: date (monthly 1967-07 .. 2015-04), variable (pce, pop, psavert, uempmed, unemploy), value, value01
    ("e1", "economics_long", "Show the average value of the variable unemploy for each year in a line chart.", "line", "date", "value", "avg", None, lambda: year(e, "date", "value", "avg", U)),
    ("e1p", "economics_long", "Plot the mean value per year for unemploy in a line chart.", "line", "date", "value", "avg", None, lambda: year(e, "date", "value", "avg", U)),
    ("e2", "economics_long", "Show the number of records for each variable in a bar chart.", "bar", "variable", "*", "count", None, lambda: grp(e, "variable", None, "count")),
    ("e3", "economics_long", "What is the maximum value for each variable? Show a bar chart, sorted by the maximum in descending order.", "bar", "variable", "value", "max", ("y", "desc"), lambda: order(grp(e, "variable", "value", "max"), "y", "desc")),
    ("e4", "economics_long", "Show the value of psavert for each date in 2010 in a line chart.", "line", "date", "value", "none", None, lambda: rows(e, "date", "value", lambda d: (d.variable == "psavert") & (d.yr == 2010))),
    ("e5", "economics_long", "Bin the date into year interval and show the total value of pce since 2011 in a bar chart.", "bar", "date", "value", "sum", None, lambda: year(e, "date", "value", "sum", lambda d: (d.variable == "pce") & (d.yr >= 2011))),
    ("e6", "economics_long", "Show the number of records for the variable pop in each weekday in a bar chart, bin the date into weekday interval.", "bar", "date", "*", "count", None, lambda: weekday(e, "date", None, "count", lambda d: d.variable == "pop")),
    ("e7", "economics_long", "Show the average value01 for each variable in a pie chart.", "pie", "variable", "value01", "avg", None, lambda: grp(e, "variable", "value01", "avg")),
    ("e8", "economics_long", "Show the minimum value of uempmed per month in 2014 in a line chart.", "line", "date", "value", "min", None, lambda: month(e, "date", "value", "min", lambda d: (d.variable == "uempmed") & (d.yr == 2014))),
    ("e9", "economics_long", "Show the maximum value of each variable, for the variables psavert or uempmed, in a bar chart.", "bar", "variable", "value", "max", None, lambda: grp(e, "variable", "value", "max", lambda d: d.variable.isin(["psavert", "uempmed"]))),
    ("e10", "economics_long", "Show the top 3 years by the average value of unemploy in a bar chart.", "bar", "date", "value", "avg", ("y", "desc"), lambda: order(year(e, "date", "value", "avg", U), "y", "desc")[:3]),
    ("e11", "economics_long", "Show the total value of pop for each year from 2000 on, in a bar chart sorted by year in descending order.", "bar", "date", "value", "sum", ("x", "desc"), lambda: order(year(e, "date", "value", "sum", lambda d: (d.variable == "pop") & (d.yr >= 2000)), "x", "desc")),
    ("e12", "economics_long", "Bin the date into month interval and show the average value of psavert in 2015 with a bar chart.", "bar", "date", "value", "avg", None, lambda: month(e, "date", "value", "avg", lambda d: (d.variable == "psavert") & (d.yr == 2015))),
    ("e13", "economics_long", "Show the average value01 for each year for the variable psavert, excluding years before 2005, in a line chart.", "line", "date", "value01", "avg", None, lambda: year(e, "date", "value01", "avg", lambda d: (d.variable == "psavert") & (d.yr >= 2005))),
]


write_cases(D, Q)
