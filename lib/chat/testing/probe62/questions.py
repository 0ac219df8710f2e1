#!/usr/bin/python3
"""Writes questions.jsonl (probe62: business exports: expense claims, CRM opportunities), written before the first
run. /usr/bin/python3 lib/chat/testing/probe62/questions.py && /usr/bin/python3 lib/chat/testing/probe62/truth.py
"Last month" is read against the table's latest date (expense claims: last Submitted 2025-11-28, so October 2025)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def M(c):  # money text "$1,234.50" -> float (blank -> NaN)
    return f"pd.to_numeric(df['{c}'].str.replace('[$,]','',regex=True), errors='coerce')"


def P(c):  # percent text "60%" -> float (blank -> NaN)
    return f"pd.to_numeric(df['{c}'].str.rstrip('%'), errors='coerce')"


def D(c, fmt="%Y-%m-%d"):
    return f"pd.to_datetime(df['{c}'], format='{fmt}')"


US = "%m/%d/%Y"
AMT = M("Amount")
RA = M("Reimbursed Amount")
APPROVE_D = f"(({D('Approved On')}-{D('Submitted')}).dt.days)"
SUB_M = f"{D('Submitted')}.dt.strftime('%Y-%m')"
OPEN = "(~df.Stage.isin(['Closed Won','Closed Lost']))"
WON = "(df.Stage=='Closed Won')"
CLOSED = "(df.Stage.isin(['Closed Won','Closed Lost']))"
WEIGHTED = f"({AMT}*{P('Probability')}/100)"
CYCLE = f"(({D('Close Date', US)}-{D('Created', US)}).dt.days)"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # expense claims (expense tool export)
    ("e01", "expense_claims", "money-total", ["what's the total amount claimed?"], "scalar", f"{AMT}.sum()", {}),
    ("e02", "expense_claims", "money-mean-filter", ["average claim amount for travel"], "scalar", f"{AMT}[df.Category=='Travel'].mean()", {}),
    ("e03", "expense_claims", "money-threshold", ["how many claims are over $500?"], "scalar", f"({AMT}>500).sum()", {}),
    ("e04", "expense_claims", "money-threshold-sum", ["total spend on claims above $1,000"], "scalar", f"{AMT}[{AMT}>1000].sum()", {}),
    ("e05", "expense_claims", "share", ["what percent of claims were rejected?"], "scalar", "100*(df.Status=='Rejected').mean()", {"percent": True, "alt": ["(df.Status=='Rejected').mean()"]}),
    ("e06", "expense_claims", "money-by", ["total expenses by department"], "groups", f"{AMT}.groupby(df.Department).sum()", {}),
    ("e07", "expense_claims", "argmin-filter", ["who spent the least on travel?"], "label", f"{AMT}[df.Category=='Travel'].groupby(df.Employee).sum()", {"pick": "min"}),
    ("e08", "expense_claims", "topn-money", ["top 3 employees by total claimed"], "topn", f"{AMT}.groupby(df.Employee).sum().sort_values(ascending=False).head(3)", {}),
    ("e09", "expense_claims", "and-not", ["how many approved travel claims have no receipt?"], "scalar", "((df.Status=='Approved')&(df.Category=='Travel')&(df['Receipt Attached']=='No')).sum()", {}),
    ("e10", "expense_claims", "month-in-quarter", ["monthly spend in Q3"], "groups", f"{AMT}[{SUB_M}.isin(['2025-07','2025-08','2025-09'])].groupby({SUB_M}).sum()", {}),
    ("e11", "expense_claims", "relative-month", ["how many claims were submitted last month?"], "scalar", f"({SUB_M}=='2025-10').sum()", {}),
    ("e12", "expense_claims", "date-diff", ["average days to approve"], "scalar", f"{APPROVE_D}.mean()", {}),
    ("e13", "expense_claims", "date-diff-threshold", ["how many claims were approved within 7 days?"], "scalar", f"({APPROVE_D}<=7).sum()", {}),
    ("e14", "expense_claims", "field-compare", ["how many claims were reimbursed less than the amount claimed?"], "scalar", f"({RA}<{AMT}).sum()", {}),
    ("e15", "expense_claims", "percent-mean", ["average reimbursement percentage"], "scalar", f"{P('Reimbursed %')}.mean()", {"alt": [f"{P('Reimbursed %')}.mean()/100"]}),
    ("e16", "expense_claims", "argmax-mean", ["which category has the highest average claim?"], "label", f"{AMT}.groupby(df.Category).mean()", {"pick": "max"}),
    ("e17", "expense_claims", "flag-count-by", ["number of policy violations by department"], "groups", "(df['Policy Violation']=='TRUE').groupby(df.Department).sum()", {}),
    ("e18", "expense_claims", "status-count", ["how many claims are still pending?"], "scalar", "(df.Status=='Pending').sum()", {}),
    ("e19", "expense_claims", "per-person", ["average meal expense per employee"], "groups", f"{AMT}[df.Category=='Meals'].groupby(df.Employee).mean()", {"alt": [f"{AMT}[df.Category=='Meals'].groupby(df.Employee).sum()"]}),
    ("e20", "expense_claims", "argmax-row", ["who submitted the largest single claim?"], "label", f"{AMT}.groupby(df.Employee).max()", {"pick": "max"}),
    ("e21", "expense_claims", "money-filter", ["how much have we reimbursed to Engineering?"], "scalar", f"{RA}[df.Department=='Engineering'].sum()", {}),
    ("e22", "expense_claims", "money-flag", ["total reimbursed for claims without a receipt"], "scalar", f"{RA}[df['Receipt Attached']=='No'].sum()", {}),
    ("e23", "expense_claims", "share-within", ["what share of claims flagged as policy violations still got approved?"], "scalar", "100*(df.Status=='Approved')[df['Policy Violation']=='TRUE'].mean()", {"percent": True, "alt": ["(df.Status=='Approved')[df['Policy Violation']=='TRUE'].mean()"]}),
    ("e24", "expense_claims", "or-and-money", ["how many lodging or travel claims over $800 came from Sales?"], "scalar", f"(df.Category.isin(['Lodging','Travel'])&({AMT}>800)&(df.Department=='Sales')).sum()", {}),
    ("e25", "expense_claims", "followup", ["total spend by category", "just for Marketing"], "groups", f"{AMT}[df.Department=='Marketing'].groupby(df.Category).sum()", {}),
    ("e26", "expense_claims", "followup", ["how many claims did Hannah Cole submit?", "and how many of those were rejected?"], "scalar", "((df.Employee=='Hannah Cole')&(df.Status=='Rejected')).sum()", {}),
    ("e27", "expense_claims", "no-field", ["average mileage per trip"], "no-field", None, {"word": "mileage"}),
    ("e28", "expense_claims", "no-field", ["total spend by project code"], "no-field", None, {"word": "project"}),
    ("e29", "expense_claims", "compare-values", ["average claim amount approved vs rejected"], "groups", f"{AMT}[df.Status.isin(['Approved','Rejected'])].groupby(df.Status).mean()", {}),
    ("e30", "expense_claims", "argmax-sum", ["which merchant do we spend the most at?"], "label", f"{AMT}.groupby(df.Merchant).sum()", {"pick": "max"}),
    ("e31", "expense_claims", "by-month", ["claims submitted per month"], "groups", f"df.groupby({SUB_M}).size()", {}),
    ("e32", "expense_claims", "money-threshold-share", ["what percentage of meal claims are under $50?"], "scalar", f"100*({AMT}<50)[df.Category=='Meals'].mean()", {"percent": True, "alt": [f"({AMT}<50)[df.Category=='Meals'].mean()"]}),
    # CRM opportunities (CRM export, US dates)
    ("c01", "crm_opportunities", "pipeline", ["what's the total value of open opportunities?"], "scalar", f"{AMT}[{OPEN}].sum()", {}),
    ("c02", "crm_opportunities", "win-rate", ["what's our win rate?"], "scalar", f"100*{WON}[{CLOSED}].mean()", {"percent": True, "alt": [f"{WON}[{CLOSED}].mean()", f"100*{WON}.mean()"]}),
    ("c03", "crm_opportunities", "weighted", ["what's the expected revenue (amount times probability) of the open deals?"], "scalar", f"{WEIGHTED}[{OPEN}].sum()", {}),
    ("c04", "crm_opportunities", "weighted-by", ["weighted pipeline by owner"], "groups", f"{WEIGHTED}[{OPEN}].groupby(df.Owner).sum()", {"alt": [f"{WEIGHTED}.groupby(df.Owner).sum()"]}),
    ("c05", "crm_opportunities", "money-mean-filter", ["average deal size for won deals"], "scalar", f"{AMT}[{WON}].mean()", {}),
    ("c06", "crm_opportunities", "argmax-sum-filter", ["which rep closed the most revenue?"], "label", f"{AMT}[{WON}].groupby(df.Owner).sum()", {"pick": "max"}),
    ("c07", "crm_opportunities", "argmin-rate", ["which lead source has the lowest win rate?"], "label", f"{WON}[{CLOSED}].groupby(df['Lead Source']).mean()", {"pick": "min"}),
    ("c08", "crm_opportunities", "topn-filter", ["top 5 accounts by won amount"], "topn", f"{AMT}[{WON}].groupby(df.Account).sum().sort_values(ascending=False).head(5)", {}),
    ("c09", "crm_opportunities", "money-threshold-and", ["how many deals over $50,000 are in negotiation?"], "scalar", f"(({AMT}>50000)&(df.Stage=='Negotiation')).sum()", {}),
    ("c10", "crm_opportunities", "quarter-filter", ["how many opportunities were created in Q2?"], "scalar", f"({D('Created', US)}.dt.quarter==2).sum()", {}),
    ("c11", "crm_opportunities", "date-diff-filter", ["average sales cycle in days for won deals"], "scalar", f"{CYCLE}[{WON}].mean()", {}),
    ("c12", "crm_opportunities", "month-filter-open", ["how many open deals are expected to close in December 2025?"], "scalar", f"({OPEN}&({D('Close Date', US)}.dt.strftime('%Y-%m')=='2025-12')).sum()", {}),
    ("c13", "crm_opportunities", "money-and", ["how much did we lose to Acme Cloud?"], "scalar", f"{AMT}[(df.Stage=='Closed Lost')&(df.Competitor=='Acme Cloud')].sum()", {}),
    ("c14", "crm_opportunities", "percent-threshold-share", ["what percent of opportunities have a probability above 50%?"], "scalar", f"100*({P('Probability')}>50).mean()", {"percent": True, "alt": [f"({P('Probability')}>50).mean()"]}),
    ("c15", "crm_opportunities", "money-by", ["amount by stage"], "groups", f"{AMT}.groupby(df.Stage).sum()", {}),
    ("c16", "crm_opportunities", "percent-mean-by", ["average probability by stage"], "groups", f"{P('Probability')}.groupby(df.Stage).mean()", {}),
    ("c17", "crm_opportunities", "blanks", ["how many opportunities have no lead source?"], "scalar", "df['Lead Source'].isna().sum()", {}),
    ("c18", "crm_opportunities", "and3-money", ["total won amount from renewals in EMEA"], "scalar", f"{AMT}[(df.Type=='Renewal')&(df.Region=='EMEA')&{WON}].sum()", {}),
    ("c19", "crm_opportunities", "followup", ["how many deals did Mei Lin win?", "what about Sam Patel?"], "scalar", f"({WON}&(df.Owner=='Sam Patel')).sum()", {}),
    ("c20", "crm_opportunities", "followup-by", ["average deal size by region", "only new business"], "groups", f"{AMT}[df.Type=='New Business'].groupby(df.Region).mean()", {}),
    ("c21", "crm_opportunities", "no-field", ["average discount by owner"], "no-field", None, {"word": "discount"}),
    ("c22", "crm_opportunities", "by-month-filter", ["how many deals did we win each month?"], "groups", f"{D('Close Date', US)}[{WON}].dt.strftime('%Y-%m').value_counts().sort_index()", {}),
    ("c23", "crm_opportunities", "argmax-count-filter", ["which owner has the most open deals?"], "label", f"df[{OPEN}].groupby('Owner').size()", {"pick": "max"}),
    ("c24", "crm_opportunities", "money-not", ["total amount of deals that are not closed lost"], "scalar", f"{AMT}[df.Stage!='Closed Lost'].sum()", {}),
    ("c25", "crm_opportunities", "money-min-filter", ["smallest deal we won in 2025"], "scalar", f"{AMT}[{WON}&({D('Close Date', US)}.dt.year==2025)].min()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, dataset, qtype, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": dataset, "type": qtype, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(f"{len(Q)} questions written")
