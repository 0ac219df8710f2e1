#!/usr/bin/python3
"""Writes questions.jsonl (probe54: business exports: invoices, helpdesk tickets, shop shipments, job applications),
written before the first run. /usr/bin/python3 lib/chat/testing/probe54/questions.py && /usr/bin/python3 lib/chat/testing/probe54/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def M(c):  # money text "$1,234.50" -> float
    return f"df['{c}'].str.replace('[$,]','',regex=True).astype(float)"


def P(c):  # percent text "12%" -> float
    return f"df['{c}'].str.rstrip('%').astype(float)"


def D(c, fmt="%Y-%m-%d"):
    return f"pd.to_datetime(df['{c}'], format='{fmt}')"


US = "%m/%d/%Y"
TS = "%Y-%m-%d %H:%M"
PAID = "(df['Paid?']=='Yes')"
OPEN_H = f"(({D('Closed At', TS)}-{D('Opened At', TS)}).dt.total_seconds()/3600)"
SHIP_D = f"(({D('Ship Date', US)}-{D('Order Date', US)}).dt.days)"
TRANSIT_D = f"(({D('Delivery Date', US)}-{D('Ship Date', US)}).dt.days)"
ORDER_TO_DELIV = f"(({D('Delivery Date', US)}-{D('Order Date', US)}).dt.days)"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # invoices (billing export)
    ("i01", "invoices", "money-total", ["how much have we invoiced in total?"], "scalar", f"{M('Total Due')}.sum()", {"alt": [f"{M('Subtotal')}.sum()"]}),
    ("i02", "invoices", "money-mean", ["what's the average invoice amount"], "scalar", f"{M('Total Due')}.mean()", {"alt": [f"{M('Subtotal')}.mean()"]}),
    ("i03", "invoices", "money-filter", ["total due on unpaid invoices"], "scalar", f"{M('Total Due')}[df['Paid?']=='No'].sum()", {}),
    ("i04", "invoices", "money-filter2", ["how much does Acme Corp still owe us?"], "scalar", f"{M('Total Due')}[(df['Paid?']=='No')&(df.Customer=='Acme Corp')].sum()", {}),
    ("i05", "invoices", "by-month-2dates", ["total invoiced by month"], "groups", f"{M('Total Due')}.groupby({D('Issue Date')}.dt.strftime('%Y-%m')).sum()", {}),
    ("i06", "invoices", "by-month-which-date", ["how much money did we collect each month?"], "groups", f"{M('Total Due')}[{PAID}].groupby({D('Paid Date')}[{PAID}].dt.strftime('%Y-%m')).sum()", {}),
    ("i07", "invoices", "flag-share", ["what percentage of invoices have been paid?"], "scalar", f"100*{PAID}.mean()", {"percent": True, "alt": [f"{PAID}.mean()"]}),
    ("i08", "invoices", "date-diff", ["on average how many days does it take customers to pay an invoice?"], "scalar", f"({D('Paid Date')}-{D('Issue Date')}).dt.days.mean()", {}),
    ("i09", "invoices", "date-compare", ["how many invoices were paid after their due date?"], "scalar", f"({D('Paid Date')}>{D('Due Date')}).sum()", {}),
    ("i10", "invoices", "topn-money", ["top 5 customers by total billed"], "topn", f"{M('Total Due')}.groupby(df.Customer).sum().sort_values(ascending=False).head(5)", {}),
    ("i11", "invoices", "argmax-filter", ["which sales rep billed the most in the West region?"], "label", f"{M('Total Due')}[df.Region=='West'].groupby(df['Sales Rep']).sum()", {"pick": "max"}),
    ("i12", "invoices", "blanks", ["how many invoices have no payment method?"], "scalar", "(df['Payment Method'].isna()).sum()", {}),
    ("i13", "invoices", "blanks", ["number of invoices with a missing product line"], "scalar", "(df['Product Line'].isna()).sum()", {}),
    ("i14", "invoices", "percent-mean", ["what's the average tax rate?"], "scalar", f"{P('Tax Rate')}.mean()", {"alt": [f"{P('Tax Rate')}.mean()/100"]}),
    ("i15", "invoices", "followup", ["total due by region", "only for Software"], "groups", f"{M('Total Due')}[df['Product Line']=='Software'].groupby(df.Region).sum()", {}),
    ("i16", "invoices", "or-and", ["average invoice total for Hardware or Services in the East"], "scalar", f"{M('Total Due')}[df['Product Line'].isin(['Hardware','Services'])&(df.Region=='East')].mean()", {}),
    ("i17", "invoices", "no-field", ["average discount by customer"], "no-field", None, {"word": "discount"}),
    ("i18", "invoices", "money-max", ["what's the largest single invoice total?"], "scalar", f"{M('Total Due')}.max()", {}),
    ("i19", "invoices", "by-group-money", ["subtotal by payment method"], "groups", f"{M('Subtotal')}.groupby(df['Payment Method']).sum()", {}),
    # support tickets (helpdesk export)
    ("t01", "support_tickets", "status", ["how many tickets are not closed yet?"], "scalar", "(df.Status!='Closed').sum()", {}),
    ("t02", "support_tickets", "date-diff", ["how long do tickets stay open on average?"], "scalar", f"{OPEN_H}.mean()", {"alt": [f"{OPEN_H}.mean()/24"]}),
    ("t03", "support_tickets", "date-diff-filter", ["average resolution time in hours for urgent tickets"], "scalar", f"{OPEN_H}[df.Priority=='Urgent'].mean()", {}),
    ("t04", "support_tickets", "unit-header", ["average first response time by channel"], "groups", "df.groupby('Channel')['First Response (hrs)'].mean()", {}),
    ("t05", "support_tickets", "flag-share", ["what share of tickets get escalated?"], "scalar", "100*(df.Escalated=='TRUE').mean()", {"percent": True, "alt": ["(df.Escalated=='TRUE').mean()"]}),
    ("t06", "support_tickets", "flag-rate-by", ["escalation rate by priority"], "groups", "100*(df.Escalated=='TRUE').groupby(df.Priority).mean()", {"alt": ["(df.Escalated=='TRUE').groupby(df.Priority).mean()"]}),
    ("t07", "support_tickets", "mean-blanks", ["what's our average CSAT?"], "scalar", "df.CSAT.mean()", {}),
    ("t08", "support_tickets", "blanks", ["how many tickets have no CSAT score"], "scalar", "df.CSAT.isna().sum()", {}),
    ("t09", "support_tickets", "blanks", ["how many tickets are missing a category?"], "scalar", "df['Subject Category'].isna().sum()", {}),
    ("t10", "support_tickets", "argmax-count", ["which agent has closed the most tickets?"], "label", "df[df.Status=='Closed'].groupby('Agent').size()", {"pick": "max"}),
    ("t11", "support_tickets", "by-month", ["tickets opened per month"], "groups", f"df.groupby({D('Opened At', TS)}.dt.strftime('%Y-%m')).size()", {}),
    ("t12", "support_tickets", "month-filter-date2", ["how many tickets were closed in June 2024?"], "scalar", f"({D('Closed At', TS)}.dt.strftime('%Y-%m')=='2024-06').sum()", {}),
    ("t13", "support_tickets", "mean-by", ["average CSAT by agent"], "groups", "df.groupby('Agent').CSAT.mean()", {}),
    ("t14", "support_tickets", "or-and", ["how many high or urgent tickets came in by phone?"], "scalar", "(df.Priority.isin(['High','Urgent'])&(df.Channel=='Phone')).sum()", {}),
    ("t15", "support_tickets", "followup", ["how many billing tickets were escalated?", "and how many of those were reopened?"], "scalar", "((df['Subject Category']=='Billing')&(df.Escalated=='TRUE')&(df.Reopened=='Yes')).sum()", {}),
    ("t16", "support_tickets", "no-field", ["how many tickets mention refund in the description?"], "no-field", None, {"word": "description"}),
    ("t17", "support_tickets", "argmax-diff", ["which category takes the longest to resolve on average?"], "label", f"{OPEN_H}.groupby(df['Subject Category']).mean()", {"pick": "max"}),
    ("t18", "support_tickets", "not-filter", ["average first response hours for tickets that were not escalated"], "scalar", "df[df.Escalated=='FALSE']['First Response (hrs)'].mean()", {}),
    ("t19", "support_tickets", "followup-by", ["average CSAT for chat tickets", "break it down by priority"], "groups", "df[df.Channel=='Chat'].groupby('Priority').CSAT.mean()", {}),
    # shipments (shop export, US dates)
    ("s01", "shipments", "date-diff", ["average days to ship"], "scalar", f"{SHIP_D}.mean()", {}),
    ("s02", "shipments", "date-diff-by", ["average transit time in days by carrier"], "groups", f"{TRANSIT_D}.groupby(df.Carrier).mean()", {}),
    ("s03", "shipments", "blanks", ["how many orders have no carrier?"], "scalar", "df.Carrier.isna().sum()", {}),
    ("s04", "shipments", "money-by", ["total shipping cost by carrier"], "groups", f"{M('Shipping Cost')}.groupby(df.Carrier).sum()", {}),
    ("s05", "shipments", "derived-money", ["what is our total revenue? (qty times unit price)"], "scalar", "(df.Qty*df['Unit Price ($)']).sum()", {}),
    ("s06", "shipments", "unit-header", ["average unit price"], "scalar", "df['Unit Price ($)'].mean()", {}),
    ("s07", "shipments", "sum-filter", ["how many hoodies did we sell?"], "scalar", "df[df.Item=='Hoodie'].Qty.sum()", {"alt": ["(df.Item=='Hoodie').sum()"]}),
    ("s08", "shipments", "flag-share", ["what percent of orders used express shipping?"], "scalar", "100*(df['Express Shipping']=='Yes').mean()", {"percent": True, "alt": ["(df['Express Shipping']=='Yes').mean()"]}),
    ("s09", "shipments", "money-by-flag", ["average shipping cost express vs standard"], "groups", f"{M('Shipping Cost')}.groupby(df['Express Shipping']).mean()", {}),
    ("s10", "shipments", "by-month-2dates", ["number of orders per month"], "groups", f"df.groupby({D('Order Date', US)}.dt.strftime('%Y-%m')).size()", {}),
    ("s11", "shipments", "month-filter-date2", ["how many orders shipped in March 2024?"], "scalar", f"({D('Ship Date', US)}.dt.strftime('%Y-%m')=='2024-03').sum()", {}),
    ("s12", "shipments", "argmax-flag", ["which state has the most gift wrapped orders?"], "label", "df[df['Gift Wrap']=='TRUE'].groupby('Customer State').size()", {"pick": "max"}),
    ("s13", "shipments", "topn", ["top 3 items by quantity sold"], "topn", "df.groupby('Item').Qty.sum().sort_values(ascending=False).head(3)", {}),
    ("s14", "shipments", "or-and", ["how many orders from CA or TX were cancelled?"], "scalar", "(df['Customer State'].isin(['CA','TX'])&(df.Status=='Cancelled')).sum()", {}),
    ("s15", "shipments", "followup", ["average shipping cost for UPS", "and FedEx?"], "scalar", f"{M('Shipping Cost')}[df.Carrier=='FedEx'].mean()", {}),
    ("s16", "shipments", "unit-header", ["what's the heaviest shipment in kg?"], "scalar", "df['Weight (kg)'].max()", {}),
    ("s17", "shipments", "no-field", ["average customer rating by item"], "no-field", None, {"word": "rating"}),
    ("s18", "shipments", "date-diff-filter", ["how many orders took more than 5 days to ship?"], "scalar", f"({SHIP_D}>5).sum()", {}),
    ("s19", "shipments", "date-diff-ambig", ["how long does delivery take on average?"], "scalar", f"{ORDER_TO_DELIV}.mean()", {"alt": [f"{TRANSIT_D}.mean()"]}),
    # job applications (applicant tracking export)
    ("a01", "job_applications", "flag-share", ["what percentage of applicants got an offer?"], "scalar", "100*(df['Offer Made']=='TRUE').mean()", {"percent": True, "alt": ["(df['Offer Made']=='TRUE').mean()"]}),
    ("a02", "job_applications", "flag-rate-by", ["hire rate by source"], "groups", "100*(df.Hired=='Yes').groupby(df.Source).mean()", {"alt": ["(df.Hired=='Yes').groupby(df.Source).mean()"]}),
    ("a03", "job_applications", "money-filter", ["average expected salary in Engineering"], "scalar", f"{M('Expected Salary')}[df.Department=='Engineering'].mean()", {}),
    ("a04", "job_applications", "money-by", ["average expected salary by position"], "groups", f"{M('Expected Salary')}.groupby(df.Position).mean()", {}),
    ("a05", "job_applications", "blanks", ["how many applications have no source?"], "scalar", "df.Source.isna().sum()", {}),
    ("a06", "job_applications", "percent-mean", ["average assessment score"], "scalar", f"{P('Assessment Score')}.mean()", {"alt": [f"{P('Assessment Score')}.mean()/100"]}),
    ("a07", "job_applications", "date-diff", ["average days from application to decision"], "scalar", f"({D('Decision Date')}-{D('Applied On')}).dt.days.mean()", {}),
    ("a08", "job_applications", "by-month", ["applications per month"], "groups", f"df.groupby({D('Applied On')}.dt.strftime('%Y-%m')).size()", {}),
    ("a09", "job_applications", "argmax-count", ["which position gets the most applications?"], "label", "df.groupby('Position').size()", {"pick": "max"}),
    ("a10", "job_applications", "and3", ["how many remote applicants with more than 10 years of experience were hired?"], "scalar", "((df.Remote=='Yes')&(df['Years Experience']>10)&(df.Hired=='Yes')).sum()", {}),
    ("a11", "job_applications", "date-diff", ["how long does it take to get an interview, on average?"], "scalar", f"({D('Interview Date')}-{D('Applied On')}).dt.days.mean()", {}),
    ("a12", "job_applications", "no-field", ["average age of applicants"], "no-field", None, {"word": "age"}),
    ("a13", "job_applications", "followup", ["how many people applied for Data Analyst?", "how many of them were hired?"], "scalar", "((df.Position=='Data Analyst')&(df.Hired=='Yes')).sum()", {}),
    ("a14", "job_applications", "money-max-filter", ["highest expected salary among hired candidates"], "scalar", f"{M('Expected Salary')}[df.Hired=='Yes'].max()", {}),
    ("a15", "job_applications", "percent-filter", ["how many candidates scored 90% or more on the assessment?"], "scalar", f"({P('Assessment Score')}>=90).sum()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, dataset, qtype, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": dataset, "type": qtype, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(f"{len(Q)} questions written")
