# Probe53 second batch: nvBench's paraphrase styles over the same seven tables (gen.py), written and committed
# before its first run (after the first batch's fixes). Same gold and tie rules as truth.py. Writes cases2.jsonl.
#   /usr/bin/python3 lib/chat/testing/probe53/truth2.py
import json
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from probe_cases_truth import conv, grp, order, rows, weekday, year  # noqa: E402

D = os.path.dirname(os.path.abspath(__file__)) + "/"
m = pd.read_csv(D + "song.csv")
g = pd.read_csv(D + "game.csv")
p = pd.read_csv(D + "Product_Stock.csv")
r = pd.read_csv(D + "paper.csv")
b = pd.read_csv(D + "Apartment_Bookings.csv")
v = pd.read_csv(D + "Vet_Visit.csv")
c = pd.read_csv(D + "climber.csv")


def top(pairs, n):
    assert len(pairs) > n and pairs[n - 1][1] != pairs[n][1], ("tie at the cut", pairs[: n + 1])
    return pairs[:n]


Q = [
    ("M1", "song", "Plot the total number by grouped by artist_name as a bar graph, I want to show by the Y from low to high.", "bar", "artist_name", "*", "count", ("y", "asc"), None, lambda: order(grp(m, "artist_name", None, "count"), "y", "asc")),
    ("M2", "song", "Give me a histogram for what are the languages and the maximum rating of songs in each language?", "bar", "languages", "rating", "max", None, None, lambda: grp(m, "languages", "rating", "max")),
    ("M3", "song", "I want to know the proportion of the total file_size_mb for each genre_is.", "pie", "genre_is", "file_size_mb", "sum", None, None, lambda: grp(m, "genre_is", "file_size_mb", "sum")),
    ("G1", "game", "Compute the total the number of competition across competition as a pie chart.", "pie", "Competition", "*", "count", None, None, lambda: grp(g, "Competition", None, "count")),
    ("G2", "game", "Display a bar chart for what is the lowest away score of games at each venue?, rank in descending by the bar please.", "bar", "Venue", "Away_Score", "min", ("y", "desc"), None, lambda: order(grp(g, "Venue", "Away_Score", "min"), "y", "desc")),
    ("G3", "game", "A line chart for what are the number of games in each year of the game date?", "line", "Game_Date", "*", "count", None, None, lambda: year(g, "Game_Date")),
    ("P1", "Product_Stock", "count and group by supplier_name from the Product_Stock table, show a bar chart.", "bar", "supplier_name", "*", "count", None, None, lambda: grp(p, "supplier_name", None, "count")),
    ("P2", "Product_Stock", "Draw a bar chart of warehouse code versus the average unit price, display from high to low by the names please.", "bar", "warehouse_code", "unit_price", "avg", ("x", "desc"), None, lambda: order(grp(p, "warehouse_code", "unit_price", "avg"), "x", "desc")),
    ("P3", "Product_Stock", "Which products have a quantity on hand below their reorder level? Show their product names and quantity on hand in a bar chart.", "bar", "product_name", "quantity_on_hand", "none", None, None, lambda: rows(p, "product_name", "quantity_on_hand", lambda d: d.quantity_on_hand < d.reorder_level)),
    ("R1", "paper", "Visualize a bar chart for how many papers does each first author country have?, could you list by the x-axis in desc please?", "bar", "first_author_country", "*", "count", ("x", "desc"), None, lambda: order(grp(r, "first_author_country", None, "count"), "x", "desc")),
    ("R2", "paper", "Return a scatter on what are the citation counts and page counts of papers published after 2020?", "scatter", "citation_count", "page_count", "none", None, None, lambda: rows(r, "citation_count", "page_count", lambda d: d.year > 2020)),
    ("R3", "paper", "Find the average review score of papers for each venue. Plot them as pie chart.", "pie", "venue_name", "review_score", "avg", None, None, lambda: grp(r, "venue_name", "review_score", "avg")),
    ("R4", "paper", "Show the 3 research areas with the most citations in total, with a bar chart.", "bar", "research_area", "citation_count", "sum", ("y", "desc"), 3, lambda: top(order(grp(r, "research_area", "citation_count", "sum"), "y", "desc"), 3)),
    ("B1", "Apartment_Bookings", "Find the number of bookings for each guest gender. Visualize by pie chart.", "pie", "guest_gender", "*", "count", None, None, lambda: grp(b, "guest_gender", None, "count")),
    ("B2", "Apartment_Bookings", "Bar chart of the total number of nights from each building short name, and order by the total number of nights from high to low.", "bar", "building_short_name", "number_of_nights", "sum", ("y", "desc"), None, lambda: order(grp(b, "building_short_name", "number_of_nights", "sum"), "y", "desc")),
    ("B3", "Apartment_Bookings", "Show the nightly rates of the Confirmed bookings of Studio apartments and their booking ids in a bar chart, sorted by the nightly rate.", "bar", "apt_booking_id", "nightly_rate", "none", ("y", "asc"), None, lambda: order(rows(b, "apt_booking_id", "nightly_rate", lambda d: (d.booking_status_code == "Confirmed") & (d.apt_type_code == "Studio")), "y", "asc")),
    ("V1", "Vet_Visit", "What is the average cost of treatment for each vet? Return a bar chart, and list in descending by the y-axis.", "bar", "Vet_Name", "cost_of_treatment", "avg", ("y", "desc"), None, lambda: order(grp(v, "Vet_Name", "cost_of_treatment", "avg"), "y", "desc")),
    ("V2", "Vet_Visit", "Bar chart of the number of visits from each weekday, bin visit date into weekday interval.", "bar", "visit_date", "*", "count", None, None, lambda: weekday(v, "visit_date")),
    ("V3", "Vet_Visit", "How many pets of each type were brought by owners in Riverton? Show a pie chart.", "pie", "PetType", "*", "count", None, None, lambda: grp(v, "PetType", None, "count", lambda d: d.owner_city == "Riverton")),
    ("C1", "climber", "Return a pie chart about the proportion of the range of mountains climbed.", "pie", "Range", "*", "count", None, None, lambda: grp(c, "Range", None, "count")),
    ("C2", "climber", "What is the maximum points of climbers from each country? Show a bar chart, and sort by the x axis in ascending order.", "bar", "Country", "Points", "max", ("x", "asc"), None, lambda: order(grp(c, "Country", "Points", "max"), "x", "asc")),
    ("C3", "climber", "Show the average time of climbers for each mountain country in a bar chart, order by the average time.", "bar", "Mountain_Country", "Time_min", "avg", ("y", "asc"), None, lambda: order(grp(c, "Mountain_Country", "Time_min", "avg"), "y", "asc")),
]

out = []
for id_, tb, q, chart, x, y, agg, od, limit, gold_fn in Q:
    gold = [{"x": conv(a), "y": conv(val)} for a, val in gold_fn()]
    out.append({"id": id_, "table": tb + ".csv", "style": "nv-para", "turns": [q], "question": q, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg, "series": None, "order": {"by": od[0], "dir": od[1]} if od else None, "limit": limit, "gold": gold, "optional": []})
with open(D + "cases2.jsonl", "w") as fh:
    for o in out:
        fh.write(json.dumps(o) + "\n")
print(len(out), "cases")
