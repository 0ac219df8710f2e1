#!/usr/bin/python3
"""Probe 7 questions (written before any run), one per tuple: id, dataset, type, turns, kind, extra.
`truth`/`alt` are pandas expressions over `df` (see ../analytic/README.md and scripts/chat-bench/score-own.ts).
Writes questions.jsonl next to this file."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
Q = []


def q(id, dataset, type, turns, kind, **extra):
    Q.append({"id": id, "dataset": dataset, "type": type, "turns": turns if isinstance(turns, list) else [turns], "kind": kind, **extra})


MON = "(df.order_ts.dt.normalize()-pd.to_timedelta(df.order_ts.dt.weekday,unit='D')).dt.strftime('%Y-%m-%d')"
# --- shop_orders (web shop; order_ts / ship_ts timestamps) ---
q("s01", "shop", "scalar-filter", "total order value from Germany paid via paypal", "scalar", truth="df[(df.country=='Germany')&(df.payment_type=='paypal')].order_total.sum()")
q("s02", "shop", "group", "average number of items per order by channel", "groups", truth="df.groupby('channel')['items'].mean()")
q("s03", "shop", "group2", "number of orders per category and channel, stacked with channel as the colour", "groups2", series="channel", truth="df.groupby(['category','channel']).size()")
q("s04", "shop", "share", "what percentage of orders were returned?", "scalar", percent=True, truth="100*(df.returned=='true').mean()")
q("s05", "shop", "argmax", "which country has the highest average order total?", "label", pick="max", truth="df.groupby('country').order_total.mean()")
q("s06", "shop", "topn", "top 3 categories by total order value", "topn", truth="df.groupby('category').order_total.sum().sort_values(ascending=False).head(3)")
q("s07", "shop", "time-grain", "orders per month in 2025", "groups", truth="df[df.order_ts.dt.year==2025].groupby(df.order_ts.dt.strftime('%Y-%m')).size()")
q("s08", "shop", "time-grain", "which weekday gets the most orders?", "label", pick="max", truth="df.groupby(df.order_ts.dt.day_name()).size()")
q("s09", "shop", "date", "total order value in Q2 2024", "scalar", truth="df[(df.order_ts.dt.year==2024)&(df.order_ts.dt.quarter==2)].order_total.sum()")
q("s10", "shop", "filter-logic", "how many orders were not paid by card and not from Germany?", "scalar", truth="((df.payment_type!='card')&(df.country!='Germany')).sum()")
q("s11", "shop", "range", "number of orders with an order total between 100 and 200", "scalar", truth="df.order_total.between(100,200).sum()", alt=["((df.order_total>100)&(df.order_total<200)).sum()"])
q("s12", "shop", "pairs", "items versus order total", "pairs", truth="df[['items','order_total']]")
q("s13", "shop", "time-grain", "weekly order count in Q1 2025", "groups", truth=f"df[(df.order_ts>='2025-01-01')&(df.order_ts<'2025-04-01')].groupby({MON}).size()")
q("s14", "shop", "no-field", "average delivery rating by country", "no-field", word="rating")
q("s15", "shop", "no-field", "total profit by category", "no-field", word="profit")
q("s16", "shop", "followup", ["total order value by country", "only for the app"], "groups", truth="df[df.channel=='app'].groupby('country').order_total.sum()")
q("s17", "shop", "followup", ["how many orders were returned?", "by category"], "groups", truth="df[df.returned=='true'].groupby('category').size()")
q("s18", "shop", "output", "order value by payment type as a pie", "groups", output={"chart": "pie"}, truth="df.groupby('payment_type').order_total.sum()")
q("s19", "shop", "sort", "average discount by category, sorted from highest", "topn", truth="df.groupby('category').discount_pct.mean().sort_values(ascending=False)")
q("s20", "shop", "multi-measure", "total items and total order value by country", "multi", truth="df.groupby('country')[['items','order_total']].sum()")
q("s21", "shop", "time-grain", "daily number of orders in march 2025", "groups", truth="df[(df.order_ts.dt.year==2025)&(df.order_ts.dt.month==3)].groupby(df.order_ts.dt.strftime('%Y-%m-%d')).size()")
q("s22", "shop", "rows", "list the orders over 900 with their totals", "rows", ordered=False, truth="df[df.order_total>900][['order_id','order_total']]")
q("s23", "shop", "followup", ["average order total by country", "what about the maximum?"], "groups", truth="df.groupby('country').order_total.max()")
q("s24", "shop", "time-grain", "average discount per quarter", "groups", truth="df.groupby(df.order_ts.dt.year.astype(str)+' Q'+df.order_ts.dt.quarter.astype(str)).discount_pct.mean()")

# --- hr_staff (coded snake_case fields) ---
q("h01", "hr", "scalar-filter", "average base salary of active employees at location BER", "scalar", truth="df[(df.active_flg=='Y')&(df.loc_cd=='BER')].base_salary.mean()")
q("h02", "hr", "group", "headcount by dept", "groups", truth="df.groupby('dept_cd').size()")
q("h03", "hr", "group2", "average bonus by department and grade", "groups2", truth="df.groupby(['dept_cd','grade_cd']).bonus_amt.mean()")
q("h04", "hr", "share", "what share of employees work remotely?", "scalar", percent=True, truth="100*(df.remote_flg=='Y').mean()")
q("h05", "hr", "argmin", "which grade has the lowest average performance rating?", "label", pick="min", truth="df.groupby('grade_cd').perf_rating.mean()")
q("h06", "hr", "topn", "the 5 highest paid employees", "rows", ordered=True, truth="df.sort_values('base_salary',ascending=False).head(5)[['full_name','base_salary']]")
q("h07", "hr", "time-grain", "number of people who started each year", "groups", truth="df.groupby(df.start_dt.dt.year).size()")
q("h08", "hr", "filter-logic", "how many employees are in FIN or HR and rated 4 or higher?", "scalar", truth="(df.dept_cd.isin(['FIN','HR'])&(df.perf_rating>=4)).sum()")
q("h09", "hr", "range", "how many employees were born between 1980 and 1989?", "scalar", truth="df.birth_yr.between(1980,1989).sum()")
q("h10", "hr", "no-field", "total overtime hours by location", "no-field", word="overtime")
q("h11", "hr", "no-field", "average commission by department", "no-field", word="commission")
q("h12", "hr", "clarify", "break down the headcount by code", "clarify", choices=["dept_cd", "grade_cd", "loc_cd", "gender_cd"])
q("h13", "hr", "followup", ["average base salary by dept", "what about the bonus?"], "groups", truth="df.groupby('dept_cd').bonus_amt.mean()")
q("h14", "hr", "followup", ["headcount by location", "only active ones"], "groups", truth="df[df.active_flg=='Y'].groupby('loc_cd').size()")
q("h15", "hr", "followup", ["average base salary by grade", "and the median instead"], "groups", truth="df.groupby('grade_cd').base_salary.median()")
q("h16", "hr", "scatter-agg", "for each department, plot average salary against average bonus", "multi", chart="scatter", truth="df.groupby('dept_cd')[['base_salary','bonus_amt']].mean()")
q("h17", "hr", "output", "just the number: how many employees started in 2020?", "scalar", output={"figure": False}, truth="(df.start_dt.dt.year==2020).sum()")
q("h18", "hr", "argmax", "which location has the most remote employees?", "label", pick="max", truth="df[df.remote_flg=='Y'].groupby('loc_cd').size()")
q("h19", "hr", "filter-logic", "average salary excluding grade G1", "scalar", truth="df[df.grade_cd!='G1'].base_salary.mean()")
q("h20", "hr", "pairs", "show base salary and bonus for each employee", "pairs", truth="df[['base_salary','bonus_amt']]")
q("h21", "hr", "followup", ["how many employees are in ENG?", "and in OPS?"], "scalar", truth="(df.dept_cd=='OPS').sum()")

# --- iot_log (a reading every 10 minutes) ---
q("i01", "iot", "scalar-filter", "average indoor temperature in the lab", "scalar", truth="df[df.zone=='lab'].temp_in_c.mean()")
q("i02", "iot", "group", "max co2 by device", "groups", truth="df.groupby('device_id').co2_ppm.max()")
q("i03", "iot", "time-grain", "average outdoor temp per day", "groups", truth="df.groupby(df.ts.dt.strftime('%Y-%m-%d')).temp_out_c.mean()")
q("i04", "iot", "share", "how often was the door open, in percent?", "scalar", percent=True, truth="100*(df.door_open==1).mean()")
q("i05", "iot", "argmax", "which zone has the highest average power draw?", "label", pick="max", truth="df.groupby('zone').power_w.mean()")
q("i06", "iot", "clarify", "average temperature by zone", "clarify", choices=["temp_in_c", "temp_out_c"])
q("i07", "iot", "clarify", "what was the highest temperature?", "clarify", choices=["temp_in_c", "temp_out_c"])
q("i08", "iot", "filter-logic", "how many readings had co2 above 1000 or humidity above 65?", "scalar", truth="((df.co2_ppm>1000)|(df.rh_pct>65)).sum()")
q("i09", "iot", "range", "count of readings with an outdoor temperature between 0 and 5 degrees", "scalar", truth="df.temp_out_c.between(0,5).sum()", alt=["((df.temp_out_c>0)&(df.temp_out_c<5)).sum()"])
q("i10", "iot", "pairs", "co2 vs humidity for dev-02", "pairs", truth="df[df.device_id=='dev-02'][['rh_pct','co2_ppm']]")
q("i11", "iot", "multi-measure", "average indoor and outdoor temperature by zone", "multi", truth="df.groupby('zone')[['temp_in_c','temp_out_c']].mean()")
q("i12", "iot", "group2", "number of readings by zone and alarm, with alarm as the colour", "groups2", series="alarm", truth="df.groupby(['zone','alarm']).size()")
q("i13", "iot", "followup", ["average power by device", "only when the door was open"], "groups", truth="df[df.door_open==1].groupby('device_id').power_w.mean()")
q("i14", "iot", "followup", ["how many critical alarms were there?", "per device"], "groups", truth="df[df.alarm=='critical'].groupby('device_id').size()")
q("i15", "iot", "no-field", "average pressure by zone", "no-field", word="pressure")
q("i16", "iot", "no-field", "total energy use per device", "no-field", word="energy")
q("i17", "iot", "date", "average co2 on march 3rd", "scalar", truth="df[df.ts.dt.strftime('%m-%d')=='03-03'].co2_ppm.mean()")
q("i18", "iot", "sort", "max power by zone sorted ascending", "topn", truth="df.groupby('zone').power_w.max().sort_values()")
q("i19", "iot", "output", "average humidity per device, chart and table", "groups", output={"figure": True, "table": True}, truth="df.groupby('device_id').rh_pct.mean()")

# --- grades (many numeric score columns; one row per student and term) ---
q("g01", "grades", "scalar-filter", "average math score of class 7B in the spring term", "scalar", truth="df[(df['class']=='7B')&(df.term=='Spring')].math_score.mean()")
q("g02", "grades", "group", "average science score per class", "groups", truth="df.groupby('class').science_score.mean()")
q("g03", "grades", "group2", "average reading score by class and term, one bar per term", "groups2", series="term", truth="df.groupby(['class','term']).reading_score.mean()")
q("g04", "grades", "share", "what percentage of results have a math score under 50?", "scalar", percent=True, truth="100*(df.math_score<50).mean()")
q("g05", "grades", "argmax", "which class has the best average history score?", "label", pick="max", truth="df.groupby('class').history_score.mean()")
q("g06", "grades", "topn", "top 5 students by average math score", "topn", truth="df.groupby('student').math_score.mean().sort_values(ascending=False).head(5)")
q("g07", "grades", "pairs", "math score vs science score", "pairs", truth="df[['math_score','science_score']]")
q("g08", "grades", "scatter-agg", "per class, plot average homework percentage against average math score", "multi", chart="scatter", truth="df.groupby('class')[['homework_pct','math_score']].mean()")
q("g09", "grades", "multi-measure", "average math, reading and science scores by term", "multi", truth="df.groupby('term')[['math_score','reading_score','science_score']].mean()")
q("g10", "grades", "clarify", "average score by class", "clarify", choices=["math_score", "reading_score", "science_score", "history_score"])
q("g11", "grades", "clarify", "which student has the highest score?", "clarify", choices=["math_score", "reading_score", "science_score", "history_score"])
q("g12", "grades", "filter-logic", "how many results without free lunch have more than 5 absences?", "scalar", truth="((df.free_lunch=='no')&(df.absences>5)).sum()")
q("g13", "grades", "followup", ["average math score by class", "only girls"], "groups", truth="df[df.sex=='girl'].groupby('class').math_score.mean()")
q("g14", "grades", "followup", ["average reading score by term", "sorted from highest"], "topn", truth="df.groupby('term').reading_score.mean().sort_values(ascending=False)")
q("g15", "grades", "followup", ["number of results with free lunch by class", "as a pie"], "groups", output={"chart": "pie"}, truth="df[df.free_lunch=='yes'].groupby('class').size()")
q("g16", "grades", "no-field", "average attendance by class", "no-field", word="attendance")
q("g17", "grades", "no-field", "average art score by term", "no-field", word="art")
q("g18", "grades", "rows", "list the students in 8A with a math score of 90 or more", "rows", ordered=False, truth="df[(df['class']=='8A')&(df.math_score>=90)][['student','math_score']]")
q("g19", "grades", "sort", "average absences by class from lowest to highest", "topn", truth="df.groupby('class').absences.mean().sort_values()")

# --- matches (football results; M/D/YYYY dates, home/away teams) ---
q("m01", "matches", "scalar-filter", "average attendance at Rovers home games", "scalar", truth="df[df.home_team=='Rovers'].attendance.mean()")
q("m02", "matches", "group", "total home goals by season", "groups", truth="df.groupby('season').home_goals.sum()")
q("m03", "matches", "share", "what percentage of matches ended in a draw?", "scalar", percent=True, truth="100*(df.result=='D').mean()")
q("m04", "matches", "argmax", "which home team scored the most home goals?", "label", pick="max", truth="df.groupby('home_team').home_goals.sum()")
q("m05", "matches", "topn", "top 3 away teams by total away goals", "topn", truth="df.groupby('away_team').away_goals.sum().sort_values(ascending=False).head(3)")
q("m06", "matches", "group2", "number of matches by season and result, stacked by result", "groups2", series="result", truth="df.groupby(['season','result']).size()")
q("m07", "matches", "time-grain", "matches per month in the 2023-24 season", "groups", truth="df[df.season=='2023-24'].groupby(df.match_date.dt.strftime('%Y-%m')).size()")
q("m08", "matches", "filter-logic", "how many cup matches had an attendance over 20000?", "scalar", truth="((df.competition=='Cup')&(df.attendance>20000)).sum()")
q("m09", "matches", "pairs", "home goals vs attendance", "pairs", truth="df[['attendance','home_goals']]")
q("m10", "matches", "multi-measure", "average home goals and average away goals by season", "multi", truth="df.groupby('season')[['home_goals','away_goals']].mean()")
q("m11", "matches", "clarify", "average goals by season", "clarify", choices=["home_goals", "away_goals"])
q("m12", "matches", "clarify", "how many matches did City play?", "clarify", choices=["home_team", "away_team"], alt=["((df.home_team=='City')|(df.away_team=='City')).sum()"])
q("m13", "matches", "followup", ["total attendance by home team", "only league games"], "groups", truth="df[df.competition=='League'].groupby('home_team').attendance.sum()")
q("m14", "matches", "followup", ["number of matches by result", "only in the 2022-23 season", "as a pie"], "groups", output={"chart": "pie"}, truth="df[df.season=='2022-23'].groupby('result').size()")
q("m15", "matches", "date", "average attendance in september 2022", "scalar", truth="df[(df.match_date.dt.year==2022)&(df.match_date.dt.month==9)].attendance.mean()")
q("m16", "matches", "no-field", "average possession by home team", "no-field", word="possession")
q("m17", "matches", "no-field", "total yellow cards per season", "no-field", word="card")
q("m18", "matches", "argmin", "which season had the lowest average attendance?", "label", pick="min", truth="df.groupby('season').attendance.mean()")
q("m19", "matches", "output", "home goals by home team as horizontal bars", "groups", output={"chart": "bar"}, truth="df.groupby('home_team').home_goals.sum()")
q("m20", "matches", "followup", ["average attendance by home team", "top 3 only"], "topn", truth="df.groupby('home_team').attendance.mean().sort_values(ascending=False).head(3)")
q("m21", "matches", "followup", ["total away goals by away team", "which of them is lowest?"], "label", pick="min", truth="df.groupby('away_team').away_goals.sum()")

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for x in Q:
        f.write(json.dumps(x) + "\n")
print(len(Q), "questions;", sum(x["type"] == "followup" for x in Q), "follow-ups;", sum(x["kind"] in ("clarify", "no-field") for x in Q), "ask back / no field")
