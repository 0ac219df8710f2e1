#!/usr/bin/python3
"""Writes questions.jsonl (probe47: business questions of exports: growth, running totals, ratios of sums,
distinct counts, shares within groups, period comparisons, follow-ups), written before the first run.
/usr/bin/python3 lib/chat/testing/probe47/questions.py && /usr/bin/python3 lib/chat/testing/probe47/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# ecom_orders: amount is exported as "$1,234.50" text (the product reads it as a number; pandas does not).
OD = "pd.to_datetime(df.order_date)"
AMT = "df.amount.str.replace('[$,]', '', regex=True).astype(float)"
OM = f"{OD}.dt.strftime('%Y-%m')"
OY = f"{OD}.dt.year"
RET = "(df.returned=='Y')"
# ad_campaigns
AD = "pd.to_datetime(df.date)"
AM = f"{AD}.dt.strftime('%Y-%m')"
AQ = f"({AD}.dt.year.astype(str)+' Q'+{AD}.dt.quarter.astype(str))"
# subscriptions
SD = "pd.to_datetime(df.start_date)"
SM = f"{SD}.dt.strftime('%Y-%m')"
SY = f"{SD}.dt.year"
CD = "pd.to_datetime(df.cancel_date)"
# support_tickets
OP = "pd.to_datetime(df.opened_at)"
CL = "pd.to_datetime(df.closed_at)"
TM = f"{OP}.dt.strftime('%Y-%m')"
TQ = f"({OP}.dt.year.astype(str)+' Q'+{OP}.dt.quarter.astype(str))"
HRS = f"(({CL}-{OP}).dt.total_seconds()/3600)"

Q = []


def q(qid, ds, typ, turns, kind, truth, **extra):
    Q.append((qid, ds, typ, turns if isinstance(turns, list) else [turns], kind, truth, extra))


O, A, S, T = "ecom_orders", "ad_campaigns", "subscriptions", "support_tickets"
# growth and change over time
q("o01", O, "growth", "month-over-month growth of revenue", "groups", f"100*{AMT}.groupby({OM}).sum().pct_change().dropna()",
  alt=[f"{AMT}.groupby({OM}).sum().pct_change().dropna()"])
q("o02", O, "growth", "percent change in orders from 2023 to 2024", "scalar", f"100*(({OY}==2024).sum()/({OY}==2023).sum()-1)", percent=True)
q("o03", O, "growth", "year over year revenue growth by country", "groups",
  f"100*({AMT}[{OY}==2024].groupby(df.country).sum()/{AMT}[{OY}==2023].groupby(df.country).sum()-1)")
q("o04", O, "step", "which month had the biggest jump in revenue?", "label", f"{AMT}.groupby({OM}).sum().diff()", pick="max")
q("o05", O, "growth", "how much did revenue grow from 2023 to 2024?", "scalar", f"{AMT}[{OY}==2024].sum()-{AMT}[{OY}==2023].sum()",
  alt=[f"100*({AMT}[{OY}==2024].sum()/{AMT}[{OY}==2023].sum()-1)"])
q("o06", O, "growth", "monthly order growth rate in 2024", "groups", f"100*df[{OY}==2024].groupby({OM}).size().pct_change().dropna()",
  alt=[f"df[{OY}==2024].groupby({OM}).size().pct_change().dropna()"])
q("o07", O, "growth", "which country had the highest revenue growth from 2023 to 2024?", "label",
  f"100*({AMT}[{OY}==2024].groupby(df.country).sum()/{AMT}[{OY}==2023].groupby(df.country).sum()-1)", pick="max",
  alt=[f"{AMT}[{OY}==2024].groupby(df.country).sum()-{AMT}[{OY}==2023].groupby(df.country).sum()"])
# running totals
q("o08", O, "cumulative", "cumulative revenue by month", "groups", f"{AMT}.groupby({OM}).sum().cumsum()")
q("o09", O, "cumulative", "running total of orders by month in 2024", "groups", f"df[{OY}==2024].groupby({OM}).size().cumsum()")
# ratios of sums
q("o10", O, "ratio", "what is the average order value?", "scalar", f"{AMT}.mean()")
q("o11", O, "ratio", "average order value by channel", "groups", f"{AMT}.groupby(df.channel).mean()")
q("o12", O, "ratio", "return rate by channel", "groups", f"100*{RET}.groupby(df.channel).mean()", alt=[f"{RET}.groupby(df.channel).mean()"])
q("o13", O, "ratio", "average discount for each channel", "groups", "df.groupby('channel').discount.mean()")
# distinct counts and per-entity figures
q("o14", O, "distinct", "how many unique customers ordered in March 2024?", "scalar", f"df[{OM}=='2024-03'].customer_id.nunique()")
q("o15", O, "per-entity", "average orders per customer", "scalar", "len(df)/df.customer_id.nunique()")
q("o16", O, "having", "how many customers placed more than 3 orders?", "scalar", "(df.groupby('customer_id').size()>3).sum()")
q("o17", O, "per-entity", "top 5 customers by revenue", "topn", f"{AMT}.groupby(df.customer_id).sum().nlargest(5)")
q("o18", O, "distinct", "number of distinct customers per year", "groups", f"df.groupby({OY}).customer_id.nunique()")
# shares within groups
q("o19", O, "share", "what share of revenue comes from each channel?", "groups", f"100*{AMT}.groupby(df.channel).sum()/{AMT}.sum()",
  alt=[f"{AMT}.groupby(df.channel).sum()/{AMT}.sum()"])
q("o20", O, "share", "percentage of returned orders per country", "groups", f"100*{RET}.groupby(df.country).mean()", alt=[f"{RET}.groupby(df.country).mean()"])
q("o21", O, "share", "what percentage of orders had a discount?", "scalar", "100*(df.discount>0).mean()", percent=True, alt=["(df.discount>0).mean()"])
# comparisons of periods
q("o22", O, "period", "Q1 vs Q2 revenue in 2024", "groups", f"{AMT}[({OY}==2024)&{OD}.dt.quarter.isin([1,2])].groupby({OY}.astype(str)+' Q'+{OD}.dt.quarter.astype(str)).sum()")
q("o23", O, "period", "revenue this year vs last year", "groups", f"{AMT}.groupby({OY}).sum()")
q("o24", O, "period", "how many orders did we get last month?", "scalar", f"({OM}=='2024-12').sum()")
q("o25", O, "period", "total revenue in 2024", "scalar", f"{AMT}[{OY}==2024].sum()")
q("o26", O, "period", "net revenue in 2024 excluding returned orders", "scalar", f"{AMT}[({OY}==2024)&~{RET}].sum()")
# follow-ups
q("o27", O, "followup", ["monthly revenue in 2024", "now just for Germany"], "groups", f"{AMT}[({OY}==2024)&(df.country=='Germany')].groupby({OM}).sum()")
q("o28", O, "followup", ["revenue by month", "and as a line chart"], "groups", f"{AMT}.groupby({OM}).sum()", output={"chart": "line"})
q("o29", O, "followup", ["number of orders by channel", "what about returns?"], "groups", f"{RET}.groupby(df.channel).sum()",
  alt=[f"100*{RET}.groupby(df.channel).mean()"])
q("o30", O, "followup", ["average order value by country", "only the Marketplace channel"], "groups", f"{AMT}[df.channel=='Marketplace'].groupby(df.country).mean()")

# ad_campaigns
q("a01", A, "ratio", "click-through rate by campaign", "groups", "100*df.groupby('campaign').clicks.sum()/df.groupby('campaign').impressions.sum()",
  alt=["df.groupby('campaign').clicks.sum()/df.groupby('campaign').impressions.sum()"])
q("a02", A, "ratio", "cost per conversion by channel", "groups", "df.groupby('channel').spend.sum()/df.groupby('channel').conversions.sum()")
q("a03", A, "ratio", "overall conversion rate (conversions / clicks)", "scalar", "100*df.conversions.sum()/df.clicks.sum()", percent=True,
  alt=["df.conversions.sum()/df.clicks.sum()"])
q("a04", A, "ratio", "return on ad spend by campaign", "groups", "df.groupby('campaign').revenue.sum()/df.groupby('campaign').spend.sum()",
  alt=["100*df.groupby('campaign').revenue.sum()/df.groupby('campaign').spend.sum()"])
q("a05", A, "cumulative", "cumulative spend by month", "groups", f"df.spend.groupby({AM}).sum().cumsum()")
q("a06", A, "ratio", "which campaign has the lowest cost per click?", "label", "df.groupby('campaign').spend.sum()/df.groupby('campaign').clicks.sum()", pick="min")
q("a07", A, "period", "total spend in Q1 vs Q2", "groups", f"df.spend.groupby({AQ}).sum()")
q("a08", A, "growth", "month over month change in conversions", "groups", f"df.conversions.groupby({AM}).sum().diff().dropna()",
  alt=[f"100*df.conversions.groupby({AM}).sum().pct_change().dropna()"])
q("a09", A, "ratio", "cost per acquisition for Spring Sale", "scalar", "df[df.campaign=='Spring Sale'].spend.sum()/df[df.campaign=='Spring Sale'].conversions.sum()")
q("a10", A, "step", "which month had the most conversions?", "label", f"df.conversions.groupby({AM}).sum()", pick="max")
q("a11", A, "share", "what share of spend goes to each channel", "groups", "100*df.groupby('channel').spend.sum()/df.spend.sum()",
  alt=["df.groupby('channel').spend.sum()/df.spend.sum()"])
q("a12", A, "followup", ["click-through rate by channel", "now just for June"], "groups",
  f"100*df[{AD}.dt.month==6].groupby('channel').clicks.sum()/df[{AD}.dt.month==6].groupby('channel').impressions.sum()",
  alt=[f"df[{AD}.dt.month==6].groupby('channel').clicks.sum()/df[{AD}.dt.month==6].groupby('channel').impressions.sum()"])
q("a13", A, "followup", ["total spend by campaign", "and as a pie chart"], "groups", "df.groupby('campaign').spend.sum()", output={"chart": "pie"})
q("a14", A, "growth", "percent change in clicks from January to June", "scalar",
  f"100*(df[{AD}.dt.month==6].clicks.sum()/df[{AD}.dt.month==1].clicks.sum()-1)", percent=True)

# subscriptions
q("s01", S, "filter-sum", "total mrr of active subscriptions", "scalar", "df[df.cancel_date.isna()].mrr.sum()")
q("s02", S, "cumulative", "running total of sign-ups by month", "groups", f"df.groupby({SM}).size().cumsum()")
q("s03", S, "period", "how many subscriptions were cancelled in 2024?", "scalar", f"({CD}.dt.year==2024).sum()")
q("s04", S, "share", "churn rate by plan", "groups", "100*df.cancel_date.notna().groupby(df.plan).mean()", alt=["df.cancel_date.notna().groupby(df.plan).mean()"])
q("s05", S, "growth", "percent change in new sign-ups from 2023 to 2024", "scalar", f"100*(({SY}==2024).sum()/({SY}==2023).sum()-1)", percent=True)
q("s06", S, "growth", "year over year growth in new subscriptions", "groups", f"100*df.groupby({SY}).size().pct_change().dropna()",
  alt=[f"df.groupby({SY}).size().pct_change().dropna()"])
q("s07", S, "share", "what percentage of seats are on the Business plan?", "scalar", "100*df[df.plan=='Business'].seats.sum()/df.seats.sum()", percent=True,
  alt=["df[df.plan=='Business'].seats.sum()/df.seats.sum()"])
q("s08", S, "ratio", "average seats per subscription by region", "groups", "df.groupby('region').seats.mean()")
q("s09", S, "followup", ["sign-ups by month in 2024", "only Business plan"], "groups", f"df[({SY}==2024)&(df.plan=='Business')].groupby({SM}).size()")
q("s10", S, "period", "which quarter had the most new subscriptions?", "label", f"df.groupby({SY}.astype(str)+' Q'+{SD}.dt.quarter.astype(str)).size()", pick="max")
q("s11", S, "share", "what share of total mrr does each region bring in", "groups", "100*df.groupby('region').mrr.sum()/df.mrr.sum()",
  alt=["df.groupby('region').mrr.sum()/df.mrr.sum()"])

# support_tickets
q("t01", T, "duration", "average resolution time in hours by priority", "groups", f"{HRS}.groupby(df.priority).mean()")
q("t02", T, "growth", "month-over-month change in tickets opened", "groups", f"df.groupby({TM}).size().diff().dropna()",
  alt=[f"100*df.groupby({TM}).size().pct_change().dropna()"])
q("t03", T, "share", "what percentage of tickets are still open?", "scalar", "100*df.closed_at.isna().mean()", percent=True, alt=["df.closed_at.isna().mean()"])
q("t04", T, "share", "share of tickets per category", "groups", "100*df.groupby('category').size()/len(df)", alt=["df.groupby('category').size()/len(df)"])
q("t05", T, "argmax", "which agent closed the most tickets?", "label", "df[df.closed_at.notna()].groupby('agent').size()", pick="max")
q("t06", T, "period", "Q3 vs Q4 ticket volume", "groups", f"df[{OP}.dt.quarter.isin([3,4])].groupby({TQ}).size()")
q("t07", T, "cumulative", "cumulative number of tickets by month", "groups", f"df.groupby({TM}).size().cumsum()")
q("t08", T, "followup", ["number of tickets by priority", "now just for Billing", "what about Login?"], "groups", "df[df.category=='Login'].groupby('priority').size()")
q("t09", T, "share", "percentage of urgent tickets per month", "groups", f"100*(df.priority=='Urgent').groupby({TM}).mean()",
  alt=[f"(df.priority=='Urgent').groupby({TM}).mean()"])
q("t10", T, "duration", "median hours to close for High priority tickets", "scalar", f"{HRS}[df.priority=='High'].median()")
q("t11", T, "per-entity", "average number of tickets per agent", "scalar", "len(df)/df.agent.nunique()")
q("t12", T, "followup", ["average csat by agent", "and as a horizontal bar chart"], "groups", "df.groupby('agent').csat.mean()", output={"chart": "bar"})

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        row = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            row["truth"] = truth
        row.update(extra)
        f.write(json.dumps(row) + "\n")
print(len(Q), "questions")
