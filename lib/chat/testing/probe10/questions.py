#!/usr/bin/python3
"""Probe10 questions (written before the first run): top-N said many ways, shares, negation, follow-ups.
/usr/bin/python3 lib/chat/testing/probe10/questions.py && /usr/bin/python3 lib/chat/testing/probe10/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = []


def q(id, dataset, type, turns, kind, truth, **kw):
    Q.append({"id": id, "dataset": dataset, "type": type, "turns": turns, "kind": kind, "truth": truth, **kw})


H, S, B = "hr_staff", "shop_orders", "bikes"
# top-N, many phrasings
q("t01", H, "topn", ["the 5 biggest salaries"], "topn", "df.set_index('emp_no').base_salary.sort_values(ascending=False).head(5)")
q("t02", S, "topn", ["top five orders by order total"], "topn", "df.set_index('order_id').order_total.sort_values(ascending=False).head(5)")
q("t03", H, "topn", ["3 highest-paid employees"], "topn", "df.set_index('emp_no').base_salary.sort_values(ascending=False).head(3)")
q("t04", S, "topn", ["10 most recent orders"], "rows", "df.sort_values('order_ts', ascending=False).head(10)[['order_id','order_ts']]")
q("t05", S, "topn", ["bottom 3 countries by total order value"], "topn", "df.groupby('country').order_total.sum().sort_values().head(3)")
q("t06", S, "topn", ["the three largest categories by total order total"], "topn", "df.groupby('category').order_total.sum().sort_values(ascending=False).head(3)")
q("t07", B, "topn", ["top 2 zones by average total count"], "topn", "df.groupby('zone').total_count.mean().sort_values(ascending=False).head(2)")
q("t08", S, "topn", ["3 customers with the most rows"], "topn", "df.groupby('customer_id').size().sort_values(ascending=False).head(3)", tie_check=True)
q("t09", S, "topn", ["the 4 cheapest orders"], "topn", "df.set_index('order_id').order_total.sort_values().head(4)")
q("t10", H, "topn", ["lowest 3 departments by average bonus"], "topn", "df.groupby('dept_cd').bonus_amt.mean().sort_values().head(3)")
q("t11", S, "topn", ["which 2 payment types have the most orders"], "topn", "df.groupby('payment_type').size().sort_values(ascending=False).head(2)")
# shares
q("s01", S, "share", ["what share of orders were returned"], "scalar", "100*(df.returned=='true').mean()", percent=True)
q("s02", S, "share", ["what fraction of orders were paid by paypal"], "scalar", "100*(df.payment_type=='paypal').mean()", percent=True)
q("s03", H, "share", ["how many percent of employees are remote"], "scalar", "100*(df.remote_flg=='Y').mean()", percent=True)
q("s04", B, "share", ["proportion of days with heavy rain"], "scalar", "100*(df.weather=='HEAVY RAIN').mean()", percent=True)
q("s05", S, "share", ["% of rows where discount is above 5"], "scalar", "100*(df.discount_pct>5).mean()", percent=True)
q("s06", S, "share", ["out of all orders, how many are from Germany as a share"], "scalar", "100*(df.country=='Germany').mean()", percent=True)
q("s07", H, "share", ["what percentage of staff have a salary over 70000"], "scalar", "100*(df.base_salary>70000).mean()", percent=True)
# negation
q("n01", S, "negation", ["average order total not in Germany"], "scalar", "df[df.country!='Germany'].order_total.mean()")
q("n02", S, "negation", ["how many orders have no discount"], "scalar", "(df.discount_pct==0).sum()")
q("n03", S, "negation", ["total order value without returns"], "scalar", "df[df.returned=='false'].order_total.sum()")
q("n04", H, "negation", ["average salary for departments other than ENG"], "scalar", "df[df.dept_cd!='ENG'].base_salary.mean()")
q("n05", B, "negation", ["average total count except on holidays"], "scalar", "df[df.is_holiday==0].total_count.mean()")
q("n06", S, "negation", ["number of orders excluding marketplace"], "scalar", "(df.channel!='marketplace').sum()")
q("n07", H, "negation", ["how many employees isn't active"], "scalar", "(df.active_flg=='N').sum()")
q("n08", S, "negation", ["how many orders were never returned"], "scalar", "(df.returned=='false').sum()")
q("n09", B, "negation", ["average casual count by zone for weather other than CLEAR"], "groups", "df[df.weather!='CLEAR'].groupby('zone').casual_count.mean()")
# follow-ups
q("f01", S, "followup-topn", ["total order value by country", "top 2 only"], "topn", "df.groupby('country').order_total.sum().sort_values(ascending=False).head(2)")
q("f02", S, "followup-share", ["what share of orders were returned", "and for Electronics?"], "scalar", "100*(df[df.category=='Electronics'].returned=='true').mean()", percent=True)
q("f03", H, "followup-negation", ["average salary by department", "excluding HR"], "groups", "df[df.dept_cd!='HR'].groupby('dept_cd').base_salary.mean()")
q("f04", B, "followup-topn", ["average total count by weather", "which are the bottom 2"], "topn", "df.groupby('weather').total_count.mean().sort_values().head(2)")
q("f05", S, "followup-negation", ["how many orders", "not paid by card"], "scalar", "(df.payment_type!='card').sum()")
q("f06", H, "followup-share", ["what fraction of employees are remote", "what about in LDN"], "scalar", "100*(df[df.loc_cd=='LDN'].remote_flg=='Y').mean()", percent=True)
q("f07", S, "followup-topn", ["top 3 categories by number of orders", "now only for the app channel"], "topn", "df[df.channel=='app'].groupby('category').size().sort_values(ascending=False).head(3)")
q("f08", B, "followup-value", ["average casual count on holidays", "and when it is not a holiday?"], "scalar", "df[df.is_holiday==0].casual_count.mean()")

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for x in Q:
        f.write(json.dumps(x) + "\n")
print(len(Q), "questions")
