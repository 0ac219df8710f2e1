#!/usr/bin/python3
"""Writes questions.jsonl (probe44: survey and wide tables, ordinal answers), written before the first run.
/usr/bin/python3 lib/chat/testing/probe44/questions.py && /usr/bin/python3 lib/chat/testing/probe44/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

SAT = "pd.Categorical(df.satisfaction, ['Very dissatisfied','Dissatisfied','Neutral','Satisfied','Very satisfied'], ordered=True)"
AGE = "pd.Categorical(df.age_band, ['18-24','25-34','35-44','45-54','55-64','65+'], ordered=True)"
GR = "pd.Categorical(df.grade, ['A','B','C','D','E','F'], ordered=True)"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # satisfaction_survey
    ("v01", "satisfaction_survey", "nps-share", ["what share of respondents gave 9 or 10?"], "scalar", "100*(df.nps>=9).mean()", {"percent": True, "alt": ["(df.nps>=9).mean()"]}),
    ("v02", "satisfaction_survey", "nps-share", ["what percent gave a score of 6 or lower"], "scalar", "100*(df.nps<=6).mean()", {"percent": True, "alt": ["(df.nps<=6).mean()"]}),
    ("v03", "satisfaction_survey", "mode", ["what is the most common satisfaction answer?"], "label", "df.satisfaction.value_counts()", {"pick": "max"}),
    ("v04", "satisfaction_survey", "ordinal-order", ["number of respondents by satisfaction level, in order"], "groups", f"df.groupby({SAT}, observed=True).size()", {"ordered": True}),
    ("v05", "satisfaction_survey", "ordinal-order", ["count of respondents per age band"], "groups", f"df.groupby({AGE}, observed=True).size()", {"ordered": True}),
    ("v06", "satisfaction_survey", "groups2", ["average nps by plan and gender"], "groups2", "df.groupby(['plan','gender']).nps.mean()", {}),
    ("v07", "satisfaction_survey", "ordinal-filter", ["how many respondents are satisfied or better?"], "scalar", "df.satisfaction.isin(['Satisfied','Very satisfied']).sum()", {}),
    ("v08", "satisfaction_survey", "ordinal-filter", ["what share of people were dissatisfied or worse"], "scalar", "100*df.satisfaction.isin(['Dissatisfied','Very dissatisfied']).mean()", {"percent": True, "alt": ["df.satisfaction.isin(['Dissatisfied','Very dissatisfied']).mean()"]}),
    ("v09", "satisfaction_survey", "mode", ["most common answer to would recommend"], "label", "df.would_recommend.value_counts()", {"pick": "max"}),
    ("v10", "satisfaction_survey", "groups", ["average nps by age band"], "groups", f"df.groupby({AGE}, observed=True).nps.mean()", {"ordered": True}),
    ("v11", "satisfaction_survey", "free-text", ["how many respondents left a comment?"], "scalar", "(df.comments!='').sum()", {}),
    ("v12", "satisfaction_survey", "free-text", ["how many comments mention support"], "scalar", "df.comments.str.contains('support', case=False).sum()", {}),
    ("v13", "satisfaction_survey", "share-by", ["share of promoters by plan"], "groups", "100*(df.nps>=9).groupby(df.plan).mean()", {"alt": ["(df.nps>=9).groupby(df.plan).mean()"]}),
    ("v14", "satisfaction_survey", "followup", ["average nps by country", "only Premium plan"], "groups", "df[df.plan=='Premium'].groupby('country').nps.mean()", {}),
    ("v15", "satisfaction_survey", "argmax", ["which country has the lowest average nps?"], "label", "df.groupby('country').nps.mean()", {"pick": "min"}),
    ("v16", "satisfaction_survey", "ordinal-filter", ["average nps of respondents aged 45 and over"], "scalar", "df[df.age_band.isin(['45-54','55-64','65+'])].nps.mean()", {}),
    ("v17", "satisfaction_survey", "followup", ["how many said Maybe to would recommend", "and how many said No?"], "scalar", "(df.would_recommend=='No').sum()", {}),
    ("v18", "satisfaction_survey", "nps", ["what is the net promoter score"], "scalar", "100*((df.nps>=9).mean()-(df.nps<=6).mean())", {}),
    # product_catalogue (34 columns)
    ("c01", "product_catalogue", "top-having", ["top 3 brands by average rating among products with at least 100 reviews"], "topn", "df[df.reviews>=100].groupby('brand').rating.mean().nlargest(3)", {}),
    ("c02", "product_catalogue", "groups", ["average price by category"], "groups", "df.groupby('category').price.mean()", {}),
    ("c03", "product_catalogue", "groups2", ["average rating by category and color"], "groups2", "df.groupby(['category','color']).rating.mean()", {}),
    ("c04", "product_catalogue", "margin", ["average margin by brand"], "groups", "(df.price-df.cost).groupby(df.brand).mean()", {"alt": ["((df.price-df.cost)/df.price).groupby(df.brand).mean()", "100*((df.price-df.cost)/df.price).groupby(df.brand).mean()"]}),
    ("c05", "product_catalogue", "filter-count", ["how many products are out of stock"], "scalar", "(df.in_stock=='No').sum()", {}),
    ("c06", "product_catalogue", "argmax", ["which subcategory has the highest average weight?"], "label", "df.groupby('subcategory').weight_kg.mean()", {"pick": "max"}),
    ("c07", "product_catalogue", "date", ["how many products were launched in 2022"], "scalar", "(pd.to_datetime(df.launch_date).dt.year==2022).sum()", {}),
    ("c08", "product_catalogue", "ordinal-order", ["number of products by size"], "groups", "df[df['size']!=''].groupby(pd.Categorical(df[df['size']!='']['size'], ['XS','S','M','L','XL'], ordered=True), observed=True).size()", {"ordered": True}),
    ("c09", "product_catalogue", "scalar", ["average price of Hooli products"], "scalar", "df[df.brand=='Hooli'].price.mean()", {}),
    ("c10", "product_catalogue", "topn", ["5 most reviewed products"], "topn", "df.set_index('sku').reviews.nlargest(5)", {"alt": ["df.set_index('product_name').reviews.nlargest(5)"]}),
    ("c11", "product_catalogue", "mode", ["which material is most common?"], "label", "df.material.value_counts()", {"pick": "max"}),
    ("c12", "product_catalogue", "filter2", ["average rating of footwear priced under 40"], "scalar", "df[(df.category=='Footwear')&(df.price<40)].rating.mean()", {}),
    ("c13", "product_catalogue", "followup", ["total units sold in the last 30 days by supplier", "only eco label products"], "groups", "df[df.eco_label=='Yes'].groupby('supplier').units_sold_30d.sum()", {}),
    # school_results
    ("s01", "school_results", "argmin-filter", ["which subject has the lowest average score in term 2"], "label", "df[df.term==2].groupby('subject').score.mean()", {"pick": "min"}),
    ("s02", "school_results", "ordinal-order", ["how many results per grade, in order"], "groups", f"df.groupby({GR}, observed=True).size()", {"ordered": True}),
    ("s03", "school_results", "ordinal-filter", ["how many results are grade C or below"], "scalar", "df.grade.isin(['C','D','E','F']).sum()", {}),
    ("s04", "school_results", "ordinal-filter", ["what share of results are B or better"], "scalar", "100*df.grade.isin(['A','B']).mean()", {"percent": True, "alt": ["df.grade.isin(['A','B']).mean()"]}),
    ("s05", "school_results", "groups2", ["average score by class and subject"], "groups2", "df.groupby(['class','subject']).score.mean()", {}),
    ("s06", "school_results", "argmax", ["which student has the highest average score?"], "label", "df.groupby('student').score.mean()", {"pick": "max"}),
    ("s07", "school_results", "groups", ["average attendance by class"], "groups", "df.groupby('class').attendance_pct.mean()", {}),
    ("s08", "school_results", "followup", ["average score by subject", "in term 3"], "groups", "df[df.term==3].groupby('subject').score.mean()", {}),
    ("s09", "school_results", "mode", ["most common grade in Maths"], "label", "df[df.subject=='Maths'].grade.value_counts()", {"pick": "max"}),
    ("s10", "school_results", "groups", ["average score by term"], "groups", "df.groupby('term').score.mean()", {}),
    ("s11", "school_results", "count-distinct", ["how many students got an F at least once"], "scalar", "df[df.grade=='F'].student.nunique()", {}),
    # luv_colours (ggplot2)
    ("l01", "luv_colours", "count", ["how many colours have L above 5000"], "scalar", "(df.L>5000).sum()", {}),
    ("l02", "luv_colours", "argmax", ["which colour has the lowest L among those with v above 5000?"], "label", "df[df.v>5000].set_index('col').L", {"pick": "min"}),
    ("l03", "luv_colours", "text-filter", ["how many colours have blue in the name"], "scalar", "df.col.str.contains('blue').sum()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
