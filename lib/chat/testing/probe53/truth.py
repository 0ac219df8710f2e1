# Probe53: nvBench-style chart requests over seven made-up Spider-style tables (gen.py, seed 53): song, game,
# Product_Stock, paper, Apartment_Bookings, Vet_Visit, climber. Questions written and committed before any run of the
# engine; gold by pandas with SQL semantics (GROUP BY keys ascending, NULL aggregates skipped). Tie rule: gold rows
# are sorted stably after the group keys' ascending order, so rows tied on the sort key keep ascending x (the scorer
# lets tied rows come in any order); a top-N case is only kept when no tie straddles the cut (asserted below).
# Writes cases.jsonl in the probe5 case format; a stacked bar case also carries `series` and gold rows
# {x, series, y} (probe-cases-run.ts checks the triples).
#   /usr/bin/python3 lib/chat/testing/probe53/truth.py
import json
import os
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from probe_cases_truth import AGG, conv, grp, month, order, rows, weekday, year  # noqa: E402

D = os.path.dirname(os.path.abspath(__file__)) + "/"
m = pd.read_csv(D + "song.csv")
g = pd.read_csv(D + "game.csv")
p = pd.read_csv(D + "Product_Stock.csv")
r = pd.read_csv(D + "paper.csv")
b = pd.read_csv(D + "Apartment_Bookings.csv")
v = pd.read_csv(D + "Vet_Visit.csv")
c = pd.read_csv(D + "climber.csv")


def stacked(df, x, series, y, agg, where=None):
    if where is not None:
        df = df[where(df)]
    gg = df.groupby([x, series]).size() if agg == "count" else df.groupby([x, series])[y].agg(AGG[agg]).dropna()
    return [(k[0], k[1], float(val)) for k, val in gg.items()]


def top(pairs, n):
    """The first n of pairs already sorted on y; refuses a cut through tied values."""
    assert len(pairs) > n and pairs[n - 1][1] != pairs[n][1], ("tie at the cut", pairs[: n + 1])
    return pairs[:n]


def nonempty(pairs):
    assert len(pairs) >= 2, pairs
    return pairs


