# Probe5: 53 questions over 6 new tables, written before any run. Gold by pandas.
import json, pandas as pd
import os
D = os.path.dirname(os.path.abspath(__file__)) + "/"
T = {n: pd.read_csv(D + n + ".csv") for n in ["employees","flights","courses","sales_orders","sensor_readings","film_entries"]}
WD = ["Mon","Tue","Wed","Thu","Fri","Sat","Sun"]
def grp(df, x, y, agg, where=None):
    if where is not None: df = df[where(df)]
    g = df.groupby(x)[y].size() if agg == "count" else df.groupby(x)[y].agg({"sum":"sum","avg":"mean","min":"min","max":"max"}[agg])
    return [(k, float(v)) for k, v in g.items()]
def rows(df, x, y, where=None):
    if where is not None: df = df[where(df)]
    return [(a, float(b)) for a, b in zip(df[x], df[y])]
def weekday(df, col):
    s = pd.to_datetime(df[col]).dt.dayofweek.value_counts()
    return [(WD[k], float(v)) for k, v in s.items()]
def month(df, col, y=None, agg="count"):
    m = pd.to_datetime(df[col]).dt.strftime("%Y-%m")
    g = df.groupby(m).size() if agg == "count" else df.groupby(m)[y].agg({"sum":"sum","avg":"mean"}[agg])
    return [(k, float(v)) for k, v in g.items()]
def year(df, col, y=None, agg="count"):
    m = pd.to_datetime(df[col]).dt.year
    g = df.groupby(m).size() if agg == "count" else df.groupby(m)[y].agg({"sum":"sum","avg":"mean"}[agg])
    return [(int(k), float(v)) for k, v in g.items()]
def order(pairs, by, d):
    return sorted(pairs, key=(lambda p: p[1]) if by == "y" else (lambda p: str(p[0])), reverse=(d == "desc"))
