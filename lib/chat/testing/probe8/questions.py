#!/usr/bin/python3
"""Probe8 questions (written before any run): -> questions.jsonl in the analytic set's format
(scripts/chat-bench/score-own.ts), truth by truth.py (pandas)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Y = "100*(s=='yes').mean()"
Q = [
    # housing
    ("h01", "housing", "value-exact", ["median median_house_value for the island rows"], "scalar", "df[df.ocean_proximity=='ISLAND'].median_house_value.median()", {}),
    ("h02", "housing", "group", ["average median_income by ocean_proximity"], "groups", "df.groupby('ocean_proximity').median_income.mean()", {}),
    ("h03", "housing", "followup-agg", ["average median_income by ocean_proximity", "what about the median instead"], "groups", "df.groupby('ocean_proximity').median_income.median()", {}),
    ("h04", "housing", "followup-agg", ["average median_income by ocean_proximity", "what about the median instead", "only for housing_median_age over 40"], "groups", "df[df.housing_median_age>40].groupby('ocean_proximity').median_income.median()", {}),
    ("h05", "housing", "value-nofield", ["how many records are inland?"], "scalar", "(df.ocean_proximity=='INLAND').sum()", {}),
    ("h06", "housing", "value-nofield", ["max median_house_value for near bay"], "scalar", "df[df.ocean_proximity=='NEAR BAY'].median_house_value.max()", {}),
    ("h07", "housing", "share", ["what share of rows are <1H OCEAN"], "scalar", "100*(df.ocean_proximity=='<1H OCEAN').mean()", {"percent": True}),
    ("h08", "housing", "topn", ["top 3 ocean_proximity by average median_house_value"], "topn", "df.groupby('ocean_proximity').median_house_value.mean().sort_values(ascending=False).head(3)", {}),
    ("h09", "housing", "negation", ["total population not inland"], "scalar", "df[df.ocean_proximity!='INLAND'].population.sum()", {}),
    ("h10", "housing", "negation", ["average total_rooms excluding island"], "scalar", "df[df.ocean_proximity!='ISLAND'].total_rooms.mean()", {}),
    ("h11", "housing", "followup-agg", ["median_house_value by ocean_proximity", "what about the max instead"], "groups", "df.groupby('ocean_proximity').median_house_value.max()", {}),
    ("h12", "housing", "followup-value", ["average median_house_value for inland", "what about near ocean"], "scalar", "df[df.ocean_proximity=='NEAR OCEAN'].median_house_value.mean()", {}),
    ("h13", "housing", "followup-others", ["average median_house_value for inland", "and for the others"], "scalar", "df[df.ocean_proximity!='INLAND'].median_house_value.mean()", {}),
    ("h14", "housing", "scalar-filter", ["average median_income where housing_median_age is at least 30"], "scalar", "df[df.housing_median_age>=30].median_income.mean()", {}),
    ("h15", "housing", "no-field", ["average crime_rate by ocean_proximity"], "no-field", None, {"word": "crime"}),
    ("h16", "housing", "agg-in-name", ["min housing_median_age"], "scalar", "df.housing_median_age.min()", {}),
    ("h17", "housing", "group", ["mean total_bedrooms per ocean proximity"], "groups", "df.groupby('ocean_proximity').total_bedrooms.mean()", {}),
    ("h18", "housing", "argmax", ["which ocean_proximity has the highest median_income on average"], "label", "df.groupby('ocean_proximity').median_income.mean()", {"pick": "max"}),
    # bank
    ("b01", "bank", "share", ["what percentage of rows have y yes"], "scalar", "100*(df.y=='yes').mean()", {"percent": True}),
    ("b02", "bank", "share-group", ["rate of y = yes by job"], "groups", "df.groupby('job').y.apply(lambda s: " + Y + ")", {}),
    ("b03", "bank", "value-nofield", ["average balance for retired"], "scalar", "df[df.job=='retired'].balance.mean()", {}),
    ("b04", "bank", "value-nofield", ["average balance for students"], "scalar", "df[df.job=='student'].balance.mean()", {}),
    ("b05", "bank", "scalar-filter", ["how many rows have pdays of -1"], "scalar", "(df.pdays==-1).sum()", {}),
    ("b06", "bank", "group", ["average duration by poutcome"], "groups", "df.groupby('poutcome').duration.mean()", {}),
    ("b07", "bank", "followup-agg", ["average duration by poutcome", "what about the max"], "groups", "df.groupby('poutcome').duration.max()", {}),
    ("b08", "bank", "followup-value", ["count of rows where y is yes", "only married", "what about single"], "scalar", "((df.y=='yes')&(df.marital=='single')).sum()", {}),
    ("b09", "bank", "followup-negation", ["average balance by education", "excluding unknown"], "groups", "df[df.education!='unknown'].groupby('education').balance.mean()", {}),
    ("b10", "bank", "topn", ["top 5 jobs by average balance"], "topn", "df.groupby('job').balance.mean().sort_values(ascending=False).head(5)", {}),
    ("b11", "bank", "scalar-filter", ["average age where housing is yes"], "scalar", "df[df.housing=='yes'].age.mean()", {}),
    ("b12", "bank", "filter-logic", ["how many have a loan and no housing"], "scalar", "((df.loan=='yes')&(df.housing=='no')).sum()", {}),
    ("b13", "bank", "negation", ["average campaign for blue-collar not married"], "scalar", "df[(df.job=='blue-collar')&(df.marital!='married')].campaign.mean()", {}),
    ("b14", "bank", "no-field", ["average salary by job"], "no-field", None, {"word": "salary"}),
    ("b15", "bank", "followup-negation", ["number of rows by contact", "without unknown"], "groups", "df[df.contact!='unknown'].groupby('contact').size()", {}),
    ("b16", "bank", "scalar-filter", ["median balance where y is no"], "scalar", "df[df.y=='no'].balance.median()", {}),
    ("b17", "bank", "group", ["max pdays by month"], "groups", "df.groupby('month').pdays.max()", {}),
    ("b18", "bank", "no-field", ["average credit_score by marital"], "no-field", None, {"word": "credit"}),
    # credit
    ("c01", "credit", "group", ["average amt by class"], "groups", "df.groupby('class').amt.mean()", {}),
    ("c02", "credit", "value-nofield", ["average amt for the bad class"], "scalar", "df[df['class']=='bad'].amt.mean()", {}),
    ("c03", "credit", "value-nofield", ["how many rows are NOT IN LABOR FORCE"], "scalar", "(df.employment=='NOT IN LABOR FORCE').sum()", {}),
    ("c04", "credit", "share", ["share of rows with class good"], "scalar", "100*(df['class']=='good').mean()", {"percent": True}),
    ("c05", "credit", "value-exact", ["total amt for CAR (NEW)"], "scalar", "df[df.purpose=='CAR (NEW)'].amt.sum()", {}),
    ("c06", "credit", "value-exact", ["average duration_mo for unemployed"], "scalar", "df[df.employment=='UNEMPLOYED'].duration_mo.mean()", {}),
    ("c07", "credit", "value-exact", ["how many employed"], "scalar", "(df.employment=='EMPLOYED').sum()", {}),
    ("c08", "credit", "group", ["count by cat_1"], "groups", "df.groupby('cat_1').size()", {}),
    ("c09", "credit", "share-group", ["percentage of bad class by purpose"], "groups", "df.groupby('purpose')['class'].apply(lambda s: 100*(s=='bad').mean())", {}),
    ("c10", "credit", "scalar-filter", ["average amt where telephone = 1"], "scalar", "df[df.telephone==1].amt.mean()", {}),
    ("c11", "credit", "followup-agg", ["average amt by housing_type", "what about the max instead", "only foreign_worker 0"], "groups", "df[df.foreign_worker==0].groupby('housing_type').amt.max()", {}),
    ("c12", "credit", "topn", ["top 3 purposes by total amt"], "topn", "df.groupby('purpose').amt.sum().sort_values(ascending=False).head(3)", {}),
    ("c13", "credit", "negation", ["average age excluding NOT IN LABOR FORCE"], "scalar", "df[df.employment!='NOT IN LABOR FORCE'].age.mean()", {}),
    ("c14", "credit", "followup-value", ["how many rows have housing_type RENT", "what about OWN"], "scalar", "(df.housing_type=='OWN').sum()", {}),
    ("c15", "credit", "no-field", ["average income by class"], "no-field", None, {"word": "income"}),
    ("c16", "credit", "value-exact", ["max amt for < 0 DM"], "scalar", "df[df.cat_1=='< 0 DM'].amt.max()", {}),
    ("c17", "credit", "filter-logic", ["average amt for bad class with duration_mo over 24"], "scalar", "df[(df['class']=='bad')&(df.duration_mo>24)].amt.mean()", {}),
    # bikes
    ("k01", "bikes", "group", ["average avg_temp by zone"], "groups", "df.groupby('zone').avg_temp.mean()", {}),
    ("k02", "bikes", "agg-in-name", ["max avg_temp by zone"], "groups", "df.groupby('zone').avg_temp.max()", {}),
    ("k03", "bikes", "agg-in-name", ["total total_count by weather"], "groups", "df.groupby('weather').total_count.sum()", {}),
    ("k04", "bikes", "scalar-filter", ["average total_count on holidays"], "scalar", "df[df.is_holiday==1].total_count.mean()", {}),
    ("k05", "bikes", "scalar-filter", ["average total_count when is_holiday = 0"], "scalar", "df[df.is_holiday==0].total_count.mean()", {}),
    ("k06", "bikes", "followup-agg", ["total total_count by zone", "what about the average instead"], "groups", "df.groupby('zone').total_count.mean()", {}),
    ("k07", "bikes", "followup-value", ["average total_count by zone", "only for CLEAR weather", "what about MIST"], "groups", "df[df.weather=='MIST'].groupby('zone').total_count.mean()", {}),
    ("k08", "bikes", "followup-remove", ["average total_count by zone", "only for CLEAR weather", "remove that filter"], "groups", "df.groupby('zone').total_count.mean()", {}),
    ("k09", "bikes", "negation", ["average max_speed not in the city"], "scalar", "df[df.zone!='CITY'].max_speed.mean()", {}),
    ("k10", "bikes", "share", ["share of rows with heavy rain"], "scalar", "100*(df.weather=='HEAVY RAIN').mean()", {"percent": True}),
    ("k11", "bikes", "argmax", ["which zone has the highest total total_count"], "label", "df.groupby('zone').total_count.sum()", {"pick": "max"}),
    ("k12", "bikes", "agg-in-name", ["min min_temp by month"], "groups", "df.groupby(pd.to_datetime(df.obs_date).dt.strftime('%Y-%m')).min_temp.min()", {}),
    ("k13", "bikes", "value-nofield", ["max max_speed in waterfront"], "scalar", "df[df.zone=='WATERFRONT'].max_speed.max()", {}),
    ("k14", "bikes", "negation", ["average casual_count excluding light rain and heavy rain"], "scalar", "df[~df.weather.isin(['LIGHT RAIN','HEAVY RAIN'])].casual_count.mean()", {}),
    ("k15", "bikes", "no-field", ["average humidity by zone"], "no-field", None, {"word": "humidity"}),
    ("k16", "bikes", "no-field", ["total revenue by weather"], "no-field", None, {"word": "revenue"}),
    ("k17", "bikes", "followup-others", ["average max_temp in the city", "and for the others"], "scalar", "df[df.zone!='CITY'].max_temp.mean()", {}),
    ("k18", "bikes", "followup-agg", ["median total_count by weather", "what about the min"], "groups", "df.groupby('weather').total_count.min()", {}),
]
with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions;", sum(len(q[3]) > 1 for q in Q), "follow-up conversations")
