#!/usr/bin/python3
"""Writes questions.jsonl (probe51: loose matches of a question word; a generic word shared by several fields
("code", "amount", "score", "date", "name", "type") asks back naming them; a word naming nothing is said so; verbs
that share a stem with a category value ("started" / Starter, "opened" / Open, "closed" / Closed, "returned" /
Returned) on tables that also hold the event's date; numbers of few levels grouped; controls naming a field or a
value outright), written before the first run.
/usr/bin/python3 lib/chat/testing/probe51/questions.py && /usr/bin/python3 lib/chat/testing/probe51/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def month(col, m):
    return f"(pd.to_datetime(df.{col}).dt.month=={m})"


def year(col, y):
    return f"(pd.to_datetime(df.{col}).dt.year=={y})"


def ask(*choices, alt=None):
    extra = {"choices": list(choices)}
    if alt:
        extra["alt"] = alt
    return extra


# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # subscriptions: account_code / region_code / promo_code, three *_amount, two *_score, plan "Starter"
    ("s01", "subscriptions", "verb-date", ["how many subscriptions started in 2024?"], "scalar", f"{year('start_date', 2024)}.sum()", {}),
    ("s02", "subscriptions", "verb-date", ["number of subscriptions that started in May 2024"], "scalar", f"({year('start_date', 2024)}&{month('start_date', 5)}).sum()", {}),
    ("s03", "subscriptions", "control-value", ["how many starter subscriptions are there?"], "scalar", "(df.plan=='Starter').sum()", {}),
    ("s04", "subscriptions", "verb-date", ["how many Starter plans started in 2023?"], "scalar", f"((df.plan=='Starter')&{year('start_date', 2023)}).sum()", {}),
    ("s05", "subscriptions", "control-field", ["average monthly amount on the Pro plan"], "scalar", "df[df.plan=='Pro'].monthly_amount.mean()", {}),
    ("s06", "subscriptions", "generic-word", ["count subscriptions by code"], "clarify", None, ask("account_code", "region_code", "promo_code")),
    ("s07", "subscriptions", "generic-word", ["what's the average score per plan?"], "clarify", None, ask("churn_score", "health_score")),
    ("s08", "subscriptions", "generic-word", ["total amount by region code"], "clarify", None, ask("monthly_amount", "discount_amount", "setup_amount")),
    ("s09", "subscriptions", "control-field", ["total discount amount by promo code"], "groups", "df.groupby('promo_code').discount_amount.sum()", {}),
    ("s10", "subscriptions", "verb-date", ["how many subscriptions were cancelled in 2024"], "scalar", f"{year('cancel_date', 2024)}.sum()", {}),
    ("s11", "subscriptions", "verb-value", ["how many subscriptions are paused?"], "scalar", "(df.status=='Paused').sum()", {}),
    ("s12", "subscriptions", "control-value", ["how many pending subscriptions are there in the EU region?"], "scalar", "((df.status=='Pending')&(df.region_code=='EU')).sum()", {}),
    ("s13", "subscriptions", "few-levels", ["average health score by support tier"], "groups", "df.groupby('support_tier').health_score.mean()", {}),
    ("s14", "subscriptions", "no-field", ["how many subscriptions are there per industry?"], "no-field", None, {"word": "industry"}),
    ("s15", "subscriptions", "control-field", ["which region code brings in the most monthly amount?"], "label", "df.groupby('region_code').monthly_amount.sum()", {"pick": "max"}),
    ("s16", "subscriptions", "verb-date", ["how many subscriptions renew in January 2025?"], "scalar", f"({year('next_renewal_date', 2025)}&{month('next_renewal_date', 1)}).sum()", {}),
    ("s17", "subscriptions", "generic-word", ["show the date with the most subscriptions"], "clarify", None, ask("start_date", "cancel_date", "next_renewal_date")),
    ("s18", "subscriptions", "control-field", ["average churn score of active subscriptions"], "scalar", "df[df.status=='Active'].churn_score.mean()", {}),
    # support_tickets: status Open / Closed / Pending / Escalated beside opened_date and closed_date
    ("t01", "support_tickets", "verb-date", ["how many tickets were opened in March?"], "scalar", f"{month('opened_date', 3)}.sum()", {}),
    ("t02", "support_tickets", "verb-value", ["how many tickets are open right now?"], "scalar", "(df.status=='Open').sum()", {}),
    ("t03", "support_tickets", "verb-date", ["how many tickets got closed in June"], "scalar", f"{month('closed_date', 6)}.sum()", {}),
    ("t04", "support_tickets", "control-value", ["number of closed tickets"], "scalar", "(df.status=='Closed').sum()", {}),
    ("t05", "support_tickets", "verb-date", ["average handle minutes for tickets closed in July"], "scalar", f"df[{month('closed_date', 7)}].handle_minutes.mean()", {}),
    ("t06", "support_tickets", "generic-word", ["ticket count by code"], "clarify", None, ask("product_code", "queue_code", "resolution_code")),
    ("t07", "support_tickets", "generic-word", ["which name appears on the most tickets?"], "clarify", None, ask("agent_name", "customer_name")),
    ("t08", "support_tickets", "control-field", ["how many tickets does each agent have?"], "groups", "df.groupby('agent_name').size()", {}),
    ("t09", "support_tickets", "control-field", ["count of tickets by queue code"], "groups", "df.groupby('queue_code').size()", {}),
    ("t10", "support_tickets", "control-field", ["average satisfaction rating by resolution code"], "groups", "df.groupby('resolution_code').satisfaction_rating.mean()", {}),
    ("t11", "support_tickets", "verb-value", ["how many tickets are still pending?"], "scalar", "(df.status=='Pending').sum()", {}),
    ("t12", "support_tickets", "verb-value", ["how many tickets were escalated?"], "scalar", "(df.status=='Escalated').sum()", {}),
    ("t13", "support_tickets", "stem", ["how many tickets were reopened more than once?"], "scalar", "(df.reopen_count>1).sum()", {}),
    ("t14", "support_tickets", "control-value", ["how many urgent tickets came in by phone?"], "scalar", "((df.priority=='Urgent')&(df.channel=='Phone')).sum()", {}),
    ("t15", "support_tickets", "no-field", ["how many tickets per team?"], "no-field", None, {"word": "team"}),
    ("t16", "support_tickets", "verb-value", ["how many tickets has each agent closed?"], "groups", "df[df.status=='Closed'].groupby('agent_name').size()", {}),
    ("t17", "support_tickets", "few-levels", ["how many tickets by reopen count"], "groups", "df.groupby('reopen_count').size()", {}),
    ("t18", "support_tickets", "control-value", ["how many tickets are in queue Q2?"], "scalar", "(df.queue_code=='Q2').sum()", {}),
    ("t19", "support_tickets", "verb-date", ["which agent closed the most tickets in December?"], "label", f"df[{month('closed_date', 12)}].groupby('agent_name').size()", {"pick": "max"}),
    ("t20", "support_tickets", "control-field", ["average rating by customer"], "groups", "df.groupby('customer_name').satisfaction_rating.mean()", {}),
    # store_orders: Shipped / Delivered / Returned statuses beside ship_date, delivery_date, return_date; four *_amount
    ("o01", "store_orders", "verb-value", ["how many orders were returned?"], "scalar", "(df.order_status=='Returned').sum()", {}),
    ("o02", "store_orders", "verb-date", ["how many orders shipped in April?"], "scalar", f"{month('ship_date', 4)}.sum()", {}),
    ("o03", "store_orders", "verb-date", ["how many orders were delivered in May"], "scalar", f"{month('delivery_date', 5)}.sum()", {}),
    ("o04", "store_orders", "verb-date", ["total refund amount for orders returned in August"], "scalar", f"df[{month('return_date', 8)}].refund_amount.sum()", {}),
    ("o05", "store_orders", "generic-word", ["total amount by store code"], "clarify", None, ask("item_amount", "tax_amount", "shipping_amount", "refund_amount")),
    ("o06", "store_orders", "generic-word", ["what's the average amount for each payment code?"], "clarify", None, ask("item_amount", "tax_amount", "shipping_amount", "refund_amount")),
    ("o07", "store_orders", "control-field", ["total tax amount by store code"], "groups", "df.groupby('store_code').tax_amount.sum()", {}),
    ("o08", "store_orders", "verb-value", ["how many orders are still processing?"], "scalar", "(df.order_status=='Processing').sum()", {}),
    ("o09", "store_orders", "control-value", ["how many cancelled orders used payment code GC?"], "scalar", "((df.order_status=='Cancelled')&(df.payment_code=='GC')).sum()", {}),
    ("o10", "store_orders", "few-levels", ["number of orders by quantity"], "groups", "df.groupby('quantity').size()", {}),
    ("o11", "store_orders", "verb-value", ["which payment code has the most returned orders?"], "label", "df[df.order_status=='Returned'].groupby('payment_code').size()", {"pick": "max"}),
    ("o12", "store_orders", "no-field", ["average discount per store"], "no-field", None, {"word": "discount"}),
    ("o13", "store_orders", "control-value", ["total shipping amount of delivered orders"], "scalar", "df[df.order_status=='Delivered'].shipping_amount.sum()", {}),
    ("o14", "store_orders", "verb-date", ["how many orders were placed in June?"], "scalar", f"{month('order_date', 6)}.sum()", {}),
    ("o15", "store_orders", "control-field", ["average customer rating by store code"], "groups", "df.groupby('store_code').customer_rating.mean()", {}),
    # loans: branch_code / officer_code, loan_type / rate_type, credit_score / risk_score, status Approved beside approval_date
    ("l01", "loans", "generic-word", ["average loan amount by type"], "clarify", None, ask("loan_type", "rate_type")),
    ("l02", "loans", "generic-word", ["average score of approved loans"], "clarify", None, ask("credit_score", "risk_score")),
    ("l03", "loans", "verb-date", ["how many loans were approved in 2023?"], "scalar", f"{year('approval_date', 2023)}.sum()",
     {"alt": [f"((df.status=='Approved')&{year('approval_date', 2023)}).sum()"]}),
    ("l04", "loans", "control-value", ["how many loans have status Approved?"], "scalar", "(df.status=='Approved').sum()", {}),
    ("l05", "loans", "verb-value", ["how many loans are closed?"], "scalar", "(df.status=='Closed').sum()", {}),
    ("l06", "loans", "control-field", ["average interest rate by branch code"], "groups", "df.groupby('branch_code').interest_rate.mean()", {}),
    ("l07", "loans", "loose-field", ["average rate for variable loans"], "scalar", "df[df.rate_type=='Variable'].interest_rate.mean()", {}),
    ("l08", "loans", "generic-word", ["count loans by code"], "clarify", None, ask("branch_code", "officer_code")),
    ("l09", "loans", "few-levels", ["average loan amount by term"], "groups", "df.groupby('term_months').loan_amount.mean()", {}),
    ("l10", "loans", "few-levels", ["how many loans are there for each number of dependents?"], "groups", "df.groupby('dependents').size()", {}),
    ("l11", "loans", "verb-date", ["how many loans were applied for in 2024?"], "scalar", f"{year('application_date', 2024)}.sum()", {}),
    ("l12", "loans", "control-field", ["total fee amount by branch code"], "groups", "df.groupby('branch_code').fee_amount.sum()", {}),
    ("l13", "loans", "no-field", ["average salary of borrowers"], "no-field", None, {"word": "salary"}),
    ("l14", "loans", "verb-value", ["average credit score of loans that defaulted"], "scalar", "df[df.status=='Defaulted'].credit_score.mean()", {}),
    ("l15", "loans", "control-value", ["how many pending home loans are there?"], "scalar", "((df.status=='Pending')&(df.loan_type=='Home')).sum()", {}),
    ("l16", "loans", "verb-value", ["what percentage of loans defaulted?"], "scalar", "100*(df.status=='Defaulted').mean()", {"percent": True, "alt": ["(df.status=='Defaulted').mean()"]}),
    ("l17", "loans", "generic-word", ["total amount by branch code"], "clarify", None, ask("loan_amount", "fee_amount")),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
