#!/usr/bin/python3
"""Writes questions.jsonl (probe58: dates and time-like columns of several kinds meeting argmin/argmax, sorts,
several measures at once, ranges and and/or/not filters), written before the first run.
/usr/bin/python3 lib/chat/testing/probe58/questions.py && /usr/bin/python3 lib/chat/testing/probe58/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

M = "pd.to_datetime(df.month)"  # lung_deaths: first-of-month dates
D = "pd.to_datetime(df.date)"  # daily_sales: ISO days
O = "pd.to_datetime(df.opened_at)"  # helpdesk_tickets: timestamps
QY = "df.quarter.str[:4].astype(int)"  # quarterly_results: "1995 Q2" -> 1995
QN = "df.quarter.str[-1].astype(int)"
DQ = f"({D}.dt.year.astype(str)+' Q'+{D}.dt.quarter.astype(str))"
CL = "df[df.status=='closed']"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # lung_deaths (datasets::mdeaths / fdeaths, first-of-month dates)
    ("ld01", "lung_deaths", "date", ["how many male deaths were there in 1976?"], "scalar", f"df[{M}.dt.year==1976].male.sum()", {}),
    ("ld02", "lung_deaths", "argmax", ["which month had the most female deaths?"], "label", "df.set_index('month').female", {"pick": "max"}),
    ("ld03", "lung_deaths", "multi", ["compare male and female deaths by year"], "multi", f"df.groupby({M}.dt.year)[['male','female']].sum()", {"alt": [f"df.groupby({M}.dt.year)[['male','female']].mean()"]}),
    ("ld04", "lung_deaths", "date", ["average male deaths in the winter months"], "scalar", f"df[{M}.dt.month.isin([12,1,2])].male.mean()", {}),
    ("ld05", "lung_deaths", "sort", ["total female deaths per year, from lowest to highest"], "topn", f"df.groupby({M}.dt.year).female.sum().sort_values()", {}),
    ("ld06", "lung_deaths", "range", ["in how many months were male deaths between 1000 and 1500?"], "scalar", "df.male.between(1000,1500).sum()", {}),
    ("ld07", "lung_deaths", "andor", ["how many months had more than 2000 male deaths or more than 800 female deaths"], "scalar", "((df.male>2000)|(df.female>800)).sum()", {}),
    ("ld08", "lung_deaths", "date", ["average female deaths between March and June"], "scalar", f"df[{M}.dt.month.between(3,6)].female.mean()", {}),
    ("ld09", "lung_deaths", "argmin", ["which year had the fewest male deaths?"], "label", f"df.groupby({M}.dt.year).male.sum()", {"pick": "min"}),
    ("ld10", "lung_deaths", "date", ["female deaths in the second half of 1977"], "scalar", f"df[({M}.dt.year==1977)&({M}.dt.month>=7)].female.sum()", {}),
    # sunspots_yearly (datasets::sunspot.year, year numbers)
    ("ss01", "sunspots_yearly", "date", ["average sunspots before 1800"], "scalar", "df[df.year<1800].sunspots.mean()", {}),
    ("ss02", "sunspots_yearly", "argmax", ["which year had the highest sunspot number?"], "label", "df.set_index('year').sunspots", {"pick": "max"}),
    ("ss03", "sunspots_yearly", "argmin", ["in which year since 1900 were there the fewest sunspots?"], "label", "df[df.year>=1900].set_index('year').sunspots", {"pick": "min"}),
    ("ss04", "sunspots_yearly", "range", ["how many years had between 50 and 100 sunspots"], "scalar", "df.sunspots.between(50,100).sum()", {}),
    ("ss05", "sunspots_yearly", "sort", ["the 5 years with the most sunspots, highest first"], "topn", "df.set_index('year').sunspots.nlargest(5)", {}),
    ("ss06", "sunspots_yearly", "andor", ["how many years after 1850 had fewer than 10 sunspots?"], "scalar", "((df.year>1850)&(df.sunspots<10)).sum()", {}),
    ("ss07", "sunspots_yearly", "date", ["what was the sunspot number in 1950?"], "scalar", "df[df.year==1950].sunspots.sum()", {}),
    ("ss08", "sunspots_yearly", "multi", ["min, max and mean sunspots per century"], "multi", "df.groupby(df.year//100*100).sunspots.agg(['min','max','mean'])", {}),
    # pixel (nlme::Pixel; day = days after injection)
    ("px01", "pixel", "multi", ["min, max and mean pixel intensity by day"], "multi", "df.groupby('day').pixel.agg(['min','max','mean'])", {}),
    ("px02", "pixel", "argmax", ["which dog has the highest average pixel?"], "label", "df.groupby('Dog').pixel.mean()", {"pick": "max"}),
    ("px03", "pixel", "range", ["average pixel between day 4 and day 10"], "scalar", "df[df.day.between(4,10)].pixel.mean()", {}),
    ("px04", "pixel", "sort", ["average pixel for each dog sorted from highest to lowest"], "topn", "df.groupby('Dog').pixel.mean().sort_values(ascending=False)", {}),
    ("px05", "pixel", "andor", ["mean pixel for side L after day 6"], "scalar", "df[(df.Side=='L')&(df.day>6)].pixel.mean()", {}),
    ("px06", "pixel", "argmin", ["on which day is the average pixel the lowest?"], "label", "df.groupby('day').pixel.mean()", {"pick": "min"}),
    # motors (MASS::motors: temp, hours to failure or censoring, cens)
    ("mo01", "motors", "argmin", ["which temperature has the shortest average time?"], "label", "df.groupby('temp').time.mean()", {"pick": "min"}),
    ("mo02", "motors", "multi", ["min, max and average time by temp"], "multi", "df.groupby('temp').time.agg(['min','max','mean'])", {}),
    ("mo03", "motors", "andor", ["how many motors were tested at 170 or 190 degrees and have cens 1?"], "scalar", "(df.temp.isin([170,190])&(df.cens==1)).sum()", {}),
    ("mo04", "motors", "not", ["average time excluding temp 150"], "scalar", "df[df.temp!=150].time.mean()", {}),
    ("mo05", "motors", "range", ["how many rows have time between 1000 and 5000 hours"], "scalar", "df.time.between(1000,5000).sum()", {}),
    ("mo06", "motors", "sort", ["average time at each temperature, sorted from the highest temperature down"], "topn", "df.groupby('temp').time.mean().sort_index(ascending=False)", {"tie_check": False}),
    # glucose (nlme::Glucose: Time in hours after the meal, Meal = time of day)
    ("gl01", "glucose", "multi", ["average and maximum glucose concentration by meal"], "multi", "df.groupby('Meal').conc.agg(['mean','max'])", {}),
    ("gl02", "glucose", "argmax", ["which meal time has the highest average conc?"], "label", "df.groupby('Meal').conc.mean()", {"pick": "max"}),
    ("gl03", "glucose", "range", ["average conc between time 0 and 2"], "scalar", "df[df.Time.between(0,2)].conc.mean()", {}),
    ("gl04", "glucose", "andor", ["average conc for the 10am or 2pm meals after time 1"], "scalar", "df[df.Meal.isin(['10am','2pm'])&(df.Time>1)].conc.mean()", {}),
    ("gl05", "glucose", "sort", ["subjects ordered by average conc descending"], "topn", "df.groupby('Subject').conc.mean().sort_values(ascending=False)", {}),
    ("gl06", "glucose", "argmin", ["which subject has the lowest peak concentration"], "label", "df.groupby('Subject').conc.max()", {"pick": "min"}),
    # daily_sales (made up: ISO days, three stores)
    ("ds01", "daily_sales", "date", ["average units sold on weekends"], "scalar", f"df[{D}.dt.dayofweek>=5].units.mean()", {"alt": [f"df[{D}.dt.dayofweek>=5].groupby('date').units.sum().mean()"]}),
    ("ds02", "daily_sales", "date", ["total revenue per quarter"], "groups", f"df.groupby({DQ}).revenue.sum()", {}),
    ("ds03", "daily_sales", "date", ["how much did total revenue change from 2022 to 2023?"], "scalar", f"df[{D}.dt.year==2023].revenue.sum()-df[{D}.dt.year==2022].revenue.sum()", {"alt": [f"100*(df[{D}.dt.year==2023].revenue.sum()/df[{D}.dt.year==2022].revenue.sum()-1)"]}),
    ("ds04", "daily_sales", "date", ["total units in the last 12 months"], "scalar", f"df[{D}>'2022-12-31'].units.sum()", {}),
    ("ds05", "daily_sales", "argmax", ["which store had the highest revenue in December 2023?"], "label", f"df[{D}.dt.strftime('%Y-%m')=='2023-12'].groupby('store').revenue.sum()", {"pick": "max"}),
    ("ds06", "daily_sales", "argmin", ["which weekday has the lowest average units?"], "label", f"df.groupby({D}.dt.day_name()).units.mean()", {"pick": "min"}),
    ("ds07", "daily_sales", "sort", ["total revenue of each store, stores in alphabetical order"], "topn", "df.groupby('store').revenue.sum().sort_index()", {}),
    ("ds08", "daily_sales", "multi", ["total units and revenue per store"], "multi", "df.groupby('store')[['units','revenue']].sum()", {}),
    ("ds09", "daily_sales", "date", ["revenue at the Airport store between 1 March and 30 June 2023"], "scalar", f"df[(df.store=='Airport')&({D}>='2023-03-01')&({D}<='2023-06-30')].revenue.sum()", {}),
    ("ds10", "daily_sales", "andor", ["how many days did Harbour sell more than 200 units without a promo"], "scalar", "((df.store=='Harbour')&(df.units>200)&(df.promo=='no')).sum()", {}),
    ("ds11", "daily_sales", "date", ["total revenue since the start of 2023"], "scalar", f"df[{D}>='2023-01-01'].revenue.sum()", {}),
    ("ds12", "daily_sales", "argmax", ["which month of the year has the highest average daily revenue?"], "label", f"df.groupby({D}.dt.strftime('%B')).revenue.mean()", {"pick": "max"}),
    ("ds13", "daily_sales", "multi", ["compare units and revenue over time by year"], "multi", f"df.groupby({D}.dt.year)[['units','revenue']].sum()", {}),
    ("ds14", "daily_sales", "date", ["year over year growth of total revenue"], "scalar", f"100*(df[{D}.dt.year==2023].revenue.sum()/df[{D}.dt.year==2022].revenue.sum()-1)", {"alt": [f"df[{D}.dt.year==2023].revenue.sum()-df[{D}.dt.year==2022].revenue.sum()"]}),
    # helpdesk_tickets (made up: timestamps, statuses)
    ("hd01", "helpdesk_tickets", "date", ["how many tickets were opened in March 2024?"], "scalar", f"({O}.dt.strftime('%Y-%m')=='2024-03').sum()", {}),
    ("hd02", "helpdesk_tickets", "date", ["how many tickets came in on weekends?"], "scalar", f"({O}.dt.dayofweek>=5).sum()", {}),
    ("hd03", "helpdesk_tickets", "argmax", ["which agent closed the most tickets?"], "label", f"{CL}.groupby('agent').size()", {"pick": "max"}),
    ("hd04", "helpdesk_tickets", "argmin", ["which channel has the worst average csat?"], "label", "df.groupby('channel').csat.mean()", {"pick": "min"}),
    ("hd05", "helpdesk_tickets", "multi", ["average and maximum resolution hours by priority"], "multi", "df.groupby('priority').resolution_hours.agg(['mean','max'])", {}),
    ("hd06", "helpdesk_tickets", "sort", ["number of tickets per agent sorted descending"], "topn", "df.groupby('agent').size().sort_values(ascending=False)", {}),
    ("hd07", "helpdesk_tickets", "andor", ["how many urgent or high priority tickets are still open?"], "scalar", "(df.priority.isin(['urgent','high'])&(df.status=='open')).sum()", {}),
    ("hd08", "helpdesk_tickets", "not", ["how many tickets are not closed"], "scalar", "(df.status!='closed').sum()", {}),
    ("hd09", "helpdesk_tickets", "date", ["how many tickets were opened between October and December 2023?"], "scalar", f"(({O}>='2023-10-01')&({O}<'2024-01-01')).sum()", {}),
    ("hd10", "helpdesk_tickets", "date", ["tickets opened per month"], "groups", f"df.groupby({O}.dt.strftime('%Y-%m')).size()", {}),
    ("hd11", "helpdesk_tickets", "date", ["average resolution hours of tickets opened in the latest month"], "scalar", f"df[{O}.dt.strftime('%Y-%m')=='2024-06'].resolution_hours.mean()", {}),
    ("hd12", "helpdesk_tickets", "range", ["how many tickets took between 10 and 24 hours to resolve"], "scalar", "df.resolution_hours.between(10,24).sum()", {}),
    ("hd13", "helpdesk_tickets", "argmax", ["at what hour of the day are most tickets opened?"], "label", f"df.groupby({O}.dt.strftime('%H:00')).size()", {"pick": "max", "alt": [f"df.groupby({O}.dt.hour).size()"]}),
    # quarterly_results (made up: "1995 Q2" labels)
    ("qr01", "quarterly_results", "date", ["total revenue in 1998"], "scalar", f"df[{QY}==1998].revenue_musd.sum()", {}),
    ("qr02", "quarterly_results", "argmax", ["which quarter had the highest Online revenue?"], "label", "df[df.segment=='Online'].set_index('quarter').revenue_musd", {"pick": "max"}),
    ("qr03", "quarterly_results", "multi", ["total revenue and operating cost per segment"], "multi", "df.groupby('segment')[['revenue_musd','operating_cost_musd']].sum()", {}),
    ("qr04", "quarterly_results", "date", ["average Retail revenue before 2000"], "scalar", f"df[(df.segment=='Retail')&({QY}<2000)].revenue_musd.mean()", {}),
    ("qr05", "quarterly_results", "date", ["total revenue per year"], "groups", f"df.groupby({QY}).revenue_musd.sum()", {}),
    ("qr06", "quarterly_results", "sort", ["segments by average employees from lowest to highest"], "topn", "df.groupby('segment').employees.mean().sort_values()", {}),
    ("qr07", "quarterly_results", "andor", ["in how many quarters was Wholesale revenue above 70 with operating cost below 60"], "scalar", "((df.segment=='Wholesale')&(df.revenue_musd>70)&(df.operating_cost_musd<60)).sum()", {}),
    ("qr08", "quarterly_results", "argmin", ["which segment had the smallest total revenue in 2001?"], "label", f"df[{QY}==2001].groupby('segment').revenue_musd.sum()", {"pick": "min"}),
    ("qr09", "quarterly_results", "date", ["average revenue in fourth quarters"], "scalar", f"df[{QN}==4].revenue_musd.mean()", {}),
    ("qr10", "quarterly_results", "range", ["total Online revenue from 1995 Q1 to 1996 Q4"], "scalar", f"df[(df.segment=='Online')&({QY}.between(1995,1996))].revenue_musd.sum()", {}),
    # trial_visits (made up: Date = visit code 1-3, Week = study week)
    ("tv01", "trial_visits", "codes", ["average systolic bp by Date"], "groups", "df.groupby('Date').systolic_bp.mean()", {}),
    ("tv02", "trial_visits", "andor", ["how many rows have Date 3 and arm high dose"], "scalar", "((df.Date==3)&(df.arm=='high dose')).sum()", {}),
    ("tv03", "trial_visits", "argmin", ["which arm has the lowest average systolic bp at week 12"], "label", "df[df.Week==12].groupby('arm').systolic_bp.mean()", {"pick": "min"}),
    ("tv04", "trial_visits", "multi", ["min, max and mean weight by arm"], "multi", "df.groupby('arm').weight_kg.agg(['min','max','mean'])", {}),
    ("tv05", "trial_visits", "sort", ["top 5 patients by average systolic bp"], "topn", "df.groupby('patient').systolic_bp.mean().nlargest(5)", {}),
    ("tv06", "trial_visits", "range", ["how many measurements have systolic between 120 and 140"], "scalar", "df.systolic_bp.between(120,140).sum()", {}),
    ("tv07", "trial_visits", "not", ["average systolic bp at the North site excluding placebo"], "scalar", "df[(df.site=='North')&(df.arm!='placebo')].systolic_bp.mean()", {}),
    ("tv08", "trial_visits", "codes", ["average systolic_bp per week"], "groups", "df.groupby('Week').systolic_bp.mean()", {}),
    # follow-up conversations
    ("f01", "daily_sales", "followup", ["total revenue by store", "only on weekends"], "groups", f"df[{D}.dt.dayofweek>=5].groupby('store').revenue.sum()", {}),
    ("f02", "daily_sales", "followup", ["total units in 2022", "and in 2023?"], "scalar", f"df[{D}.dt.year==2023].units.sum()", {}),
    ("f03", "helpdesk_tickets", "followup", ["how many tickets per channel", "which one has the fewest?"], "label", "df.groupby('channel').size()", {"pick": "min"}),
    ("f04", "helpdesk_tickets", "followup", ["average resolution hours by agent", "sort them from lowest to highest"], "topn", "df.groupby('agent').resolution_hours.mean().sort_values()", {}),
    ("f05", "quarterly_results", "followup", ["average revenue by segment", "only since 2000"], "groups", f"df[{QY}>=2000].groupby('segment').revenue_musd.mean()", {}),
    ("f06", "lung_deaths", "followup", ["total male deaths by year", "what about female?"], "groups", f"df.groupby({M}.dt.year).female.sum()", {}),
    ("f07", "sunspots_yearly", "followup", ["average sunspots per century", "and the maximum?"], "groups", "df.groupby(df.year//100*100).sunspots.max()", {}),
    ("f08", "trial_visits", "followup", ["average weight by arm", "for Date 3 only"], "groups", "df[df.Date==3].groupby('arm').weight_kg.mean()", {}),
    ("f09", "motors", "followup", ["average time by temperature", "which is the lowest?"], "label", "df.groupby('temp').time.mean()", {"pick": "min"}),
    ("f10", "glucose", "followup", ["average conc by meal", "only for subject 3"], "groups", "df[df.Subject==3].groupby('Meal').conc.mean()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        q = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            q["truth"] = truth
        q.update(extra)
        f.write(json.dumps(q) + "\n")
print(len(Q), "questions")
