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


# Second batch (questions2.jsonl), written after the first fixes and before its own first run: longer chains and
# the moves the first batch covered once.
CONVS2 = [
    ("p1", "orders_export", [
        ("total profit by product", "first", "groups", "df.groupby('product').profit.sum()", {}),
        ("only online", "narrow", "groups", "df[df.channel=='Online'].groupby('product').profit.sum()", {}),
        ("and only in 2020", "narrow", "groups", f"df[(df.channel=='Online')&({OY}==2020)].groupby('product').profit.sum()", {}),
        ("remove the channel filter", "widen", "groups", f"df[{OY}==2020].groupby('product').profit.sum()", {}),
    ]),
    ("p2", "orders_export", [
        ("average units per order by region", "first", "groups", "df.groupby('region').units.mean()", {}),
        ("break it down by region and channel", "grouping", "groups2", "df.groupby(['region','channel']).units.mean()", {}),
        ("just the east", "narrow", "groups", "df[df.region=='East'].groupby('channel').units.mean()", {}),
    ]),
    ("p3", "orders_export", [
        ("how many orders were there in 2018?", "first", "scalar", f"({OY}==2018).sum()", {}),
        ("how many of them were sofas?", "narrow", "scalar", f"(({OY}==2018)&(df['product']=='Sofas')).sum()", {}),
        ("and lamps?", "narrow", "scalar", f"(({OY}==2018)&(df['product']=='Lamps')).sum()", {}),
    ]),
    ("p4", "orders_export", [
        ("total revenue per month in 2019", "first", "groups", f"df[{OY}==2019].groupby({OM}).revenue.sum()", {}),
        ("which month was the best?", "refer-back", "label", f"df[{OY}==2019].groupby({OM}).revenue.sum()", {"pick": "max"}),
        ("and the worst?", "refer-back", "label", f"df[{OY}==2019].groupby({OM}).revenue.sum()", {"pick": "min"}),
    ]),
    ("p5", "orders_export", [
        ("what is the average cost of a desk order?", "first", "scalar", "df[df['product']=='Desks'].cost.mean()", {}),
        ("no, I meant the total", "correct", "scalar", "df[df['product']=='Desks'].cost.sum()", {}),
        ("and for chairs", "narrow", "scalar", "df[df['product']=='Chairs'].cost.sum()", {}),
    ]),
    ("p6", "orders_export", [
        ("revenue by channel in the south", "first", "groups", "df[df.region=='South'].groupby('channel').revenue.sum()", {}),
        ("what's the total number of units sold overall?", "unrelated", "scalar", "df.units.sum()", {}),
    ]),
    ("p7", "orders_export", [
        ("sales of lamps by year", "first", "groups", f"df[df['product']=='Lamps'].groupby({OY}).revenue.sum()", {}),
        ("same for shelves", "narrow", "groups", f"df[df['product']=='Shelves'].groupby({OY}).revenue.sum()", {}),
        ("as a line chart", "output", "groups", f"df[df['product']=='Shelves'].groupby({OY}).revenue.sum()", {"output": {"chart": "line"}}),
    ]),
    ("q1", "billing_accounts", [
        ("how many customers have a two year contract?", "first", "scalar", "(df.Contract=='Two year').sum()", {}),
        ("and how many of those churned?", "narrow", "scalar", "((df.Contract=='Two year')&(df.Churn=='Yes')).sum()", {}),
        ("what about month-to-month?", "narrow", "scalar", "((df.Contract=='Month-to-month')&(df.Churn=='Yes')).sum()", {}),
    ]),
    ("q2", "billing_accounts", [
        ("average tenure by payment method", "first", "groups", "df.groupby('PaymentMethod').tenure.mean()", {}),
        ("sort them", "refer-back", "topn", "df.groupby('PaymentMethod').tenure.mean().sort_values(ascending=False)", {}),
        ("which is the lowest?", "refer-back", "label", "df.groupby('PaymentMethod').tenure.mean()", {"pick": "min"}),
    ]),
    ("q3", "billing_accounts", [
        ("churn rate for senior citizens", "first", "scalar", "100*(df[df.SeniorCitizen==1].Churn=='Yes').mean()", {"percent": True}),
        ("and for everyone else?", "narrow", "scalar", "100*(df[df.SeniorCitizen==0].Churn=='Yes').mean()", {"percent": True}),
        ("show both by contract", "grouping", "groups2",
         f"df.groupby(['SeniorCitizen','Contract']).Churn.apply({CHURN})", {"percent": True}),
    ]),
    ("q4", "billing_accounts", [
        ("total monthly charges for customers paying by electronic check", "first", "scalar", "df[df.PaymentMethod=='Electronic check'].MonthlyCharges.sum()", {}),
        ("I meant the average, not the total", "correct", "scalar", "df[df.PaymentMethod=='Electronic check'].MonthlyCharges.mean()", {}),
        ("how does that compare to mailed check?", "narrow", "groups",
         "df[df.PaymentMethod.isin(['Electronic check','Mailed check'])].groupby('PaymentMethod').MonthlyCharges.mean()", {}),
    ]),
    ("q5", "billing_accounts", [
        ("top 5 customers by MonthlyCharges", "first", "topn", "df.set_index('customerID').MonthlyCharges.sort_values(ascending=False).head(5)", {}),
        ("how many customers churned?", "unrelated", "scalar", "(df.Churn=='Yes').sum()", {}),
    ]),
    ("r1", "staff_list", [
        ("how many people work in each department?", "first", "groups", "df.groupby('department').size()", {}),
        ("only in London", "narrow", "groups", "df[df.office=='London'].groupby('department').size()", {}),
        ("show the top 3 of them", "refer-back", "topn", "df[df.office=='London'].groupby('department').size().sort_values(ascending=False).head(3)", {}),
    ]),
    ("r2", "staff_list", [
        ("average bonus by performance score", "first", "groups", "df.groupby('performance').bonus.mean()", {}),
        ("what about salary instead?", "measure", "groups", "df.groupby('performance').salary.mean()", {}),
        ("for remote workers only", "narrow", "groups", "df[df.remote=='Yes'].groupby('performance').salary.mean()", {}),
    ]),
    ("r3", "staff_list", [
        ("how many women were hired after 2018?", "first", "scalar", "((df.gender=='Female')&(df.hire_year>2018)).sum()", {}),
        ("and men?", "narrow", "scalar", "((df.gender=='Male')&(df.hire_year>2018)).sum()", {}),
        ("what is the average salary in the company?", "unrelated", "scalar", "df.salary.mean()", {}),
    ]),
    ("r4", "staff_list", [
        ("total bonus paid by office", "first", "groups", "df.groupby('office').bonus.sum()", {}),
        ("as a pie chart", "output", "groups", "df.groupby('office').bonus.sum()", PIE),
        ("now by department instead", "grouping", "groups", "df.groupby('department').bonus.sum()", {}),
    ]),
    ("r5", "staff_list", [
        ("highest salary in HR", "first", "scalar", "df[df.department=='HR'].salary.max()", {}),
        ("who earns it?", "pronoun", "label", "df[df.department=='HR'].set_index('name').salary", {"pick": "max"}),
    ]),
    ("x1", "web_sessions", [
        ("total revenue from email", "first", "scalar", "df[df.channel=='Email'].revenue.sum()", {}),
        ("by month", "grouping", "groups", f"df[df.channel=='Email'].groupby({WYM}).revenue.sum()", {}),
        ("which month had the most?", "refer-back", "label", f"df[df.channel=='Email'].groupby({WYM}).revenue.sum()", {"pick": "max"}),
    ]),
    ("x2", "web_sessions", [
        ("sessions by device", "first", "groups", "df.groupby('device').sessions.sum()", {}),
        ("and signups?", "measure", "groups", "df.groupby('device').signups.sum()", {}),
        ("just the number for mobile", "output", "scalar", "df[df.device=='Mobile'].signups.sum()", {}),
    ]),
    ("x3", "web_sessions", [
        ("average daily sessions from social in June", "first", "scalar",
         f"df[(df.channel=='Social')&({WM}==6)].groupby('date').sessions.sum().mean()", {"alt": [f"df[(df.channel=='Social')&({WM}==6)].sessions.mean()"]}),
        ("and in December?", "narrow", "scalar",
         f"df[(df.channel=='Social')&({WM}==12)].groupby('date').sessions.sum().mean()", {"alt": [f"df[(df.channel=='Social')&({WM}==12)].sessions.mean()"]}),
    ]),
    ("y1", "IGF", [
        ("how many readings per lot?", "first", "groups", "df.groupby('Lot').size()", {}),
        ("which lot has the most?", "refer-back", "label", "df.groupby('Lot').size()", {"pick": "max"}),
        ("what is its average concentration?", "pronoun", "scalar",
         "df[df.Lot==df.groupby('Lot').size().idxmax()].conc.mean()", {}),
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
write(CONVS2, "questions2.jsonl")
