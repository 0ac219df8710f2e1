#!/usr/bin/python3
"""Writes questions.jsonl (probe56: measurement tables as exported from R: numeric codes for subject/run,
elapsed time, repeated measures, a response against a concentration; a quarterly economic series with two rate
columns and an ISO first-of-month date), written before the first run.
/usr/bin/python3 lib/chat/testing/probe56/questions.py && /usr/bin/python3 lib/chat/testing/probe56/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
C, R, T, U = "Cefamandole", "Relaxin", "Tetracycline1", "USeconomic"
YEAR = "df.date.astype(str).str[:4].astype(int)"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # Cefamandole: Subject 1..6 (a code), Time in minutes after the dose, conc
    ("c01", C, "mean-per-code", ["average concentration per subject"], "groups", "df.groupby('Subject').conc.mean()", {}),
    ("c02", C, "argmax-code", ["which subject has the highest mean concentration?"], "label", "df.groupby('Subject').conc.mean()", {"pick": "max"}),
    ("c03", C, "over-time", ["how does the concentration change over time?"], "groups", "df.groupby('Time').conc.mean()", {}),
    ("c04", C, "count-threshold", ["how many measurements have a concentration above 100?"], "scalar", "(df.conc>100).sum()", {}),
    ("c05", C, "sd-per-code", ["standard deviation of conc for each subject"], "groups", "df.groupby('Subject').conc.std()", {}),
    ("c06", C, "lookup-two-codes", ["what was the concentration for subject 3 at 60 minutes?"], "scalar", "df[(df.Subject==3)&(df.Time==60)].conc.iloc[0]", {}),
    ("c07", C, "mean-at-time", ["mean concentration at 30 min"], "scalar", "df[df.Time==30].conc.mean()", {}),
    ("c08", C, "distinct-codes", ["how many subjects are there?"], "scalar", "df.Subject.nunique()", {}),
    ("c09", C, "max-per-code", ["peak concentration for each subject"], "groups", "df.groupby('Subject').conc.max()", {}),
    ("c10", C, "mean-after-time", ["average concentration after 120 minutes"], "scalar", "df[df.Time>120].conc.mean()", {}),
    ("c11", C, "followup-filter", ["average conc per subject", "only times up to 60 minutes"], "groups", "df[df.Time<=60].groupby('Subject').conc.mean()", {}),
    ("c12", C, "correlation", ["correlation between time and concentration"], "scalar", "df.Time.corr(df.conc)", {}),
    ("c13", C, "no-field", ["average dose per subject"], "no-field", None, {"word": "dose"}),
    # Relaxin: Run 1..9 (a code), conc of relaxin, cAMP response
    ("r01", R, "mean-per-code", ["mean cAMP per run"], "groups", "df.groupby('Run').cAMP.mean()", {}),
    ("r02", R, "argmax-code", ["which run had the highest average cAMP?"], "label", "df.groupby('Run').cAMP.mean()", {"pick": "max"}),
    ("r03", R, "dose-response", ["average cAMP at each concentration"], "groups", "df.groupby('conc').cAMP.mean()", {}),
    ("r04", R, "correlation", ["what is the correlation between concentration and cAMP?"], "scalar", "df.conc.corr(df.cAMP)", {}),
    ("r05", R, "count-threshold", ["how many readings have cAMP above 100?"], "scalar", "(df.cAMP>100).sum()", {}),
    ("r06", R, "sd-per-code", ["standard deviation of cAMP by run"], "groups", "df.groupby('Run').cAMP.std()", {}),
    ("r07", R, "distinct-codes", ["how many runs are there?"], "scalar", "df.Run.nunique()", {}),
    ("r08", R, "mean-one-code", ["average cAMP in run 4"], "scalar", "df[df.Run==4].cAMP.mean()", {}),
    ("r09", R, "max-at-dose", ["maximum cAMP at a concentration of 22"], "scalar", "df[df.conc==22].cAMP.max()", {}),
    ("r10", R, "followup-code", ["average cAMP by concentration", "just run 2"], "groups", "df[df.Run==2].groupby('conc').cAMP.mean()", {}),
    ("r11", R, "no-field", ["average temperature per run"], "no-field", None, {"word": "temperature"}),
    ("r12", R, "count-per-code", ["how many measurements per run?"], "groups", "df.groupby('Run').size()", {}),
    # Tetracycline1: conc, Time in hours, Subject 1..5 (a code), Formulation
    ("t01", T, "mean-per-group", ["average concentration by formulation"], "groups", "df.groupby('Formulation').conc.mean()", {}),
    ("t02", T, "mean-two-keys", ["mean conc for each subject and formulation"], "groups2", "df.groupby(['Subject','Formulation']).conc.mean()", {}),
    ("t03", T, "over-time-per-group", ["how does concentration change over time for each formulation?"], "groups2", "df.groupby(['Formulation','Time']).conc.mean()", {}),
    ("t04", T, "argmax-code", ["which subject had the highest average concentration?"], "label", "df.groupby('Subject').conc.mean()", {"pick": "max"}),
    ("t05", T, "mean-at-time", ["average concentration 3 hours after dosing"], "scalar", "df[df.Time==3].conc.mean()", {}),
    ("t06", T, "count-threshold", ["how many samples had a concentration over 1.5?"], "scalar", "(df.conc>1.5).sum()", {}),
    ("t07", T, "sd-per-group", ["sd of concentration by formulation"], "groups", "df.groupby('Formulation').conc.std()", {}),
    ("t08", T, "mean-code-and-group", ["average concentration for subject 2 with tetracyn"], "scalar", "df[(df.Subject==2)&(df.Formulation=='tetracyn')].conc.mean()", {}),
    ("t09", T, "followup-group", ["average conc by time", "for tetrachel only"], "groups", "df[df.Formulation=='tetrachel'].groupby('Time').conc.mean()", {}),
    ("t10", T, "max-one-group", ["peak concentration for tetracyn"], "scalar", "df[df.Formulation=='tetracyn'].conc.max()", {}),
    # USeconomic: quarterly, date = first day of the quarter's first month, rates as fractions
    ("u01", U, "argmax-date", ["when was the long rate highest?"], "label", "df.set_index('date').long_rate", {"pick": "max"}),
    ("u02", U, "mean-spread", ["average spread between the long rate and the short rate"], "scalar", "(df.long_rate-df.short_rate).mean()", {}),
    ("u03", U, "first-exceed", ["in which year did the short rate first exceed the long rate?"], "scalar", f"{YEAR}[df.short_rate>df.long_rate].iloc[0]", {}),
    ("u04", U, "mean-per-year", ["average long rate by year"], "groups", f"df.groupby({YEAR}).long_rate.mean()", {}),
    ("u05", U, "max", ["what was the highest short rate?"], "scalar", "df.short_rate.max()", {}),
    ("u06", U, "correlation", ["correlation between the short and long rates"], "scalar", "df.short_rate.corr(df.long_rate)", {}),
    ("u07", U, "count-threshold-percent", ["how many quarters had a short rate above 10%?"], "scalar", "(df.short_rate>0.10).sum()", {}),
    ("u08", U, "mean-decade", ["average short rate in the 1970s"], "scalar", f"df[({YEAR}>=1970)&({YEAR}<=1979)].short_rate.mean()", {}),
    ("u09", U, "count-compare-columns", ["how many quarters was the short rate above the long rate?"], "scalar", "(df.short_rate>df.long_rate).sum()", {}),
    ("u10", U, "mean-one-year", ["average long rate in 1980"], "scalar", f"df[{YEAR}==1980].long_rate.mean()", {}),
    ("u11", U, "followup-measure", ["average short rate by year", "what about the long rate?"], "groups", f"df.groupby({YEAR}).long_rate.mean()", {}),
    ("u12", U, "no-field", ["average inflation rate by year"], "no-field", None, {"word": "inflation"}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        row = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            row["truth"] = truth
        f.write(json.dumps({**row, **extra}) + "\n")
print(len(Q), "questions")
