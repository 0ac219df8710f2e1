#!/usr/bin/python3
"""Writes questions.jsonl (probe45: differences of two values, spreads, neighbours of an extreme, row nouns, number
ranges over bands, number lists, argmax of a derived number, yes/no comparisons, NPS), written before the first run.
/usr/bin/python3 lib/chat/testing/probe45/questions.py && /usr/bin/python3 lib/chat/testing/probe45/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def diff(a, b):
    # A signed difference: the answer may show A - B or B - A (its words say which).
    return {"truth": f"({a})-({b})", "alt": [f"({b})-({a})"]}


V = "df"
SHIP = "(pd.to_datetime(df.ship_date)-pd.to_datetime(df.order_date)).dt.days"
MON = "pd.to_datetime(df.order_date).dt.to_period('M')"
KM = "df.set_index('month')"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # clinic_visits: one row per visit
    ("c01", "clinic_visits", "row-noun", ["how many different patients are there?"], "scalar", "df.patient_id.nunique()", {}),
    ("c02", "clinic_visits", "row-noun", ["how many visits were there in 2024?"], "scalar", "(df.visit_date.str[:4]=='2024').sum()", {}),
    ("c03", "clinic_visits", "row-noun", ["how many unique patients visited cardiology"], "scalar", "df[df.department=='Cardiology'].patient_id.nunique()", {}),
    ("c04", "clinic_visits", "difference", ["how much longer is the average wait at Northside than at Lakeview?"], "scalar", None,
     diff("df[df.clinic=='Northside'].wait_minutes.mean()", "df[df.clinic=='Lakeview'].wait_minutes.mean()")),
    ("c05", "clinic_visits", "compare", ["compare the average bill for men and women"], "groups", "df.groupby('sex').bill_amount.mean()", {}),
    ("c06", "clinic_visits", "yes-no", ["do women wait longer than men on average?"], "groups", "df.groupby('sex').wait_minutes.mean()", {}),
    ("c07", "clinic_visits", "band-range", ["how many visits were by patients aged 45 and over?"], "scalar", "df.age_group.isin(['45-59','60-74','75+']).sum()", {}),
    ("c08", "clinic_visits", "band-range", ["average wait for patients under 45"], "scalar", "df[df.age_group.isin(['18-29','30-44'])].wait_minutes.mean()", {}),
    ("c09", "clinic_visits", "band-range", ["what is the average bill for people between 30 and 59 years old"], "scalar", "df[df.age_group.isin(['30-44','45-59'])].bill_amount.mean()", {}),
    ("c10", "clinic_visits", "number-list", ["how many visits gave a recommend score of 9 or 10?"], "scalar", "df.recommend_score.isin([9,10]).sum()", {}),
    ("c11", "clinic_visits", "number-list", ["what share of visits scored 0 to 6 on recommend score?"], "scalar", "100*(df.recommend_score<=6).mean()", {"percent": True, "alt": ["(df.recommend_score<=6).mean()"]}),
    ("c12", "clinic_visits", "nps", ["what is the NPS?"], "scalar", "100*((df.recommend_score>=9).mean()-(df.recommend_score<=6).mean())", {}),
    ("c13", "clinic_visits", "nps", ["net promoter score by clinic"], "groups", "100*((df.recommend_score>=9).groupby(df.clinic).mean()-(df.recommend_score<=6).groupby(df.clinic).mean())", {}),
    ("c14", "clinic_visits", "spread", ["what's the range of wait times?"], "scalar", "df.wait_minutes.max()-df.wait_minutes.min()", {}),
    ("c15", "clinic_visits", "spread", ["difference between the longest and shortest wait at Riverside"], "scalar", "df[df.clinic=='Riverside'].wait_minutes.max()-df[df.clinic=='Riverside'].wait_minutes.min()", {}),
    ("c16", "clinic_visits", "difference", ["what's the gap between cardiology and dermatology in average bill?"], "scalar", None,
     diff("df[df.department=='Cardiology'].bill_amount.mean()", "df[df.department=='Dermatology'].bill_amount.mean()")),
    ("c17", "clinic_visits", "yes-no", ["were there more visits at Northside than at Riverside in 2023?"], "groups", "df[(df.visit_date.str[:4]=='2023')&df.clinic.isin(['Northside','Riverside'])].groupby('clinic').size()", {}),
    ("c18", "clinic_visits", "number-list", ["how many visits were rated between 7 and 8"], "scalar", "df.recommend_score.between(7,8).sum()", {}),
    ("c19", "clinic_visits", "row-noun", ["how many patients are women?"], "scalar", "df[df.sex=='Female'].patient_id.nunique()", {}),
    # orders: an order date and a ship date
    ("o01", "orders", "derived-argmax", ["which order took the longest to ship?"], "label", f"pd.Series({SHIP}.values, index=df.order_id)", {"pick": "max"}),
    ("o02", "orders", "difference", ["how much higher is average profit in the West than in the South?"], "scalar", None,
     diff("df[df.region=='West'].profit.mean()", "df[df.region=='South'].profit.mean()")),
    ("o03", "orders", "difference", ["what's the gap between the north and south regions' sales"], "scalar", None,
     diff("df[df.region=='North'].sales.sum()", "df[df.region=='South'].sales.sum()")),
    ("o04", "orders", "yes-no", ["were there more orders from Corporate than from Consumer in 2023?"], "groups", "df[(df.order_date.str[:4]=='2023')&df.segment.isin(['Corporate','Consumer'])].groupby('segment').size()", {}),
    ("o05", "orders", "yes-no", ["is the average order value higher for Technology than for Furniture?"], "groups", "df[df.category.isin(['Technology','Furniture'])].groupby('category').sales.mean()", {}),
    ("o06", "orders", "spread", ["what is the difference between the highest and lowest sales of an order"], "scalar", "df.sales.max()-df.sales.min()", {}),
    ("o07", "orders", "neighbour", ["what were total sales in the month after the best month?"], "scalar", f"df.groupby({MON}).sales.sum().shift(-1)[df.groupby({MON}).sales.sum().idxmax()]", {}),
    ("o08", "orders", "row-noun", ["how many shipments went by Express?"], "scalar", "(df.ship_mode=='Express').sum()", {}),
    ("o09", "orders", "number-list", ["how many orders had a quantity of 1 or 2?"], "scalar", "df.quantity.isin([1,2]).sum()", {}),
    ("o10", "orders", "derived-argmax", ["which region has the fastest shipping on average?"], "label", f"{SHIP}.groupby(df.region).mean()", {"pick": "min"}),
    ("o11", "orders", "compare", ["compare profit for consumer and corporate customers"], "groups", "df[df.segment.isin(['Consumer','Corporate'])].groupby('segment').profit.sum()",
     {"alt": ["df[df.segment.isin(['Consumer','Corporate'])].groupby('segment').profit.mean()"]}),
    ("o12", "orders", "spread", ["range of order quantities"], "scalar", "df.quantity.max()-df.quantity.min()", {}),
    # menu_items: one row per dish
    ("m01", "menu_items", "derived-argmax", ["which dish has the biggest margin?"], "label", "pd.Series((df.price-df.food_cost).values, index=df.item)", {"pick": "max"}),
    ("m02", "menu_items", "derived", ["what is the average margin (price minus food cost) of mains?"], "scalar", "(df.price-df.food_cost)[df.course=='Main'].mean()", {}),
    ("m03", "menu_items", "row-noun", ["how many dishes are vegetarian?"], "scalar", "(df.vegetarian=='Yes').sum()", {}),
    ("m04", "menu_items", "spread", ["difference between the most and least expensive dish"], "scalar", "df.price.max()-df.price.min()", {}),
    ("m05", "menu_items", "difference", ["how much more expensive are mains than starters on average?"], "scalar", None,
     diff("df[df.course=='Main'].price.mean()", "df[df.course=='Starter'].price.mean()")),
    ("m06", "menu_items", "number-list", ["how many items are rated 4 or 5 stars?"], "scalar", "df.rating.isin([4,5]).sum()", {}),
    ("m07", "menu_items", "spread", ["what's the price range of desserts?"], "scalar", "df[df.course=='Dessert'].price.max()-df[df.course=='Dessert'].price.min()", {}),
    ("m08", "menu_items", "yes-no", ["is the average rating of vegetarian dishes higher than of the others?"], "groups", "df.groupby('vegetarian').rating.mean()", {}),
    ("m09", "menu_items", "derived-argmax", ["top 3 items by margin"], "topn", "pd.Series((df.price-df.food_cost).values, index=df.item).nlargest(3)", {}),
    ("m10", "menu_items", "row-noun", ["how many drinks are on the menu?"], "scalar", "(df.course=='Drink').sum()", {}),
    # monthly_kpis: one row per month
    ("k01", "monthly_kpis", "neighbour", ["what was revenue in the month before the peak?"], "scalar", f"{KM}.revenue.shift(1)[{KM}.revenue.idxmax()]", {}),
    ("k02", "monthly_kpis", "neighbour", ["how many signups were there the month right after the lowest point?"], "scalar", f"{KM}.signups.shift(-1)[{KM}.signups.idxmin()]", {}),
    ("k03", "monthly_kpis", "neighbour", ["what were website visits in the month after revenue peaked?"], "scalar", f"{KM}.website_visits.shift(-1)[{KM}.revenue.idxmax()]", {}),
    ("k04", "monthly_kpis", "spread", ["what's the range of monthly revenue?"], "scalar", "df.revenue.max()-df.revenue.min()", {}),
    ("k05", "monthly_kpis", "difference", ["how much higher was revenue in 2024 than 2023?"], "scalar", None,
     diff("df[df.month.str[:4]=='2024'].revenue.sum()", "df[df.month.str[:4]=='2023'].revenue.sum()")),
    ("k06", "monthly_kpis", "yes-no", ["were there more signups in 2022 than in 2021?"], "scalar", "df[df.month.str[:4]=='2022'].signups.sum()-df[df.month.str[:4]=='2021'].signups.sum()",
     {"alt": ["df[df.month.str[:4]=='2021'].signups.sum()-df[df.month.str[:4]=='2022'].signups.sum()"]}),
    ("k07", "monthly_kpis", "row-noun", ["how many months had revenue above 200,000?"], "scalar", "(df.revenue>200000).sum()", {}),
    ("k08", "monthly_kpis", "neighbour", ["how many support tickets were there in the month before the busiest month?"], "scalar", f"{KM}.support_tickets.shift(1)[{KM}.support_tickets.idxmax()]", {}),
    ("k09", "monthly_kpis", "spread", ["difference between the best and worst month for signups"], "scalar", "df.signups.max()-df.signups.min()", {}),
    # discoveries (R datasets): one row per year
    ("d01", "discoveries", "neighbour", ["how many discoveries were made in the year after the record year?"], "scalar", "df.set_index('year').discoveries.shift(-1)[df.set_index('year').discoveries.idxmax()]", {}),
    ("d02", "discoveries", "spread", ["what's the difference between the most and fewest discoveries in a year?"], "scalar", "df.discoveries.max()-df.discoveries.min()", {}),
    ("d03", "discoveries", "yes-no", ["were there more discoveries in 1885 than in 1890?"], "scalar", "df[df.year==1885].discoveries.sum()-df[df.year==1890].discoveries.sum()",
     {"alt": ["df[df.year==1890].discoveries.sum()-df[df.year==1885].discoveries.sum()"]}),
    ("d04", "discoveries", "number-list", ["how many years had 5 or 6 discoveries?"], "scalar", "df.discoveries.isin([5,6]).sum()", {}),
    ("d05", "discoveries", "neighbour", ["which year had the most discoveries?", "and how many were there the year before?"], "scalar", "df.set_index('year').discoveries.shift(1)[df.set_index('year').discoveries.idxmax()]", {}),
    ("d06", "discoveries", "difference", ["how much lower was the average number of discoveries in the 1930s than in the 1880s?"], "scalar", None,
     diff("df[(df.year>=1880)&(df.year<1890)].discoveries.mean()", "df[(df.year>=1930)&(df.year<1940)].discoveries.mean()")),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
