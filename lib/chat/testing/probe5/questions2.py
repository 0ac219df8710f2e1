# Probe5 batch 2 (14 questions written after the first fixes, before any run): abbreviations, codes, values.
import json, sys
sys.path.insert(0, "/tmp/probe5")
exec(open(__file__.replace("questions2.py", "questions.py")).read().split("Q = [")[0])
Q2 = [
 ("b1","employees","nlv","avg sal by dept","bar","dept_name","salary","avg",None,lambda: grp(e,"dept_name","salary","avg")),
 ("b2","employees","nlv","count of emps by job code, pie","pie","job_code","*","count",None,lambda: grp(e,"job_code","salary","count")),
 ("b3","flights","nlv","avg dist by airline","bar","airline_code","distance_km","avg",None,lambda: grp(f,"airline_code","distance_km","avg")),
 ("b4","flights","nv","number of flights per destination where delay_min > 60","bar","destination","*","count",None,lambda: grp(f,"destination","delay_min","count",lambda d: d.delay_min > 60)),
 ("b5","sales_orders","nlv","total qty by cat","bar","product_cat","qty","sum",None,lambda: grp(s,"product_cat","qty","sum")),
 ("b6","sales_orders","nlv","avg amt per ship mode","bar","ship_mode","total_amt","avg",None,lambda: grp(s,"ship_mode","total_amt","avg")),
 ("b7","courses","nlv","total enrollment per dept, bar chart sorted descending","bar","DeptCode","EnrollmentCount","sum",("y","desc"),lambda: order(grp(c,"DeptCode","EnrollmentCount","sum"),"y","desc")),
 ("b8","courses","nlv","how many grad courses per dept code","bar","DeptCode","*","count",None,lambda: grp(c,"DeptCode","Level","count",lambda d: d.Level == "Graduate")),
 ("b9","sensor_readings","nlv","avg humidity by status","bar","Status","HumidityPct","avg",None,lambda: grp(r,"Status","HumidityPct","avg")),
 ("b10","sensor_readings","nlv","number of FAIL readings per location","bar","Location","*","count",None,lambda: grp(r,"Location","Status","count",lambda d: d.Status == "FAIL")),
 ("b11","film_entries","nlv","avg jury score by country for award winners","bar","Country","Jury_Score","avg",None,lambda: grp(m,"Country","Jury_Score","avg",lambda d: d.Won_Award == "Y")),
 ("b12","film_entries","nv","Show the number of entries submitted in each year in a line chart","line","Submission_Date","*","count",None,lambda: year(m,"Submission_Date")),
 ("b13","employees","nv","What is the average salary of employees whose commission pct is above 0.05, grouped by gender? Bar chart.","bar","gender","salary","avg",None,lambda: grp(e,"gender","salary","avg",lambda d: d.commission_pct > 0.05)),
 ("b14","flights","nv","Show the total number of passengers for each aircraft type, and sort by the type in ascending order","bar","aircraft_type","num_passengers","sum",("x","asc"),lambda: order(grp(f,"aircraft_type","num_passengers","sum"),"x","asc")),
]
def conv(v):
    return v.item() if hasattr(v, "item") else v
with open(D + "cases2.jsonl", "w") as fh:
    for (id_, tb, style, turns, chart, x, y, agg, od, g) in Q2:
        gold = [{"x": conv(a), "y": conv(b)} for a, b in g()]
        fh.write(json.dumps({"id": id_, "table": tb + ".csv", "style": style, "turns": turns.split(" || "), "question": turns, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg, "order": {"by": od[0], "dir": od[1]} if od else None, "gold": gold, "optional": []}) + "\n")
print(len(Q2))
