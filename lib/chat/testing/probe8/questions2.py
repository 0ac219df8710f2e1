#!/usr/bin/python3
"""Probe8 second batch (written after the first fixes, before running them): -> questions2.jsonl."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = [
    ("h21", "housing", "agg-in-name", ["median median_income for near ocean"], "scalar", "df[df.ocean_proximity=='NEAR OCEAN'].median_income.median()", {}),
    ("h22", "housing", "value-nofield", ["how many rows are <1H OCEAN or NEAR BAY"], "scalar", "df.ocean_proximity.isin(['<1H OCEAN','NEAR BAY']).sum()", {}),
    ("h23", "housing", "followup-agg", ["average households by ocean_proximity", "what about the total instead"], "groups", "df.groupby('ocean_proximity').households.sum()", {}),
    ("h24", "housing", "value-exact", ["max total_rooms for island"], "scalar", "df[df.ocean_proximity=='ISLAND'].total_rooms.max()", {}),
    ("h25", "housing", "followup-others", ["average median_house_value where median_income above 5", "and for the others"], "scalar", "df[df.median_income<=5].median_house_value.mean()", {}),
    ("h26", "housing", "topn", ["top 3 ocean_proximity by total population"], "topn", "df.groupby('ocean_proximity').population.sum().sort_values(ascending=False).head(3)", {}),
    ("h27", "housing", "share", ["share of rows that are inland"], "scalar", "100*(df.ocean_proximity=='INLAND').mean()", {"percent": True}),
    ("h28", "housing", "negation", ["average total_bedrooms excluding near bay and island"], "scalar", "df[~df.ocean_proximity.isin(['NEAR BAY','ISLAND'])].total_bedrooms.mean()", {}),
    ("h29", "housing", "no-field", ["average rent by ocean_proximity"], "no-field", None, {"word": "rent"}),
    ("b21", "bank", "value-nofield", ["average balance for divorced"], "scalar", "df[df.marital=='divorced'].balance.mean()", {}),
    ("b22", "bank", "scalar-filter", ["how many rows have default yes"], "scalar", "(df['default']=='yes').sum()", {}),
    ("b23", "bank", "followup-value", ["average duration where y is yes", "what about no"], "scalar", "df[df.y=='no'].duration.mean()", {}),
    ("b24", "bank", "agg-in-name", ["min age by marital"], "groups", "df.groupby('marital').age.min()", {}),
    ("b25", "bank", "value-exact", ["max balance for self-employed"], "scalar", "df[df.job=='self-employed'].balance.max()", {}),
    ("b26", "bank", "followup-filter", ["average campaign by job", "only for y yes"], "groups", "df[df.y=='yes'].groupby('job').campaign.mean()", {}),
    ("b27", "bank", "negation", ["how many rows are not married"], "scalar", "(df.marital!='married').sum()", {}),
    ("b28", "bank", "share", ["percentage of rows with loan yes"], "scalar", "100*(df.loan=='yes').mean()", {"percent": True}),
    ("b29", "bank", "topn", ["top 3 jobs by number of rows"], "topn", "df.groupby('job').size().sort_values(ascending=False).head(3)", {}),
    ("c21", "credit", "value-exact", ["average amt for self-employed"], "scalar", "df[df.employment=='SELF-EMPLOYED'].amt.mean()", {}),
    ("c22", "credit", "group", ["count of rows by employment"], "groups", "df.groupby('employment').size()", {}),
    ("c23", "credit", "followup-value", ["average age for the good class", "what about bad"], "scalar", "df[df['class']=='bad'].age.mean()", {}),
    ("c24", "credit", "value-exact", ["total amt for RADIO/TV"], "scalar", "df[df.purpose=='RADIO/TV'].amt.sum()", {}),
    ("c25", "credit", "value-exact", ["max duration_mo for NO CHECKING"], "scalar", "df[df.cat_1=='NO CHECKING'].duration_mo.max()", {}),
    ("c26", "credit", "value-exact", ["average amt where cat_1 is >= 200 DM"], "scalar", "df[df.cat_1=='>= 200 DM'].amt.mean()", {}),
    ("c27", "credit", "scalar-filter", ["how many rows have num_dependents of 2"], "scalar", "(df.num_dependents==2).sum()", {}),
    ("c28", "credit", "no-field", ["average credit_score by purpose"], "no-field", None, {"word": "credit"}),
    ("k21", "bikes", "agg-in-name", ["max max_temp by zone"], "groups", "df.groupby('zone').max_temp.max()", {}),
    ("k22", "bikes", "value-nofield", ["average min_temp for suburbs"], "scalar", "df[df.zone=='SUBURBS'].min_temp.mean()", {}),
    ("k23", "bikes", "agg-in-name", ["total total_count in waterfront"], "scalar", "df[df.zone=='WATERFRONT'].total_count.sum()", {}),
    ("k24", "bikes", "followup-agg", ["average casual_count by weather", "what about the median"], "groups", "df.groupby('weather').casual_count.median()", {}),
    ("k25", "bikes", "followup-negation", ["average total_count by zone", "exclude heavy rain"], "groups", "df[df.weather!='HEAVY RAIN'].groupby('zone').total_count.mean()", {}),
    ("k26", "bikes", "share", ["what share of rows have is_holiday = 1"], "scalar", "100*(df.is_holiday==1).mean()", {"percent": True}),
    ("k27", "bikes", "topn", ["top 2 zones by average total_count"], "topn", "df.groupby('zone').total_count.mean().sort_values(ascending=False).head(2)", {}),
    ("k28", "bikes", "followup-others", ["average total_count for mist", "and for the others"], "scalar", "df[df.weather!='MIST'].total_count.mean()", {}),
    ("k29", "bikes", "no-field", ["average pressure by zone"], "no-field", None, {"word": "pressure"}),
]
with open(os.path.join(HERE, "questions2.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions;", sum(len(q[3]) > 1 for q in Q), "follow-up conversations")