e, f, c, s, r, m = (T[k] for k in ["employees","flights","courses","sales_orders","sensor_readings","film_entries"])
Q = [
 # id, table, style, turns, chart, x, y, agg, order, gold
 ("e1","employees","nv","Show the name and salary of all employees in a bar chart, sort by salary descending","bar","emp_name","salary","none",("y","desc"),lambda: order(rows(e,"emp_name","salary"),"y","desc")),
 ("e2","employees","nv","What is the average salary for each department? Show a bar chart.","bar","dept_name","salary","avg",None,lambda: grp(e,"dept_name","salary","avg")),
 ("e3","employees","nv","Return a scatter chart about the correlation between age and salary","scatter","age","salary","none",None,lambda: rows(e,"age","salary")),
 ("e4","employees","nv","Bin the hire date by weekday and count the number of employees in a bar chart","bar","hire_date","*","count",None,lambda: weekday(e,"hire_date")),
 ("e5","employees","nv","for each department, the average salary where salary > 5000, x axis dept name","bar","dept_name","salary","avg",None,lambda: grp(e,"dept_name","salary","avg",lambda d: d.salary > 5000)),
 ("e6","employees","nv","How many employees are there for each job code? Show a pie chart.","pie","job_code","*","count",None,lambda: grp(e,"job_code","salary","count")),
 ("e7","employees","nlv","avg salary by dept","bar","dept_name","salary","avg",None,lambda: grp(e,"dept_name","salary","avg")),
 ("e8","employees","nlv","histogram of age","histogram","age","*","count",None,None),
 ("e9","employees","nlv","salary vs age colored by gender","scatter","age","salary","none",None,lambda: rows(e,"age","salary")),
 ("e10","employees","nlv","number of emps per gender","bar","gender","*","count",None,lambda: grp(e,"gender","salary","count")),
 ("e11","employees","nlv","max commission pct by job code","bar","job_code","commission_pct","max",None,lambda: grp(e,"job_code","commission_pct","max")),
 ("e12","employees","nv","Show the number of employees hired in each year in a line chart.","line","hire_date","*","count",None,lambda: year(e,"hire_date")),
 ("e13","employees","nlv","avg salary by dept || only managers","bar","dept_name","salary","avg",None,lambda: grp(e,"dept_name","salary","avg",lambda d: d.is_manager == "Y")),
 ("f1","flights","nv","What is the number of flights for each origin? Show a pie chart.","pie","origin","*","count",None,lambda: grp(f,"origin","delay_min","count")),
 ("f2","flights","nv","Show the average delay for each airline code in a bar chart, order by the average delay in ascending order.","bar","airline_code","delay_min","avg",("y","asc"),lambda: order(grp(f,"airline_code","delay_min","avg"),"y","asc")),
 ("f3","flights","nv","Give me a scatter plot of distance and delay of all flights.","scatter","distance_km","delay_min","none",None,lambda: rows(f,"distance_km","delay_min")),
 ("f4","flights","nv","How many flights depart each month? Show a line chart.","line","departure_date","*","count",None,lambda: month(f,"departure_date")),
 ("f5","flights","nlv","total passengers by destination","bar","destination","num_passengers","sum",None,lambda: grp(f,"destination","num_passengers","sum")),
 ("f6","flights","nlv","flights per aircraft type","bar","aircraft_type","*","count",None,lambda: grp(f,"aircraft_type","delay_min","count")),
 ("f7","flights","nlv","cancelled flights by airline","bar","airline_code","*","count",None,lambda: grp(f,"airline_code","delay_min","count",lambda d: d.cancelled == "yes")),
 ("f8","flights","nlv","avg num passengers per origin","bar","origin","num_passengers","avg",None,lambda: grp(f,"origin","num_passengers","avg")),
 ("f9","flights","nv","List the destination and the total distance of flights that were not cancelled, and show by a bar chart.","bar","destination","distance_km","sum",None,lambda: grp(f,"destination","distance_km","sum",lambda d: d.cancelled == "no")),
 ("f10","flights","nlv","delay vs distance","scatter","distance_km","delay_min","none",None,lambda: rows(f,"distance_km","delay_min")),
 ("c1","courses","nv","Show the number of courses in each DeptCode with a bar chart.","bar","DeptCode","*","count",None,lambda: grp(c,"DeptCode","Credits","count")),
 ("c2","courses","nv","What is the total enrollment count for each level? Pie chart.","pie","Level","EnrollmentCount","sum",None,lambda: grp(c,"Level","EnrollmentCount","sum")),
 ("c3","courses","nv","Show the course name and credits of all online courses in a bar chart, order by credits desc.","bar","CourseName","Credits","none",("y","desc"),lambda: order(rows(c,"CourseName","Credits",lambda d: d.IsOnline == "Yes"),"y","desc")),
 ("c4","courses","nlv","avg enrollment by dept code","bar","DeptCode","EnrollmentCount","avg",None,lambda: grp(c,"DeptCode","EnrollmentCount","avg")),
 ("c5","courses","nlv","courses per credits","bar","Credits","*","count",None,lambda: grp(c,"Credits","Level","count")),
 ("c6","courses","nlv","number of online vs in-person courses","bar","IsOnline","*","count",None,lambda: grp(c,"IsOnline","Level","count")),
 ("c7","courses","nv","Bin the start date by year and show the average enrollment count in a line chart.","line","StartDate","EnrollmentCount","avg",None,lambda: year(c,"StartDate","EnrollmentCount","avg")),
 ("c8","courses","nlv","enrollment by instructor, top 5","bar","InstructorName","EnrollmentCount","sum",("y","desc"),lambda: order(grp(c,"InstructorName","EnrollmentCount","sum"),"y","desc")[:5]),
 ("s1","sales_orders","nv","What is the total amount of orders for each region? Show a bar chart sorted by the total in descending order.","bar","region","total_amt","sum",("y","desc"),lambda: order(grp(s,"region","total_amt","sum"),"y","desc")),
 ("s2","sales_orders","nv","Show the number of orders for each ship mode in a pie chart.","pie","ship_mode","*","count",None,lambda: grp(s,"ship_mode","qty","count")),
 ("s3","sales_orders","nv","Return a line chart showing the total qty of orders over the order date binned by month.","line","order_date","qty","sum",None,lambda: month(s,"order_date","qty","sum")),
 ("s4","sales_orders","nlv","avg unit price per product cat","bar","product_cat","unit_price","avg",None,lambda: grp(s,"product_cat","unit_price","avg")),
 ("s5","sales_orders","nlv","trend of orders over months","line","order_date","*","count",None,lambda: month(s,"order_date")),
 ("s6","sales_orders","nlv","total amt by region and ship mode","bar","region","total_amt","sum",None,None),
 ("s7","sales_orders","nlv","returned orders per region","bar","region","*","count",None,lambda: grp(s,"region","qty","count",lambda d: d.is_returned == "yes")),
 ("s8","sales_orders","nlv","qty vs unit price","scatter","unit_price","qty","none",None,lambda: rows(s,"unit_price","qty")),
 ("s9","sales_orders","nlv","total amt by product cat || as a pie chart","pie","product_cat","total_amt","sum",None,lambda: grp(s,"product_cat","total_amt","sum")),
 ("r1","sensor_readings","nv","What is the average temperature for each sensor code? Show a bar chart.","bar","SensorCode","TemperatureC","avg",None,lambda: grp(r,"SensorCode","TemperatureC","avg")),
 ("r2","sensor_readings","nv","Show the number of readings for each status in a pie chart.","pie","Status","*","count",None,lambda: grp(r,"Status","reading_id","count")),
 ("r3","sensor_readings","nv","Show the maximum humidity for each location, and order by location in ascending order in a bar chart.","bar","Location","HumidityPct","max",("x","asc"),lambda: order(grp(r,"Location","HumidityPct","max"),"x","asc")),
 ("r4","sensor_readings","nlv","avg temp by location","bar","Location","TemperatureC","avg",None,lambda: grp(r,"Location","TemperatureC","avg")),
 ("r5","sensor_readings","nlv","min battery level per sensor","bar","SensorCode","BatteryLevel","min",None,lambda: grp(r,"SensorCode","BatteryLevel","min")),
 ("r6","sensor_readings","nlv","temperature over time","line","ReadingDate","TemperatureC","avg",None,None),
 ("m1","film_entries","nv","How many entries are there for each country? Show a bar chart, order by the count descending.","bar","Country","*","count",("y","desc"),lambda: order(grp(m,"Country","Genre","count"),"y","desc")),
 ("m2","film_entries","nv","Show the average jury score for each genre in a pie chart.","pie","Genre","Jury_Score","avg",None,lambda: grp(m,"Genre","Jury_Score","avg")),
 ("m3","film_entries","nv","Draw a scatter chart about the correlation between jury score and audience score.","scatter","Jury_Score","Audience_Score","none",None,lambda: rows(m,"Jury_Score","Audience_Score")),
 ("m4","film_entries","nlv","award winners by festival year","bar","Festival_Year","*","count",None,lambda: grp(m,"Festival_Year","Genre","count",lambda d: d.Won_Award == "Y")),
 ("m5","film_entries","nlv","avg runtime per genre","bar","Genre","Runtime_Minutes","avg",None,lambda: grp(m,"Genre","Runtime_Minutes","avg")),
 ("m6","film_entries","nv","What is the total runtime of films for each festival year? Show a line chart.","line","Festival_Year","Runtime_Minutes","sum",None,lambda: grp(m,"Festival_Year","Runtime_Minutes","sum")),
 ("m7","film_entries","nlv","number of films per country || only dramas","bar","Country","*","count",None,lambda: grp(m,"Country","Genre","count",lambda d: d.Genre == "Drama")),
]
def conv(v):
    return v.item() if hasattr(v, "item") else v
out = []
for (id_, tb, style, turns, chart, x, y, agg, od, g) in Q:
    gold = [{"x": conv(a), "y": conv(b)} for a, b in g()] if g else None
    out.append({"id": id_, "table": tb + ".csv", "style": style, "turns": turns.split(" || "), "question": turns, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg,
                "order": {"by": od[0], "dir": od[1]} if od else None, "gold": gold, "optional": []})
with open(D + "cases.jsonl", "w") as fh:
    for o in out: fh.write(json.dumps(o) + "\n")
print(len(out), "cases;", sum(o["style"]=="nv" for o in out), "nv-style")
