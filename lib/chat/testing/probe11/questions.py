#!/usr/bin/python3
"""Probe11 questions (written before the first run): analytic questions over seven real Spider tables of nvbench-dev
(snake_case and CamelCase names, ids, codes, dates), as a user who sees the table asks them.
/usr/bin/python3 lib/chat/testing/probe11/questions.py && /usr/bin/python3 lib/chat/testing/probe11/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = []


def q(id, dataset, type, turns, kind, truth=None, **kw):
    x = {"id": id, "dataset": dataset, "type": type, "turns": turns, "kind": kind, **kw}
    if truth is not None:
        x["truth"] = truth
    Q.append(x)


S, C, F, D, L, J, W = "stations", "companies", "faculty", "customers", "flights", "journalists", "wta_matches"
DT = "pd.to_datetime"
# scalars with filters
q("a01", C, "scalar", ["total sales of banking companies"], "scalar", "df[df.Industry=='Banking'].Sales_billion.sum()")
q("a02", S, "scalar", ["how many docks are there in San Jose in total"], "scalar", "df[df.city=='San Jose'].dock_count.sum()")
q("a03", W, "scalar", ["average match length in minutes on clay"], "scalar", "df[df.surface=='Clay'].minutes.mean()")
q("a04", J, "scalar", ["how old is the average English journalist"], "scalar", "df[df.Nationality=='England'].Age.mean()")
q("a05", L, "scalar", ["average ticket price of flights from Los Angeles"], "scalar", "df[df.origin=='Los Angeles'].price.mean()")
q("a06", F, "scalar", ["how many women are on the faculty"], "scalar", "(df.Sex=='F').sum()")
q("a07", D, "scalar", ["total amount outstanding for bad customers"], "scalar", "df[df.customer_status_code=='Bad Customer'].amount_outstanding.sum()")
# per-group aggregates
q("g01", C, "groups", ["average profit by industry"], "groups", "df.groupby('Industry').Profits_billion.mean()")
q("g02", F, "groups", ["number of faculty members in each building"], "groups", "df.groupby('Building').size()")
q("g03", W, "groups", ["matches per surface"], "groups", "df.groupby('surface').size()")
q("g04", S, "groups", ["average dock count per city"], "groups", "df.groupby('city').dock_count.mean()")
q("g05", D, "groups", ["average amount owed by customer status"], "groups", "df.groupby('customer_status_code').amount_outstanding.mean()")
# shares
q("s01", C, "share", ["what share of the companies are based in the USA"], "scalar", "100*(df.Headquarters=='USA').mean()", percent=True)
q("s02", F, "share", ["what fraction of the faculty are professors"], "scalar", "100*(df.Rank=='Professor').mean()", percent=True)
q("s03", W, "share", ["% of matches played on grass"], "scalar", "100*(df.surface=='Grass').mean()", percent=True)
q("s04", S, "share", ["how many percent of stations are in San Francisco"], "scalar", "100*(df.city=='San Francisco').mean()", percent=True)
q("s05", D, "share", ["what proportion of customers are good customers"], "scalar", "100*(df.customer_status_code=='Good Customer').mean()", percent=True)
q("s06", W, "share", ["what share of matches were won by left-handed players"], "scalar", "100*(df.winner_hand=='L').mean()", percent=True)
q("s07", L, "share", ["what fraction of flights cost more than 300"], "scalar", "100*(df.price>300).mean()", percent=True)
# argmax / argmin
q("m01", C, "argmax", ["which company has the highest market value"], "label", "df.set_index('name').Market_Value_billion", pick="max")
q("m02", C, "argmax", ["which industry makes the most profit"], "label", "df.groupby('Industry').Profits_billion.sum()", pick="max")
q("m03", S, "argmax", ["which city has the most stations"], "label", "df.groupby('city').size()", pick="max")
q("m04", W, "argmax", ["which player won the most matches"], "label", "df.groupby('winner_name').size()", pick="max")
q("m05", J, "argmax", ["who has been working the longest"], "label", "df.set_index('Name').Years_working", pick="max")
q("m06", L, "argmin", ["what's the cheapest destination on average"], "label", "df.groupby('destination').price.mean()", pick="min")
q("m07", F, "argmin", ["which building has the fewest faculty"], "label", "df.groupby('Building').size()", pick="min")
# top-N rows or groups
q("t01", C, "topn", ["top 3 companies by sales"], "topn", "df.set_index('name').Sales_billion.sort_values(ascending=False).head(3)")
q("t02", S, "topn", ["the 3 cities with the most docks"], "topn", "df.groupby('city').dock_count.sum().sort_values(ascending=False).head(3)")
q("t03", W, "topn", ["top 5 countries by number of wins"], "topn", "df.groupby('winner_ioc').size().sort_values(ascending=False).head(5)")
q("t04", J, "topn", ["2 most experienced journalists"], "topn", "df.set_index('Name').Years_working.sort_values(ascending=False).head(2)")
q("t05", C, "topn", ["bottom 5 companies by profit"], "topn", "df.set_index('name').Profits_billion.sort_values().head(5)")
q("t06", W, "topn", ["the two tournaments with the most matches"], "topn", "df.groupby('tourney_name').size().sort_values(ascending=False).head(2)")
q("t07", L, "topn", ["which 3 destinations are the furthest away"], "topn", "df.groupby('destination').distance.mean().sort_values(ascending=False).head(3)")
q("t08", C, "topn", ["show me the 4 most valuable companies"], "topn", "df.set_index('name').Market_Value_billion.sort_values(ascending=False).head(4)")
# negation
q("n01", C, "negation", ["average sales of companies not in banking"], "scalar", "df[df.Industry!='Banking'].Sales_billion.mean()")
q("n02", S, "negation", ["how many stations are outside San Francisco"], "scalar", "(df.city!='San Francisco').sum()")
q("n03", W, "negation", ["how many matches were not on hard courts"], "scalar", "(df.surface!='Hard').sum()")
q("n04", F, "negation", ["number of faculty other than professors"], "scalar", "(df.Rank!='Professor').sum()")
q("n05", J, "negation", ["average age of journalists except the English ones"], "scalar", "df[df.Nationality!='England'].Age.mean()")
q("n06", D, "negation", ["total amount outstanding excluding bad customers"], "scalar", "df[df.customer_status_code!='Bad Customer'].amount_outstanding.sum()")
q("n07", L, "negation", ["average price of flights that don't leave from Los Angeles"], "scalar", "df[df.origin!='Los Angeles'].price.mean()")
q("n08", W, "negation", ["how many matches were won by players not from the USA"], "scalar", "(df.winner_ioc!='USA').sum()")
# ranges and dates
q("r01", S, "date", ["how many stations were installed in 2014"], "scalar", f"({DT}(df.installation_date).dt.year==2014).sum()")
q("r02", D, "date", ["how many customers joined in 2016"], "scalar", f"({DT}(df.date_became_customer).dt.year==2016).sum()")
q("r03", W, "range", ["average winner age for matches between 60 and 90 minutes"], "scalar", "df[df.minutes.between(60,90)].winner_age.mean()")
q("r04", C, "range", ["how many companies have sales between 100 and 200 billion"], "scalar", "df.Sales_billion.between(100,200).sum()")
q("r05", D, "date", ["how many customers were born before 1995"], "scalar", f"({DT}(df.date_of_birth)<'1995-01-01').sum()")
q("r06", J, "range", ["how many journalists are in their 30s"], "scalar", "df.Age.between(30,39).sum()")
q("r07", S, "date", ["number of stations installed after August 2013"], "scalar", f"({DT}(df.installation_date)>='2013-09-01').sum()")
# synonyms and casual words for the columns
q("y01", S, "synonym", ["total number of bike slots in Palo Alto"], "scalar", "df[df.city=='Palo Alto'].dock_count.sum()")
q("y02", F, "synonym", ["how many women work in NEB"], "scalar", "((df.Sex=='F')&(df.Building=='NEB')).sum()")
q("y03", C, "synonym", ["average revenue of oil and gas companies"], "scalar", "df[df.Industry=='Oil and gas'].Sales_billion.mean()")
q("y04", J, "synonym", ["average years of experience of the journalists"], "scalar", "df.Years_working.mean()")
q("y05", W, "synonym", ["how long did matches last on average in 2017"], "scalar", "df[df.year==2017].minutes.mean()")
q("y06", L, "synonym", ["what's the average fare"], "scalar", "df.price.mean()")
q("y07", C, "synonym", ["which country is home to the most companies"], "label", "df.groupby('Headquarters').size()", pick="max")
q("y08", W, "synonym", ["how tall is the average winner"], "scalar", "df.winner_ht.mean()")
# fields that do not exist
q("x01", C, "no-field", ["average number of employees by industry"], "no-field", word="employees")
q("x02", S, "no-field", ["average rating of stations in San Jose"], "no-field", word="rating")
q("x03", F, "no-field", ["average salary of professors"], "no-field", word="salary")
q("x04", W, "no-field", ["total prize money won by Serena Williams"], "no-field", word="prize")
q("x05", L, "no-field", ["average delay of flights to Honolulu"], "no-field", word="delay")
q("x06", D, "no-field", ["average credit score of good customers"], "no-field", word="credit")
# follow-up conversations
q("f01", C, "followup", ["total profits by industry", "only for USA companies"], "groups", "df[df.Headquarters=='USA'].groupby('Industry').Profits_billion.sum()")
q("f02", S, "followup", ["how many stations are in San Jose", "and in Redwood City?"], "scalar", "(df.city=='Redwood City').sum()")
q("f03", W, "followup", ["which player won the most matches", "on clay?"], "label", "df[df.surface=='Clay'].groupby('winner_name').size()", pick="max")
q("f04", F, "followup", ["number of faculty by rank", "just the women"], "groups", "df[df.Sex=='F'].groupby('Rank').size()")
q("f05", J, "followup", ["average age of journalists", "excluding England"], "scalar", "df[df.Nationality!='England'].Age.mean()")
q("f06", D, "followup", ["average amount outstanding by customer status", "only customers who joined in 2017"], "groups", f"df[{DT}(df.date_became_customer).dt.year==2017].groupby('customer_status_code').amount_outstanding.mean()")
q("f07", L, "followup", ["average price by destination", "top 3", "now the cheapest 2"], "topn", "df.groupby('destination').price.mean().sort_values().head(2)")
q("f08", W, "followup", ["what share of matches were on grass", "and on clay?"], "scalar", "100*(df.surface=='Clay').mean()", percent=True)
q("f09", C, "followup", ["how many companies have profits above 20 billion", "and above 15?"], "scalar", "(df.Profits_billion>15).sum()")
q("f10", F, "followup", ["how many faculty are in Krieger", "how many of them are professors"], "scalar", "((df.Building=='Krieger')&(df.Rank=='Professor')).sum()")

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for x in Q:
        f.write(json.dumps(x) + "\n")
print(len(Q), "questions")
