#!/usr/bin/python3
"""Pandas truth for the probe6 questions (notes.md), independent of lib/chat.

Run: /usr/bin/python3 lib/chat/testing/probe6/truth.py   (tables loaded as analytic/truth.py loads them)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "analytic"))
from truth import load  # noqa: E402

s, c, m, t, a = (load(n) for n in ["superstore", "cars", "movies", "telco", "adult"])
s["year"] = s["Order Date"].dt.year
s["month"] = s["Order Date"].dt.to_period("M")

def r(x):
    return x.round(2).to_dict() if hasattr(x, "to_dict") else round(float(x), 2)

T = {
    "p1": s[s.year == 2017].groupby("Region").Sales.sum(),
    "p2": s[s.Region == "West"].Sales.sum(),
    "p3": s.groupby("Category").Profit.sum(),
    "p4": s.groupby("Segment").Sales.mean(),
    "p5": s.groupby("Category").Profit.sum(),
    "p6": s.groupby("Category").Sales.mean(),
    "p7": s.groupby("Segment").Sales.sum(),
    "p8": s[s.Region == "West"].groupby("year").Profit.sum(),
    "p9": s.groupby("Sub-Category").Sales.sum().nlargest(3),
    "p10": s.groupby("State").Sales.sum().idxmax(),
    "p11": t[t.Churn == "Yes"].groupby("Contract").size(),
    "p12": s.groupby("Ship Mode").Profit.mean(),
    "p13": c[c.Year > 75].groupby("Origin").MPG.mean(),
    "p14": c.groupby("Origin").MPG.mean(),
    "p15": c.groupby("Cylinders").Horsepower.mean(),
    "p16": m.groupby("Major Genre")["IMDB Rating"].median(),
    "p17": a.groupby("race").hours_per_week.mean(),
    "p18": t[t.SeniorCitizen == 1].groupby("Contract").MonthlyCharges.mean(),
    "p19": s[s.Region == "West"].groupby("Category").Sales.sum(),
    "p20": m.groupby("Content Rating").size().nlargest(3),
    "p21": s.groupby("Region").Profit.sum().idxmin(),
    "p22": int((c.Cylinders == 4).sum()),
    "p23": (a["class"] == ">50K").mean() * 100,
    "p24": s.groupby("Category").Sales.sum(),
    "p25": s.groupby("Segment").Sales.sum(),
    "p26": s[s.year == 2017].groupby("month").Sales.sum().size,
    "p27": s[s.year == 2017].Profit.sum(),
    "p28": int(((s.State == "Vermont") & (s.Profit < -100)).sum()),
    "p30": c.groupby("Origin").MPG.mean().sort_values(),
    "p32": s.groupby("Region").Sales.sum() / s.Sales.sum() * 100,
    "p33": t.groupby("Contract").Churn.apply(lambda x: (x == "Yes").mean() * 100),
    "p36": c.groupby("Year").Horsepower.mean().size,
    "p37": m.nlargest(5, "Worldwide Gross").Title.tolist(),
    "p39": t.groupby("PaymentMethod").tenure.mean().sort_values(),
    "p40": a.groupby("education").size().nsmallest(3),
}
for k, v in T.items():
    print(k, v if isinstance(v, (str, int, list)) else r(v))
