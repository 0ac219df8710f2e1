#!/usr/bin/python3
"""Writes questions.jsonl: conversations of 3-5 turns over the five shared tables (tables.json), one entry per
turn (the turns so far; the truth is that turn's), written as a new user types them, before the first run.
Turns that refer to the previous answer's result ("that genre", "those", "the top 3 of them"), rate-like measures
said without an aggregate ("show monthly charges by ..."), filters added and dropped, "same but by", corrections.
/usr/bin/python3 lib/chat/testing/probe42/questions.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RATE = "lambda s: 100*(s=='Yes').mean()"
RICH = "lambda s: 100*(s=='>50K').mean()"
TOP3 = lambda s: f"{s}.sort_values(ascending=False).head(3)"

# (id, dataset, [(turn, type, kind, truth, extra), ...])
CONVS = [
    ("mo1", "movies", [
        ("average imdb rating by major genre", "first", "groups", "df.groupby('Major Genre')['IMDB Rating'].mean()", {}),
        ("which one is highest?", "superlative", "label", "df.groupby('Major Genre')['IMDB Rating'].mean()", {"pick": "max"}),
        ("how many movies are in that genre?", "that-value", "scalar", "(df['Major Genre']=='Documentary').sum()", {}),
        ("and the average production budget for those?", "those-measure", "scalar", "df[df['Major Genre']=='Documentary']['Production Budget'].mean()", {}),
        ("what about comedy?", "what-about", "scalar", "df[df['Major Genre']=='Comedy']['Production Budget'].mean()", {}),
    ]),
    ("ss1", "superstore", [
        ("total sales by sub-category", "first", "groups", "df.groupby('Sub-Category').Sales.sum()", {}),
        ("show the top 3 of them", "top", "topn", TOP3("df.groupby('Sub-Category').Sales.sum()"), {}),
        ("as a pie", "as-pie", "topn", TOP3("df.groupby('Sub-Category').Sales.sum()"), {"output": {"chart": "pie"}}),
        ("now only for the west", "refine", "topn", TOP3("df[df.Region=='West'].groupby('Sub-Category').Sales.sum()"), {}),
        ("drop the filter", "unfilter", "topn", TOP3("df.groupby('Sub-Category').Sales.sum()"), {}),
    ]),
    ("te1", "telco", [
        ("show monthly charges by internet service", "rate-measure", "groups", "df.groupby('InternetService').MonthlyCharges.mean()", {}),
        ("which one is highest?", "superlative", "label", "df.groupby('InternetService').MonthlyCharges.mean()", {"pick": "max"}),
        ("how many customers have that internet service?", "that-value", "scalar", "(df.InternetService=='Fiber optic').sum()", {}),
        ("how many of those churned?", "of-those", "scalar", "((df.InternetService=='Fiber optic')&(df.Churn=='Yes')).sum()", {}),
    ]),
    ("ca1", "cars", [
        ("how many cars per origin?", "first", "groups", "df.groupby('Origin').size()", {}),
        ("which origin has the most?", "superlative", "label", "df.groupby('Origin').size()", {"pick": "max"}),
        ("and the average mpg for those?", "those-measure", "scalar", "df[df.Origin=='USA'].MPG.mean()", {}),
        ("same but by cylinders", "same-by", "groups", "df[df.Origin=='USA'].groupby('Cylinders').MPG.mean()",
         {"alt": ["df.groupby('Cylinders').MPG.mean()"]}),
    ]),
    ("ad1", "adult", [
        ("average age by marital status", "first", "groups", "df.groupby('marital_status').age.mean()", {}),
        ("which is the lowest?", "superlative", "label", "df.groupby('marital_status').age.mean()", {"pick": "min"}),
        ("how many people are in that group?", "that-value", "scalar", "(df.marital_status=='Never-married').sum()", {}),
        ("what share of those earn more than 50k?", "those-share", "scalar", "100*(df[df.marital_status=='Never-married']['class']=='>50K').mean()", {"percent": True}),
    ]),
    ("mo2", "movies", [
        ("how many movies per creative type?", "first", "groups", "df.groupby('Creative Type').size()", {}),
        ("show the top 3 of them", "top", "topn", TOP3("df.groupby('Creative Type').size()"), {}),
        ("and the average worldwide gross for those?", "those-measure", "groups",
         "df[df['Creative Type'].isin(['Contemporary Fiction','Historical Fiction','Fantasy'])].groupby('Creative Type')['Worldwide Gross'].mean()", {}),
        ("as a bar chart", "as-bar", "groups",
         "df[df['Creative Type'].isin(['Contemporary Fiction','Historical Fiction','Fantasy'])].groupby('Creative Type')['Worldwide Gross'].mean()", {"output": {"chart": "bar"}}),
    ]),
    ("te2", "telco", [
        ("what's the average tenure by contract?", "first", "groups", "df.groupby('Contract').tenure.mean()", {}),
        ("now only for customers who churned", "refine", "groups", "df[df.Churn=='Yes'].groupby('Contract').tenure.mean()", {}),
        ("drop the filter", "unfilter", "groups", "df.groupby('Contract').tenure.mean()", {}),
        ("same but by payment method", "same-by", "groups", "df.groupby('PaymentMethod').tenure.mean()", {}),
    ]),
    ("ss2", "superstore", [
        ("profit by region", "first", "groups", "df.groupby('Region').Profit.sum()", {}),
        ("no, I meant the average", "correction", "groups", "df.groupby('Region').Profit.mean()", {}),
        ("which region is lowest?", "superlative", "label", "df.groupby('Region').Profit.mean()", {"pick": "min"}),
        ("how many orders came from that region?", "that-value", "scalar", "df[df.Region=='Central']['Order ID'].nunique()", {}),
    ]),
    ("ca2", "cars", [
        ("average horsepower by origin", "first", "groups", "df.groupby('Origin').Horsepower.mean()", {}),
        ("what about weight?", "swap-measure", "groups", "df.groupby('Origin').Weight.mean()", {}),
        ("only cars made after 1975", "refine", "groups", "df[df.Year>75].groupby('Origin').Weight.mean()", {}),
        ("which one is lightest?", "superlative", "label", "df[df.Year>75].groupby('Origin').Weight.mean()", {"pick": "min"}),
    ]),
    ("mo3", "movies", [
        ("total production budget by content rating", "first", "groups", "df.groupby('Content Rating')['Production Budget'].sum()", {}),
        ("as a pie", "as-pie", "groups", "df.groupby('Content Rating')['Production Budget'].sum()", {"output": {"chart": "pie"}}),
        ("now only for action movies", "refine", "groups", "df[df['Major Genre']=='Action'].groupby('Content Rating')['Production Budget'].sum()", {}),
        ("what about horror?", "what-about", "groups", "df[df['Major Genre']=='Horror'].groupby('Content Rating')['Production Budget'].sum()", {}),
    ]),
    ("ad2", "adult", [
        ("how many people by occupation?", "first", "groups", "df.groupby('occupation').size()", {}),
        ("show the top 3 of them", "top", "topn", TOP3("df.groupby('occupation').size()"), {}),
        ("what's the average hours per week for those?", "those-measure", "groups",
         "df[df.occupation.isin(['Prof-specialty','Craft-repair','Exec-managerial'])].groupby('occupation').hours_per_week.mean()", {}),
        ("no, I meant the median", "correction", "groups",
         "df[df.occupation.isin(['Prof-specialty','Craft-repair','Exec-managerial'])].groupby('occupation').hours_per_week.median()", {}),
    ]),
    ("te3", "telco", [
        ("churn rate by payment method", "first", "groups", f"df.groupby('PaymentMethod').Churn.apply({RATE})", {"percent": True}),
        ("which one is highest?", "superlative", "label", f"df.groupby('PaymentMethod').Churn.apply({RATE})", {"pick": "max", "percent": True}),
        ("average monthly charges for that payment method", "that-value", "scalar", "df[df.PaymentMethod=='Electronic check'].MonthlyCharges.mean()", {}),
        ("what about mailed check?", "what-about", "scalar", "df[df.PaymentMethod=='Mailed check'].MonthlyCharges.mean()", {}),
    ]),
    ("ss3", "superstore", [
        ("how many orders per ship mode?", "first", "groups", "df.groupby('Ship Mode')['Order ID'].nunique()", {}),
        ("which ship mode has the fewest?", "superlative", "label", "df.groupby('Ship Mode')['Order ID'].nunique()", {"pick": "min"}),
        ("what's the total profit in that ship mode?", "that-value", "scalar", "df[df['Ship Mode']=='Same Day'].Profit.sum()", {}),
        ("same but by category", "same-by", "groups", "df[df['Ship Mode']=='Same Day'].groupby('Category').Profit.sum()", {}),
    ]),
    ("ad3", "adult", [
        ("show hours per week by sex", "rate-measure", "groups", "df.groupby('sex').hours_per_week.mean()", {}),
        ("and by race", "and-by", "groups", "df.groupby('race').hours_per_week.mean()", {}),
        ("how many trials are there per race?", "unknown-noun", "no-field", None, {"word": "trials"}),
        ("how many people earn more than 50k by race?", "new", "groups", "df[df['class']=='>50K'].groupby('race').size()", {}),
    ]),
    ("mo4", "movies", [
        ("show rotten tomatoes rating by creative type", "rate-measure", "groups", "df.groupby('Creative Type')['Rotten Tomatoes Rating'].mean()", {}),
        ("show the top 3 of them", "top", "topn", TOP3("df.groupby('Creative Type')['Rotten Tomatoes Rating'].mean()"), {}),
        ("how many movies are in those creative types?", "those-values", "groups",
         "df[df['Creative Type'].isin(['Factual','Dramatization','Kids Fiction'])].groupby('Creative Type').size()", {}),
    ]),
]

# A second batch, written after the fixes and before its own run (questions2.jsonl): other wordings of the same kinds.
CONVS2 = [
    ("ss4", "superstore", [
        ("which segment has the most profit?", "superlative", "label", "df.groupby('Segment').Profit.sum()", {"pick": "max"}),
        ("how many orders did that segment place?", "that-value", "scalar", "df[df.Segment=='Consumer']['Order ID'].nunique()", {}),
        ("and their total sales?", "those-measure", "scalar", "df[df.Segment=='Consumer'].Sales.sum()", {}),
    ]),
    ("ca3", "cars", [
        ("which year has the highest average mpg?", "superlative", "label", "df.groupby('Year').MPG.mean()", {"pick": "max"}),
        ("how many cars are from that year?", "that-value", "scalar", "(df.Year==80).sum()", {}),
        ("what's their average horsepower?", "those-measure", "scalar", "df[df.Year==80].Horsepower.mean()", {}),
    ]),
    ("te4", "telco", [
        ("which contract has the lowest churn rate?", "superlative", "label", f"df.groupby('Contract').Churn.apply({RATE})", {"pick": "min", "percent": True}),
        ("average tenure for that contract", "that-value", "scalar", "df[df.Contract=='Two year'].tenure.mean()", {}),
        ("what about month-to-month?", "what-about", "scalar", "df[df.Contract=='Month-to-month'].tenure.mean()", {}),
    ]),
    ("ad4", "adult", [
        ("which workclass has the highest average hours per week?", "superlative", "label", "df.groupby('workclass').hours_per_week.mean()", {"pick": "max"}),
        ("how many people are in that workclass?", "that-value", "scalar", "(df.workclass=='Self-emp-inc').sum()", {}),
        ("what share of them are women?", "those-share", "scalar", "100*(df[df.workclass=='Self-emp-inc'].sex=='Female').mean()", {"percent": True}),
    ]),
    ("mo5", "movies", [
        ("average running time by major genre", "first", "groups", "df.groupby('Major Genre')['Running Time'].mean()", {}),
        ("which is the longest?", "superlative", "label", "df.groupby('Major Genre')['Running Time'].mean()", {"pick": "max"}),
        ("how many movies does that genre have?", "that-value", "scalar", "(df['Major Genre']=='Western').sum()", {}),
    ]),
]


def write(convs, name):
    with open(os.path.join(HERE, name), "w") as f:
        for cid, dataset, turns in convs:
            for i, (turn, typ, kind, truth, extra) in enumerate(turns):
                q = {"id": f"{cid}-{i + 1}", "dataset": dataset, "type": typ,
                     "turns": [t[0] for t in turns[: i + 1]], "kind": kind, **({"truth": truth} if truth else {}), **extra}
                f.write(json.dumps(q) + "\n")


write(CONVS, "questions.jsonl")
write(CONVS2, "questions2.jsonl")
