#!/usr/bin/python3
"""Writes questions.jsonl (probe doubt33: a many-valued number next to a label or grouping word), written before
the first run. /usr/bin/python3 lib/chat/testing/doubt33/questions.py && /usr/bin/python3 lib/chat/testing/doubt33/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # restaurants (made up, one row per restaurant, a unique name)
    ("r01", "restaurants", "argmax-cond", ["which restaurant has the highest spend per head among those with more than 100 seats?"], "label", "df[df.seats>100].set_index('name').spend_per_head", {"pick": "max"}),
    ("r02", "restaurants", "argmin-cond", ["which restaurant has the lowest spend per head with seats above 120"], "label", "df[df.seats>120].set_index('name').spend_per_head", {"pick": "min"}),
    ("r03", "restaurants", "argmax-groups-cond", ["which cuisine has the highest average rating among restaurants with over 500 reviews"], "label", "df[df.reviews>500].groupby('cuisine').rating.mean()", {"pick": "max"}),
    ("r04", "restaurants", "argmax", ["name of the restaurant with the most reviews"], "label", "df.set_index('name').reviews", {"pick": "max"}),
    ("r05", "restaurants", "argmax-count-cond", ["which city has the most restaurants rated 4.5 or higher"], "label", "df[df.rating>=4.5].groupby('city').size()", {"pick": "max"}),
    ("r06", "restaurants", "topn-filter", ["top 5 restaurants by spend per head in Porto"], "topn", "df[df.city=='Porto'].set_index('name').spend_per_head.nlargest(5)", {}),
    ("r07", "restaurants", "argmax-value", ["which Thai restaurant has the most reviews?"], "label", "df[df.cuisine=='Thai'].set_index('name').reviews", {"pick": "max"}),
    ("r08", "restaurants", "groups-many", ["average rating by number of seats"], "groups", "df.groupby('seats').rating.mean()", {}),
    ("r09", "restaurants", "argmin-cond2", ["of the restaurants that deliver, which one has the fewest reviews?"], "label", "df[df.delivery=='Yes'].set_index('name').reviews", {"pick": "min"}),
    ("r10", "restaurants", "argmax-groups", ["which year saw the most restaurants open?"], "label", "df.groupby('opened').size()", {"pick": "max"}),
    ("r11", "restaurants", "argmax-cond", ["the restaurant with the biggest spend per head among those opened before 2000"], "label", "df[df.opened<2000].set_index('name').spend_per_head", {"pick": "max"}),
    ("r12", "restaurants", "argmax-groups-cond", ["which city has the highest average spend per head for restaurants with fewer than 60 seats"], "label", "df[df.seats<60].groupby('city').spend_per_head.mean()", {"pick": "max"}),
    ("r13", "restaurants", "mode-many", ["what is the most common rating?"], "label", "df.rating.value_counts()", {"pick": "max"}),
    ("r14", "restaurants", "scalar-cond", ["average spend per head of restaurants with more than 150 seats"], "scalar", "df[df.seats>150].spend_per_head.mean()", {}),
    # subscribers (made up: tenure in months 1-72, money amounts)
    ("s01", "subscribers", "groups-many", ["total paid by tenure"], "groups", "df.groupby('tenure_months').total_paid.sum()", {"alt": ["df.groupby('tenure_months').total_paid.mean()"]}),
    ("s02", "subscribers", "groups-many", ["average monthly fee by age"], "groups", "df.groupby('age').monthly_fee.mean()", {}),
    ("s03", "subscribers", "argmax-cond-id", ["which subscriber has paid the most in total among Premium subscribers?"], "label", "df[df.plan=='Premium'].set_index('subscriber_id').total_paid", {"pick": "max"}),
    ("s04", "subscribers", "argmax-groups-cond", ["which region has the highest average monthly fee among subscribers with tenure above 24 months"], "label", "df[df.tenure_months>24].groupby('region').monthly_fee.mean()", {"pick": "max"}),
    ("s05", "subscribers", "argmin-groups-cond", ["which plan has the lowest cancellation rate among subscribers older than 50"], "label", "100*(df[df.age>50].cancelled=='Yes').groupby(df[df.age>50].plan).mean()", {"pick": "min"}),
    ("s06", "subscribers", "groups2", ["how many subscribers by region and plan"], "groups2", "df.groupby(['region','plan']).size()", {}),
    ("s07", "subscribers", "argmax-cond-id", ["which subscriber with more than 4 support calls has the highest total paid"], "label", "df[df.support_calls>4].set_index('subscriber_id').total_paid", {"pick": "max"}),
    ("s08", "subscribers", "groups", ["average tenure by number of support calls"], "groups", "df.groupby('support_calls').tenure_months.mean()", {}),
    ("s09", "subscribers", "argmax-value", ["which West subscriber pays the highest monthly fee?"], "label", "df[df.region=='West'].set_index('subscriber_id').monthly_fee", {"pick": "max"}),
    ("s10", "subscribers", "groups-cond", ["total paid by plan for subscribers with tenure over 36 months"], "groups", "df[df.tenure_months>36].groupby('plan').total_paid.sum()", {}),
    ("s11", "subscribers", "argmin-cond-id", ["the subscriber with the lowest monthly fee among those aged over 70"], "label", "df[df.age>70].set_index('subscriber_id').monthly_fee", {"pick": "min"}),
    ("s12", "subscribers", "groups-many", ["number of cancellations by tenure"], "groups", "df[df.cancelled=='Yes'].groupby('tenure_months').size()", {}),
    # math_schools (nlme::MathAchSchool: School ids, Size, Sector, PRACAD, DISCLIM, HIMINTY, MEANSES)
    ("m01", "math_schools", "argmax-cond-id", ["which school has the largest size among Catholic schools"], "label", "df[df.Sector=='Catholic'].set_index('School').Size", {"pick": "max"}),
    ("m02", "math_schools", "groups", ["average MEANSES by sector"], "groups", "df.groupby('Sector').MEANSES.mean()", {}),
    ("m03", "math_schools", "argmax-cond-id", ["which school has the highest DISCLIM with Size above 1500?"], "label", "df[df.Size>1500].set_index('School').DISCLIM", {"pick": "max"}),
    ("m04", "math_schools", "argmax-groups-cond", ["which sector has the higher average PRACAD among schools with a size over 1000"], "label", "df[df.Size>1000].groupby('Sector').PRACAD.mean()", {"pick": "max"}),
    ("m05", "math_schools", "argmin-id", ["the school with the lowest MEANSES"], "label", "df.set_index('School').MEANSES", {"pick": "min"}),
    ("m06", "math_schools", "argmin-cond-id", ["among public schools with MEANSES above 0.5, which has the smallest size?"], "label", "df[(df.Sector=='Public')&(df.MEANSES>0.5)].set_index('School').Size", {"pick": "min"}),
    ("m07", "math_schools", "groups", ["average size by HIMINTY"], "groups", "df.groupby('HIMINTY').Size.mean()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