# (id, table, question, chart, x, y, agg, order, limit, gold) ; series cases: x is "x|series", gold gives (x, series, y)
Q = [
    # song: song_id, song_name, artist_name, artist_country, artist_gender, genre_is, rating, languages, releasedate,
    # resolution, duration_sec, file_size_mb
    ("m1", "song", "Show the genre_is and the number of songs for each genre_is in a bar chart.", "bar", "genre_is", "*", "count", None, None, lambda: grp(m, "genre_is", None, "count")),
    ("m2", "song", "What is the average rating of songs for each language? Show a bar chart, and sort by the average rating in descending order.", "bar", "languages", "rating", "avg", ("y", "desc"), None, lambda: order(grp(m, "languages", "rating", "avg"), "y", "desc")),
    ("m3", "song", "Return a pie chart about the proportion of artist_country.", "pie", "artist_country", "*", "count", None, None, lambda: grp(m, "artist_country", None, "count")),
    ("m4", "song", "Plot the number of songs over releasedate by a line chart, and bin releasedate by year.", "line", "releasedate", "*", "count", None, None, lambda: year(m, "releasedate")),
    ("m5", "song", "Show me a scatter plot of rating and resolution for songs by female artists.", "scatter", "rating", "resolution", "none", None, None, lambda: rows(m, "rating", "resolution", lambda d: d.artist_gender == "Female")),
    ("m6", "song", "List the song names and ratings of songs whose languages is not 'bangla', show a bar chart, and order by rating in ascending order.", "bar", "song_name", "rating", "none", ("y", "asc"), None, lambda: order(rows(m, "song_name", "rating", lambda d: d.languages != "bangla"), "y", "asc")),
    ("m7", "song", "Bar chart x axis artist_name y axis the average duration_sec, and could you show in descending by the y axis?", "bar", "artist_name", "duration_sec", "avg", ("y", "desc"), None, lambda: order(grp(m, "artist_name", "duration_sec", "avg"), "y", "desc")),
    ("m8", "song", "Show the number of songs for each genre_is, and group by attribute languages in a stacked bar chart.", "bar", "genre_is|languages", "*", "count", None, None, lambda: stacked(m, "genre_is", "languages", None, "count")),
    ("m9", "song", "List the song_name and duration_sec of the top 5 longest songs in a bar chart.", "bar", "song_name", "duration_sec", "none", ("y", "desc"), 5, lambda: top(order(rows(m, "song_name", "duration_sec"), "y", "desc"), 5)),
    ("m10", "song", "For those songs whose rating is greater than 7, show the number of songs in each genre_is with a pie chart.", "pie", "genre_is", "*", "count", None, None, lambda: grp(m, "genre_is", None, "count", lambda d: d.rating > 7)),
    # game: Game_ID, Season, Game_Date, Home_Team, Away_Team, Venue, Home_Score, Away_Score, Attendance, Competition, Overtime
    ("g1", "game", "How many games were played at each venue? Show a bar chart, and rank by the number of games in descending order.", "bar", "Venue", "*", "count", ("y", "desc"), None, lambda: order(grp(g, "Venue", None, "count"), "y", "desc")),
    ("g2", "game", "What is the average attendance for each home team? Show a bar chart, and sort by the X-axis in ascending order.", "bar", "Home_Team", "Attendance", "avg", ("x", "asc"), None, lambda: order(grp(g, "Home_Team", "Attendance", "avg"), "x", "asc")),
    ("g3", "game", "Show the total attendance of games in each season with a line chart.", "line", "Season", "Attendance", "sum", None, None, lambda: grp(g, "Season", "Attendance", "sum")),
    ("g4", "game", "Bin the Game_Date by weekday and count the number of games in a bar chart.", "bar", "Game_Date", "*", "count", None, None, lambda: weekday(g, "Game_Date")),
    ("g5", "game", "Show me a scatter plot of Home_Score and Away_Score for games in the Playoffs.", "scatter", "Home_Score", "Away_Score", "none", None, None, lambda: rows(g, "Home_Score", "Away_Score", lambda d: d.Competition == "Playoffs")),
    ("g6", "game", "Return a pie chart about the proportion of Competition for games that went to overtime.", "pie", "Competition", "*", "count", None, None, lambda: grp(g, "Competition", None, "count", lambda d: d.Overtime == "Y")),
    ("g7", "game", "What is the highest home score of each away team? Plot them as bar chart, and list in ascending by the y axis.", "bar", "Away_Team", "Home_Score", "max", ("y", "asc"), None, lambda: order(grp(g, "Away_Team", "Home_Score", "max"), "y", "asc")),
    ("g8", "game", "Show the number of games for each home team and group by attribute Competition in a stacked bar chart.", "bar", "Home_Team|Competition", "*", "count", None, None, lambda: stacked(g, "Home_Team", "Competition", None, "count")),
    ("g9", "game", "List the Game_ID and Attendance of games where the Home_Team is Lakers or the Home_Team is Celtics in a bar chart, order by Attendance from high to low.", "bar", "Game_ID", "Attendance", "none", ("y", "desc"), None, lambda: order(rows(g, "Game_ID", "Attendance", lambda d: d.Home_Team.isin(["Lakers", "Celtics"])), "y", "desc")),
    ("g10", "game", "Plot the average Home_Score over Game_Date by a line chart, bin the Game_Date by year.", "line", "Game_Date", "Home_Score", "avg", None, None, lambda: year(g, "Game_Date", "Home_Score", "avg")),
    # Product_Stock: product_id, product_name, product_category_code, supplier_name, warehouse_code, unit_price,
    # quantity_on_hand, reorder_level, last_restock_date, is_discontinued
    ("p1", "Product_Stock", "Show the product category code and the number of products for each product category code in a bar chart.", "bar", "product_category_code", "*", "count", None, None, lambda: grp(p, "product_category_code", None, "count")),
    ("p2", "Product_Stock", "What is the total quantity on hand for each warehouse code? Return a pie chart.", "pie", "warehouse_code", "quantity_on_hand", "sum", None, None, lambda: grp(p, "warehouse_code", "quantity_on_hand", "sum")),
    ("p3", "Product_Stock", "Bar chart x axis supplier name y axis average unit price, and sort from high to low by the Y.", "bar", "supplier_name", "unit_price", "avg", ("y", "desc"), None, lambda: order(grp(p, "supplier_name", "unit_price", "avg"), "y", "desc")),
    ("p4", "Product_Stock", "List the product names and unit prices of products in the Snacks category, show a bar chart, and order by the names in ascending order.", "bar", "product_name", "unit_price", "none", ("x", "asc"), None, lambda: order(rows(p, "product_name", "unit_price", lambda d: d.product_category_code == "Snacks"), "x", "asc")),
    ("p5", "Product_Stock", "For those products whose quantity on hand is below 50, show the number of products of each supplier in a bar chart.", "bar", "supplier_name", "*", "count", None, None, lambda: nonempty(grp(p, "supplier_name", None, "count", lambda d: d.quantity_on_hand < 50))),
    ("p6", "Product_Stock", "Show me a scatter plot of unit_price and quantity_on_hand.", "scatter", "unit_price", "quantity_on_hand", "none", None, None, lambda: rows(p, "unit_price", "quantity_on_hand")),
    ("p7", "Product_Stock", "Count the number of products restocked in each month, bin last_restock_date by month, and show a line chart.", "line", "last_restock_date", "*", "count", None, None, lambda: month(p, "last_restock_date")),
    ("p8", "Product_Stock", "What is the maximum unit price of products for each product category code, and group by attribute warehouse_code? Show a stacked bar chart.", "bar", "product_category_code|warehouse_code", "unit_price", "max", None, None, lambda: stacked(p, "product_category_code", "warehouse_code", "unit_price", "max")),
    ("p9", "Product_Stock", "Show the top 3 product categories with the most products in a bar chart.", "bar", "product_category_code", "*", "count", ("y", "desc"), 3, lambda: top(order(grp(p, "product_category_code", None, "count"), "y", "desc"), 3)),
    ("p10", "Product_Stock", "Return a bar chart on the average quantity_on_hand of products that are not discontinued for each supplier, and sort the names in descending order.", "bar", "supplier_name", "quantity_on_hand", "avg", ("x", "desc"), None, lambda: order(grp(p, "supplier_name", "quantity_on_hand", "avg", lambda d: d.is_discontinued == 0), "x", "desc")),
    # paper: paper_id, title, venue_name, research_area, year, num_authors, citation_count, first_author_country,
    # decision, submission_date, review_score, page_count
    ("r1", "paper", "Show the number of papers in each venue with a pie chart.", "pie", "venue_name", "*", "count", None, None, lambda: grp(r, "venue_name", None, "count")),
    ("r2", "paper", "What is the average citation count of papers for each research area? Show a bar chart, and order by the y axis in ascending order.", "bar", "research_area", "citation_count", "avg", ("y", "asc"), None, lambda: order(grp(r, "research_area", "citation_count", "avg"), "y", "asc")),
    ("r3", "paper", "Plot the number of accepted papers over year by a line chart.", "line", "year", "*", "count", None, None, lambda: grp(r, "year", None, "count", lambda d: d.decision == "Accepted")),
    ("r4", "paper", "Bar chart x axis first_author_country y axis the total citation_count, and list by the X-axis in descending order.", "bar", "first_author_country", "citation_count", "sum", ("x", "desc"), None, lambda: order(grp(r, "first_author_country", "citation_count", "sum"), "x", "desc")),
    ("r5", "paper", "Show me a scatter plot of review_score and citation_count for papers at NeurIPS or ICML.", "scatter", "review_score", "citation_count", "none", None, None, lambda: rows(r, "review_score", "citation_count", lambda d: d.venue_name.isin(["NeurIPS", "ICML"]))),
    ("r6", "paper", "List the titles and citation counts of the top 5 most cited papers in a bar chart.", "bar", "title", "citation_count", "none", ("y", "desc"), 5, lambda: top(order(rows(r, "title", "citation_count"), "y", "desc"), 5)),
    ("r7", "paper", "Show the number of papers for each venue_name, and group by attribute decision in a stacked bar chart.", "bar", "venue_name|decision", "*", "count", None, None, lambda: stacked(r, "venue_name", "decision", None, "count")),
    ("r8", "paper", "What is the maximum number of authors of papers in each research area? Plot them as a bar chart, and order by research area in ascending order.", "bar", "research_area", "num_authors", "max", ("x", "asc"), None, lambda: order(grp(r, "research_area", "num_authors", "max"), "x", "asc")),
    ("r9", "paper", "Bin the submission_date by weekday and show the average review_score in a bar chart.", "bar", "submission_date", "review_score", "avg", None, None, lambda: weekday(r, "submission_date", "review_score", "avg")),
    ("r10", "paper", "For those papers whose decision is not 'Rejected', return a pie chart about the proportion of research_area.", "pie", "research_area", "*", "count", None, None, lambda: grp(r, "research_area", None, "count", lambda d: d.decision != "Rejected")),
    ("r11", "paper", "Give me a bar chart of the average page_count for each num_authors, sort the x axis in ascending order.", "bar", "num_authors", "page_count", "avg", ("x", "asc"), None, lambda: order(grp(r, "num_authors", "page_count", "avg"), "x", "asc")),
    # Apartment_Bookings: apt_booking_id, apt_id, apt_type_code, building_short_name, bedroom_count, guest_gender,
    # booking_status_code, booking_start_date, booking_end_date, number_of_nights, nightly_rate
    ("b1", "Apartment_Bookings", "Show the booking status code and the corresponding number of bookings in a bar chart.", "bar", "booking_status_code", "*", "count", None, None, lambda: grp(b, "booking_status_code", None, "count")),
    ("b2", "Apartment_Bookings", "Return a pie chart about the proportion of apartment type codes.", "pie", "apt_type_code", "*", "count", None, None, lambda: grp(b, "apt_type_code", None, "count")),
    ("b3", "Apartment_Bookings", "What is the average nightly rate of each building? Show a bar chart, and sort by the average nightly rate in descending order.", "bar", "building_short_name", "nightly_rate", "avg", ("y", "desc"), None, lambda: order(grp(b, "building_short_name", "nightly_rate", "avg"), "y", "desc")),
    ("b4", "Apartment_Bookings", "Show the number of bookings for each apartment type code and group by attribute booking status code in a stacked bar chart.", "bar", "apt_type_code|booking_status_code", "*", "count", None, None, lambda: stacked(b, "apt_type_code", "booking_status_code", None, "count")),
    ("b5", "Apartment_Bookings", "Show the number of bookings for each year of booking_start_date with a line chart.", "line", "booking_start_date", "*", "count", None, None, lambda: year(b, "booking_start_date")),
    ("b6", "Apartment_Bookings", "Bar chart x axis guest gender y axis the total number of nights, for bookings whose status is Confirmed.", "bar", "guest_gender", "number_of_nights", "sum", None, None, lambda: grp(b, "guest_gender", "number_of_nights", "sum", lambda d: d.booking_status_code == "Confirmed")),
    ("b7", "Apartment_Bookings", "Show me a scatter plot of number_of_nights and nightly_rate for bookings of Penthouse apartments.", "scatter", "number_of_nights", "nightly_rate", "none", None, None, lambda: nonempty(rows(b, "number_of_nights", "nightly_rate", lambda d: d.apt_type_code == "Penthouse"))),
    ("b8", "Apartment_Bookings", "What is the maximum nightly rate for each bedroom count? Show a bar chart, and sort by bedroom count in ascending order.", "bar", "bedroom_count", "nightly_rate", "max", ("x", "asc"), None, lambda: order(grp(b, "bedroom_count", "nightly_rate", "max"), "x", "asc")),
    ("b9", "Apartment_Bookings", "List the apt_booking_id and number_of_nights of the bookings in Silver Towers whose nightly rate is above 300, in a bar chart, in ascending order of the y axis.", "bar", "apt_booking_id", "number_of_nights", "none", ("y", "asc"), None, lambda: nonempty(order(rows(b, "apt_booking_id", "number_of_nights", lambda d: (d.building_short_name == "Silver Towers") & (d.nightly_rate > 300)), "y", "asc"))),
    ("b10", "Apartment_Bookings", "Bin the booking_start_date into weekday interval and show the average number_of_nights of bookings in a bar chart, order the y axis from high to low.", "bar", "booking_start_date", "number_of_nights", "avg", ("y", "desc"), None, lambda: order(weekday(b, "booking_start_date", "number_of_nights", "avg"), "y", "desc")),
    # Vet_Visit: visit_id, PetID, PetType, pet_age, weight, owner_LName, owner_city, Vet_Name, treatment_code,
    # visit_date, cost_of_treatment, insured
    ("v1", "Vet_Visit", "How many visits does each vet have? Show a pie chart.", "pie", "Vet_Name", "*", "count", None, None, lambda: grp(v, "Vet_Name", None, "count")),
    ("v2", "Vet_Visit", "What is the average cost of treatment for each treatment code? Show a bar chart, and sort by treatment code from high to low.", "bar", "treatment_code", "cost_of_treatment", "avg", ("x", "desc"), None, lambda: order(grp(v, "treatment_code", "cost_of_treatment", "avg"), "x", "desc")),
    ("v3", "Vet_Visit", "Show the average weight of each pet type in a bar chart, and rank by the y axis in descending order.", "bar", "PetType", "weight", "avg", ("y", "desc"), None, lambda: order(grp(v, "PetType", "weight", "avg"), "y", "desc")),
    ("v4", "Vet_Visit", "Show me a scatter plot of pet_age and weight for dogs.", "scatter", "pet_age", "weight", "none", None, None, lambda: rows(v, "pet_age", "weight", lambda d: d.PetType == "dog")),
    ("v5", "Vet_Visit", "Plot the total cost of treatment over visit_date by a line chart, and bin the visit_date by month.", "line", "visit_date", "cost_of_treatment", "sum", None, None, lambda: month(v, "visit_date", "cost_of_treatment", "sum")),
    ("v6", "Vet_Visit", "Show the number of visits for each owner city, and group by attribute insured, in a stacked bar chart.", "bar", "owner_city|insured", "*", "count", None, None, lambda: stacked(v, "owner_city", "insured", None, "count")),
    ("v7", "Vet_Visit", "For visits whose treatment code is SURG or DENT, show the maximum cost of treatment for each pet type in a bar chart.", "bar", "PetType", "cost_of_treatment", "max", None, None, lambda: nonempty(grp(v, "PetType", "cost_of_treatment", "max", lambda d: d.treatment_code.isin(["SURG", "DENT"])))),
    ("v8", "Vet_Visit", "List the visit_id and cost_of_treatment of visits where Vet_Name is 'Dr. Okafor' and insured is 'No', show a bar chart in descending order of the y axis.", "bar", "visit_id", "cost_of_treatment", "none", ("y", "desc"), None, lambda: nonempty(order(rows(v, "visit_id", "cost_of_treatment", lambda d: (d.Vet_Name == "Dr. Okafor") & (d.insured == "No")), "y", "desc"))),
    ("v9", "Vet_Visit", "Show the number of visits in each owner city where the pet type is not 'dog', with a bar chart, and sort by the number in ascending order.", "bar", "owner_city", "*", "count", ("y", "asc"), None, lambda: order(grp(v, "owner_city", None, "count", lambda d: d.PetType != "dog"), "y", "asc")),
    ("v10", "Vet_Visit", "What is the total cost of treatment for each owner last name? Show bar chart, and list the x-axis in ascending order.", "bar", "owner_LName", "cost_of_treatment", "sum", ("x", "asc"), None, lambda: order(grp(v, "owner_LName", "cost_of_treatment", "sum"), "x", "asc")),
    # climber: Climber_ID, Name, Country, Time_min, Points, Mountain_Name, Height, Prominence, Range, Mountain_Country, Climb_Date
    ("c1", "climber", "Show the number of climbers from each country with a bar chart, and sort by the number of climbers in descending order.", "bar", "Country", "*", "count", ("y", "desc"), None, lambda: order(grp(c, "Country", None, "count"), "y", "desc")),
    ("c2", "climber", "What is the average points of climbers for each mountain? Show a pie chart.", "pie", "Mountain_Name", "Points", "avg", None, None, lambda: grp(c, "Mountain_Name", "Points", "avg")),
    ("c3", "climber", "Show the names of climbers from Japan and the heights of the mountains they climbed in a bar chart, order by height in descending order.", "bar", "Name", "Height", "none", ("y", "desc"), None, lambda: nonempty(order(rows(c, "Name", "Height", lambda d: d.Country == "Japan"), "y", "desc"))),
    ("c4", "climber", "Bar chart x axis Range y axis the total Points, and sort by the y axis from low to high.", "bar", "Range", "Points", "sum", ("y", "asc"), None, lambda: order(grp(c, "Range", "Points", "sum"), "y", "asc")),
    ("c5", "climber", "Show me a scatter plot of Time_min and Points for climbers who climbed mountains higher than 5000.", "scatter", "Time_min", "Points", "none", None, None, lambda: rows(c, "Time_min", "Points", lambda d: d.Height > 5000)),
    ("c6", "climber", "How many climbs were there in each year? Bin the Climb_Date by year and show a line chart.", "line", "Climb_Date", "*", "count", None, None, lambda: year(c, "Climb_Date")),
    ("c7", "climber", "Show the number of climbers for each mountain country, and group by attribute Country in a stacked bar chart.", "bar", "Mountain_Country|Country", "*", "count", None, None, lambda: stacked(c, "Mountain_Country", "Country", None, "count")),
    ("c8", "climber", "What is the minimum time of climbers for each mountain name, show a bar chart in ascending order of the y axis.", "bar", "Mountain_Name", "Time_min", "min", ("y", "asc"), None, lambda: order(grp(c, "Mountain_Name", "Time_min", "min"), "y", "asc")),
    ("c9", "climber", "List the name and points of the top 4 climbers with the most points, show a bar chart.", "bar", "Name", "Points", "none", ("y", "desc"), 4, lambda: top(order(rows(c, "Name", "Points"), "y", "desc"), 4)),
    ("c10", "climber", "Return a bar chart on the number of climbers whose country is West Germany or Switzerland for each range.", "bar", "Range", "*", "count", None, None, lambda: grp(c, "Range", None, "count", lambda d: d.Country.isin(["West Germany", "Switzerland"]))),
]

out = []
for id_, tb, q, chart, x, y, agg, od, limit, gold_fn in Q:
    series = None
    if "|" in x:
        x, series = x.split("|")
        gold = [{"x": conv(a), "series": conv(s), "y": conv(val)} for a, s, val in gold_fn()]
    else:
        gold = [{"x": conv(a), "y": conv(val)} for a, val in gold_fn()]
    out.append({"id": id_, "table": tb + ".csv", "style": "nv", "turns": [q], "question": q, "paraphrases": [], "chart": chart, "x": x, "y": y, "y_agg": agg, "series": series, "order": {"by": od[0], "dir": od[1]} if od else None, "limit": limit, "gold": gold, "optional": []})
with open(D + "cases.jsonl", "w") as fh:
    for o in out:
        fh.write(json.dumps(o) + "\n")
print(len(out), "cases")
