#!/usr/bin/python3
"""Writes questions.jsonl (probe57: field names with a number glued to a unit or period, monthly series),
written before the first run. /usr/bin/python3 lib/chat/testing/probe57/questions.py && /usr/bin/python3 lib/chat/testing/probe57/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

M = "pd.to_datetime(df.month)"
D = "pd.to_datetime(df.date)"
Y = f"{M}.dt.year"
TSY = ["tsy3m", "tsy2y", "tsy5y", "tsy10y", "tsy30y"]
RET = ["ret_1m", "ret_3m", "ret_12m", "ret_3y"]

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # treasury_yields: month + tsy3m, tsy2y, tsy5y, tsy10y, tsy30y (glued code+number+unit)
    ("y01", "treasury_yields", "num-unit", ["what was the average 10-year yield?"], "scalar", "df.tsy10y.mean()", {}),
    ("y02", "treasury_yields", "num-unit", ["average 2 year yield"], "scalar", "df.tsy2y.mean()", {}),
    ("y03", "treasury_yields", "num-unit", ["what's the highest the 30y yield has ever been?"], "scalar", "df.tsy30y.max()", {}),
    ("y04", "treasury_yields", "when-peak", ["when did the 5-year yield peak?"], "label", "df.set_index('month').tsy5y", {"pick": "max"}),
    ("y05", "treasury_yields", "when-trough", ["in which month was the three-month yield lowest?"], "label", "df.set_index('month').tsy3m", {"pick": "min"}),
    ("y06", "treasury_yields", "year-extreme", ["which year had the highest average ten-year yield?"], "label", f"df.groupby({Y}).tsy10y.mean()", {"pick": "max"}),
    ("y07", "treasury_yields", "line", ["plot the 2-year yield over time"], "groups", "df.set_index('month').tsy2y", {"output": {"chart": "line"}}),
    ("y08", "treasury_yields", "decade", ["average 10 year yield by decade"], "groups", f"df.groupby(({Y}//10*10).astype(str)+'s').tsy10y.mean()", {}),
    ("y09", "treasury_yields", "yearly", ["yearly average of the 3 month yield"], "groups", f"df.groupby({Y}).tsy3m.mean()", {}),
    ("y10", "treasury_yields", "threshold", ["how many months was the 2-year yield above 5?"], "scalar", "(df.tsy2y>5).sum()", {}),
    ("y11", "treasury_yields", "threshold", ["how many months did the 10y stay below 3%"], "scalar", "(df.tsy10y<3).sum()", {}),
    ("y12", "treasury_yields", "correlation", ["correlation between the 2-year and 10-year yields"], "scalar", "df.tsy2y.corr(df.tsy10y)", {}),
    ("y13", "treasury_yields", "spread", ["average spread between the 10-year and the 2-year yield"], "scalar", "(df.tsy10y-df.tsy2y).mean()", {}),
    ("y14", "treasury_yields", "spread", ["what was the largest gap between the 30 year and the 10 year?"], "scalar", "(df.tsy30y-df.tsy10y).max()", {}),
    ("y15", "treasury_yields", "date-range", ["average 5-year yield between 1990 and 1995"], "scalar", f"df[{Y}.between(1990,1995)].tsy5y.mean()", {}),
    ("y16", "treasury_yields", "date-range", ["mean 10-yr yield in the 1990s"], "scalar", f"df[{Y}.between(1990,1999)].tsy10y.mean()", {}),
    ("y17", "treasury_yields", "date-range", ["average 2y yield since 2010"], "scalar", f"df[{Y}>=2010].tsy2y.mean()", {}),
    ("y18", "treasury_yields", "first-last", ["what was the first 30-year yield in the data?"], "scalar", "df.tsy30y.iloc[0]", {}),
    ("y19", "treasury_yields", "first-last", ["latest 10 year yield"], "scalar", "df.tsy10y.iloc[-1]", {}),
    ("y20", "treasury_yields", "ambiguous", ["what is the average yield?"], "clarify", None, {"choices": TSY}),
    ("y21", "treasury_yields", "ambiguous", ["how many months was the yield above 8?"], "clarify", None, {"choices": TSY}),
    ("y22", "treasury_yields", "no-match", ["average 7-year yield"], "no-field", None, {"word": "7"}),
    ("y23", "treasury_yields", "date-range", ["median ten-year yield in 2008"], "scalar", f"df[{Y}==2008].tsy10y.median()", {}),
    ("y24", "treasury_yields", "two-lines", ["show the 5 year and 30 year yields over time"], "multi", "df.set_index('month')[['tsy5y','tsy30y']]", {}),
    ("y25", "treasury_yields", "num-unit", ["standard deviation of the 2-yr yield"], "scalar", "df.tsy2y.std()", {}),
    ("y26", "treasury_yields", "synonym", ["max 10-year treasury yield"], "scalar", "df.tsy10y.max()", {}),
    ("y27", "treasury_yields", "inversion", ["in how many months was the 2-year yield higher than the 10-year?"], "scalar", "(df.tsy2y>df.tsy10y).sum()", {}),
    ("y28", "treasury_yields", "synonym", ["average 10-year rate per year"], "groups", f"df.groupby({Y}).tsy10y.mean()", {}),
    ("y29", "treasury_yields", "followup", ["average 2-year yield by year", "and the 10-year?"], "groups", f"df.groupby({Y}).tsy10y.mean()", {}),
    ("y30", "treasury_yields", "num-unit", ["lowest 10yr yield"], "scalar", "df.tsy10y.min()", {}),
    ("y31", "treasury_yields", "num-unit", ["average thirty-year yield in 2019"], "scalar", f"df[{Y}==2019].tsy30y.mean()", {}),
    ("y32", "treasury_yields", "spread", ["what's the average 10-year minus 3-month spread by year"], "groups", f"(df.tsy10y-df.tsy3m).groupby({Y}).mean()", {}),
    ("y33", "treasury_yields", "threshold", ["count the months where the 3m yield was under 1"], "scalar", "(df.tsy3m<1).sum()", {}),
    ("y34", "treasury_yields", "when-peak", ["when was the 2 yr yield at its highest?"], "label", "df.set_index('month').tsy2y", {"pick": "max"}),
    # air_quality_daily: date, city, pm10, pm2_5, no2, o3 (pm2_5 is PM2.5, not a number with a unit)
    ("a01", "air_quality_daily", "pm", ["average PM2.5 by city"], "groups", "df.groupby('city').pm2_5.mean()", {}),
    ("a02", "air_quality_daily", "pm", ["what's the mean pm 2.5 in Milan?"], "scalar", "df[df.city=='Milan'].pm2_5.mean()", {}),
    ("a03", "air_quality_daily", "pm", ["highest PM10 reading"], "scalar", "df.pm10.max()", {}),
    ("a04", "air_quality_daily", "pm", ["how many days did Lyon have PM2.5 above 25?"], "scalar", "((df.city=='Lyon')&(df.pm2_5>25)).sum()", {}),
    ("a05", "air_quality_daily", "monthly", ["average no2 per month"], "groups", f"df.groupby({D}.dt.strftime('%Y-%m')).no2.mean()", {}),
    ("a06", "air_quality_daily", "which", ["which city has the highest average NO2?"], "label", "df.groupby('city').no2.mean()", {"pick": "max"}),
    ("a07", "air_quality_daily", "correlation", ["correlation between pm10 and pm2.5"], "scalar", "df.pm10.corr(df.pm2_5)", {}),
    ("a08", "air_quality_daily", "monthly", ["monthly average pm2.5 in Porto"], "groups", f"df[df.city=='Porto'].groupby({D}.dt.strftime('%Y-%m')).pm2_5.mean()", {}),
    ("a09", "air_quality_daily", "when-peak", ["on which day was O3 highest in Porto?"], "label", "df[df.city=='Porto'].set_index('date').o3", {"pick": "max"}),
    ("a10", "air_quality_daily", "synonym", ["average ozone by city"], "groups", "df.groupby('city').o3.mean()", {}),
    ("a11", "air_quality_daily", "share", ["what percentage of readings had PM10 above 50?"], "scalar", "100*(df.pm10>50).mean()", {"percent": True, "alt": ["(df.pm10>50).mean()"]}),
    ("a12", "air_quality_daily", "pm", ["median pm2_5 in July"], "scalar", f"df[{D}.dt.month==7].pm2_5.median()", {}),
    ("a13", "air_quality_daily", "no-match", ["average co2 by city"], "no-field", None, {"word": "co2"}),
    ("a14", "air_quality_daily", "ambiguous", ["average particulate matter by city"], "clarify", None, {"choices": ["pm10", "pm2_5"]}),
    ("a15", "air_quality_daily", "pm", ["average PM 10 by city"], "groups", "df.groupby('city').pm10.mean()", {}),
    ("a16", "air_quality_daily", "spread", ["average difference between pm10 and pm2.5 in Milan"], "scalar", "(df.pm10-df.pm2_5)[df.city=='Milan'].mean()", {}),
    # fund_returns: fund_id, fund_name, category, ret_1m, ret_3m, ret_12m, ret_3y, expense_ratio
    ("f01", "fund_returns", "num-unit", ["which fund had the best 12-month return?"], "label", "df.set_index('fund_name').ret_12m", {"pick": "max"}),
    ("f02", "fund_returns", "num-unit", ["average 3-month return by category"], "groups", "df.groupby('category').ret_3m.mean()", {}),
    ("f03", "fund_returns", "num-unit", ["average 3 year return by category"], "groups", "df.groupby('category').ret_3y.mean()", {}),
    ("f04", "fund_returns", "topn", ["top 5 funds by 1 month return"], "topn", "df.set_index('fund_name').ret_1m.sort_values(ascending=False).head(5)", {}),
    ("f05", "fund_returns", "num-unit", ["how many funds had a negative 12 month return?"], "scalar", "(df.ret_12m<0).sum()", {}),
    ("f06", "fund_returns", "correlation", ["correlation between the 3-month and 12-month returns"], "scalar", "df.ret_3m.corr(df.ret_12m)", {}),
    ("f07", "fund_returns", "unit-equal", ["average one-year return of bond funds"], "scalar", "df[df.category=='Bond'].ret_12m.mean()", {}),
    ("f08", "fund_returns", "num-unit", ["which category has the highest average 3y return"], "label", "df.groupby('category').ret_3y.mean()", {"pick": "max"}),
    ("f09", "fund_returns", "ambiguous", ["what is the average return?"], "clarify", None, {"choices": RET}),
    ("f10", "fund_returns", "no-match", ["what is the average 6-month return?"], "no-field", None, {"word": "6"}),
    ("f11", "fund_returns", "scatter", ["scatter of 3-month vs 12-month return"], "pairs", "df[['ret_12m','ret_3m']]", {}),
    ("f12", "fund_returns", "filter", ["average expense ratio of funds with a 12m return above 10"], "scalar", "df[df.ret_12m>10].expense_ratio.mean()", {}),
    ("f13", "fund_returns", "num-unit", ["max 1m return among equity funds"], "scalar", "df[df.category=='Equity'].ret_1m.max()", {}),
    ("f14", "fund_returns", "num-unit", ["which fund has the lowest 3-yr return?"], "label", "df.set_index('fund_name').ret_3y", {"pick": "min"}),
    ("f15", "fund_returns", "unit-equal", ["how many funds returned more than 20% over 1 year?"], "scalar", "(df.ret_12m>20).sum()", {}),
    # store_sales: store, region, sales_2021..sales_2023, q1_sales..q4_sales
    ("s01", "store_sales", "year-column", ["total 2022 sales by region"], "groups", "df.groupby('region').sales_2022.sum()", {}),
    ("s02", "store_sales", "year-column", ["which store had the highest sales in 2023?"], "label", "df.set_index('store').sales_2023", {"pick": "max"}),
    ("s03", "store_sales", "quarter-column", ["total Q3 sales by region"], "groups", "df.groupby('region').q3_sales.sum()", {}),
    ("s04", "store_sales", "quarter-column", ["which store sold the most in the fourth quarter?"], "label", "df.set_index('store').q4_sales", {"pick": "max"}),
    ("s05", "store_sales", "year-column", ["average sales growth from 2021 to 2023"], "scalar", "(df.sales_2023-df.sales_2021).mean()", {}),
    ("s06", "store_sales", "quarter-column", ["average q1 sales"], "scalar", "df.q1_sales.mean()", {}),
    # uk_lung_deaths (R ldeaths, mdeaths, fdeaths with a month column)
    ("l01", "uk_lung_deaths", "line", ["plot total deaths over time"], "groups", "df.set_index('month').ldeaths", {"output": {"chart": "line"}}),
    ("l02", "uk_lung_deaths", "when-peak", ["which month had the most male deaths?"], "label", "df.set_index('month').mdeaths", {"pick": "max"}),
    ("l03", "uk_lung_deaths", "yearly", ["average female deaths per year"], "groups", f"df.groupby({Y}).fdeaths.mean()", {"alt": [f"df.groupby({Y}).fdeaths.sum()"]}),
    ("l04", "uk_lung_deaths", "date-range", ["total deaths in 1976"], "scalar", f"df[{Y}==1976].ldeaths.sum()", {}),
    ("l05", "uk_lung_deaths", "threshold", ["how many months had more than 3000 deaths in total?"], "scalar", "(df.ldeaths>3000).sum()", {}),
    ("l06", "uk_lung_deaths", "correlation", ["correlation between male and female deaths"], "scalar", "df.mdeaths.corr(df.fdeaths)", {}),
    ("l07", "uk_lung_deaths", "when-trough", ["lowest monthly total of deaths and when"], "label", "df.set_index('month').ldeaths", {"pick": "min"}),
    ("l08", "uk_lung_deaths", "first-last", ["first recorded female deaths"], "scalar", "df.fdeaths.iloc[0]", {}),
    ("l09", "uk_lung_deaths", "date-range", ["total male deaths since 1978"], "scalar", f"df[{Y}>=1978].mdeaths.sum()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        rec = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            rec["truth"] = truth
        rec.update(extra)
        f.write(json.dumps(rec) + "\n")
print(len(Q), "questions")
