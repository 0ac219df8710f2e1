#!/usr/bin/python3
"""Writes questions.jsonl (probe52: wide tables, long daily tables, coded categories, small designs), written before
the first run. /usr/bin/python3 lib/chat/testing/probe52/questions.py && /usr/bin/python3 lib/chat/testing/probe52/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

D = "pd.to_datetime(df.date)"
YEARS = "[f'sales_{y}' for y in range(2016, 2024)]"
MONTHS = "['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec']"
COUNTRIES = "['Germany','France','Spain','Poland','Portugal','Sweden']"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # shop_daily: every calendar day 2010-2024
    ("sd01", "shop_daily", "year-filter", ["average daily revenue in 2018"], "scalar", f"df[{D}.dt.year==2018].revenue.mean()", {}),
    ("sd02", "shop_daily", "weekday", ["which day of the week brings the most visitors on average?"], "label", f"df.groupby({D}.dt.day_name()).visitors.mean()", {"pick": "max"}),
    ("sd03", "shop_daily", "monthly", ["monthly average visitors in 2024"], "groups", f"df[{D}.dt.year==2024].groupby({D}.dt.strftime('%Y-%m')).visitors.mean()", {}),
    ("sd04", "shop_daily", "argmax-day", ["what was our best day ever for revenue?"], "label", "df.set_index('date').revenue", {"pick": "max"}),
    ("sd05", "shop_daily", "change", ["how much did total revenue grow from 2022 to 2023?"], "scalar", f"df[{D}.dt.year==2023].revenue.sum()-df[{D}.dt.year==2022].revenue.sum()", {"alt": [f"100*(df[{D}.dt.year==2023].revenue.sum()/df[{D}.dt.year==2022].revenue.sum()-1)"]}),
    ("sd06", "shop_daily", "last-n-days", ["average visitors over the last 30 days"], "scalar", f"df[{D}>{D}.max()-pd.Timedelta(days=30)].visitors.mean()", {"alt": [f"df[{D}>={D}.max()-pd.Timedelta(days=30)].visitors.mean()"]}),
    ("sd07", "shop_daily", "count-threshold", ["on how many days did we have more than 400 visitors"], "scalar", "(df.visitors>400).sum()", {}),
    ("sd08", "shop_daily", "weekday-filter", ["average revenue on saturdays in 2020"], "scalar", f"df[({D}.dt.year==2020)&({D}.dt.dayofweek==5)].revenue.mean()", {}),
    ("sd09", "shop_daily", "month-of-year", ["which month of the year has the highest average revenue?"], "label", f"df.groupby({D}.dt.strftime('%B')).revenue.mean()", {"pick": "max"}),
    ("sd10", "shop_daily", "quarter", ["which quarter of 2021 had the most revenue"], "label", f"df[{D}.dt.year==2021].groupby({D}.dt.year.astype(str)+' Q'+{D}.dt.quarter.astype(str)).revenue.sum()", {"pick": "max"}),
    # stock_daily: business days 2004-2023
    ("st01", "stock_daily", "year-filter", ["highest closing price in 2008"], "scalar", f"df[{D}.dt.year==2008].close.max()", {}),
    ("st02", "stock_daily", "argmin-day", ["on which day did the stock close at its lowest?"], "label", "df.set_index('date').close", {"pick": "min"}),
    ("st03", "stock_daily", "yearly", ["average close by year"], "groups", f"df.groupby({D}.dt.year).close.mean()", {}),
    ("st04", "stock_daily", "change", ["how much did the price change during 2020?"], "scalar", f"df[{D}.dt.year==2020].close.iloc[-1]-df[{D}.dt.year==2020].close.iloc[0]", {"alt": [f"100*(df[{D}.dt.year==2020].close.iloc[-1]/df[{D}.dt.year==2020].close.iloc[0]-1)", f"df[{D}.dt.year==2020].close.iloc[-1]-df[{D}.dt.year==2019].close.iloc[-1]", f"100*(df[{D}.dt.year==2020].close.iloc[-1]/df[{D}.dt.year==2019].close.iloc[-1]-1)"]}),
    ("st05", "stock_daily", "month-filter", ["average daily volume in March 2015"], "scalar", f"df[({D}.dt.year==2015)&({D}.dt.month==3)].volume.mean()", {}),
    ("st06", "stock_daily", "lookup-day", ["what was the closing price on 2012-06-15"], "scalar", f"df[{D}==pd.Timestamp('2012-06-15')].close.iloc[0]", {}),
    ("st07", "stock_daily", "last-n-days", ["average closing price over the last 30 days"], "scalar", f"df[{D}>{D}.max()-pd.Timedelta(days=30)].close.mean()", {"alt": [f"df[{D}>={D}.max()-pd.Timedelta(days=30)].close.mean()", "df.close.tail(30).mean()"]}),
    ("st08", "stock_daily", "weekday", ["which weekday has the highest average volume"], "label", f"df.groupby({D}.dt.day_name()).volume.mean()", {"pick": "max"}),
    ("st09", "stock_daily", "monthly", ["monthly average close for 2023"], "groups", f"df[{D}.dt.year==2023].groupby({D}.dt.strftime('%Y-%m')).close.mean()", {}),
    ("st10", "stock_daily", "count-threshold", ["how many days did it close above 1000?"], "scalar", "(df.close>1000).sum()", {}),
    ("st11", "stock_daily", "argmax-day", ["which day had the biggest one-day drop in price?"], "label", "df.set_index('date').close.diff()", {"pick": "min"}),
    # ice_river (tseries::ice.river, daily 1972-1974)
    ("ir01", "ice_river", "month-filter", ["average temperature in July 1973"], "scalar", f"df[({D}.dt.year==1973)&({D}.dt.month==7)].temperature.mean()", {}),
    ("ir02", "ice_river", "argmax-day", ["which day had the most precipitation?"], "label", "df.set_index('date').precipitation", {"pick": "max"}),
    ("ir03", "ice_river", "count-threshold", ["how many days were below freezing?"], "scalar", "(df.temperature<0).sum()", {}),
    ("ir04", "ice_river", "yearly", ["total precipitation per year"], "groups", f"df.groupby({D}.dt.year).precipitation.sum()", {}),
    ("ir05", "ice_river", "wide-compare", ["which river had the higher average flow in 1974, the Vatnsdalsa or the Jokulsa?"], "label", f"df[{D}.dt.year==1974][['flow_vatnsdalsa','flow_jokulsa']].mean()", {"pick": "max"}),
    ("ir06", "ice_river", "multi-yearly", ["compare the average flow of both rivers by year"], "multi", f"df.groupby({D}.dt.year)[['flow_vatnsdalsa','flow_jokulsa']].mean()", {}),
    ("ir07", "ice_river", "argmin-month", ["coldest month on record"], "label", f"df.groupby({D}.dt.strftime('%Y-%m')).temperature.mean()", {"pick": "min"}),
    # nino34 (tseries::nino, Nino 3.4 sea surface temperature): one column per month, year as the row key
    ("n01", "nino34", "wide-month-argmax", ["in which year was December the warmest?"], "label", "df.set_index('year').Dec", {"pick": "max"}),
    ("n02", "nino34", "wide-decade", ["average March value in the 1960s"], "scalar", "df[(df.year>=1960)&(df.year<=1969)].Mar.mean()", {}),
    ("n03", "nino34", "wide-count", ["how many years had a January above 27?"], "scalar", "(df.Jan>27).sum()", {}),
    ("n04", "nino34", "wide-across", ["which month is warmest on average?"], "label", f"df[{MONTHS}].mean()", {"pick": "max"}),
    ("n05", "nino34", "wide-row", ["what was the average over all months of 1997?"], "scalar", f"df[df.year==1997][{MONTHS}].iloc[0].mean()", {}),
    ("n06", "nino34", "wide-lookup", ["value for August 1982"], "scalar", "df[df.year==1982].Aug.iloc[0]", {}),
    # unemployment (lmtest::unemployment, yearly 1890-1979)
    ("u01", "unemployment", "argmax-year", ["in which year was unemployment highest?"], "label", "df.set_index('year').unemployment_rate", {"pick": "max"}),
    ("u02", "unemployment", "decade", ["average unemployment rate in the 1930s"], "scalar", "df[(df.year>=1930)&(df.year<=1939)].unemployment_rate.mean()", {}),
    ("u03", "unemployment", "count-threshold", ["how many years had unemployment above 10 percent"], "scalar", "(df.unemployment_rate>10).sum()", {}),
    ("u04", "unemployment", "change", ["how much did exports grow between 1950 and 1979"], "scalar", "df[df.year==1979].exports.iloc[0]-df[df.year==1950].exports.iloc[0]", {"alt": ["100*(df[df.year==1979].exports.iloc[0]/df[df.year==1950].exports.iloc[0]-1)"]}),
    ("u05", "unemployment", "lookup-year", ["what was the unemployment rate in 1921?"], "scalar", "df[df.year==1921].unemployment_rate.iloc[0]", {}),
    ("u06", "unemployment", "argmin-filter", ["lowest unemployment year after 1945"], "label", "df[df.year>1945].set_index('year').unemployment_rate", {"pick": "min"}),
    # chickegg (lmtest::ChickEgg, yearly 1930-1983)
    ("ce01", "chickegg", "argmax-year", ["in which year were the most eggs produced?"], "label", "df.set_index('year').egg", {"pick": "max"}),
    ("ce02", "chickegg", "decade", ["average number of chickens in the 1950s"], "scalar", "df[(df.year>=1950)&(df.year<=1959)].chicken.mean()", {}),
    # region_sales_wide: one column per year, three regions start in 2017
    ("rw01", "region_sales_wide", "wide-year-argmax", ["which region had the highest sales in 2023?"], "label", "df.set_index('region').sales_2023", {"pick": "max"}),
    ("rw02", "region_sales_wide", "wide-year-total", ["total sales in 2020"], "scalar", "df.sales_2020.sum()", {}),
    ("rw03", "region_sales_wide", "wide-growth", ["which region grew the most between 2017 and 2023?"], "label", "df.set_index('region').eval('sales_2023-sales_2017')", {"pick": "max", "alt": ["df.set_index('region').eval('sales_2023/sales_2017')"]}),
    ("rw04", "region_sales_wide", "wide-year-across", ["in which year were total sales highest?"], "label", f"df[{YEARS}].sum().rename(lambda c: int(c[6:]))", {"pick": "max"}),
    ("rw05", "region_sales_wide", "wide-missing", ["how many regions have no sales figure for 2016?"], "scalar", "df.sales_2016.isna().sum()", {}),
    ("rw06", "region_sales_wide", "wide-lookup", ["sales of the Coast region in 2021"], "scalar", "df[df.region=='Coast'].sales_2021.iloc[0]", {}),
    # renewables_wide: one column per country, year as the row key, Poland and Portugal start late
    ("w01", "renewables_wide", "wide-row-argmax", ["which country had the highest share in 2022?"], "label", f"df[df.year==2022][{COUNTRIES}].iloc[0]", {"pick": "max"}),
    ("w02", "renewables_wide", "wide-decade", ["average share for Spain in the 2010s"], "scalar", "df[(df.year>=2010)&(df.year<=2019)].Spain.mean()", {}),
    ("w03", "renewables_wide", "first-year", ["in which year did Germany first pass 20?"], "scalar", "df[df.Germany>20].year.min()", {}),
    ("w04", "renewables_wide", "wide-count", ["how many years was Poland above 10?"], "scalar", "(df.Poland>10).sum()", {}),
    ("w05", "renewables_wide", "wide-growth", ["which country grew the most from 2000 to 2020?"], "label", f"df[df.year==2020][{COUNTRIES}].iloc[0]-df[df.year==2000][{COUNTRIES}].iloc[0]", {"pick": "max", "alt": [f"df[df.year==2020][{COUNTRIES}].iloc[0]/df[df.year==2000][{COUNTRIES}].iloc[0]"]}),
    ("w06", "renewables_wide", "wide-first", ["what is the first year with data for Poland?"], "scalar", "df[df.Poland.notna()].year.min()", {}),
    # trial_coded: arm 1/2/3, sex 1/2 are codes
    ("t01", "trial_coded", "coded-groups", ["average bp change by arm"], "groups", "df.groupby('arm').bp_change.mean()", {}),
    ("t02", "trial_coded", "coded-count", ["how many patients are in arm 2?"], "scalar", "(df.arm==2).sum()", {}),
    ("t03", "trial_coded", "coded-filter", ["average age in arm 3"], "scalar", "df[df.arm==3].age.mean()", {}),
    ("t04", "trial_coded", "coded-argmin", ["which arm had the biggest average drop in blood pressure?"], "label", "df.groupby('arm').bp_change.mean()", {"pick": "min"}),
    ("t05", "trial_coded", "coded-groups2", ["number of patients by arm and sex"], "groups2", "df.groupby(['arm','sex']).size()", {}),
    ("t06", "trial_coded", "coded-filter2", ["average bp change for patients over 60 in arm 3"], "scalar", "df[(df.age>60)&(df.arm==3)].bp_change.mean()", {}),
    # field_plots: plots A1..D4, treatment 1-4 once per block, 3 seasons
    ("f01", "field_plots", "design-level", ["average yield per treatment"], "groups", "df.groupby('treatment').yield_kg.mean()", {}),
    ("f02", "field_plots", "design-two-factor", ["mean yield by treatment and block"], "groups2", "df.groupby(['treatment','block']).yield_kg.mean()", {}),
    ("f03", "field_plots", "cell-argmax", ["which plot had the highest yield in 2023?"], "label", "df[df.season==2023].set_index('plot').yield_kg", {"pick": "max"}),
    ("f04", "field_plots", "cell-lookup", ["yield of plot B3 in 2022"], "scalar", "df[(df['plot']=='B3')&(df.season==2022)].yield_kg.iloc[0]", {}),
    ("f05", "field_plots", "coded-filter", ["average yield of treatment 4 in 2021"], "scalar", "df[(df.treatment==4)&(df.season==2021)].yield_kg.mean()", {}),
    ("f06", "field_plots", "design-argmin", ["which block has the lowest average yield?"], "label", "df.groupby('block').yield_kg.mean()", {"pick": "min"}),
    # meat (nlme::Meat): storage 0-5 (coded levels), blocks I-V
    ("m01", "meat", "design-level", ["average tenderness score by storage"], "groups", "df.groupby('storage').score.mean()", {}),
    ("m02", "meat", "design-argmax", ["which block had the highest average score?"], "label", "df.groupby('block').score.mean()", {"pick": "max"}),
    ("m03", "meat", "coded-filter", ["average score for storage level 4"], "scalar", "df[df.storage==4].score.mean()", {}),
    # assay (nlme::Assay): block 1/2, sample a-f, dilution 1-5
    ("a01", "assay", "design-level", ["average log density per dilution"], "groups", "df.groupby('dilution').log_density.mean()", {}),
    ("a02", "assay", "design-two-factor", ["average log density by sample and block"], "groups2", "df.groupby(['sample','block']).log_density.mean()", {}),
    ("a03", "assay", "coded-filter2", ["average log density at dilution 3 in block 2"], "scalar", "df[(df.dilution==3)&(df.block==2)].log_density.mean()", {}),
    # traffic_sweden (MASS::Traffic): year 1961/1962, day 1-92, speed limit no/yes
    ("tr01", "traffic_sweden", "design-level", ["average accidents per day with and without a speed limit"], "groups", "df.groupby('limit').accidents.mean()", {}),
    ("tr02", "traffic_sweden", "year-total", ["total accidents in 1962"], "scalar", "df[df.year==1962].accidents.sum()", {}),
    ("tr03", "traffic_sweden", "design-two-factor", ["average accidents by year and limit"], "groups2", "df.groupby(['year','limit']).accidents.mean()", {}),
    # shoes (MASS::shoes): one column per material
    ("sh01", "shoes", "wide-compare", ["which material wears more on average, A or B?"], "label", "df[['material_A','material_B']].mean()", {"pick": "max"}),
    ("sh02", "shoes", "wide-diff", ["average difference between material B and material A"], "scalar", "(df.material_B-df.material_A).mean()", {}),
    ("sh03", "shoes", "wide-count", ["for how many boys was wear higher with material B?"], "scalar", "(df.material_B>df.material_A).sum()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
