#!/usr/bin/python3
"""Writes questions.jsonl (probe59: follow-up conversations), written before the first run. One entry per turn:
the turns so far, and the truth of that turn by pandas (truth.py). Types: "first" for a conversation's opening
question, else the follow-up move. /usr/bin/python3 lib/chat/testing/probe59/questions.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

OY = "pd.to_datetime(df.order_date).dt.year"
OM = "pd.to_datetime(df.order_date).dt.strftime('%Y-%m')"
WM = "pd.to_datetime(df.date).dt.month"
WYM = "pd.to_datetime(df.date).dt.strftime('%Y-%m')"
CHURN = "lambda s: 100*(s=='Yes').mean()"
PIE = {"output": {"chart": "pie"}}

# (id, dataset, [(turn, type, kind, truth, extra), ...])
CONVS = [
    # orders_export
    ("o1", "orders_export", [
        ("total revenue by region", "first", "groups", "df.groupby('region').revenue.sum()", {}),
        ("only for 2019", "narrow", "groups", f"df[{OY}==2019].groupby('region').revenue.sum()", {}),
        ("which region is highest?", "refer-back", "label", f"df[{OY}==2019].groupby('region').revenue.sum()", {"pick": "max"}),
        ("as a pie", "output", "groups", f"df[{OY}==2019].groupby('region').revenue.sum()", PIE),
    ]),
    ("o2", "orders_export", [
        ("how much profit did we make in 2019?", "first", "scalar", f"df[{OY}==2019].profit.sum()", {}),
        ("and 2020?", "narrow", "scalar", f"df[{OY}==2020].profit.sum()", {}),
        ("now for all years", "widen", "scalar", "df.profit.sum()", {}),
    ]),
    ("o3", "orders_export", [
        ("average order revenue for sofas", "first", "scalar", "df[df['product']=='Sofas'].revenue.mean()", {}),
        ("and the median?", "measure", "scalar", "df[df['product']=='Sofas'].revenue.median()", {}),
        ("what about desks", "narrow", "scalar", "df[df['product']=='Desks'].revenue.median()", {}),
    ]),
    ("o4", "orders_export", [
        ("revenue by product", "first", "groups", "df.groupby('product').revenue.sum()", {}),
        ("what about profit instead", "measure", "groups", "df.groupby('product').profit.sum()", {}),
        ("sort them from highest to lowest", "refer-back", "topn", "df.groupby('product').profit.sum().sort_values(ascending=False)", {}),
    ]),
    ("o5", "orders_export", [
        ("revenue per year", "first", "groups", f"df.groupby({OY}).revenue.sum()", {}),
        ("break it down by month instead", "grouping", "groups", f"df.groupby({OM}).revenue.sum()", {}),
        ("just for the East region", "narrow", "groups", f"df[df.region=='East'].groupby({OM}).revenue.sum()", {}),
    ]),
    ("o6", "orders_export", [
        ("units sold by region and product", "first", "groups2", "df.groupby(['region','product']).units.sum()", {}),
        ("only online orders", "narrow", "groups2", "df[df.channel=='Online'].groupby(['region','product']).units.sum()", {}),
        ("without that filter", "widen", "groups2", "df.groupby(['region','product']).units.sum()", {}),
    ]),
    ("o7", "orders_export", [
        ("what is the total cost in the west region?", "first", "scalar", "df[df.region=='West'].cost.sum()", {}),
        ("I meant revenue, not cost", "correct", "scalar", "df[df.region=='West'].revenue.sum()", {}),
        ("what about the east region?", "narrow", "scalar", "df[df.region=='East'].revenue.sum()", {}),
    ]),
    ("o8", "orders_export", [
        ("top 3 products by profit in the south", "first", "topn", "df[df.region=='South'].groupby('product').profit.sum().sort_values(ascending=False).head(3)", {}),
        ("how many orders were placed online?", "unrelated", "scalar", "(df.channel=='Online').sum()", {}),
        ("and in store?", "narrow", "scalar", "(df.channel=='Store').sum()", {}),
    ]),
    ("o9", "orders_export", [
        ("how many orders per channel", "first", "groups", "df.groupby('channel').size()", {}),
        ("show me the table", "output", "groups", "df.groupby('channel').size()", {"output": {"table": True}}),
        ("just the number for online", "output", "scalar", "(df.channel=='Online').sum()", {}),
    ]),
    # billing_accounts
    ("b1", "billing_accounts", [
        ("top 5 customers by TotalCharges", "first", "topn", "df.set_index('customerID').TotalCharges.sort_values(ascending=False).head(5)", {}),
        ("how many customers?", "refer-back", "scalar", "df.customerID.nunique()", {}),
    ]),
    ("b2", "billing_accounts", [
        ("average monthly charges by contract", "first", "groups", "df.groupby('Contract').MonthlyCharges.mean()", {}),
        ("only for females", "narrow", "groups", "df[df.gender=='Female'].groupby('Contract').MonthlyCharges.mean()", {}),
        ("which of those is highest?", "refer-back", "label", "df[df.gender=='Female'].groupby('Contract').MonthlyCharges.mean()", {"pick": "max"}),
    ]),
    ("b3", "billing_accounts", [
        ("churn rate by payment method", "first", "groups", f"df.groupby('PaymentMethod').Churn.apply({CHURN})", {"percent": True}),
        ("which one is lowest?", "refer-back", "label", f"df.groupby('PaymentMethod').Churn.apply({CHURN})", {"pick": "min", "percent": True}),
        ("how many customers use that one?", "pronoun", "scalar",
         f"(df.PaymentMethod==df.groupby('PaymentMethod').Churn.apply({CHURN}).idxmin()).sum()", {}),
    ]),
    ("b4", "billing_accounts", [
        ("how many customers churned?", "first", "scalar", "(df.Churn=='Yes').sum()", {}),
        ("what percentage is that?", "refer-back", "scalar", "100*(df.Churn=='Yes').mean()", {"percent": True}),
        ("for month-to-month contracts only", "narrow", "scalar", "100*(df[df.Contract=='Month-to-month'].Churn=='Yes').mean()", {"percent": True}),
    ]),
    ("b5", "billing_accounts", [
        ("total charges by gender", "first", "groups", "df.groupby('gender').TotalCharges.sum()", {}),
        ("no, I meant the average", "correct", "groups", "df.groupby('gender').TotalCharges.mean()", {}),
        ("just for senior citizens", "narrow", "groups", "df[df.SeniorCitizen==1].groupby('gender').TotalCharges.mean()", {}),
    ]),
    ("b6", "billing_accounts", [
        ("average tenure of customers who churned", "first", "scalar", "df[df.Churn=='Yes'].tenure.mean()", {}),
        ("and of those who stayed?", "narrow", "scalar", "df[df.Churn=='No'].tenure.mean()", {}),
        ("what is the average monthly charge?", "unrelated", "scalar", "df.MonthlyCharges.mean()", {}),
    ]),
    ("b7", "billing_accounts", [
        ("average monthly charges by payment method", "first", "groups", "df.groupby('PaymentMethod').MonthlyCharges.mean()", {}),
        ("show the top 3 of them", "refer-back", "topn", "df.groupby('PaymentMethod').MonthlyCharges.mean().sort_values(ascending=False).head(3)", {}),
        ("as a bar chart", "output", "topn", "df.groupby('PaymentMethod').MonthlyCharges.mean().sort_values(ascending=False).head(3)", {"output": {"chart": "bar"}}),
    ]),
    # staff_list
    ("s1", "staff_list", [
        ("average salary by department", "first", "groups", "df.groupby('department').salary.mean()", {}),
        ("only for women", "narrow", "groups", "df[df.gender=='Female'].groupby('department').salary.mean()", {}),
        ("and for men?", "narrow", "groups", "df[df.gender=='Male'].groupby('department').salary.mean()", {}),
        ("which department pays them the most?", "pronoun", "label", "df[df.gender=='Male'].groupby('department').salary.mean()", {"pick": "max"}),
    ]),
    ("s2", "staff_list", [
        ("how many employees work remotely?", "first", "scalar", "(df.remote=='Yes').sum()", {}),
        ("break that down by office", "grouping", "groups", "df[df.remote=='Yes'].groupby('office').size()", {}),
        ("as a pie", "output", "groups", "df[df.remote=='Yes'].groupby('office').size()", PIE),
    ]),
    ("s3", "staff_list", [
        ("median bonus in Engineering", "first", "scalar", "df[df.department=='Engineering'].bonus.median()", {}),
        ("and in Sales?", "narrow", "scalar", "df[df.department=='Sales'].bonus.median()", {}),
        ("what about the average instead", "measure", "scalar", "df[df.department=='Sales'].bonus.mean()", {}),
    ]),
    ("s4", "staff_list", [
        ("headcount by hire year", "first", "groups", "df.groupby('hire_year').size()", {}),
        ("only London", "narrow", "groups", "df[df.office=='London'].groupby('hire_year').size()", {}),
        ("now for all offices", "widen", "groups", "df.groupby('hire_year').size()", {}),
    ]),
    ("s5", "staff_list", [
        ("who has the highest salary?", "first", "label", "df.set_index('name').salary", {"pick": "max"}),
        ("and the lowest?", "measure", "label", "df.set_index('name').salary", {"pick": "min"}),
    ]),
    ("s6", "staff_list", [
        ("average performance score by office", "first", "groups", "df.groupby('office').performance.mean()", {}),
        ("by office and gender", "grouping", "groups2", "df.groupby(['office','gender']).performance.mean()", {}),
        ("only remote staff", "narrow", "groups2", "df[df.remote=='Yes'].groupby(['office','gender']).performance.mean()", {}),
    ]),
    ("s7", "staff_list", [
        ("total salary cost for the finance department", "first", "scalar", "df[df.department=='Finance'].salary.sum()", {}),
        ("how many people is that?", "refer-back", "scalar", "(df.department=='Finance').sum()", {}),
        ("and their average bonus?", "pronoun", "scalar", "df[df.department=='Finance'].bonus.mean()", {}),
    ]),
    # web_sessions
    ("w1", "web_sessions", [
        ("total sessions by channel", "first", "groups", "df.groupby('channel').sessions.sum()", {}),
        ("only mobile", "narrow", "groups", "df[df.device=='Mobile'].groupby('channel').sessions.sum()", {}),
        ("by month instead", "grouping", "groups", f"df[df.device=='Mobile'].groupby({WYM}).sessions.sum()", {}),
    ]),
    ("w2", "web_sessions", [
        ("how many signups in March?", "first", "scalar", f"df[{WM}==3].signups.sum()", {}),
        ("and in April?", "narrow", "scalar", f"df[{WM}==4].signups.sum()", {}),
        ("what about revenue?", "measure", "scalar", f"df[{WM}==4].revenue.sum()", {}),
    ]),
    ("w3", "web_sessions", [
        ("daily sessions as a line chart", "first", "groups", "df.groupby('date').sessions.sum()", {"output": {"chart": "line"}}),
        ("only for paid", "narrow", "groups", "df[df.channel=='Paid'].groupby('date').sessions.sum()", {}),
    ]),
    ("w4", "web_sessions", [
        ("signups by device", "first", "groups", "df.groupby('device').signups.sum()", {}),
        ("as a share of the total", "measure", "groups", "100*df.groupby('device').signups.sum()/df.signups.sum()", {"percent": True}),
    ]),
    ("w5", "web_sessions", [
        ("which channel brought the most revenue?", "first", "label", "df.groupby('channel').revenue.sum()", {"pick": "max"}),
        ("what are its total signups?", "pronoun", "scalar", "df[df.channel==df.groupby('channel').revenue.sum().idxmax()].signups.sum()", {}),
        ("show me all channels sorted by revenue", "widen", "topn", "df.groupby('channel').revenue.sum().sort_values(ascending=False)", {}),
    ]),
    # IGF (nlme)
    ("i1", "IGF", [
        ("average concentration by lot", "first", "groups", "df.groupby('Lot').conc.mean()", {}),
        ("which lot is lowest?", "refer-back", "label", "df.groupby('Lot').conc.mean()", {"pick": "min"}),
        ("how many measurements does it have?", "pronoun", "scalar", "(df.Lot==df.groupby('Lot').conc.mean().idxmin()).sum()", {}),
    ]),
    ("i2", "IGF", [
        ("maximum IGF concentration", "first", "scalar", "df.conc.max()", {}),
        ("and for lot 5?", "narrow", "scalar", "df[df.Lot==5].conc.max()", {}),
        ("no, I meant the mean", "correct", "scalar", "df[df.Lot==5].conc.mean()", {}),
    ]),
    ("i3", "IGF", [
        ("how many measurements were taken after day 30", "first", "scalar", "(df.age>30).sum()", {}),
        ("show them by lot", "grouping", "groups", "df[df.age>30].groupby('Lot').size()", {}),
    ]),
]


def write(convs, name):
    with open(os.path.join(HERE, name), "w") as f:
        for cid, dataset, turns in convs:
            for i, (turn, typ, kind, truth, extra) in enumerate(turns):
                q = {"id": f"{cid}-{i + 1}", "dataset": dataset, "type": typ,
                     "turns": [t[0] for t in turns[: i + 1]], "kind": kind, **({"truth": truth} if truth else {}), **extra}
                f.write(json.dumps(q) + "\n")


write(CONVS, "questions.jsonl")
