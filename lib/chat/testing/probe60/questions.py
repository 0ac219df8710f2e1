#!/usr/bin/python3
"""Writes questions.jsonl (probe60: exports whose field names glue abbreviations of several words), written before
the first run. /usr/bin/python3 lib/chat/testing/probe60/questions.py && /usr/bin/python3 lib/chat/testing/probe60/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def pct(expr):
    return {"percent": True, "alt": [expr]}


# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # school_survey: SCHOOLID, SECTOR, REGION, ENRLSIZE, NUMTCH, PCTFRLUNCH, DISCLIM, AVGTCHEXP, HIMINTY, MEANSES, GRADRATE
    ("s01", "school_survey", "glued-mean", ["what is the mean enrollment size?"], "scalar", "df.ENRLSIZE.mean()", {}),
    ("s02", "school_survey", "glued-filter", ["average teacher experience in private schools"], "scalar", "df[df.SECTOR=='Private'].AVGTCHEXP.mean()", {}),
    ("s03", "school_survey", "glued-flag", ["how many schools are high minority?"], "scalar", "(df.HIMINTY==1).sum()", {}),
    ("s04", "school_survey", "glued-stat-unsaid", ["share of students on free lunch, on average"], "scalar", "df.PCTFRLUNCH.mean()", {}),
    ("s05", "school_survey", "glued-groups", ["average disciplinary climate by sector"], "groups", "df.groupby('SECTOR').DISCLIM.mean()", {}),
    ("s06", "school_survey", "glued-argmax", ["which region has the largest average enrollment?"], "label", "df.groupby('REGION').ENRLSIZE.mean()", {"pick": "max"}),
    ("s07", "school_survey", "glued-sum", ["total enrollment by sector"], "groups", "df.groupby('SECTOR').ENRLSIZE.sum()", {}),
    ("s08", "school_survey", "glued-mean", ["what's the average number of teachers per school"], "scalar", "df.NUMTCH.mean()", {}),
    ("s09", "school_survey", "glued-filter", ["median graduation rate in public schools"], "scalar", "df[df.SECTOR=='Public'].GRADRATE.median()", {}),
    ("s10", "school_survey", "glued-argmax", ["which sector has the most experienced teachers on average?"], "label", "df.groupby('SECTOR').AVGTCHEXP.mean()", {"pick": "max"}),
    ("s11", "school_survey", "glued-groups", ["mean SES by sector"], "groups", "df.groupby('SECTOR').MEANSES.mean()", {}),
    ("s12", "school_survey", "glued-groups", ["average free lunch percentage by region"], "groups", "df.groupby('REGION').PCTFRLUNCH.mean()", {}),
    ("s13", "school_survey", "glued-count", ["how many schools have more than 2000 students enrolled"], "scalar", "(df.ENRLSIZE>2000).sum()", {}),
    ("s14", "school_survey", "glued-corr", ["correlation between teacher experience and graduation rate"], "scalar", "df.AVGTCHEXP.corr(df.GRADRATE)", {}),
    ("s15", "school_survey", "glued-flag-share", ["what percentage of schools are high minority"], "scalar", "100*(df.HIMINTY==1).mean()", pct("(df.HIMINTY==1).mean()")),
    ("s16", "school_survey", "glued-flag-filter", ["average school SES for high-minority schools"], "scalar", "df[df.HIMINTY==1].MEANSES.mean()", {}),
    ("s17", "school_survey", "glued-filter", ["max enrollment size in the West"], "scalar", "df[df.REGION=='West'].ENRLSIZE.max()", {}),
    ("s18", "school_survey", "glued-argmax", ["which school has the highest free lunch percentage?"], "label", "df.set_index('SCHOOLID').PCTFRLUNCH", {"pick": "max"}),
    ("s19", "school_survey", "glued-filter", ["average discipline climate in Catholic schools"], "scalar", "df[df.SECTOR=='Catholic'].DISCLIM.mean()", {}),
    ("s20", "school_survey", "followup", ["average teacher experience by sector", "now by region"], "groups", "df.groupby('REGION').AVGTCHEXP.mean()", {}),
    # hr_export: EMPID, DEPTCD, JOBLVL, FTPTIND, HRSWK, YRSSVC, ANNLSAL, PERFRTG, SICKDAYS
    ("h01", "hr_export", "glued-groups", ["average hours per week by department"], "groups", "df.groupby('DEPTCD').HRSWK.mean()", {}),
    ("h02", "hr_export", "glued-mean", ["average annual salary"], "scalar", "df.ANNLSAL.mean()", {}),
    ("h03", "hr_export", "glued-filter", ["mean years of service in IT"], "scalar", "df[df.DEPTCD=='IT'].YRSSVC.mean()", {}),
    ("h04", "hr_export", "glued-head-word", ["which department has the highest average salary?"], "label", "df.groupby('DEPTCD').ANNLSAL.mean()", {"pick": "max"}),
    ("h05", "hr_export", "glued-count", ["how many employees have a performance rating of 5"], "scalar", "(df.PERFRTG==5).sum()", {}),
    ("h06", "hr_export", "glued-groups", ["average performance rating by job level"], "groups", "df.groupby('JOBLVL').PERFRTG.mean()", {}),
    ("h07", "hr_export", "glued-sum", ["total sick days by department"], "groups", "df.groupby('DEPTCD').SICKDAYS.sum()", {}),
    ("h08", "hr_export", "glued-corr", ["correlation between years of service and annual salary"], "scalar", "df.YRSSVC.corr(df.ANNLSAL)", {}),
    ("h09", "hr_export", "coded-value", ["how many part-time employees are there?"], "scalar", "(df.FTPTIND=='PT').sum()", {}),
    ("h10", "hr_export", "glued-filter", ["average salary of employees working more than 40 hours a week"], "scalar", "df[df.HRSWK>40].ANNLSAL.mean()", {}),
    ("h11", "hr_export", "glued-filter", ["max annual salary in FIN"], "scalar", "df[df.DEPTCD=='FIN'].ANNLSAL.max()", {}),
    ("h12", "hr_export", "glued-filter", ["median years of service for employees rated 4 or higher"], "scalar", "df[df.PERFRTG>=4].YRSSVC.median()", {}),
    ("h13", "hr_export", "glued-reversed", ["average weekly hours of PT staff"], "scalar", "df[df.FTPTIND=='PT'].HRSWK.mean()", {}),
    ("h14", "hr_export", "glued-mean", ["what's the mean job level"], "scalar", "df.JOBLVL.mean()", {}),
    ("h15", "hr_export", "followup", ["average annual salary by department", "only full-time staff"], "groups", "df[df.FTPTIND=='FT'].groupby('DEPTCD').ANNLSAL.mean()", {}),
    # hospital_stays: PATID, ADMTYP, LOS_DAYS, DISCHDISP, TOTCHG, AGEYRS, PAYERCD, NUMDX, ICUFLG
    ("p01", "hospital_stays", "acronym", ["average length of stay"], "scalar", "df.LOS_DAYS.mean()", {}),
    ("p02", "hospital_stays", "acronym-groups", ["average length of stay by admission type"], "groups", "df.groupby('ADMTYP').LOS_DAYS.mean()", {}),
    ("p03", "hospital_stays", "glued-sum", ["total charges by payer"], "groups", "df.groupby('PAYERCD').TOTCHG.sum()", {}),
    ("p04", "hospital_stays", "glued-filter", ["what is the mean total charge for emergency admissions"], "scalar", "df[df.ADMTYP=='Emergency'].TOTCHG.mean()", {}),
    ("p05", "hospital_stays", "value", ["how many patients were discharged home?"], "scalar", "(df.DISCHDISP=='Home').sum()", {}),
    ("p06", "hospital_stays", "glued-mode", ["most common discharge disposition"], "label", "df.DISCHDISP.value_counts()", {"pick": "max"}),
    ("p07", "hospital_stays", "glued-flag-filter", ["average age of patients admitted to the ICU"], "scalar", "df[df.ICUFLG==1].AGEYRS.mean()", {}),
    ("p08", "hospital_stays", "known-abbreviation", ["average number of diagnoses"], "scalar", "df.NUMDX.mean()", {}),
    ("p09", "hospital_stays", "count", ["how many stays lasted more than 14 days?"], "scalar", "(df.LOS_DAYS>14).sum()", {}),
    ("p10", "hospital_stays", "glued-flag-share", ["what share of stays went to the ICU?"], "scalar", "100*(df.ICUFLG==1).mean()", pct("(df.ICUFLG==1).mean()")),
    ("p11", "hospital_stays", "glued-groups", ["average total charges by discharge disposition"], "groups", "df.groupby('DISCHDISP').TOTCHG.mean()", {}),
    ("p12", "hospital_stays", "glued-argmax", ["which admission type has the longest average stay?"], "label", "df.groupby('ADMTYP').LOS_DAYS.mean()", {"pick": "max"}),
    ("p13", "hospital_stays", "glued-groups", ["mean age by payer code"], "groups", "df.groupby('PAYERCD').AGEYRS.mean()", {}),
    ("p14", "hospital_stays", "glued-max", ["what's the highest total charge?"], "scalar", "df.TOTCHG.max()", {}),
    # retail_customers: custid, region, loyaltytier, custsatscore, avgbasketamt, numvisits, totspend, dayssincelast, emailoptin
    ("r01", "retail_customers", "glued-mean", ["average customer satisfaction score"], "scalar", "df.custsatscore.mean()", {}),
    ("r02", "retail_customers", "glued-groups", ["average basket amount by loyalty tier"], "groups", "df.groupby('loyaltytier').avgbasketamt.mean()", {}),
    ("r03", "retail_customers", "glued-stat-unsaid", ["how many visits does a customer make on average?"], "scalar", "df.numvisits.mean()", {}),
    ("r04", "retail_customers", "glued-sum", ["total spend by region"], "groups", "df.groupby('region').totspend.sum()", {}),
    ("r05", "retail_customers", "glued-head-word", ["which region has the highest average satisfaction?"], "label", "df.groupby('region').custsatscore.mean()", {"pick": "max"}),
    ("r06", "retail_customers", "glued-mean", ["average days since last purchase"], "scalar", "df.dayssincelast.mean()", {}),
    ("r07", "retail_customers", "glued-flag", ["how many customers opted in to email?"], "scalar", "(df.emailoptin=='yes').sum()", {}),
    ("r08", "retail_customers", "glued-filter", ["average basket amount for Gold tier customers"], "scalar", "df[df.loyaltytier=='Gold'].avgbasketamt.mean()", {}),
    ("r09", "retail_customers", "glued-corr", ["correlation between number of visits and total spend"], "scalar", "df.numvisits.corr(df.totspend)", {}),
    ("r10", "retail_customers", "glued-share", ["what share of customers gave a satisfaction score of 9 or 10?"], "scalar", "100*(df.custsatscore>=9).mean()", pct("(df.custsatscore>=9).mean()")),
    ("r11", "retail_customers", "glued-filter", ["median total spend in the South"], "scalar", "df[df.region=='South'].totspend.median()", {}),
    ("r12", "retail_customers", "glued-groups", ["average spend per customer by loyalty tier"], "groups", "df.groupby('loyaltytier').totspend.mean()", {}),
    ("r13", "retail_customers", "glued-groups", ["customer satisfaction by tier"], "groups", "df.groupby('loyaltytier').custsatscore.mean()", {}),
    ("r14", "retail_customers", "glued-count", ["how many customers haven't visited in over 180 days?"], "scalar", "(df.dayssincelast>180).sum()", {}),
    # Guards: a word no field means must not be read into a glued name.
    ("n01", "school_survey", "no-field", ["average teacher salary"], "no-field", None, {"word": "salary"}),
    ("n02", "hr_export", "no-field", ["average commute distance"], "no-field", None, {"word": "commute"}),
    ("n03", "hospital_stays", "no-field", ["average number of procedures"], "no-field", None, {"word": "procedures"}),
    ("n04", "retail_customers", "no-field", ["average delivery time"], "no-field", None, {"word": "delivery"}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        row = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            row["truth"] = truth
        row.update(extra)
        f.write(json.dumps(row) + "\n")
print(f"{len(Q)} questions written")
