#!/usr/bin/python3
"""Questions of probe40 (-> questions.jsonl): what a new user types over the four made-up business tables
(generate.py). A conversation is one entry per turn (the turns so far; the truth is that turn's).
/usr/bin/python3 lib/chat/testing/probe40/questions.py && /usr/bin/python3 lib/chat/testing/probe40/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OD = "pd.to_datetime(df['Order Date'])"
SHIP = "(pd.to_datetime(df['Ship Date'])-pd.to_datetime(df['Order Date'])).dt.days"
OPEN = "pd.to_datetime(df.opened_at)"
HOURS = "((pd.to_datetime(df.closed_at)-pd.to_datetime(df.opened_at)).dt.total_seconds()/3600)"
SAL = "df.Salary.str.replace('[$,]','',regex=True).astype(float)"
HIRE = "pd.to_datetime(df['Hire Date'])"
WD = "pd.to_datetime(df.date)"
WREV = "df.revenue.str.replace('[$,]','',regex=True).astype(float)"
BOUNCE = "df.bounce_rate.str.rstrip('%').astype(float)"
LEFT = "(df['Left Company']=='TRUE')"

Q = []


def q(i, ds, typ, text, kind, truth=None, **extra):
    e = {"id": i, "dataset": ds, "type": typ, "turns": text if isinstance(text, list) else [text], "kind": kind}
    if truth is not None:
        e["truth"] = truth
    e.update(extra)
    Q.append(e)


def conv(prefix, ds, turns):
    """turns: (text, type, kind, truth, extra) per turn."""
    said = []
    for n, (text, typ, kind, truth, extra) in enumerate(turns, 1):
        said.append(text)
        q(f"{prefix}-{n}", ds, typ, list(said), kind, truth, **extra)


# orders
q("o01", "orders", "year-filter", "what was our total revenue in 2024?", "scalar", f"df[{OD}.dt.year==2024].Revenue.sum()")
q("o02", "orders", "group", "total profit by region", "groups", "df.groupby('Region').Profit.sum()")
q("o03", "orders", "group2", "revenue by category and segment", "groups2", "df.groupby(['Category','Segment']).Revenue.sum()")
q("o04", "orders", "rate", "what is the return rate?", "scalar", "100*(df.Returned=='Yes').mean()", percent=True,
  alt=["100*df.groupby('Order ID').Returned.apply(lambda s:(s=='Yes').any()).mean()"])
q("o05", "orders", "argmax", "which state has the highest profit?", "label", "df.groupby('State').Profit.sum()", pick="max")
q("o06", "orders", "topn", "top 5 products by revenue", "topn", "df.groupby('Product Name').Revenue.sum().sort_values(ascending=False).head(5)")
q("o07", "orders", "grain", "revenue by month in 2024", "groups", f"df[{OD}.dt.year==2024].groupby({OD}.dt.strftime('%Y-%m')).Revenue.sum()",
  alt=[f"df[{OD}.dt.year==2024].groupby({OD}.dt.strftime('%B')).Revenue.sum()"])
q("o08", "orders", "duration", "average days to ship", "scalar", f"{SHIP}.mean()")
q("o09", "orders", "duration", "average days to ship by region", "groups", f"{SHIP}.groupby(df.Region).mean()")
q("o10", "orders", "date-range", "how many orders in Q1 2024?", "scalar", f"df[({OD}>='2024-01-01')&({OD}<'2024-04-01')]['Order ID'].nunique()",
  alt=[f"(({OD}>='2024-01-01')&({OD}<'2024-04-01')).sum()"])
q("o11", "orders", "grain", "revenue by quarter", "groups", f"df.groupby({OD}.dt.year.astype(str)+' Q'+{OD}.dt.quarter.astype(str)).Revenue.sum()")
q("o12", "orders", "and3", "total revenue of discounted technology orders in the West", "scalar", "df[(df.Category=='Technology')&(df.Region=='West')&(df.Discount>0)].Revenue.sum()")
q("o13", "orders", "not", "how many orders were not from consumers?", "scalar", "df[df.Segment!='Consumer']['Order ID'].nunique()", alt=["(df.Segment!='Consumer').sum()"])
q("o14", "orders", "yoy", "compare revenue 2023 vs 2024", "groups", f"df.groupby({OD}.dt.year).Revenue.sum()")
q("o15", "orders", "weekday", "which weekday has the most orders?", "label", f"df.groupby({OD}.dt.day_name())['Order ID'].nunique()", pick="max",
  alt=[f"df.groupby({OD}.dt.day_name()).size()"])
q("o16", "orders", "no-field", "average customer rating by category", "no-field", word="rating")
q("o17", "orders", "since", "revenue since March 2024", "scalar", f"df[{OD}>='2024-03-01'].Revenue.sum()")
q("o18", "orders", "last-n", "profit in the last 3 months of data", "scalar", f"df[{OD}>='2024-10-01'].Profit.sum()",
  alt=[f"df[{OD}>{OD}.max()-pd.DateOffset(months=3)].Profit.sum()"])
q("o19", "orders", "line", "line chart of revenue by month", "groups", f"df.groupby({OD}.dt.strftime('%Y-%m')).Revenue.sum()", output={"chart": "line"})
q("o20", "orders", "pie", "revenue by segment as a pie", "groups", "df.groupby('Segment').Revenue.sum()", output={"chart": "pie"})
conv("oc1", "orders", [
    ("total revenue by category", "first", "groups", "df.groupby('Category').Revenue.sum()", {}),
    ("only 2024", "refine", "groups", f"df[{OD}.dt.year==2024].groupby('Category').Revenue.sum()", {}),
    ("which is highest?", "superlative", "label", f"df[{OD}.dt.year==2024].groupby('Category').Revenue.sum()", {"pick": "max"}),
])
conv("oc2", "orders", [
    ("how many orders were returned?", "first", "scalar", "df[df.Returned=='Yes']['Order ID'].nunique()", {"alt": ["(df.Returned=='Yes').sum()"]}),
    ("by region", "and-by", "groups", "df[df.Returned=='Yes'].groupby('Region')['Order ID'].nunique()", {"alt": ["df[df.Returned=='Yes'].groupby('Region').size()"]}),
    ("as a pie", "as-pie", "groups", "df[df.Returned=='Yes'].groupby('Region')['Order ID'].nunique()", {"alt": ["df[df.Returned=='Yes'].groupby('Region').size()"], "output": {"chart": "pie"}}),
])
conv("oc3", "orders", [
    ("average discount by segment", "first", "groups", "df.groupby('Segment').Discount.mean()", {}),
    ("and in the West?", "refine", "groups", "df[df.Region=='West'].groupby('Segment').Discount.mean()", {}),
])

# tickets
q("t01", "tickets", "rate", "what percent of tickets are urgent?", "scalar", "100*(df.priority=='Urgent').mean()", percent=True)
q("t02", "tickets", "count-group", "number of tickets by channel", "groups", "df.groupby('channel').size()")
q("t03", "tickets", "group", "average first response time by priority", "groups", "df.groupby('priority').first_response_minutes.mean()")
q("t04", "tickets", "group", "average satisfaction by agent", "groups", "df.groupby('agent').satisfaction.mean()")
q("t05", "tickets", "argmax", "which agent has the best satisfaction score?", "label", "df.groupby('agent').satisfaction.mean()", pick="max")
q("t06", "tickets", "count", "how many tickets are still open?", "scalar", "(df.status=='Open').sum()", alt=["df.status.isin(['Open','Pending']).sum()"])
q("t07", "tickets", "duration", "average hours to close a ticket", "scalar", f"{HOURS}.mean()")
q("t08", "tickets", "weekday", "tickets by weekday", "groups", f"df.groupby({OPEN}.dt.day_name()).size()")
q("t09", "tickets", "grain", "tickets opened per month", "groups", f"df.groupby({OPEN}.dt.strftime('%Y-%m')).size()")
q("t10", "tickets", "or-and", "how many high or urgent tickets came in by email?", "scalar", "(df.priority.isin(['High','Urgent'])&(df.channel=='Email')).sum()")
q("t11", "tickets", "group2", "number of tickets by priority and status", "groups2", "df.groupby(['priority','status']).size()")
q("t12", "tickets", "no-field", "average resolution cost by channel", "no-field", word="cost")
q("t13", "tickets", "missing", "how many tickets have no satisfaction score?", "scalar", "df.satisfaction.isna().sum()")
conv("tc1", "tickets", [
    ("average satisfaction by channel", "first", "groups", "df.groupby('channel').satisfaction.mean()", {}),
    ("only urgent tickets", "refine", "groups", "df[df.priority=='Urgent'].groupby('channel').satisfaction.mean()", {}),
    ("chart and table", "chart-table", "groups", "df[df.priority=='Urgent'].groupby('channel').satisfaction.mean()", {"output": {"figure": True, "table": True}}),
])
conv("tc2", "tickets", [
    ("how many tickets did Priya handle?", "first", "scalar", "(df.agent=='Priya').sum()", {}),
    ("and Marco?", "and-for", "scalar", "(df.agent=='Marco').sum()", {}),
    ("by month", "and-by", "groups", f"df[df.agent=='Marco'].groupby({OPEN}.dt.strftime('%Y-%m')).size()", {}),
])

# hr
q("h01", "hr", "currency", "average salary by department", "groups", f"{SAL}.groupby(df.Department).mean()")
q("h02", "hr", "rate", "churn rate by department", "groups", f"100*{LEFT}.groupby(df.Department).mean()", percent=True)
q("h03", "hr", "yn", "how many employees work remotely?", "scalar", "(df.Remote=='Y').sum()")
q("h04", "hr", "bool", "average age of employees who left", "scalar", f"df[{LEFT}].Age.mean()")
q("h05", "hr", "count-group", "headcount by department", "groups", "df.groupby('Department').size()", alt=[f"df[~{LEFT}].groupby('Department').size()"])
q("h06", "hr", "argmax", "which job title has the highest average salary?", "label", f"{SAL}.groupby(df['Job Title']).mean()", pick="max")
q("h07", "hr", "group", "average performance rating by gender", "groups", "df.groupby('Gender')['Performance Rating'].mean()")
q("h08", "hr", "grain", "number of hires by year", "groups", f"df.groupby({HIRE}.dt.year).size()")
q("h09", "hr", "since", "how many people were hired since 2022?", "scalar", f"({HIRE}>='2022-01-01').sum()")
q("h10", "hr", "median", "median salary of remote engineers", "scalar", f"{SAL}[(df.Remote=='Y')&(df.Department=='Engineering')].median()")
q("h11", "hr", "group2", "average salary by department and gender", "groups2", f"{SAL}.groupby([df.Department,df.Gender]).mean()")
q("h12", "hr", "no-field", "average bonus by department", "no-field", word="bonus")
q("h13", "hr", "or-and", "how many employees in sales or marketing are over 40?", "scalar", "(df.Department.isin(['Sales','Marketing'])&(df.Age>40)).sum()")
conv("hc1", "hr", [
    ("average salary by department", "first", "groups", f"{SAL}.groupby(df.Department).mean()", {}),
    ("only women", "refine", "groups", f"{SAL}[df.Gender=='Female'].groupby(df.Department).mean()", {}),
    ("which is lowest?", "superlative", "label", f"{SAL}[df.Gender=='Female'].groupby(df.Department).mean()", {"pick": "min"}),
])
conv("hc2", "hr", [
    ("how many employees left the company?", "first", "scalar", f"{LEFT}.sum()", {}),
    ("by department", "and-by", "groups", f"df[{LEFT}].groupby('Department').size()", {}),
    ("as a pie", "as-pie", "groups", f"df[{LEFT}].groupby('Department').size()", {"output": {"chart": "pie"}}),
])

# web traffic
q("w01", "web_traffic", "month-filter", "total sessions in March", "scalar", f"df[{WD}.dt.month==3].sessions.sum()")
q("w02", "web_traffic", "group", "sessions by source", "groups", "df.groupby('source').sessions.sum()")
q("w03", "web_traffic", "currency", "total revenue by device", "groups", f"{WREV}.groupby(df.device).sum()")
q("w04", "web_traffic", "percent-text", "average bounce rate by device", "groups", f"{BOUNCE}.groupby(df.device).mean()")
q("w05", "web_traffic", "ratio", "conversion rate by source", "groups", "100*df.groupby('source').conversions.sum()/df.groupby('source').sessions.sum()", percent=True)
q("w06", "web_traffic", "argmax", "which medium brought the most users?", "label", "df.groupby('medium').users.sum()", pick="max")
q("w07", "web_traffic", "line", "line chart of sessions by month", "groups", f"df.groupby({WD}.dt.strftime('%Y-%m')).sessions.sum()", output={"chart": "line"},
  alt=[f"df.groupby({WD}.dt.strftime('%B')).sessions.sum()"])
q("w08", "web_traffic", "weekday", "average sessions by weekday", "groups", f"df.groupby({WD}.dt.day_name()).sessions.mean()",
  alt=[f"df.groupby(['date']).sessions.sum().groupby(pd.to_datetime(df.groupby(['date']).sessions.sum().index).day_name()).mean()"])
q("w09", "web_traffic", "and-range", "total revenue from google cpc in Q2", "scalar", f"{WREV}[(df.source=='google')&(df.medium=='cpc')&({WD}.dt.quarter==2)].sum()")
q("w10", "web_traffic", "topn", "top 3 sources by conversions", "topn", "df.groupby('source').conversions.sum().sort_values(ascending=False).head(3)")
conv("wc1", "web_traffic", [
    ("total conversions by source", "first", "groups", "df.groupby('source').conversions.sum()", {}),
    ("only mobile", "refine", "groups", "df[df.device=='mobile'].groupby('source').conversions.sum()", {}),
    ("show it as a pie", "as-pie", "groups", "df[df.device=='mobile'].groupby('source').conversions.sum()", {"output": {"chart": "pie"}}),
])
conv("wc2", "web_traffic", [
    ("sessions by month", "first", "groups", f"df.groupby({WD}.dt.strftime('%Y-%m')).sessions.sum()", {"alt": [f"df.groupby({WD}.dt.strftime('%B')).sessions.sum()"]}),
    ("and users?", "swap-measure", "groups", f"df.groupby({WD}.dt.strftime('%Y-%m')).users.sum()", {"alt": [f"df.groupby({WD}.dt.strftime('%B')).users.sum()"]}),
    ("show it as a line", "as-line", "groups", f"df.groupby({WD}.dt.strftime('%Y-%m')).users.sum()", {"alt": [f"df.groupby({WD}.dt.strftime('%B')).users.sum()"], "output": {"chart": "line"}}),
])

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for e in Q:
        f.write(json.dumps(e) + "\n")
print(f"{len(Q)} questions written")

# Second batch (questions2.jsonl -> expected2.json), written after the first fixes, before its own first run.
Q.clear()
q("b01", "orders", "group", "avg unit price per category", "groups", "df.groupby('Category')['Unit Price'].mean()")
q("b02", "orders", "count", "how many customers do we have?", "scalar", "df['Customer Name'].nunique()")
q("b03", "orders", "argmin", "which sub-category lost the most money?", "label", "df.groupby('Sub-Category').Profit.sum()", pick="min")
q("b04", "orders", "share", "what share of revenue comes from the East?", "scalar", "100*df[df.Region=='East'].Revenue.sum()/df.Revenue.sum()", percent=True)
q("b05", "orders", "count-filter", "number of orders with a loss", "scalar", "df[df.Profit<0]['Order ID'].nunique()", alt=["(df.Profit<0).sum()"])
q("b06", "orders", "month-year", "total profit in December 2023", "scalar", f"df[{OD}.dt.strftime('%Y-%m')=='2023-12'].Profit.sum()")
q("b07", "orders", "topn", "top 3 customers by profit", "topn", "df.groupby('Customer Name').Profit.sum().sort_values(ascending=False).head(3)")
q("b08", "orders", "quarter-year", "revenue by quarter for 2024 only", "groups", f"df[{OD}.dt.year==2024].groupby({OD}.dt.year.astype(str)+' Q'+{OD}.dt.quarter.astype(str)).Revenue.sum()")
q("b09", "tickets", "group", "median first response minutes per channel", "groups", "df.groupby('channel').first_response_minutes.median()")
q("b10", "tickets", "rate", "what % of tickets are closed?", "scalar", "100*(df.status=='Closed').mean()", percent=True)
q("b11", "tickets", "count-filter", "how many tickets got a satisfaction of 5?", "scalar", "(df.satisfaction==5).sum()")
q("b12", "tickets", "argmax", "which agent closed the most tickets?", "label", "df[df.status=='Closed'].groupby('agent').size()", pick="max")
q("b13", "hr", "count-filter", "how many employees earn over 100k?", "scalar", f"({SAL}>100000).sum()")
q("b14", "hr", "group", "average age by department", "groups", "df.groupby('Department').Age.mean()")
q("b15", "hr", "rate", "what percentage of staff work remote?", "scalar", "100*(df.Remote=='Y').mean()", percent=True)
q("b16", "hr", "not", "average salary of people who did not leave", "scalar", f"{SAL}[~{LEFT}].mean()")
q("b17", "web_traffic", "group", "total users by device", "groups", "df.groupby('device').users.sum()")
q("b18", "web_traffic", "argmin", "which day had the fewest sessions?", "label", "df.groupby('date').sessions.sum()", pick="min")
q("b19", "web_traffic", "and", "revenue from mobile facebook traffic", "scalar", f"{WREV}[(df.device=='mobile')&(df.source=='facebook')].sum()")
conv("bc1", "hr", [
    ("average salary by gender", "first", "groups", f"{SAL}.groupby(df.Gender).mean()", {}),
    ("just engineering", "refine", "groups", f"{SAL}[df.Department=='Engineering'].groupby(df.Gender).mean()", {}),
    ("and sales?", "and-for", "groups", f"{SAL}[df.Department=='Sales'].groupby(df.Gender).mean()", {}),
])
conv("bc2", "tickets", [
    ("number of tickets by priority", "first", "groups", "df.groupby('priority').size()", {}),
    ("as a percentage", "as-share", "groups", "100*df.groupby('priority').size()/len(df)", {"percent": True}),
    ("pie chart please", "as-pie", "groups", "100*df.groupby('priority').size()/len(df)", {"percent": True, "output": {"chart": "pie"}, "alt": ["df.groupby('priority').size()"]}),
])
conv("bc3", "web_traffic", [
    ("bounce rate by source", "first", "groups", f"{BOUNCE}.groupby(df.source).mean()", {}),
    ("which is worst?", "superlative", "label", f"{BOUNCE}.groupby(df.source).mean()", {"pick": "max"}),
])
with open(os.path.join(HERE, "questions2.jsonl"), "w") as f:
    for e in Q:
        f.write(json.dumps(e) + "\n")
print(f"{len(Q)} questions written to questions2.jsonl")
