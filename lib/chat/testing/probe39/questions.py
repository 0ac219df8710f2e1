#!/usr/bin/python3
"""Writes questions.jsonl: conversations over the five shared tables, one entry per turn (the turns so far; the
truth is that turn's). /usr/bin/python3 lib/chat/testing/probe39/questions.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
import sys
YEAR = "pd.to_datetime(df['Order Date'],format='%m/%d/%y').dt.year"
RATE = "lambda s: 100*(s=='Yes').mean()"

# (id, dataset, [(turn, type, kind, truth, extra), ...])
CONVS = [
    ("ss1", "superstore", [
        ("total sales by region", "first", "groups", "df.groupby('Region').Sales.sum()", {}),
        ("only for furniture", "refine", "groups", "df[df.Category=='Furniture'].groupby('Region').Sales.sum()", {}),
        ("which one is highest?", "superlative", "label", "df[df.Category=='Furniture'].groupby('Region').Sales.sum()", {"pick": "max"}),
        ("show it as a pie", "as-pie", "groups", "df[df.Category=='Furniture'].groupby('Region').Sales.sum()", {"output": {"chart": "pie"}}),
    ]),
    ("ss2", "superstore", [
        ("how much profit did we make in 2016?", "first", "scalar", f"df[{YEAR}==2016].Profit.sum()", {}),
        ("and in 2017?", "and-for", "scalar", f"df[{YEAR}==2017].Profit.sum()", {}),
        ("show profit by year as a line", "new-chart", "groups", f"df.groupby({YEAR}).Profit.sum()", {"output": {"chart": "line"}}),
        ("no, I meant the average", "correction", "groups", f"df.groupby({YEAR}).Profit.mean()", {}),
    ]),
    ("ss3", "superstore", [
        ("how many orders per segment?", "first", "groups", "df.groupby('Segment')['Order ID'].nunique()", {}),
        ("only in the west", "refine", "groups", "df[df.Region=='West'].groupby('Segment')['Order ID'].nunique()", {}),
        ("show as a pie", "as-pie", "groups", "df[df.Region=='West'].groupby('Segment')['Order ID'].nunique()", {"output": {"chart": "pie"}}),
        ("what is the average profit per segment?", "new-names-old", "groups", "df.groupby('Segment').Profit.mean()",
         {"alt": ["df[df.Region=='West'].groupby('Segment').Profit.mean()"]}),
    ]),
    ("te1", "telco", [
        ("how many customers churned?", "first", "scalar", "(df.Churn=='Yes').sum()", {}),
        ("what is the churn rate by contract?", "new", "groups", f"df.groupby('Contract').Churn.apply({RATE})", {"percent": True}),
        ("chart and table", "chart-table", "groups", f"df.groupby('Contract').Churn.apply({RATE})", {"percent": True, "output": {"figure": True, "table": True}}),
        ("which contract has the lowest?", "superlative", "label", f"df.groupby('Contract').Churn.apply({RATE})", {"pick": "min", "percent": True}),
    ]),
    ("te2", "telco", [
        ("average monthly charges by internet service", "first", "groups", "df.groupby('InternetService').MonthlyCharges.mean()", {}),
        ("only for senior citizens", "refine", "groups", "df[df.SeniorCitizen==1].groupby('InternetService').MonthlyCharges.mean()", {}),
        ("what about tenure?", "swap-measure", "groups", "df[df.SeniorCitizen==1].groupby('InternetService').tenure.mean()", {}),
        ("how many customers pay by electronic check?", "new", "scalar", "(df.PaymentMethod=='Electronic check').sum()",
         {"alt": ["((df.PaymentMethod=='Electronic check')&(df.SeniorCitizen==1)).sum()"]}),
    ]),
    ("te3", "telco", [
        ("average tenure of customers who churned", "first", "scalar", "df[df.Churn=='Yes'].tenure.mean()", {}),
        ("and those who didn't?", "and-for", "scalar", "df[df.Churn=='No'].tenure.mean()", {}),
        ("average tenure by churn as a chart and table", "new-names-old", "groups", "df.groupby('Churn').tenure.mean()", {"output": {"figure": True, "table": True}}),
        ("what about total charges?", "swap-measure", "groups", "df.groupby('Churn').TotalCharges.mean()", {}),
    ]),
    ("ca1", "cars", [
        ("average mpg by origin", "first", "groups", "df.groupby('Origin').MPG.mean()", {}),
        ("which origin is highest?", "superlative", "label", "df.groupby('Origin').MPG.mean()", {"pick": "max"}),
        ("what is the average horsepower of cars from Japan?", "new-names-old", "scalar", "df[df.Origin=='Japan'].Horsepower.mean()", {}),
        ("and by number of cylinders", "and-by", "groups", "df[df.Origin=='Japan'].groupby('Cylinders').Horsepower.mean()", {}),
    ]),
    ("ca2", "cars", [
        ("how many cars per year?", "first", "groups", "df.groupby('Year').size()", {}),
        ("show it as a line", "as-line", "groups", "df.groupby('Year').size()", {"output": {"chart": "line"}}),
        ("only japanese cars", "refine", "groups", "df[df.Origin=='Japan'].groupby('Year').size()", {}),
        ("which year had the most?", "superlative", "label", "df[df.Origin=='Japan'].groupby('Year').size()", {"pick": "max"}),
    ]),
    ("mo1", "movies", [
        ("total worldwide gross by major genre", "first", "groups", "df.groupby('Major Genre')['Worldwide Gross'].sum()", {}),
        ("top 5", "top", "topn", "df.groupby('Major Genre')['Worldwide Gross'].sum().sort_values(ascending=False).head(5)", {}),
        ("no, I meant the average", "correction", "topn", "df.groupby('Major Genre')['Worldwide Gross'].mean().sort_values(ascending=False).head(5)", {}),
        ("chart and table", "chart-table", "topn", "df.groupby('Major Genre')['Worldwide Gross'].mean().sort_values(ascending=False).head(5)", {"output": {"figure": True, "table": True}}),
    ]),
    ("mo2", "movies", [
        ("what's the average imdb rating of R rated movies?", "first", "scalar", "df[df['Content Rating']=='R']['IMDB Rating'].mean()", {}),
        ("and PG-13?", "and-for", "scalar", "df[df['Content Rating']=='PG-13']['IMDB Rating'].mean()", {}),
        ("average imdb rating by content rating", "new-names-old", "groups", "df.groupby('Content Rating')['IMDB Rating'].mean()", {}),
        ("which is the lowest?", "superlative", "label", "df.groupby('Content Rating')['IMDB Rating'].mean()", {"pick": "min"}),
    ]),
    ("mo3", "movies", [
        ("how many movies were released each year?", "first", "groups", "df.groupby('Release Year').size()", {}),
        ("only dramas", "refine", "groups", "df[df['Major Genre']=='Drama'].groupby('Release Year').size()", {}),
        ("show it as a line", "as-line", "groups", "df[df['Major Genre']=='Drama'].groupby('Release Year').size()", {"output": {"chart": "line"}}),
    ]),
    ("ad1", "adult", [
        ("how many people earn more than 50k?", "first", "scalar", "(df['class']=='>50K').sum()", {}),
        ("by sex", "and-by", "groups", "df[df['class']=='>50K'].groupby('sex').size()", {}),
        ("as a pie", "as-pie", "groups", "df[df['class']=='>50K'].groupby('sex').size()", {"output": {"chart": "pie"}}),
        ("what is the average age by education?", "new", "groups", "df.groupby('education').age.mean()",
         {"alt": ["df[df['class']=='>50K'].groupby('education').age.mean()"]}),
    ]),
    ("ad2", "adult", [
        ("average hours per week by workclass", "first", "groups", "df.groupby('workclass').hours_per_week.mean()", {}),
        ("only for women", "refine", "groups", "df[df.sex=='Female'].groupby('workclass').hours_per_week.mean()", {}),
        ("which one is highest?", "superlative", "label", "df[df.sex=='Female'].groupby('workclass').hours_per_week.mean()", {"pick": "max"}),
        ("and for men?", "and-for", "label", "df[df.sex=='Male'].groupby('workclass').hours_per_week.mean()", {"pick": "max"}),
    ]),
]

# A second batch, written after the first round of fixes and before its run (questions2.jsonl).
CONVS2 = [
    ("ss4", "superstore", [
        ("total sales by category", "first", "groups", "df.groupby('Category').Sales.sum()", {}),
        ("now the average discount", "no-field", "no-field", None, {"word": "discount"}),
    ]),
    ("ss5", "superstore", [
        ("total profit by category", "first", "groups", "df.groupby('Category').Profit.sum()", {}),
        ("just technology", "refine", "scalar", "df[df.Category=='Technology'].Profit.sum()",
         {"alt": ["df[df.Category=='Technology'].groupby('Category').Profit.sum().iloc[0]"]}),
        ("and by sub-category?", "and-by", "groups", "df[df.Category=='Technology'].groupby('Sub-Category').Profit.sum()", {}),
        ("which one made the least?", "superlative", "label", "df[df.Category=='Technology'].groupby('Sub-Category').Profit.sum()", {"pick": "min"}),
    ]),
    ("te4", "telco", [
        ("average monthly charges of customers who churned", "first", "scalar", "df[df.Churn=='Yes'].MonthlyCharges.mean()", {}),
        ("those who didn't churn", "negated", "scalar", "df[df.Churn=='No'].MonthlyCharges.mean()", {}),
        ("by contract", "and-by", "groups", "df[df.Churn=='No'].groupby('Contract').MonthlyCharges.mean()", {}),
    ]),
    ("te5", "telco", [
        ("how many customers have fiber optic?", "first", "scalar", "(df.InternetService=='Fiber optic').sum()", {}),
        ("how many of them churned?", "of-them", "scalar", "((df.InternetService=='Fiber optic')&(df.Churn=='Yes')).sum()", {}),
        ("what is the churn rate by internet service?", "new", "groups", f"df.groupby('InternetService').Churn.apply({RATE})", {"percent": True}),
        ("show it as a bar chart", "as-bar", "groups", f"df.groupby('InternetService').Churn.apply({RATE})", {"percent": True, "output": {"chart": "bar"}}),
    ]),
    ("ca3", "cars", [
        ("average weight by cylinders", "first", "groups", "df.groupby('Cylinders').Weight.mean()", {}),
        ("no, I meant the maximum", "correction", "groups", "df.groupby('Cylinders').Weight.max()", {}),
        ("only american cars", "refine", "groups", "df[df.Origin=='USA'].groupby('Cylinders').Weight.max()", {}),
        ("what is the average acceleration by origin?", "new", "groups", "df.groupby('Origin').Acceleration.mean()",
         {"alt": ["df[df.Origin=='USA'].groupby('Origin').Acceleration.mean()"]}),
    ]),
    ("mo4", "movies", [
        ("average production budget by creative type", "first", "groups", "df.groupby('Creative Type')['Production Budget'].mean()", {}),
        ("which is highest?", "superlative", "label", "df.groupby('Creative Type')['Production Budget'].mean()", {"pick": "max"}),
        ("how many movies are in that creative type?", "that-value", "scalar", "(df['Creative Type']=='Super Hero').sum()", {}),
    ]),
    ("mo5", "movies", [
        ("total worldwide gross per year", "first", "groups", "df.groupby('Release Year')['Worldwide Gross'].sum()", {}),
        ("as a line", "as-line", "groups", "df.groupby('Release Year')['Worldwide Gross'].sum()", {"output": {"chart": "line"}}),
        ("only comedies", "refine", "groups", "df[df['Major Genre']=='Comedy'].groupby('Release Year')['Worldwide Gross'].sum()", {}),
        ("no, I meant the average", "correction", "groups", "df[df['Major Genre']=='Comedy'].groupby('Release Year')['Worldwide Gross'].mean()", {}),
    ]),
    ("ad3", "adult", [
        ("how many people by race?", "first", "groups", "df.groupby('race').size()", {}),
        ("as a pie", "as-pie", "groups", "df.groupby('race').size()", {"output": {"chart": "pie"}}),
        ("only those earning more than 50k", "refine", "groups", "df[df['class']=='>50K'].groupby('race').size()", {}),
        ("what about women?", "what-about", "groups", "df[(df['class']=='>50K')&(df.sex=='Female')].groupby('race').size()",
         {"alt": ["df[df.sex=='Female'].groupby('race').size()"]}),
    ]),
    ("ad4", "adult", [
        ("average capital gain by occupation", "first", "groups", "df.groupby('occupation').capital_gain.mean()", {}),
        ("top 3", "top", "topn", "df.groupby('occupation').capital_gain.mean().sort_values(ascending=False).head(3)", {}),
        ("for men only", "refine", "topn", "df[df.sex=='Male'].groupby('occupation').capital_gain.mean().sort_values(ascending=False).head(3)", {}),
    ]),
]

# A third batch, written after the second round of fixes and before its run (questions3.jsonl).
CONVS3 = [
    ("ss6", "superstore", [
        ("what are total sales per ship mode?", "first", "groups", "df.groupby('Ship Mode').Sales.sum()", {}),
        ("and profit?", "and-measure", "groups", "df.groupby('Ship Mode').Profit.sum()",
         {}),
        ("only consumer segment", "refine", "groups", "df[df.Segment=='Consumer'].groupby('Ship Mode').Profit.sum()", {}),
        ("which ship mode is the least profitable?", "superlative", "label", "df[df.Segment=='Consumer'].groupby('Ship Mode').Profit.sum()", {"pick": "min"}),
    ]),
    ("ss7", "superstore", [
        ("average quantity per order line by region", "first", "groups", "df.groupby('Region').Quantity.mean()", {}),
        ("as a bar chart sorted from highest to lowest", "sorted", "topn", "df.groupby('Region').Quantity.mean().sort_values(ascending=False)", {}),
        ("how many order lines are in the south?", "new", "scalar", "(df.Region=='South').sum()", {}),
    ]),
    ("te6", "telco", [
        ("average total charges by payment method", "first", "groups", "df.groupby('PaymentMethod').TotalCharges.mean()", {}),
        ("for customers with paperless billing", "refine", "groups", "df[df.PaperlessBilling=='Yes'].groupby('PaymentMethod').TotalCharges.mean()", {}),
        ("no, I meant the median", "correction", "groups", "df[df.PaperlessBilling=='Yes'].groupby('PaymentMethod').TotalCharges.median()", {}),
    ]),
    ("te7", "telco", [
        ("how many customers per contract?", "first", "groups", "df.groupby('Contract').size()", {}),
        ("as a pie", "as-pie", "groups", "df.groupby('Contract').size()", {"output": {"chart": "pie"}}),
        ("what is the average tenure per contract?", "new-names-old", "groups", "df.groupby('Contract').tenure.mean()", {}),
        ("which contract has the highest?", "superlative", "label", "df.groupby('Contract').tenure.mean()", {"pick": "max"}),
    ]),
    ("ca4", "cars", [
        ("average horsepower per year", "first", "groups", "df.groupby('Year').Horsepower.mean()", {}),
        ("show it as a line", "as-line", "groups", "df.groupby('Year').Horsepower.mean()", {"output": {"chart": "line"}}),
        ("for cars with 4 cylinders", "refine", "groups", "df[df.Cylinders==4].groupby('Year').Horsepower.mean()", {}),
        ("what is the heaviest car?", "new", "label", "df.set_index('Model').Weight", {"pick": "max"}),
    ]),
    ("mo6", "movies", [
        ("how many movies per major genre?", "first", "groups", "df.groupby('Major Genre').size()", {}),
        ("only those rated PG-13", "refine", "groups", "df[df['Content Rating']=='PG-13'].groupby('Major Genre').size()", {}),
        ("top 3", "top", "topn", "df[df['Content Rating']=='PG-13'].groupby('Major Genre').size().sort_values(ascending=False).head(3)", {}),
    ]),
    ("ad5", "adult", [
        ("what share of people earn more than 50k?", "first", "scalar", "100*(df['class']=='>50K').mean()", {"percent": True}),
        ("by education", "and-by", "groups", "df.groupby('education')['class'].apply(lambda s: 100*(s=='>50K').mean())", {"percent": True}),
        ("which education has the highest?", "superlative", "label", "df.groupby('education')['class'].apply(lambda s: 100*(s=='>50K').mean())", {"pick": "max", "percent": True}),
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
write(CONVS3, "questions3.jsonl")
