#!/usr/bin/python3
"""Probe63: conversations as the web app sends them (every turn answered, the assistant's messages kept in the
request). Each conversation is written as a list of turns; each turn is one question whose `turns` are the
conversation up to it, so every turn is scored. Written before the first run; after it, the superstore "orders" counts also accept the
distinct Order IDs (`alt`: a row is an order line, several share an Order ID; the engine's reading is as right).
/usr/bin/python3 lib/chat/testing/probe63/questions.py"""
import json
import os

T, S, C = "telco", "superstore", "california"
HIST = {"chart": "histogram"}
BAR = {"chart": "bar"}

# (conversation id, dataset, [(turn, kind, truth, extra), ...])
CONVS = [
    ("c01", T, [
        ("how many customers churned?", "scalar", "(df.Churn=='Yes').sum()", {}),
        ("tenure distribution", "scalar", "df.tenure.mean()", {"output": HIST}),
        ("average monthly charges for senior citizens", "scalar", "df[df.SeniorCitizen==1].MonthlyCharges.mean()", {}),
        ("compare payment methods", "groups", "df.groupby('PaymentMethod').size()", {}),
        ("churn rate by InternetService as a chart", "groups", "df.groupby('InternetService').Churn.apply(lambda s: (s=='Yes').mean()*100)", {"output": BAR}),
        ("top 5 customers by TotalCharges", "topn", "df.set_index('customerID').TotalCharges.sort_values(ascending=False).head(5)", {}),
    ]),
    ("c02", T, [
        ("what's the average tenure?", "scalar", "df.tenure.mean()", {}),
        ("and for customers on month-to-month contracts?", "scalar", "df[df.Contract=='Month-to-month'].tenure.mean()", {}),
        ("how does churn rate differ by contract type", "groups", "df.groupby('Contract').Churn.apply(lambda s: (s=='Yes').mean()*100)", {}),
        ("show it as a bar chart", "groups", "df.groupby('Contract').Churn.apply(lambda s: (s=='Yes').mean()*100)", {"output": BAR}),
    ]),
    ("c03", T, [
        ("number of customers by gender", "groups", "df.groupby('gender').size()", {}),
        ("average monthly charges by payment method", "groups", "df.groupby('PaymentMethod').MonthlyCharges.mean()", {}),
        ("which one is highest?", "label", "df.groupby('PaymentMethod').MonthlyCharges.mean()", {"pick": "max"}),
        ("what is the total of TotalCharges?", "scalar", "df.TotalCharges.sum()", {}),
    ]),
    ("c04", T, [
        ("how many senior citizens are there", "scalar", "(df.SeniorCitizen==1).sum()", {}),
        ("what's their churn rate?", "scalar", "(df[df.SeniorCitizen==1].Churn=='Yes').mean()*100", {}),
        ("how many customers have fiber optic internet?", "scalar", "(df.InternetService=='Fiber optic').sum()", {}),
        ("average tenure by contract", "groups", "df.groupby('Contract').tenure.mean()", {}),
    ]),
    ("c05", T, [
        ("churn rate by InternetService as a chart", "groups", "df.groupby('InternetService').Churn.apply(lambda s: (s=='Yes').mean()*100)", {"output": BAR}),
        ("top 5 customers by TotalCharges", "topn", "df.set_index('customerID').TotalCharges.sort_values(ascending=False).head(5)", {}),
        ("how many customers use electronic check", "scalar", "(df.PaymentMethod=='Electronic check').sum()", {}),
        ("monthly charges distribution", "scalar", "df.MonthlyCharges.mean()", {"output": HIST}),
    ]),
    ("c06", T, [
        ("average monthly charges for senior citizens", "scalar", "df[df.SeniorCitizen==1].MonthlyCharges.mean()", {}),
        ("compare payment methods", "groups", "df.groupby('PaymentMethod').size()", {}),
        ("what about by contract?", "groups", "df.groupby('Contract').size()", {}),
    ]),
    ("c07", T, [
        ("what percentage of customers have paperless billing", "scalar", "(df.PaperlessBilling=='Yes').mean()*100", {}),
        ("how many customers have no phone service", "scalar", "(df.PhoneService=='No').sum()", {}),
        ("median monthly charge", "scalar", "df.MonthlyCharges.median()", {}),
        ("break that down by internet service", "groups", "df.groupby('InternetService').MonthlyCharges.median()", {}),
    ]),
    ("c08", T, [
        ("tenure distribution", "scalar", "df.tenure.mean()", {"output": HIST}),
        ("how many customers churned?", "scalar", "(df.Churn=='Yes').sum()", {}),
        ("average tenure of customers who churned", "scalar", "df[df.Churn=='Yes'].tenure.mean()", {}),
        ("and of those who stayed?", "scalar", "df[df.Churn=='No'].tenure.mean()", {}),
    ]),
    ("c09", T, [
        ("count of customers by contract type", "groups", "df.groupby('Contract').size()", {}),
        ("which payment method is most common?", "label", "df.groupby('PaymentMethod').size()", {"pick": "max"}),
        ("average total charges by gender", "groups", "df.groupby('gender').TotalCharges.mean()", {}),
    ]),
    ("s01", S, [
        ("total sales by region", "groups", "df.groupby('Region').Sales.sum()", {}),
        ("which region has the highest profit?", "label", "df.groupby('Region').Profit.sum()", {"pick": "max"}),
        ("how many orders were shipped first class?", "scalar", "(df['Ship Mode']=='First Class').sum()", {"alt": ["df[df['Ship Mode']=='First Class']['Order ID'].nunique()"]}),
        ("top 5 states by sales", "topn", "df.groupby('State').Sales.sum().sort_values(ascending=False).head(5)", {}),
    ]),
    ("s02", S, [
        ("average profit for the technology category", "scalar", "df[df.Category=='Technology'].Profit.mean()", {}),
        ("what about furniture?", "scalar", "df[df.Category=='Furniture'].Profit.mean()", {}),
        ("total quantity by segment", "groups", "df.groupby('Segment').Quantity.sum()", {}),
        ("show that as a pie chart", "groups", "df.groupby('Segment').Quantity.sum()", {"output": {"chart": "pie"}}),
    ]),
    ("s03", S, [
        ("how many orders are there?", "scalar", "len(df)", {"alt": ["df['Order ID'].nunique()"]}),
        ("sales by category", "groups", "df.groupby('Category').Sales.sum()", {}),
        ("now profit", "groups", "df.groupby('Category').Profit.sum()", {}),
        ("average days to ship by ship mode", "groups", "df.groupby('Ship Mode')['Days to Ship'].mean()", {}),
    ]),
    ("s04", S, [
        ("total sales in the west region", "scalar", "df[df.Region=='West'].Sales.sum()", {}),
        ("and in the east?", "scalar", "df[df.Region=='East'].Sales.sum()", {}),
        ("which sub-category has the lowest profit", "label", "df.groupby('Sub-Category').Profit.sum()", {"pick": "min"}),
        ("distribution of quantity", "scalar", "df.Quantity.mean()", {"output": HIST}),
    ]),
    ("s05", S, [
        ("number of orders per segment", "groups", "df.groupby('Segment').size()", {"alt": ["df.groupby('Segment')['Order ID'].nunique()"]}),
        ("what's the average sales amount per order?", "scalar", "df.Sales.mean()", {}),
        ("top 3 cities by profit", "topn", "df.groupby('City').Profit.sum().sort_values(ascending=False).head(3)", {}),
        ("how many orders had a loss?", "scalar", "(df.Profit<0).sum()", {"alt": ["df[df.Profit<0]['Order ID'].nunique()"]}),
    ]),
    ("s06", S, [
        ("how many orders were shipped late", "scalar", "(df['Ship Status']=='Shipped Late').sum()", {"alt": ["df[df['Ship Status']=='Shipped Late']['Order ID'].nunique()"]}),
        ("total sales by ship status", "groups", "df.groupby('Ship Status').Sales.sum()", {}),
        ("average profit per order in the consumer segment", "scalar", "df[df.Segment=='Consumer'].Profit.mean()", {}),
        ("compare regions", "groups", "df.groupby('Region').size()", {}),
    ]),
    ("s07", S, [
        ("what is the total profit?", "scalar", "df.Profit.sum()", {}),
        ("for office supplies only", "scalar", "df[df.Category=='Office Supplies'].Profit.sum()", {}),
        ("sales by sub-category as a bar chart", "groups", "df.groupby('Sub-Category').Sales.sum()", {"output": BAR}),
        ("which customer bought the most?", "label", "df.groupby('Customer Name').Sales.sum()", {"pick": "max"}),
    ]),
    ("s08", S, [
        ("average sales by region", "groups", "df.groupby('Region').Sales.mean()", {}),
        ("how many orders came from California?", "scalar", "(df.State=='California').sum()", {"alt": ["df[df.State=='California']['Order ID'].nunique()"]}),
        ("profit distribution", "scalar", "df.Profit.mean()", {"output": HIST}),
    ]),
    ("h01", C, [
        ("what's the median house value on average?", "scalar", "df.median_house_value.mean()", {}),
        ("average house value by ocean proximity", "groups", "df.groupby('ocean_proximity').median_house_value.mean()", {}),
        ("which one is the cheapest?", "label", "df.groupby('ocean_proximity').median_house_value.mean()", {"pick": "min"}),
        ("how many districts are on an island?", "scalar", "(df.ocean_proximity=='ISLAND').sum()", {}),
    ]),
    ("h02", C, [
        ("distribution of median income", "scalar", "df.median_income.mean()", {"output": HIST}),
        ("average population for districts near the bay", "scalar", "df[df.ocean_proximity=='NEAR BAY'].population.mean()", {}),
        ("how many districts have a housing median age over 50", "scalar", "(df.housing_median_age>50).sum()", {}),
        ("total households by ocean proximity", "groups", "df.groupby('ocean_proximity').households.sum()", {}),
    ]),
    ("h03", C, [
        ("how many districts are there", "scalar", "len(df)", {}),
        ("average median income inland", "scalar", "df[df.ocean_proximity=='INLAND'].median_income.mean()", {}),
        ("and near the ocean?", "scalar", "df[df.ocean_proximity=='NEAR OCEAN'].median_income.mean()", {}),
        ("max house value", "scalar", "df.median_house_value.max()", {}),
    ]),
    ("h04", C, [
        ("count of districts by ocean proximity", "groups", "df.groupby('ocean_proximity').size()", {}),
        ("average number of rooms", "scalar", "df.total_rooms.mean()", {}),
        ("what's the total population?", "scalar", "df.population.sum()", {}),
        ("housing median age distribution", "scalar", "df.housing_median_age.mean()", {"output": HIST}),
    ]),
    ("h05", C, [
        ("median income by ocean proximity as a chart", "groups", "df.groupby('ocean_proximity').median_income.mean()", {"output": BAR}),
        ("which ocean proximity has the most people?", "label", "df.groupby('ocean_proximity').population.sum()", {"pick": "max"}),
        ("how many districts have a median house value above 400000?", "scalar", "(df.median_house_value>400000).sum()", {}),
    ]),
    ("h06", C, [
        ("average house value for districts with median income above 8", "scalar", "df[df.median_income>8].median_house_value.mean()", {}),
        ("how many are there?", "scalar", "(df.median_income>8).sum()", {}),
        ("average total bedrooms by ocean proximity", "groups", "df.groupby('ocean_proximity').total_bedrooms.mean()", {}),
    ]),
    ("c10", T, [
        ("how many customers have dependents", "scalar", "(df.Dependents=='Yes').sum()", {}),
        ("churn rate for them", "scalar", "(df[df.Dependents=='Yes'].Churn=='Yes').mean()*100", {}),
        ("average monthly charges by contract", "groups", "df.groupby('Contract').MonthlyCharges.mean()", {}),
        ("tenure distribution", "scalar", "df.tenure.mean()", {"output": HIST}),
    ]),
    ("c11", T, [
        ("churn rate by payment method", "groups", "df.groupby('PaymentMethod').Churn.apply(lambda s: (s=='Yes').mean()*100)", {}),
        ("which one is the worst?", "label", "df.groupby('PaymentMethod').Churn.apply(lambda s: (s=='Yes').mean()*100)", {"pick": "max"}),
        ("how many customers pay by mailed check?", "scalar", "(df.PaymentMethod=='Mailed check').sum()", {}),
        ("average total charges", "scalar", "df.TotalCharges.mean()", {}),
    ]),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "questions.jsonl"), "w") as f:
        for cid, ds, turns in CONVS:
            for i, (text, kind, truth, extra) in enumerate(turns):
                q = {"id": f"{cid}.{i + 1}", "dataset": ds, "type": "turn1" if i == 0 else "follow", "turns": [t[0] for t in turns[: i + 1]], "kind": kind, "truth": truth}
                q.update(extra)
                f.write(json.dumps(q) + "\n")


if __name__ == "__main__":
    main()
