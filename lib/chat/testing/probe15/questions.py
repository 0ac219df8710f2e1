#!/usr/bin/python3
"""Probe15 questions (written before the first run) over 4 tables exported from R packages with
Rscript -e 'write.csv(..., row.names=FALSE)' (R's column names, factors as labels): MASS::Aids2,
MASS::birthwt (0/1 codes as they are), MASS::Insurance (one row per group, count columns Holders/Claims),
datasets::warpbreaks. Conditions joined by "and", argmin/argmax, top-N, negation, ranges, casual words,
count columns, follow-ups, fields that do not exist.
/usr/bin/python3 lib/chat/testing/probe15/questions.py && /usr/bin/python3 lib/chat/testing/probe15/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = []


def q(id, dataset, type, turns, kind, truth=None, **kw):
    x = {"id": id, "dataset": dataset, "type": type, "turns": turns, "kind": kind, **kw}
    if truth is not None:
        x["truth"] = truth
    Q.append(x)


A, B, I, W = "Aids2", "birthwt", "Insurance", "warpbreaks"
# Aids2: one row per patient
q("a01", A, "filter", ["how many patients have status D"], "scalar", "(df.status=='D').sum()")
q("a02", A, "filter", ["average age of patients in NSW"], "scalar", "df[df.state=='NSW'].age.mean()")
q("a03", A, "group", ["number of patients by state"], "groups", "df.groupby('state').size()")
q("a04", A, "argmax", ["which T.categ is the most common"], "label", "df.groupby('T.categ').size()", pick="max")
q("a05", A, "and", ["how many female patients from VIC"], "scalar", "((df.sex=='F')&(df.state=='VIC')).sum()")
q("a06", A, "negation", ["average age of male patients who are not from NSW"], "scalar", "df[(df.sex=='M')&(df.state!='NSW')].age.mean()")
q("a07", A, "range", ["how many patients aged between 20 and 30"], "scalar", "df.age.between(20,30).sum()")
q("a08", A, "casual", ["how old is the oldest patient"], "scalar", "df.age.max()")
q("a09", A, "topn", ["top 3 states by number of patients"], "topn", "df.groupby('state').size().sort_values(ascending=False).head(3)", tie_check=True)
q("a10", A, "group", ["average age by status"], "groups", "df.groupby('status').age.mean()")
q("a11", A, "share", ["what percentage of patients have status A"], "scalar", "100*(df.status=='A').mean()", percent=True)
q("a12", A, "and", ["how many hs patients in QLD older than 40"], "scalar", "((df['T.categ']=='hs')&(df.state=='QLD')&(df.age>40)).sum()")
q("a13", A, "argmin", ["which state has the youngest patients on average"], "label", "df.groupby('state').age.mean()", pick="min")
# birthwt: one row per birth, 0/1 codes
q("b01", B, "codes", ["how many babies have low = 1"], "scalar", "(df.low==1).sum()")
q("b02", B, "codes", ["average bwt where smoke is 1"], "scalar", "df[df.smoke==1].bwt.mean()")
q("b03", B, "group", ["average bwt by race"], "groups", "df.groupby('race').bwt.mean()")
q("b04", B, "filter", ["how many mothers are younger than 20"], "scalar", "(df.age<20).sum()")
q("b05", B, "codes", ["mean lwt of mothers with ht = 1"], "scalar", "df[df.ht==1].lwt.mean()")
q("b06", B, "and", ["average bwt for smoke = 1 and ptl = 0"], "scalar", "df[(df.smoke==1)&(df.ptl==0)].bwt.mean()")
q("b07", B, "range", ["how many mothers between 25 and 30 years old"], "scalar", "df.age.between(25,30).sum()")
q("b08", B, "casual", ["what was the heaviest baby's bwt"], "scalar", "df.bwt.max()")
q("b09", B, "argmax", ["which mother's age occurs most often"], "label", "df.groupby('age').size()", pick="max")
q("b10", B, "and", ["average bwt for race 1 mothers who don't smoke"], "scalar", "df[(df.race==1)&(df.smoke==0)].bwt.mean()")
q("b11", B, "group", ["number of births by ftv"], "groups", "df.groupby('ftv').size()")
q("b12", B, "argmin", ["which race has the lowest average bwt"], "label", "df.groupby('race').bwt.mean()", pick="min")
q("b13", B, "share", ["percentage of babies with low = 1 among mothers with smoke = 1"], "scalar", "100*df[df.smoke==1].low.mean()", percent=True)
# Insurance: one row per district x car group x age group, count columns Holders and Claims
q("i01", I, "countcol", ["total number of claims"], "scalar", "df.Claims.sum()")
q("i02", I, "countcol", ["how many holders in district 1"], "scalar", "df[df.District==1].Holders.sum()")
q("i03", I, "countcol", ["claims by age group"], "groups", "df.groupby('Age').Claims.sum()")
q("i04", I, "argmax", ["which district has the most claims"], "label", "df.groupby('District').Claims.sum()", pick="max")
q("i05", I, "and", ["total claims for Age <25 and Group >2l"], "scalar", "df[(df.Age=='<25')&(df.Group=='>2l')].Claims.sum()")
q("i06", I, "countcol", ["how many holders are in the >35 age group"], "scalar", "df[df.Age=='>35'].Holders.sum()")
q("i07", I, "topn", ["top 2 car groups by number of claims"], "topn", "df.groupby('Group').Claims.sum().sort_values(ascending=False).head(2)", tie_check=True)
q("i08", I, "negation", ["claims in district 4 excluding group <1l"], "scalar", "df[(df.District==4)&(df.Group!='<1l')].Claims.sum()")
q("i09", I, "argmin", ["which age group has the fewest holders"], "label", "df.groupby('Age').Holders.sum()", pick="min")
# warpbreaks: one row per loom run
q("w01", W, "group", ["average breaks by tension"], "groups", "df.groupby('tension').breaks.mean()")
q("w02", W, "and", ["average breaks for wool A at tension H"], "scalar", "df[(df.wool=='A')&(df.tension=='H')].breaks.mean()")
q("w03", W, "casual", ["what's the most breaks ever recorded"], "scalar", "df.breaks.max()")
q("w04", W, "filter", ["how many runs had more than 40 breaks"], "scalar", "(df.breaks>40).sum()")
q("w05", W, "group", ["total breaks by wool"], "groups", "df.groupby('wool').breaks.sum()")
q("w06", W, "argmin", ["which tension has the fewest breaks on average"], "label", "df.groupby('tension').breaks.mean()", pick="min")
q("w07", W, "filter", ["median breaks for wool B"], "scalar", "df[df.wool=='B'].breaks.median()")
q("w08", W, "negation", ["average breaks excluding tension L"], "scalar", "df[df.tension!='L'].breaks.mean()")
q("w09", W, "range", ["how many rows have between 20 and 30 breaks"], "scalar", "df.breaks.between(20,30).sum()")
# follow-ups (10 conversations)
q("f01", A, "followup", ["average age by state", "and the max?"], "groups", "df.groupby('state').age.max()")
q("f02", A, "followup", ["how many patients in NSW", "and in VIC?"], "scalar", "(df.state=='VIC').sum()")
q("f03", B, "followup", ["average bwt where smoke = 1", "and where smoke = 0?"], "scalar", "df[df.smoke==0].bwt.mean()")
q("f04", B, "followup", ["average bwt by race", "only smoke = 1"], "groups", "df[df.smoke==1].groupby('race').bwt.mean()")
q("f05", I, "followup", ["total claims by district", "and holders?"], "groups", "df.groupby('District').Holders.sum()")
q("f06", I, "followup", ["total claims for Age <25", "in district 2"], "scalar", "df[(df.Age=='<25')&(df.District==2)].Claims.sum()")
q("f07", W, "followup", ["average breaks for wool A", "and wool B?"], "scalar", "df[df.wool=='B'].breaks.mean()")
q("f08", W, "followup", ["average breaks by tension", "for wool B only"], "groups", "df[df.wool=='B'].groupby('tension').breaks.mean()")
q("f09", A, "followup", ["number of patients by T.categ", "which one is the largest?"], "label", "df.groupby('T.categ').size()", pick="max")
q("f10", B, "followup", ["how many mothers are older than 30", "and how many of them have smoke = 1?"], "scalar", "((df.age>30)&(df.smoke==1)).sum()")
# fields that do not exist
q("x01", A, "no-field", ["average CD4 count by state"], "no-field", word="CD4")
q("x02", B, "no-field", ["average height of the mothers"], "no-field", word="height")
q("x03", I, "no-field", ["total premium by district"], "no-field", word="premium")
q("x04", W, "no-field", ["average loom speed by wool"], "no-field", word="speed")
q("x05", A, "no-field", ["average weight of patients in NSW"], "no-field", word="weight")

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for x in Q:
        f.write(json.dumps(x) + "\n")
print(len(Q), "questions")
