#!/usr/bin/python3
"""Probe13 questions (written before the first run): count columns, coded values in plain words, missing
values, one row per item, year/month columns, aggregate-named columns, numeric categories, follow-ups.
/usr/bin/python3 lib/chat/testing/probe13/questions.py && /usr/bin/python3 lib/chat/testing/probe13/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = []


def q(id, dataset, type, turns, kind, truth, **kw):
    Q.append({"id": id, "dataset": dataset, "type": type, "turns": turns, "kind": kind, "truth": truth, **kw})


S, V, R, H, P = "screening", "vehicles", "respondents", "home_sales", "products"
# 1. one row per group with count columns
q("c01", S, "countcol", ["how many cases are there in total"], "scalar", "df.cases.sum()")
q("c02", S, "countcol", ["how many controls among current smokers"], "scalar", "df[df.smoking=='current'].controls.sum()")
q("c03", S, "countcol", ["number of cases by age band"], "groups", "df.groupby('age_band').cases.sum()")
q("c04", S, "countcol", ["what share of all cases are in the 75+ age band"], "scalar", "100*df[df.age_band=='75+'].cases.sum()/df.cases.sum()", percent=True)
q("c05", S, "countcol", ["which age band has the most cases"], "label", "df.groupby('age_band').cases.sum()", pick="max")
q("c06", S, "countcol", ["cases in the south region for never smokers"], "scalar", "df[(df.region=='south')&(df.smoking=='never')].cases.sum()")
# 2./3. coded values in plain words, negation of a coded value
q("d01", V, "codes", ["average highway mpg of cars that are not front-wheel drive"], "scalar", "df[df.drv!='f'].hwy.mean()")
q("d02", V, "codes", ["how many four-wheel drive vehicles are there"], "scalar", "(df.drv=='4').sum()")
q("d03", V, "codes", ["average city mpg by drive type"], "groups", "df.groupby('drv').cty.mean()")
q("d04", V, "codes", ["average city mpg of automatic cars"], "scalar", "df[df.trans.str.startswith('auto')].cty.mean()")
q("d05", V, "codes", ["how many cars have a manual transmission"], "scalar", "df.trans.str.startswith('manual').sum()")
q("d06", V, "codes", ["how many rear wheel drive cars"], "scalar", "(df.drv=='r').sum()")
q("d07", R, "codes", ["how many respondents gave their height in imperial units"], "scalar", "(df.units=='I').sum()")
q("d08", R, "codes", ["average height of respondents using metric units"], "scalar", "df[df.units=='M'].height.mean()")
q("d09", V, "negation", ["how many cars don't run on regular fuel"], "scalar", "(df.fl!='r').sum()")
q("d10", R, "negation", ["average pulse of women who are not heavy smokers"], "scalar", "df[(df.sex=='F')&(df.smoke!='heavy')].pulse.mean()",
  alt=["df[(df.sex=='F')&(df.smoke!='heavy')&df.smoke.notna()].pulse.mean()"])
# 4. missing values
q("m01", R, "missing", ["how many respondents didn't give their income"], "scalar", "df.income.isna().sum()")
q("m02", R, "missing", ["what share of respondents have no pulse recorded"], "scalar", "100*df.pulse.isna().mean()", percent=True)
q("m03", R, "missing", ["how many people left the smoke question blank"], "scalar", "df.smoke.isna().sum()")
q("m04", H, "missing", ["how many months have no median price"], "scalar", "df['median'].isna().sum()")
q("m05", R, "missing", ["number of respondents with a missing income by city"], "groups", "df[df.income.isna()].groupby('city').size()")
# 5. which item is the most/least X, one row per item
q("i01", P, "item", ["which product is the most expensive"], "label", "df.set_index('product_name').price", pick="max")
q("i02", P, "item", ["which product has the lowest rating"], "label", "df.set_index('product_name').rating", pick="min")
q("i03", V, "item", ["which model has the best highway mileage"], "label", "df.set_index('model').hwy", pick="max")
q("i04", P, "item", ["what is the cheapest product in the kitchen category"], "label", "df[df.category=='kitchen'].set_index('product_name').price", pick="min")
q("i05", P, "item", ["which product sold the most units"], "label", "df.set_index('product_name').units_sold", pick="max")
q("i06", P, "item", ["least reviewed product"], "label", "df.set_index('product_name').review_count", pick="min")
# 6. month / quarter with integer year and month columns
q("y01", H, "yearmonth", ["total sales in March 2020"], "scalar", "df[(df.year==2020)&(df.month==3)].sales.sum()")
q("y02", H, "yearmonth", ["total sales in the second quarter of 2021"], "scalar", "df[(df.year==2021)&df.month.between(4,6)].sales.sum()")
q("y03", H, "yearmonth", ["what was the best month for sales in Austin in 2019"], "label", "df[(df.city=='Austin')&(df.year==2019)].groupby('month').sales.sum()", pick="max",
  alt=["df[(df.city=='Austin')&(df.year==2019)].groupby('date').sales.sum()"])
q("y04", H, "yearmonth", ["total sales by year"], "groups", "df.groupby('year').sales.sum()")
q("y05", H, "yearmonth", ["average listings in December"], "scalar", "df[df.month==12].listings.mean()")
q("y06", H, "yearmonth", ["how many sales in El Paso in the first quarter of 2019"], "scalar", "df[(df.city=='El Paso')&(df.year==2019)&(df.month<=3)].sales.sum()")
# 7. columns named like aggregate words
q("a01", H, "aggcol", ["average median price in Austin"], "scalar", "df[df.city=='Austin']['median'].mean()")
q("a02", H, "aggcol", ["highest median in 2021"], "scalar", "df[df.year==2021]['median'].max()")
q("a03", S, "aggcol", ["average total by age band"], "groups", "df.groupby('age_band').total.mean()")
q("a04", S, "aggcol", ["sum of the total column for the north region"], "scalar", "df[df.region=='north'].total.sum()")
q("a05", H, "aggcol", ["median of the median by city"], "groups", "df.groupby('city')['median'].median()")
# 8. numeric field as the category, top/bottom N
q("n01", V, "numcat", ["which cylinder counts occur most often"], "groups", "df.groupby('cyl').size()")
q("n02", V, "numcat", ["top 3 engine sizes by number of cars"], "topn", "df.groupby('displ').size().sort_values(ascending=False).head(3)", tie_check=True)
q("n03", V, "numcat", ["number of cars per cylinder count"], "groups", "df.groupby('cyl').size()")
# 10. typos in values, between on numbers, three conditions
q("t01", R, "typo", ["average income in Pittsburg"], "scalar", "df[df.city=='Pittsburgh'].income.mean()")
q("t02", R, "typo", ["how many respondents from Philadelpia"], "scalar", "(df.city=='Philadelphia').sum()")
q("t03", V, "typo", ["average hwy of toyta cars"], "scalar", "df[df.manufacturer=='toyota'].hwy.mean()")
q("t04", V, "between", ["how many cars have a highway mpg between 25 and 30"], "scalar", "df.hwy.between(25,30).sum()")
q("t05", R, "between", ["average income of respondents aged between 30 and 45"], "scalar", "df[df.age.between(30,45)].income.mean()")
q("t06", V, "and3", ["how many 2020 suvs with 4 wheel drive and 6 cylinders"], "scalar", "((df.year==2020)&(df['class']=='suv')&(df.drv=='4')&(df.cyl==6)).sum()")
q("t07", R, "and3", ["average pulse of men over 50 who never smoked and exercise frequently"], "scalar", "df[(df.sex=='M')&(df.age>50)&(df.smoke=='never')&(df.exercise=='frequent')].pulse.mean()")
# 9. follow-ups (12 conversations)
q("f01", S, "followup", ["how many cases in total", "and controls?"], "scalar", "df.controls.sum()")
q("f02", V, "followup", ["average highway mpg by drive type", "and the max?"], "groups", "df.groupby('drv').hwy.max()")
q("f03", V, "followup", ["how many cars have city mpg above 20", "and below 15?"], "scalar", "(df.cty<15).sum()")
q("f04", H, "followup", ["total sales by city in 2020", "and in 2021?", "only Austin"], "scalar", "df[(df.year==2021)&(df.city=='Austin')].sales.sum()")
q("f05", R, "followup", ["average pulse by sex", "and the median?"], "groups", "df.groupby('sex').pulse.median()")
q("f06", V, "followup", ["top 3 manufacturers by number of cars", "and the bottom 3?"], "topn", "df.groupby('manufacturer').size().sort_values().head(3)", tie_check=True)
q("f07", P, "followup", ["which product is the most expensive", "and the cheapest?"], "label", "df.set_index('product_name').price", pick="min")
q("f08", R, "followup", ["what share of respondents didn't give their income", "and in Cincinnati?"], "scalar", "100*df[df.city=='Cincinnati'].income.isna().mean()", percent=True)
q("f09", H, "followup", ["total sales in 2020", "by month", "which month was the best?"], "label", "df[df.year==2020].groupby('month').sales.sum()", pick="max",
  alt=["df[df.year==2020].groupby('date').sales.sum()"])
q("f10", P, "followup", ["how many products have a rating above 4", "and above 4.5?", "in the kitchen category"], "scalar", "((df.rating>4.5)&(df.category=='kitchen')).sum()")
q("f11", S, "followup", ["cases by age band", "only current smokers"], "groups", "df[df.smoking=='current'].groupby('age_band').cases.sum()")
q("f12", V, "followup", ["average city mpg of automatic cars", "and manual?"], "scalar", "df[df.trans.str.startswith('manual')].cty.mean()")

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for x in Q:
        f.write(json.dumps(x) + "\n")
print(len(Q), "questions")
