# Probe5 batch 3 (10 questions written after batch 2's fixes, before any run).
import json
exec(open(__file__.replace("questions3.py", "questions.py")).read().split("Q = [")[0])
Q3 = [
 ("t1","courses","nlv","avg credits per level, pie chart","pie","Level","Credits","avg",None,lambda: grp(c,"Level","Credits","avg")),
 ("t2","flights","nv","Show the number of flights for each airline code whose distance_km is more than 2000, sort by count desc","bar","airline_code","*","count",("y","desc"),lambda: order(grp(f,"airline_code","delay_min","count",lambda d: d.distance_km > 2000),"y","desc")),
 ("t3","sensor_readings","nv","What is the maximum temperature for each status? Order by the maximum temperature in ascending order, bar chart","bar","Status","TemperatureC","max",("y","asc"),lambda: order(grp(r,"Status","TemperatureC","max"),"y","asc")),
 ("t4","employees","nlv","trend of hires over years","line","hire_date","*","count",None,lambda: year(e,"hire_date")),
 ("t5","sales_orders","nlv","monthly total amt","line","order_date","total_amt","sum",None,lambda: month(s,"order_date","total_amt","sum")),
 ("t6","film_entries","nlv","count of films by genre and won award","bar","Genre","*","count",None,None),
 ("t7","flights","nv","How many flights are there for each weekday of the departure date?","bar","departure_date","*","count",None,lambda: weekday(f,"departure_date")),
 ("t8","employees","nv","Show the number of managers in each department with a bar chart","bar","dept_name","*","count",None,lambda: grp(e,"dept_name","salary","count",lambda d: d.is_manager == "Y")),
 ("t9","sales_orders","nlv","avg qty per order by region","bar","region","qty","avg",None,lambda: grp(s,"region","qty","avg")),
 ("t10","film_entries","nv","Show all film titles and their jury scores as a bar chart ordered by jury score desc","bar","Film_Title","Jury_Score","none",("y","desc"),lambda: order(rows(m,"Film_Title","Jury_Score"),"y","desc")),
]
def conv(v):
    return v.item() if hasattr(v, "item") else v
with open(D + "cases3.jsonl", "w") as fh:
    for (id_, tb, style, turns, chart, x, y, agg, od, g) in Q3:
        gold = [{"x": conv(a), "y": conv(b)} for a, b in g()] if g else None
        fh.write(json.dumps({"id": id_, "table": tb + ".csv", "style": style, "turns": turns.split(" || "), "question": turns, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg, "order": {"by": od[0], "dir": od[1]} if od else None, "gold": gold, "optional": []}) + "\n")
print(len(Q3))
