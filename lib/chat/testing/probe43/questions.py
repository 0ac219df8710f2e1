#!/usr/bin/python3
"""Writes questions.jsonl (probe43: timestamps and prices), written before the first run.
/usr/bin/python3 lib/chat/testing/probe43/questions.py && /usr/bin/python3 lib/chat/testing/probe43/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

TS = "pd.to_datetime(df.timestamp)"
HOUR = f"{TS}.dt.strftime('%H:00')"
DAY = f"{TS}.dt.strftime('%Y-%m-%d')"
ST = "pd.to_datetime(df.time)"
SD = "pd.to_datetime(df.date)"
ACME = "df[df.ticker=='ACME']"
GLOBX = "df[df.ticker=='GLOBX']"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # electricity: half-hourly demand
    ("e01", "electricity", "hour", ["which hour of the day has the highest average demand?"], "label", f"df.groupby({HOUR}).demand_mw.mean()", {"pick": "max"}),
    ("e02", "electricity", "hour", ["average demand by hour of day"], "groups", f"df.groupby({HOUR}).demand_mw.mean()", {}),
    ("e03", "electricity", "weekend", ["what is the average demand on weekends"], "scalar", f"df[{TS}.dt.dayofweek>=5].demand_mw.mean()", {}),
    ("e04", "electricity", "weekend", ["what is the average demand on weekends", "and on weekdays?"], "scalar", f"df[{TS}.dt.dayofweek<5].demand_mw.mean()", {}),
    ("e05", "electricity", "day-argmax", ["which day had the highest total demand"], "label", f"df.groupby({DAY}).demand_mw.sum()", {"pick": "max"}),
    ("e06", "electricity", "day-argmax", ["which day had the lowest total demand?"], "label", f"df.groupby({DAY}).demand_mw.sum()", {"pick": "min"}),
    ("e07", "electricity", "month", ["average demand in March"], "scalar", f"df[{TS}.dt.month==3].demand_mw.mean()", {}),
    ("e08", "electricity", "time-of-day", ["average demand between 9am and 5pm"], "scalar", f"df[({TS}.dt.hour>=9)&(({TS}.dt.hour<17)|(({TS}.dt.hour==17)&({TS}.dt.minute==0)))].demand_mw.mean()",
     {"alt": [f"df[({TS}.dt.hour>=9)&({TS}.dt.hour<17)].demand_mw.mean()"]}),
    ("e09", "electricity", "time-of-day", ["mean demand after 6 pm"], "scalar", f"df[({TS}.dt.hour>18)|(({TS}.dt.hour==18)&({TS}.dt.minute>0))].demand_mw.mean()",
     {"alt": [f"df[{TS}.dt.hour>=18].demand_mw.mean()"]}),
    ("e10", "electricity", "weekday", ["average demand on Mondays"], "scalar", f"df[{TS}.dt.dayofweek==0].demand_mw.mean()", {}),
    ("e11", "electricity", "peak", ["when was the peak demand?"], "label", "df.set_index('timestamp').demand_mw", {"pick": "max"}),
    ("e12", "electricity", "threshold", ["how many days had a peak demand above 1200"], "scalar", f"(df.groupby({DAY}).demand_mw.max()>1200).sum()", {}),
    ("e13", "electricity", "last-n", ["average demand over the last 30 days"], "scalar", f"df[{TS}>={TS}.max().normalize()-pd.Timedelta(days=29)].demand_mw.mean()", {}),
    ("e14", "electricity", "weekday", ["which day of the week has the lowest average demand"], "label", f"df.groupby({TS}.dt.day_name()).demand_mw.mean()", {"pick": "min"}),
    ("e15", "electricity", "hour", ["average demand by hour", "as a line"], "groups", f"df.groupby({HOUR}).demand_mw.mean()", {"output": {"chart": "line"}}),
    ("e16", "electricity", "week", ["total demand per week"], "groups", f"df.groupby(({TS}.dt.normalize()-pd.to_timedelta({TS}.dt.dayofweek,unit='D')).dt.strftime('%Y-%m-%d')).demand_mw.sum()", {}),
    # stocks: business days, two tickers in long form
    ("s01", "stocks", "price-max", ["what was the highest closing price of ACME"], "scalar", f"{ACME}.close.max()", {}),
    ("s02", "stocks", "peak", ["on which day did GLOBX close highest?"], "label", f"{GLOBX}.set_index('date').close", {"pick": "max"}),
    ("s03", "stocks", "range", ["which day had the largest daily range (high - low) for ACME"], "label", f"{ACME}.set_index('date').eval('high-low')", {"pick": "max"}),
    ("s04", "stocks", "month", ["average closing price of ACME by month"], "groups", f"{ACME}.groupby(pd.to_datetime({ACME}.date).dt.strftime('%Y-%m')).close.mean()", {}),
    ("s05", "stocks", "return", ["what is the average daily return of ACME"], "no-field", None, {"word": "return"}),
    ("s06", "stocks", "last", ["what was ACME's last closing price"], "scalar", f"{ACME}.close.iloc[-1]", {}),
    ("s07", "stocks", "first", ["first opening price of GLOBX"], "scalar", f"{GLOBX}.open.iloc[0]", {}),
    ("s08", "stocks", "threshold", ["how many days did ACME close above 55?"], "scalar", f"({ACME}.close>55).sum()", {}),
    ("s09", "stocks", "month-argmax", ["which month had the highest trading volume"], "label", f"df.groupby({SD}.dt.strftime('%Y-%m')).volume.sum()", {"pick": "max"}),
    ("s10", "stocks", "last-n", ["average close of GLOBX over the last 30 days"], "scalar", f"{GLOBX}[pd.to_datetime({GLOBX}.date)>=pd.to_datetime({GLOBX}.date).max()-pd.Timedelta(days=29)].close.mean()",
     {"alt": [f"{GLOBX}.close.tail(30).mean()"]}),
    ("s11", "stocks", "followup", ["highest close of ACME", "and for GLOBX?"], "scalar", f"{GLOBX}.close.max()", {}),
    ("s12", "stocks", "quarter", ["ACME average closing price per quarter"], "groups", f"{ACME}.groupby(pd.to_datetime({ACME}.date).dt.year.astype(str)+' Q'+pd.to_datetime({ACME}.date).dt.quarter.astype(str)).close.mean()", {}),
    ("s13", "stocks", "count", ["how many trading days are there for ACME"], "scalar", f"len({ACME})", {}),
    ("s14", "stocks", "peak", ["when was GLOBX's highest trading volume"], "label", f"{GLOBX}.set_index('date').volume", {"pick": "max"}),
    ("s15", "stocks", "weekday", ["average volume on Fridays"], "scalar", f"df[{SD}.dt.dayofweek==4].volume.mean()", {}),
    # sensors: 10-minute readings of devices A, B, C with gaps and empty cells
    ("d01", "sensors", "group", ["average temperature by device"], "groups", "df.groupby('device').temperature.mean()", {}),
    ("d02", "sensors", "hour", ["which hour of the day is the warmest on average?"], "label", f"df.groupby({ST}.dt.strftime('%H:00')).temperature.mean()", {"pick": "max"}),
    ("d03", "sensors", "followup", ["average humidity by hour", "only for device B"], "groups", f"df[df.device=='B'].groupby(pd.to_datetime(df[df.device=='B'].time).dt.strftime('%H:00')).humidity.mean()", {}),
    ("d04", "sensors", "missing", ["how many readings have no temperature"], "scalar", "df.temperature.isna().sum()", {}),
    ("d05", "sensors", "peak", ["when was the highest temperature recorded"], "label", "df.set_index('time').temperature", {"pick": "max"}),
    ("d06", "sensors", "day", ["average humidity on May 8"], "scalar", f"df[{ST}.dt.strftime('%m-%d')=='05-08'].humidity.mean()", {}),
    ("d07", "sensors", "day", ["daily average temperature"], "groups", f"df.groupby({ST}.dt.strftime('%Y-%m-%d')).temperature.mean()", {}),
    ("d08", "sensors", "day-argmin", ["which day had the lowest average humidity"], "label", f"df.groupby({ST}.dt.strftime('%Y-%m-%d')).humidity.mean()", {"pick": "min"}),
    ("d09", "sensors", "count", ["number of readings per day for device B"], "groups", f"df[df.device=='B'].groupby(pd.to_datetime(df[df.device=='B'].time).dt.strftime('%Y-%m-%d')).size()", {}),
    ("d10", "sensors", "weekend", ["average temperature on weekends"], "scalar", f"df[{ST}.dt.dayofweek>=5].temperature.mean()", {}),
    ("d11", "sensors", "time-of-day", ["average temperature of device C after 6 pm"], "scalar", f"df[(df.device=='C')&((({ST}.dt.hour>18)|(({ST}.dt.hour==18)&({ST}.dt.minute>0))))].temperature.mean()",
     {"alt": [f"df[(df.device=='C')&({ST}.dt.hour>=18)].temperature.mean()"]}),
    # store_sales: daily sales of three stores over 2022
    ("r01", "store_sales", "group-argmax", ["which store had the highest total sales"], "label", "df.groupby('store').sales.sum()", {"pick": "max"}),
    ("r02", "store_sales", "month", ["total sales by month"], "groups", f"df.groupby({SD}.dt.strftime('%Y-%m')).sales.sum()", {}),
    ("r03", "store_sales", "day-argmax", ["which day had the highest total sales?"], "label", "df.groupby('date').sales.sum()", {"pick": "max"}),
    ("r04", "store_sales", "weekend", ["average daily sales on weekends"], "scalar", f"df[{SD}.dt.dayofweek>=5].groupby('date').sales.sum().mean()",
     {"alt": [f"df[{SD}.dt.dayofweek>=5].sales.mean()"]}),
    ("r05", "store_sales", "followup", ["total sales by store", "in December"], "groups", f"df[{SD}.dt.month==12].groupby('store').sales.sum()", {}),
    ("r06", "store_sales", "quarter", ["total sales per quarter"], "groups", f"df.groupby({SD}.dt.year.astype(str)+' Q'+{SD}.dt.quarter.astype(str)).sales.sum()", {}),
    ("r07", "store_sales", "threshold", ["how many days did Downtown sell more than 6000"], "scalar", "((df.store=='Downtown')&(df.sales>6000)).sum()", {}),
    ("r08", "store_sales", "month", ["total customers in March"], "scalar", f"df[{SD}.dt.month==3].customers.sum()", {}),
    ("r09", "store_sales", "weekday", ["which weekday has the highest average sales"], "label", f"df.groupby({SD}.dt.day_name()).sales.mean()", {"pick": "max"}),
    ("r10", "store_sales", "last-n", ["average daily customers at the Airport store in the last 30 days"], "scalar", f"df[(df.store=='Airport')&({SD}>={SD}.max()-pd.Timedelta(days=29))].customers.mean()", {}),
    ("r11", "store_sales", "peak", ["best sales day for Riverside"], "label", "df[df.store=='Riverside'].set_index('date').sales", {"pick": "max"}),
    ("r12", "store_sales", "quarter-argmin", ["which quarter had the lowest total sales"], "label", f"df.groupby({SD}.dt.year.astype(str)+' Q'+{SD}.dt.quarter.astype(str)).sales.sum()", {"pick": "min"}),
    # beaver2: body temperature every 10 minutes, day 307/308, time as hhmm
    ("b01", "beaver2", "group", ["average temperature when active and when not"], "groups", "df.groupby('activ').temp.mean()", {}),
    ("b02", "beaver2", "time-of-day", ["average temperature after 6 pm"], "scalar", "df[df.time>1800].temp.mean()", {"alt": ["df[df.time>=1800].temp.mean()"]}),
    ("b03", "beaver2", "day", ["average temp on day 308"], "scalar", "df[df.day==308].temp.mean()", {}),
    ("b04", "beaver2", "threshold", ["how many readings had a temperature above 38"], "scalar", "(df.temp>38).sum()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
