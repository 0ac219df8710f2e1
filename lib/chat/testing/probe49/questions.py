#!/usr/bin/python3
"""Writes questions.jsonl (probe49: conversations of 2-4 turns; genuine follow-ups, complete new questions in the
middle of a conversation that must carry nothing, turns after a turn not understood), written before the first run.
/usr/bin/python3 lib/chat/testing/probe49/questions.py && /usr/bin/python3 lib/chat/testing/probe49/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
S, T, R = "sales_invoices", "support_tickets", "staff_roster"
Y24 = "(df['Invoice Date'].astype(str).str[:4]=='2024')"
# The invoices' money ("$1,234.50") and discount ("10%") read as numbers, as the engine reads them.
MONEY = "df.assign(Revenue=df.Revenue.str.replace('[$,]', '', regex=True).astype(float), Discount=df.Discount.str.rstrip('%').astype(float))"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # sales_invoices: genuine follow-ups
    ("s01", S, "followup-value", ["total revenue by channel", "and for the East?"], "groups", "df[df.Region=='East'].groupby('Channel').Revenue.sum()", {}),
    ("s02", S, "followup-year", ["total revenue by category", "only 2024"], "groups", f"df[{Y24}].groupby('Category').Revenue.sum()", {}),
    ("s03", S, "followup-chart", ["revenue by region", "as a pie"], "groups", "df.groupby('Region').Revenue.sum()", {}),
    ("s04", S, "followup-year-topn", ["top 3 regions by total revenue", "and in 2023?"], "topn", "df[df['Invoice Date'].astype(str).str[:4]=='2023'].groupby('Region').Revenue.sum().nlargest(3)", {}),
    ("s05", S, "followup-measure", ["average units by category", "what about revenue?"], "groups", "df.groupby('Category').Revenue.mean()", {"alt": ["df.groupby('Category').Revenue.sum()"]}),
    ("s06", S, "followup-returns", ["how many invoices per channel", "what about returns?"], "groups", "df[df.Returned=='Yes'].groupby('Channel').size()", {"alt": ["100*(df.Returned=='Yes').groupby(df.Channel).mean()"]}),
    ("s07", S, "followup-value3", ["average revenue by category", "in the West", "and the North?"], "groups", "df[df.Region=='North'].groupby('Category').Revenue.mean()", {}),
    # sales_invoices: complete new questions in the middle
    ("s08", S, "new-scalar-filter", ["top 3 categories by total revenue", "total revenue in the South region"], "scalar", "df[df.Region=='South'].Revenue.sum()", {}),
    ("s09", S, "new-share", ["how many invoices were returned?", "what share of invoices were returned?"], "scalar", "100*(df.Returned=='Yes').mean()", {"percent": True, "alt": ["(df.Returned=='Yes').mean()"]}),
    ("s10", S, "new-count-text", ["average revenue by region", "how many invoices mention gift wrap in the comment?"], "scalar", "df.Comment.str.contains('gift wrap', case=False).sum()", {}),
    ("s11", S, "new-grouped", ["total revenue in the East", "average units by channel"], "groups", "df.groupby('Channel').Units.mean()", {}),
    ("s12", S, "new-scalar", ["revenue by category as a bar chart", "what is the average discount?"], "scalar", "df.Discount.mean()", {}),
    ("s13", S, "new-count-filter", ["top 3 regions by revenue", "how many invoices were in the Partner channel?"], "scalar", "(df.Channel=='Partner').sum()", {}),
    ("s14", S, "new-after-followup", ["total revenue by region", "and for Online only?", "show average units by category as a pie"], "groups", "df.groupby('Category').Units.mean()", {}),
    ("s15", S, "new-max", ["number of invoices per category", "what was the largest revenue on a single invoice?"], "scalar", "df.Revenue.max()", {}),
    # sales_invoices: after a turn not understood
    ("s16", S, "after-failed", ["total revenue by region", "total profit by region", "how many invoices were returned?"], "scalar", "(df.Returned=='Yes').sum()", {}),
    ("s17", S, "after-failed", ["average units by channel", "average customer age by channel", "total revenue in 2023"], "scalar", "df[df['Invoice Date'].astype(str).str[:4]=='2023'].Revenue.sum()", {}),
    ("s18", S, "after-failed-followup", ["total revenue by category", "average margin by category", "only for the Store channel"], "groups", "df[df.Channel=='Store'].groupby('Category').Revenue.sum()", {}),
    ("s19", S, "after-failed", ["top 5 regions by revenue", "shipping cost by region", "what share of invoices had a discount?"], "scalar", "100*(df.Discount>0).mean()", {"percent": True, "alt": ["(df.Discount>0).mean()"]}),
    # support_tickets
    ("t01", T, "followup-value", ["average resolution hours by priority", "and for the Billing team?"], "groups", "df[df.Team=='Billing'].groupby('Priority')['Resolution Hours'].mean()", {}),
    ("t02", T, "followup-chart", ["number of tickets by team", "show it as a pie"], "groups", "df.groupby('Team').size()", {}),
    ("t03", T, "followup-topn", ["top 3 countries by number of tickets", "top 2 instead"], "topn", "df.groupby('Country').size().nlargest(2)", {}),
    ("t04", T, "followup-filter", ["average CSAT by team", "only urgent tickets"], "groups", "df[df.Priority=='Urgent'].groupby('Team').CSAT.mean()", {}),
    ("t05", T, "followup-measure", ["average resolution hours by country", "and the average CSAT?"], "groups", "df.groupby('Country').CSAT.mean()", {}),
    ("t06", T, "followup-value3", ["how many tickets are open per team", "what about pending?", "and closed?"], "groups", "df[df.Status=='Closed'].groupby('Team').size()", {}),
    ("t07", T, "new-share", ["number of tickets by priority", "what percentage of tickets were escalated?"], "scalar", "100*(df.Escalated=='Yes').mean()", {"percent": True, "alt": ["(df.Escalated=='Yes').mean()"]}),
    ("t08", T, "new-scalar-filter", ["top 3 teams by average resolution hours", "average CSAT for the Technical team"], "scalar", "df[df.Team=='Technical'].CSAT.mean()", {}),
    ("t09", T, "new-grouped", ["how many tickets are from Germany?", "average resolution hours by priority"], "groups", "df.groupby('Priority')['Resolution Hours'].mean()", {}),
    ("t10", T, "new-count-filter", ["average CSAT by country", "how many tickets are still open?"], "scalar", "(df.Status=='Open').sum()", {}),
    ("t11", T, "new-scalar", ["escalation rate by team", "what is the median resolution time in hours?"], "scalar", "df['Resolution Hours'].median()", {}),
    ("t12", T, "after-failed", ["number of tickets by team", "average agent salary by team", "how many urgent tickets were escalated?"], "scalar", "((df.Priority=='Urgent')&(df.Escalated=='Yes')).sum()", {}),
    ("t13", T, "after-failed", ["average CSAT by priority", "total refunds by priority", "average resolution hours for high priority tickets"], "scalar", "df[df.Priority=='High']['Resolution Hours'].mean()", {}),
    ("t14", T, "after-failed-followup", ["number of tickets by country", "average wait time by country", "and only closed ones?"], "groups", "df[df.Status=='Closed'].groupby('Country').size()", {}),
    ("t15", T, "new-after-followup", ["average resolution hours by team", "and for urgent tickets?", "how many tickets came from India?"], "scalar", "(df.Country=='India').sum()", {}),
    # staff_roster
    ("r01", R, "followup-value", ["average salary by department", "and in London?"], "groups", "df[df.Office=='London'].groupby('Department').Salary.mean()", {}),
    ("r02", R, "followup-filter", ["headcount by office", "only remote staff"], "groups", "df[df.Remote=='Yes'].groupby('Office').size()", {}),
    ("r03", R, "followup-chart", ["number of employees by job level", "as a pie chart"], "groups", "df.groupby('Job Level').size()", {}),
    ("r04", R, "followup-topn", ["top 3 departments by average salary", "top 2 instead"], "topn", "df.groupby('Department').Salary.mean().nlargest(2)", {}),
    ("r05", R, "followup-measure", ["average salary by office", "what about performance?"], "groups", "df.groupby('Office').Performance.mean()", {}),
    ("r06", R, "followup-value3", ["median salary by job level", "for women", "and for men?"], "groups", "df[df.Gender=='Male'].groupby('Job Level').Salary.median()", {}),
    ("r07", R, "new-scalar-filter", ["average salary by department", "average salary in the Berlin office"], "scalar", "df[df.Office=='Berlin'].Salary.mean()", {}),
    ("r08", R, "new-share", ["how many employees work remotely?", "what share of employees work remotely?"], "scalar", "100*(df.Remote=='Yes').mean()", {"percent": True, "alt": ["(df.Remote=='Yes').mean()"]}),
    ("r09", R, "new-count-filter", ["top 3 offices by headcount", "how many employees are in Engineering?"], "scalar", "(df.Department=='Engineering').sum()", {}),
    ("r10", R, "new-grouped", ["average salary of senior staff", "headcount by department"], "groups", "df.groupby('Department').size()", {}),
    ("r11", R, "after-failed", ["average salary by department", "average bonus by department", "how many employees were hired in 2020?"], "scalar", "(df['Hire Date'].astype(str).str[:4]=='2020').sum()", {}),
    ("r12", R, "after-failed", ["headcount by office", "average commute by office", "total salary for the Sales department"], "scalar", "df[df.Department=='Sales'].Salary.sum()", {}),
    ("r13", R, "new-after-followup", ["average performance by department", "and for juniors?", "what is the highest salary?"], "scalar", "df.Salary.max()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        if ds == S:
            truth = f"(lambda df: {truth})({MONEY})"
            extra = {**extra, "alt": [f"(lambda df: {e})({MONEY})" for e in extra["alt"]]} if "alt" in extra else extra
        f.write(json.dumps({"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind, "truth": truth, **extra}) + "\n")
print(len(Q), "questions")
