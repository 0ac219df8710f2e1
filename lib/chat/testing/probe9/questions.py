#!/usr/bin/python3
"""Probe9 questions (written before any run) on the held-out set's weak types: share of rows matching
a condition, negation, "or", top-N rows or groups, a value named without its field, follow-ups,
synonyms. -> questions.jsonl; truth by truth.py (pandas)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
D = "100*(df.defaulted=='yes').mean()"
Q = [
    # loans
    ("l01", "loans", "share", ["what share of loans defaulted"], "scalar", D, {"percent": True}),
    ("l02", "loans", "followup-share", ["what share of loans defaulted", "and among grade A?"], "scalar", "100*(df[df.grade=='A'].defaulted=='yes').mean()", {"percent": True}),
    ("l03", "loans", "followup-negation", ["what share of loans defaulted", "excluding small business loans"], "scalar", "100*(df[df.purpose!='small_business'].defaulted=='yes').mean()", {"percent": True}),
    ("l04", "loans", "value-nofield", ["how many defaulted"], "scalar", "(df.defaulted=='yes').sum()", {}),
    ("l05", "loans", "value-nofield", ["average loan amount for renters"], "scalar", "df[df.home_ownership=='RENT'].loan_amount.mean()", {}),
    ("l06", "loans", "or", ["how many loans are grade F or G"], "scalar", "df.grade.isin(['F','G']).sum()", {}),
    ("l07", "loans", "negation", ["average interest rate for loans that are not for a car"], "scalar", "df[df.purpose!='car'].interest_rate.mean()", {}),
    ("l08", "loans", "negation", ["total loan amount excluding debt consolidation and education"], "scalar", "df[~df.purpose.isin(['debt_consolidation','education'])].loan_amount.sum()", {}),
    ("l09", "loans", "topn", ["top 3 purposes by default rate"], "topn", "df.groupby('purpose').defaulted.apply(lambda s: 100*(s=='yes').mean()).sort_values(ascending=False).head(3)", {}),
    ("l10", "loans", "share-group", ["default rate by grade"], "groups", "df.groupby('grade').defaulted.apply(lambda s: 100*(s=='yes').mean())", {}),
    ("l11", "loans", "share", ["what percent of loans are 60 month terms"], "scalar", "100*(df.term_months==60).mean()", {"percent": True}),
    ("l12", "loans", "or", ["average loan amount for medical or education loans"], "scalar", "df[df.purpose.isin(['medical','education'])].loan_amount.mean()", {}),
    ("l13", "loans", "followup-or", ["how many loans defaulted", "what about grade A or B"], "scalar", "((df.defaulted=='yes')&df.grade.isin(['A','B'])).sum()", {}),
    ("l14", "loans", "negation", ["how many loans are neither car nor medical"], "scalar", "(~df.purpose.isin(['car','medical'])).sum()", {}),
    ("l15", "loans", "topn", ["5 largest loans"], "topn", "df.set_index('loan_id').loan_amount.sort_values(ascending=False).head(5)", {}),
    ("l16", "loans", "synonym", ["mean interest by grade"], "groups", "df.groupby('grade').interest_rate.mean()", {}),
    ("l17", "loans", "followup-share", ["share of defaults by home ownership", "only for 60 month loans"], "groups", "df[df.term_months==60].groupby('home_ownership').defaulted.apply(lambda s: 100*(s=='yes').mean())", {}),
    # clinic
    ("c01", "clinic", "share", ["what share of visits were insured"], "scalar", "100*(df.insured=='yes').mean()", {"percent": True}),
    ("c02", "clinic", "value-nofield", ["how many uninsured visits"], "scalar", "(df.insured=='no').sum()", {}),
    ("c03", "clinic", "value-nofield", ["average visit cost at Northside"], "scalar", "df[df.clinic=='Northside'].visit_cost.mean()", {}),
    ("c04", "clinic", "or", ["how many visits had diagnosis J45 or E11"], "scalar", "df.diagnosis_code.isin(['J45','E11']).sum()", {}),
    ("c05", "clinic", "negation", ["average wait for visits not at Central"], "scalar", "df[df.clinic!='Central'].wait_minutes.mean()", {}),
    ("c06", "clinic", "share", ["percentage of visits readmitted"], "scalar", "100*(df.readmitted=='yes').mean()", {"percent": True}),
    ("c07", "clinic", "followup-share", ["percentage of visits readmitted", "for uninsured patients only"], "scalar", "100*(df[df.insured=='no'].readmitted=='yes').mean()", {"percent": True}),
    ("c08", "clinic", "followup-value", ["average visit cost for I10", "what about M54"], "scalar", "df[df.diagnosis_code=='M54'].visit_cost.mean()", {}),
    ("c09", "clinic", "topn", ["top 3 diagnosis codes by number of visits"], "topn", "df.groupby('diagnosis_code').size().sort_values(ascending=False).head(3)", {}),
    ("c10", "clinic", "topn", ["which 2 clinics have the longest average wait"], "topn", "df.groupby('clinic').wait_minutes.mean().sort_values(ascending=False).head(2)", {}),
    ("c11", "clinic", "negation", ["total visit cost without insurance"], "scalar", "df[df.insured=='no'].visit_cost.sum()", {}),
    ("c12", "clinic", "share", ["what fraction of visits waited more than an hour"], "scalar", "100*(df.wait_minutes>60).mean()", {"percent": True}),
    ("c13", "clinic", "followup-negation", ["number of visits by diagnosis code", "excluding F32"], "groups", "df[df.diagnosis_code!='F32'].groupby('diagnosis_code').size()", {}),
    ("c14", "clinic", "followup-topn", ["average visit cost by diagnosis code", "just the top 2"], "topn", "df.groupby('diagnosis_code').visit_cost.mean().sort_values(ascending=False).head(2)", {}),
    ("c15", "clinic", "synonym", ["mean patient age per clinic"], "groups", "df.groupby('clinic').patient_age.mean()", {}),
    ("c16", "clinic", "or", ["average cost for Southside or Central visits"], "scalar", "df[df.clinic.isin(['Southside','Central'])].visit_cost.mean()", {}),
    ("c17", "clinic", "share-group", ["share of insured visits by clinic"], "groups", "df.groupby('clinic').insured.apply(lambda s: 100*(s=='yes').mean())", {}),
    # listings
    ("r01", "listings", "share", ["what share of listings are entire homes"], "scalar", "100*(df.room_type=='Entire home/apt').mean()", {"percent": True}),
    ("r02", "listings", "followup-share", ["what share of listings are entire homes", "in Old Town?"], "scalar", "100*(df[df.neighbourhood=='Old Town'].room_type=='Entire home/apt').mean()", {"percent": True}),
    ("r03", "listings", "value-nofield", ["average price of private rooms"], "scalar", "df[df.room_type=='Private room'].price.mean()", {}),
    ("r04", "listings", "value-nofield", ["how many listings near the airport"], "scalar", "(df.neighbourhood=='Airport').sum()", {}),
    ("r05", "listings", "value-nofield", ["how many superhosts are there"], "scalar", "(df.host_is_superhost=='t').sum()", {}),
    ("r06", "listings", "negation", ["average price excluding shared rooms"], "scalar", "df[df.room_type!='Shared room'].price.mean()", {}),
    ("r07", "listings", "or", ["how many listings are in Riverside or Old Town"], "scalar", "df.neighbourhood.isin(['Riverside','Old Town']).sum()", {}),
    ("r08", "listings", "topn", ["top 3 neighbourhoods by average price"], "topn", "df.groupby('neighbourhood').price.mean().sort_values(ascending=False).head(3)", {}),
    ("r09", "listings", "share", ["what percentage of listings require at least 7 nights"], "scalar", "100*(df.minimum_nights>=7).mean()", {"percent": True}),
    ("r10", "listings", "followup-negation", ["average price by neighbourhood", "without hotel rooms"], "groups", "df[df.room_type!='Hotel room'].groupby('neighbourhood').price.mean()", {}),
    ("r11", "listings", "followup-value", ["average price in Harbour View", "and in Riverside?"], "scalar", "df[df.neighbourhood=='Riverside'].price.mean()", {}),
    ("r12", "listings", "negation", ["how many listings are not private rooms and not shared rooms"], "scalar", "(~df.room_type.isin(['Private room','Shared room'])).sum()", {}),
    ("r13", "listings", "synonym", ["average nightly rate by room type"], "groups", "df.groupby('room_type').price.mean()", {}),
    ("r14", "listings", "followup-share", ["share of superhosts by neighbourhood", "only entire homes"], "groups", "df[df.room_type=='Entire home/apt'].groupby('neighbourhood').host_is_superhost.apply(lambda s: 100*(s=='t').mean())", {}),
    ("r15", "listings", "topn", ["the 3 neighbourhoods with the most listings"], "topn", "df.groupby('neighbourhood').size().sort_values(ascending=False).head(3)", {}),
]
with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions;", sum(len(q[3]) > 1 for q in Q), "follow-up conversations")
