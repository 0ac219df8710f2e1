#!/usr/bin/python3
"""Writes questions.jsonl (probe48: binding words to the right field and value), written before the first run.
/usr/bin/python3 lib/chat/testing/probe48/questions.py && /usr/bin/python3 lib/chat/testing/probe48/truth.py
kind "clarify": the right outcome is a short question back naming the choices (or an `alt` reading)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PCT = lambda e: {"percent": True, "alt": [e]}  # noqa: E731

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # customers: five yes/no columns (partner first), common-word values, zip codes, years
    ("c01", "customers", "yesno-by", ["churn rate by contract"], "groups", "100*(df.churned=='Yes').groupby(df.contract).mean()", {"alt": ["(df.churned=='Yes').groupby(df.contract).mean()"]}),
    ("c02", "customers", "yesno-by", ["Churned = Yes, by contract"], "groups", "df[df.churned=='Yes'].groupby('contract').size()", {}),
    ("c03", "customers", "yesno-and", ["how many smokers have a pet?"], "scalar", "((df.smoker=='Yes')&(df.has_pet=='Yes')).sum()", {}),
    ("c04", "customers", "yesno-neg", ["number of customers who don't smoke"], "scalar", "(df.smoker=='No').sum()", {}),
    ("c05", "customers", "yesno-filter", ["average monthly amount for paperless customers"], "scalar", "df[df.paperless=='Yes'].monthly_amt_usd.mean()", {}),
    ("c06", "customers", "common-word", ["how many new customers do we have"], "scalar", "(df.status=='New').sum()", {}),
    ("c07", "customers", "unnamed-field", ["customers in the north"], "scalar", "(df.region=='North').sum()", {}),
    ("c08", "customers", "yesno-and", ["how many active customers churned?"], "scalar", "((df.status=='Active')&(df.churned=='Yes')).sum()", {}),
    ("c09", "customers", "date-field", ["how many customers were born before 1970"], "scalar", "(df.dob<'1970-01-01').sum()", {}),
    ("c10", "customers", "synonym", ["revenue by customer segment"], "groups", "df.groupby('cust_seg').monthly_amt_usd.sum()", {}),
    ("c11", "customers", "common-word", ["how many customers are on the standard plan"], "scalar", "(df.plan_tier=='Standard').sum()", {}),
    ("c12", "customers", "number-category", ["how many customers live in zip 60614?"], "scalar", "(df.zip==60614).sum()", {}),
    ("c13", "customers", "number-category", ["customers who signed up in 2021"], "scalar", "(df.signup_year==2021).sum()", {}),
    ("c14", "customers", "number-category", ["count of customers by zip code"], "groups", "df.groupby('zip').size()", {}),
    ("c15", "customers", "yesno-rate", ["what share of pet owners churned"], "scalar", "100*(df[df.has_pet=='Yes'].churned=='Yes').mean()", PCT("(df[df.has_pet=='Yes'].churned=='Yes').mean()")),
    ("c16", "customers", "yesno-neg", ["customers with a partner but no pet"], "scalar", "((df.partner=='Yes')&(df.has_pet=='No')).sum()", {}),
    ("c17", "customers", "yesno-by", ["average monthly charge, smokers vs non-smokers"], "groups", "df.groupby('smoker').monthly_amt_usd.mean()", {}),
    ("c18", "customers", "value-list-neg", ["how many customers are not in the South or West"], "scalar", "(~df.region.isin(['South','West'])).sum()", {}),
    ("c19", "customers", "ambiguous", ["how many said yes?"], "clarify", None, {"choices": ["partner", "has_pet", "smoker", "paperless", "churned"]}),
    ("c20", "customers", "common-word", ["number of inactive customers by region"], "groups", "df[df.status=='Inactive'].groupby('region').size()", {}),
    ("c21", "customers", "abbrev", ["average monthly amount in usd by customer segment and contract"], "groups2", "df.groupby(['cust_seg','contract']).monthly_amt_usd.mean()", {}),
    ("c22", "customers", "yesno-neg", ["how many non-smokers without pets stayed"], "scalar", "((df.smoker=='No')&(df.has_pet=='No')&(df.churned=='No')).sum()", {}),
    # flights: origin and destination hold the same cities
    ("f01", "flights", "two-fields", ["how many flights from Boston?"], "scalar", "(df.origin_city=='Boston').sum()", {}),
    ("f02", "flights", "two-fields", ["how many flights to Boston?"], "scalar", "(df.destination_city=='Boston').sum()", {}),
    ("f03", "flights", "two-fields", ["average fare for flights from Chicago to Denver"], "scalar", "df[(df.origin_city=='Chicago')&(df.destination_city=='Denver')].fare_usd.mean()", {}),
    ("f04", "flights", "ambiguous", ["how many Boston flights are there"], "clarify", None, {"choices": ["origin_city", "destination_city"], "alt": ["((df.origin_city=='Boston')|(df.destination_city=='Boston')).sum()"]}),
    ("f05", "flights", "ambiguous", ["number of flights by city"], "clarify", None, {"choices": ["origin_city", "destination_city"]}),
    ("f06", "flights", "two-fields", ["average arrival delay by origin"], "groups", "df.groupby('origin_city').arr_delay_min.mean()", {}),
    ("f07", "flights", "ambiguous", ["what's the average delay?"], "clarify", None, {"choices": ["dep_delay_min", "arr_delay_min"]}),
    ("f08", "flights", "two-fields", ["how many flights out of Miami were cancelled"], "scalar", "((df.origin_city=='Miami')&(df.status=='Cancelled')).sum()", {}),
    ("f09", "flights", "two-fields", ["which destination gets the most flights from Boston?"], "label", "df[df.origin_city=='Boston'].destination_city.value_counts()", {"pick": "max"}),
    ("f10", "flights", "two-fields-neg", ["how many flights did not depart from Seattle"], "scalar", "(df.origin_city!='Seattle').sum()", {}),
    ("f11", "flights", "synonym", ["average ticket price in business class"], "scalar", "df[df.cabin=='Business'].fare_usd.mean()", {}),
    ("f12", "flights", "two-fields", ["total seats sold on flights arriving in Atlanta"], "scalar", "df[df.destination_city=='Atlanta'].seats_sold.sum()", {}),
    ("f13", "flights", "value-list", ["flights leaving Dallas or Miami"], "scalar", "df.origin_city.isin(['Dallas','Miami']).sum()", {}),
    ("f14", "flights", "abbrev", ["what is the longest distance flown in miles"], "scalar", "df.distance_mi.max()", {}),
    ("f15", "flights", "synonym", ["average price by cabin"], "groups", "df.groupby('cabin').fare_usd.mean()", {}),
    ("f16", "flights", "two-fields", ["number of flights into Seattle by carrier"], "groups", "df[df.destination_city=='Seattle'].groupby('carrier').size()", {}),
    # games: home team, away team and winner hold the same team names
    ("g01", "games", "three-fields", ["how many games did Boston win?"], "scalar", "(df.winner=='Boston').sum()", {}),
    ("g02", "games", "three-fields", ["how many home games did Boston play"], "scalar", "(df.home_team=='Boston').sum()", {}),
    ("g03", "games", "three-fields", ["average attendance when Chicago was the away team"], "scalar", "df[df.away_team=='Chicago'].attendance.mean()", {}),
    ("g04", "games", "ambiguous", ["how many games did Denver play"], "clarify", None, {"choices": ["home_team", "away_team"], "alt": ["((df.home_team=='Denver')|(df.away_team=='Denver')).sum()"]}),
    ("g05", "games", "three-fields", ["number of wins by team"], "groups", "df.groupby('winner').size()", {}),
    ("g06", "games", "yesno-filter", ["how many games went to overtime"], "scalar", "(df.overtime=='Yes').sum()", {}),
    ("g07", "games", "number-category", ["average home score in the 2023 season"], "scalar", "df[df.season==2023].home_score.mean()", {}),
    ("g08", "games", "three-fields", ["how many times did Miami win at home in 2022"], "scalar", "((df.season==2022)&(df.home_team=='Miami')&(df.winner=='Miami')).sum()", {}),
    ("g09", "games", "synonym", ["average points scored by the away team"], "scalar", "df.away_score.mean()", {}),
    ("g10", "games", "number-category", ["games per season"], "groups", "df.groupby('season').size()", {}),
    ("g11", "games", "three-fields", ["which team won the most games?"], "label", "df.winner.value_counts()", {"pick": "max"}),
    ("g12", "games", "three-fields", ["average attendance at Toronto home games"], "scalar", "df[df.home_team=='Toronto'].attendance.mean()", {}),
    # orders: billing / shipping state, North as region and warehouse, store numbers, None / Other values
    ("o01", "orders", "two-fields", ["how many orders were shipped to Texas?"], "scalar", "(df.shipping_state=='Texas').sum()", {}),
    ("o02", "orders", "two-fields", ["total sales billed to California"], "scalar", "df[df.billing_state=='California'].sales_amt.sum()", {}),
    ("o03", "orders", "ambiguous", ["how many orders from Texas"], "clarify", None, {"choices": ["billing_state", "shipping_state"]}),
    ("o04", "orders", "ambiguous", ["revenue by state"], "clarify", None, {"choices": ["billing_state", "shipping_state"]}),
    ("o05", "orders", "ambiguous", ["how many orders in the north?"], "clarify", None, {"choices": ["cust_region", "warehouse"]}),
    ("o06", "orders", "two-fields", ["how many orders shipped from the north warehouse"], "scalar", "(df.warehouse=='North').sum()", {}),
    ("o07", "orders", "common-word", ["how many orders used standard shipping"], "scalar", "(df.ship_mode=='Standard').sum()", {}),
    ("o08", "orders", "number-category", ["total revenue for store 104"], "scalar", "df[df.store_no==104].sales_amt.sum()", {}),
    ("o09", "orders", "number-category", ["sales by store number"], "groups", "df.groupby('store_no').sales_amt.sum()", {}),
    ("o10", "orders", "common-word", ["how many orders had no promo code"], "scalar", "(df.promo_code=='None').sum()", {}),
    ("o11", "orders", "common-word", ["how many orders are in the Other category"], "scalar", "(df.category=='Other').sum()", {}),
    ("o12", "orders", "abbrev", ["average quantity per order for furniture"], "scalar", "df[df.category=='Furniture'].qty.mean()", {}),
    ("o13", "orders", "synonym", ["average unit price by category"], "groups", "df.groupby('category').unit_cost.mean()", {}),
    ("o14", "orders", "yesno-filter", ["how many orders were returned"], "scalar", "(df.returned=='Yes').sum()", {}),
    ("o15", "orders", "yesno-and", ["returned orders that were gift wrapped"], "scalar", "((df.returned=='Yes')&(df.gift_wrap=='Yes')).sum()", {}),
    ("o16", "orders", "value-list-neg", ["total sales excluding electronics and furniture"], "scalar", "df[~df.category.isin(['Electronics','Furniture'])].sales_amt.sum()", {}),
    ("o17", "orders", "two-fields", ["total quantity shipped to New York or Florida"], "scalar", "df[df.shipping_state.isin(['New York','Florida'])].qty.sum()", {}),
    ("o18", "orders", "two-fields", ["average order value for customers in the south region"], "scalar", "df[df.cust_region=='South'].sales_amt.mean()", {}),
    ("o19", "orders", "two-fields", ["number of orders by warehouse for the west region"], "groups", "df[df.cust_region=='West'].groupby('warehouse').size()", {}),
    # weather_daily: units in the names, rain / snow flags
    ("w01", "weather_daily", "abbrev", ["average temperature at the airport"], "scalar", "df[df.station=='Airport'].temp_c.mean()", {}),
    ("w02", "weather_daily", "yesno-filter", ["how many days did it rain at the Harbor station"], "scalar", "((df.station=='Harbor')&(df.rain=='Yes')).sum()", {}),
    ("w03", "weather_daily", "abbrev", ["total rainfall by station"], "groups", "df.groupby('station').precip_mm.sum()", {}),
    ("w04", "weather_daily", "yesno-neg", ["days with snow but no rain"], "scalar", "((df.snow=='Yes')&(df.rain=='No')).sum()", {}),
    ("w05", "weather_daily", "abbrev", ["highest wind speed in January"], "scalar", "df[pd.to_datetime(df.obs_date).dt.month==1].wind_kph.max()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
