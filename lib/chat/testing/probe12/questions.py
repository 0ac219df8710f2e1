#!/usr/bin/python3
"""Probe12 questions (written before the first run): conversations of 2-4 turns over three new tables: refine,
swap the aggregate or the grouping, narrow to top/bottom N, remove or replace a filter, ask about the previous
answer, change the chart. /usr/bin/python3 questions.py && /usr/bin/python3 truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = []


def q(id, dataset, type, turns, kind, truth, **kw):
    Q.append({"id": id, "dataset": dataset, "type": type, "turns": turns, "kind": kind, "truth": truth, **kw})


L, G, S = "library_loans", "gym_members", "shipments"
LY = "pd.to_datetime(df.checkout_date).dt.year"
GY = "pd.to_datetime(df.join_date).dt.year"
SY = "pd.to_datetime(df.ship_date).dt.year"
# library loans
q("c01", L, "refine", ["how many loans per branch", "only the women"], "groups", "df[df.member_gender=='female'].groupby('branch').size()")
q("c02", L, "refine", ["average late fee by genre", "and in 2023?"], "groups", f"df[{LY}==2023].groupby('genre').late_fee.mean()")
q("c03", L, "swap", ["total late fees by branch", "what about the average instead"], "groups", "df.groupby('branch').late_fee.mean()")
q("c04", L, "topn", ["number of loans by genre", "top 3"], "topn", "df.groupby('genre').size().sort_values(ascending=False).head(3)")
q("c05", L, "previous", ["average days borrowed by branch", "which of these is the largest?"], "label", "df.groupby('branch').days_borrowed.mean()", pick="max")
q("c06", L, "replace", ["loans in Berlin by genre", "now for Hamburg instead"], "groups", "df[df.branch=='Hamburg'].groupby('genre').size()")
q("c07", L, "remove", ["how many loans in Munich by genre", "remove the filter"], "groups", "df.groupby('genre').size()")
q("c08", L, "chart", ["total late fees by genre", "as a pie"], "groups", "df.groupby('genre').late_fee.sum()", output={"chart": "pie"})
q("c09", L, "topn", ["average late fee by branch", "bottom 2", "and the top 2?"], "topn", "df.groupby('branch').late_fee.mean().sort_values(ascending=False).head(2)")
q("c10", L, "refine", ["how many loans were returned late", "by branch"], "groups", "df[df.returned_late=='yes'].groupby('branch').size()")
# gym members
q("c11", G, "swap", ["average monthly fee by plan", "same by city"], "groups", "df.groupby('city').monthly_fee.mean()")
q("c12", G, "previous", ["how many members by city", "which city has the most?", "and the lowest?"], "label", "df.groupby('city').size()", pick="min")
q("c13", G, "refine", ["average visits last month by plan", "only the women", "and the men?"], "groups", "df[df.gender=='M'].groupby('plan').visits_last_month.mean()")
q("c14", G, "refine", ["what share of members churned", "and for premium?"], "scalar", "100*(df[df.plan=='premium'].churned==1).mean()", percent=True)
q("c15", G, "chart", ["average age by plan", "show it as a table"], "groups", "df.groupby('plan').age.mean()", output={"table": True})
q("c16", G, "previous", ["members who joined in 2023 by plan", "how many is that in total?"], "scalar", f"({GY}==2023).sum()")
q("c17", G, "topn", ["average visits last month by city", "bottom 2"], "topn", "df.groupby('city').visits_last_month.mean().sort_values().head(2)")
q("c18", G, "replace", ["average monthly fee for members over 40", "what about under 30?"], "scalar", "df[df.age<30].monthly_fee.mean()")
q("c19", G, "replace", ["how many members on the premium plan", "what about basic or standard"], "scalar", "df.plan.isin(['basic','standard']).sum()")
# shipments
q("c20", S, "topn", ["total shipping cost by carrier", "only delayed shipments", "top 2"], "topn", "df[df.status=='delayed'].groupby('carrier').cost_eur.sum().sort_values(ascending=False).head(2)")
q("c21", S, "chart", ["shipments by status", "as a pie"], "groups", "df.groupby('status').size()", output={"chart": "pie"})
q("c22", S, "replace", ["average delivery days to Paris by carrier", "now for Lyon instead"], "groups", "df[df.destination_city=='Lyon'].groupby('carrier').delivery_days.mean()")
q("c23", S, "refine", ["total cost by carrier in 2023", "and in 2024?"], "groups", f"df[{SY}==2024].groupby('carrier').cost_eur.sum()")
q("c24", S, "previous", ["total weight shipped by destination city", "top 3", "which of them is lowest?"], "label", "df.groupby('destination_city').weight_kg.sum().sort_values(ascending=False).head(3)", pick="min")
q("c25", S, "previous", ["number of shipments by carrier", "how many is that in total?"], "scalar", "len(df)")
q("c26", S, "refine", ["how many shipments were delayed", "by carrier"], "groups", "df[df.status=='delayed'].groupby('carrier').size()")
q("c27", S, "refine", ["average delivery days by origin region", "excluding lost shipments"], "groups", "df[df.status!='lost'].groupby('origin_region').delivery_days.mean()")
q("c28", S, "swap", ["average cost by carrier", "what about the maximum instead"], "groups", "df.groupby('carrier').cost_eur.max()")
q("c29", S, "replace", ["how many shipments over 20 kg", "and under 5 kg?"], "scalar", "(df.weight_kg<5).sum()")
q("c30", S, "chart", ["average cost by destination city", "show it as a line", "no, as a table"], "groups", "df.groupby('destination_city').cost_eur.mean()", output={"table": True})

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for x in Q:
        f.write(json.dumps(x) + "\n")
print(f"{len(Q)} questions")
