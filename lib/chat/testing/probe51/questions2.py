#!/usr/bin/python3
"""Writes questions2.jsonl (probe51 second batch, written after the first batch's fixes and before their first run):
new phrasings of the same loose matches over the same four tables, to see whether the fixes are general.
/usr/bin/python3 lib/chat/testing/probe51/questions2.py && /usr/bin/python3 lib/chat/testing/probe51/truth2.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def month(col, m):
    return f"(pd.to_datetime(df.{col}).dt.month=={m})"


def year(col, y):
    return f"(pd.to_datetime(df.{col}).dt.year=={y})"


def ask(*choices):
    return {"choices": list(choices)}


Q = [
    ("s21", "subscriptions", "generic-word", ["which code has the most subscriptions?"], "clarify", None, ask("account_code", "region_code", "promo_code")),
    ("s22", "subscriptions", "generic-word", ["sum of amount per plan"], "clarify", None, ask("monthly_amount", "discount_amount", "setup_amount")),
    ("s23", "subscriptions", "generic-word", ["median score for annual billing"], "clarify", None, ask("churn_score", "health_score")),
    ("s24", "subscriptions", "verb-date", ["how many subscriptions were cancelled in March 2024?"], "scalar", f"({year('cancel_date', 2024)}&{month('cancel_date', 3)}).sum()", {}),
    ("s25", "subscriptions", "verb-date", ["how many Growth subscriptions started during 2023?"], "scalar", f"((df.plan=='Growth')&{year('start_date', 2023)}).sum()", {}),
    ("s26", "subscriptions", "control-value", ["how many subscriptions have the promo code WELCOME20?"], "scalar", "(df.promo_code=='WELCOME20').sum()", {}),
    ("s27", "subscriptions", "control-field", ["average setup amount by plan"], "groups", "df.groupby('plan').setup_amount.mean()", {}),
    ("s28", "subscriptions", "no-field", ["average revenue per employee"], "no-field", None, {"word": "employee"}),
    ("s29", "subscriptions", "few-levels", ["how many subscriptions per support tier?"], "groups", "df.groupby('support_tier').size()", {}),
    ("s30", "subscriptions", "verb-value", ["how many subscriptions were paused or pending?"], "scalar", "df.status.isin(['Paused','Pending']).sum()", {}),
    ("t21", "support_tickets", "generic-word", ["number of tickets per code"], "clarify", None, ask("product_code", "queue_code", "resolution_code")),
    ("t22", "support_tickets", "verb-date", ["how many tickets were opened in May?"], "scalar", f"{month('opened_date', 5)}.sum()", {}),
    ("t23", "support_tickets", "verb-date", ["tickets closed in October by priority"], "groups", f"df[{month('closed_date', 10)}].groupby('priority').size()", {}),
    ("t24", "support_tickets", "verb-value", ["which agent has the most open tickets?"], "label", "df[df.status=='Open'].groupby('agent_name').size()", {"pick": "max"}),
    ("t25", "support_tickets", "control-field", ["how many tickets per product code?"], "groups", "df.groupby('product_code').size()", {}),
    ("t26", "support_tickets", "no-field", ["average tickets per department"], "no-field", None, {"word": "department"}),
    ("t27", "support_tickets", "verb-date", ["average satisfaction rating of tickets closed in November"], "scalar", f"df[{month('closed_date', 11)}].satisfaction_rating.mean()", {}),
    ("t28", "support_tickets", "stem", ["how many tickets were never reopened?"], "scalar", "(df.reopen_count==0).sum()", {}),
    ("o21", "store_orders", "generic-word", ["show total amount per ship city"], "clarify", None, ask("item_amount", "tax_amount", "shipping_amount", "refund_amount")),
    ("o22", "store_orders", "verb-date", ["how many orders were returned in September?"], "scalar", f"{month('return_date', 9)}.sum()", {}),
    ("o23", "store_orders", "verb-date", ["how many orders shipped in July?"], "scalar", f"{month('ship_date', 7)}.sum()", {}),
    ("o24", "store_orders", "verb-value", ["how many orders have shipped but not been delivered yet?"], "scalar", "(df.order_status=='Shipped').sum()", {}),
    ("o25", "store_orders", "control-field", ["average item amount per payment code"], "groups", "df.groupby('payment_code').item_amount.mean()", {}),
    ("o26", "store_orders", "no-field", ["total profit by store code"], "no-field", None, {"word": "profit"}),
    ("o27", "store_orders", "verb-date", ["total refund amount of orders returned in October"], "scalar", f"df[{month('return_date', 10)}].refund_amount.sum()", {}),
    ("l21", "loans", "generic-word", ["how many loans per code?"], "clarify", None, ask("branch_code", "officer_code")),
    ("l22", "loans", "generic-word", ["what's the highest score?"], "clarify", None, ask("credit_score", "risk_score")),
    ("l23", "loans", "verb-date", ["how many loans were approved in June 2024?"], "scalar", f"({year('approval_date', 2024)}&{month('approval_date', 6)}).sum()", {}),
    ("l24", "loans", "control-field", ["average risk score by loan type"], "groups", "df.groupby('loan_type').risk_score.mean()", {}),
    ("l25", "loans", "loose-field", ["what is the mean rate of home loans?"], "scalar", "df[df.loan_type=='Home'].interest_rate.mean()", {}),
    ("l26", "loans", "control-value", ["how many loans were rejected?"], "scalar", "(df.status=='Rejected').sum()", {}),
    ("l27", "loans", "few-levels", ["average credit score by number of dependents"], "groups", "df.groupby('dependents').credit_score.mean()", {}),
    ("l28", "loans", "no-field", ["average income of borrowers by branch code"], "no-field", None, {"word": "income"}),
]

with open(os.path.join(HERE, "questions2.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
