#!/usr/bin/python3
"""Probe53 tables: seven small Spider-style tables (snake_case / CamelCase names, IDs, codes, dates as Spider stores
them; two are joins already flattened), made up by a seeded generator. /usr/bin/python3 lib/chat/testing/probe53/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(53)


def pick(values, n, p=None):
    return list(rng.choice(values, size=n, p=p))


def stamp(start, end, n, with_time=True):
    lo, hi = pd.Timestamp(start).value // 10**9, pd.Timestamp(end).value // 10**9
    secs = np.sort(rng.integers(lo, hi, size=n))
    ts = pd.to_datetime(secs, unit="s")
    if with_time:
        return [t.strftime("%Y-%m-%d %H:%M:%S") for t in ts.floor("30min")]
    return [t.strftime("%Y-%m-%d") for t in ts]


# music_1-like: song joined with artist (artist country and gender flattened in)
ART = {"Shrikanta": ("India", "Male"), "Prity": ("Bangladesh", "Female"), "Farida": ("Bangladesh", "Female"),
       "Enrique": ("USA", "Male"), "Michel": ("UK", "Male"), "Topu": ("India", "Female"), "Ayesha": ("UK", "Female")}
W1 = ["Tumi", "Shukno", "Ami", "Just", "Aj", "Dancing", "Hero", "Rain", "Moner", "Blue", "Golden", "Night", "Ocean", "Paper"]
W2 = ["robi", "patar", "opar", "beat", "prem", "queen", "road", "sky", "manush", "fire", "heart", "dreams"]
names = sorted({f"{a} {b}" for a in W1 for b in W2})
names = list(rng.choice(names, size=58, replace=False))
n = len(names)
artists = pick(list(ART), n)
song = pd.DataFrame({
    "song_id": range(1, n + 1),
    "song_name": names,
    "artist_name": artists,
    "artist_country": [ART[a][0] for a in artists],
    "artist_gender": [ART[a][1] for a in artists],
    "genre_is": pick(["pop", "modern", "folk", "blues", "tagore", "nazrul"], n),
    "rating": rng.integers(3, 11, size=n),
    "languages": pick(["bangla", "english", "hindi"], n, [0.5, 0.35, 0.15]),
    "releasedate": stamp("2009-01-01", "2016-12-31", n, with_time=False),
    "resolution": pick([320, 480, 720, 1080], n),
    "duration_sec": rng.integers(150, 420, size=n),
    "file_size_mb": np.round(rng.uniform(2.5, 9.5, size=n), 2),
})
song.to_csv(os.path.join(HERE, "song.csv"), index=False)

# basketball league: game
TEAMS = ["Hawks", "Bulls", "Celtics", "Lakers", "Suns", "Heat", "Knicks", "Spurs"]
VEN = {"Hawks": "State Farm Arena", "Bulls": "United Center", "Celtics": "TD Garden", "Lakers": "Crypto Arena",
       "Suns": "Footprint Center", "Heat": "Kaseya Center", "Knicks": "Madison Square Garden", "Spurs": "Frost Bank Center"}
n = 80
home = pick(TEAMS, n)
away = [rng.choice([t for t in TEAMS if t != h]) for h in home]
hs = rng.integers(88, 131, size=n)
as_ = rng.integers(85, 128, size=n)
as_ = np.where(as_ == hs, as_ - 3, as_)
game = pd.DataFrame({
    "Game_ID": range(501, 501 + n),
    "Season": pick(["2021-22", "2022-23", "2023-24"], n),
    "Game_Date": stamp("2021-10-15", "2024-04-15", n, with_time=False),
    "Home_Team": home,
    "Away_Team": away,
    "Venue": [VEN[h] for h in home],
    "Home_Score": hs,
    "Away_Score": as_,
    "Attendance": rng.integers(14000, 21000, size=n),
    "Competition": pick(["Regular Season", "Playoffs", "Cup"], n, [0.7, 0.15, 0.15]),
    "Overtime": pick(["Y", "N"], n, [0.15, 0.85]),
})
game.to_csv(os.path.join(HERE, "game.csv"), index=False)

# shop inventory: Product_Stock
CAT = {"Beverages": ["Green Tea", "Espresso Beans", "Orange Juice", "Sparkling Water", "Cola", "Oat Milk"],
       "Snacks": ["Salted Crisps", "Trail Mix", "Rice Crackers", "Dark Chocolate", "Pretzels"],
       "Household": ["Dish Soap", "Paper Towels", "Laundry Pods", "Sponges", "Bin Bags", "Glass Cleaner"],
       "Personal Care": ["Shampoo", "Toothpaste", "Hand Cream", "Deodorant", "Razor Blades"],
       "Frozen": ["Ice Cream", "Frozen Peas", "Fish Fingers", "Pizza Margherita"]}
rows = []
for c, items in CAT.items():
    for it in items:
        for size in ["Small", "Large"]:
            rows.append((f"{it} {size}", c))
idx = rng.choice(len(rows), size=48, replace=False)
rows = [rows[i] for i in sorted(idx)]
n = len(rows)
stock = pd.DataFrame({
    "product_id": range(3001, 3001 + n),
    "product_name": [r[0] for r in rows],
    "product_category_code": [r[1] for r in rows],
    "supplier_name": pick(["Acme Foods", "Brightway", "Coastal Supply", "Delta Wholesale"], n),
    "warehouse_code": pick(["WH-N", "WH-S", "WH-E"], n),
    "unit_price": np.round(rng.uniform(0.8, 14.0, size=n), 2),
    "quantity_on_hand": rng.integers(0, 400, size=n),
    "reorder_level": pick([20, 50, 100], n),
    "last_restock_date": stamp("2023-01-01", "2024-06-30", n, with_time=False),
    "is_discontinued": pick([0, 1], n, [0.85, 0.15]),
})
stock.to_csv(os.path.join(HERE, "Product_Stock.csv"), index=False)

# conference papers: paper joined with venue
VENUE = {"SIGMOD": "Databases", "VLDB": "Databases", "ACL": "NLP", "EMNLP": "NLP", "NeurIPS": "Machine Learning",
         "ICML": "Machine Learning", "CHI": "HCI"}
T1 = ["Scalable", "Robust", "Efficient", "Neural", "Interactive", "Learned", "Adaptive", "Private", "Explainable", "Sparse"]
T2 = ["Query Optimization", "Text Generation", "Entity Linking", "Index Structures", "Visual Analytics", "Graph Learning",
      "Data Cleaning", "Question Answering", "Reinforcement Learning", "Crowdsourcing"]
titles = sorted({f"{a} {b}" for a in T1 for b in T2})
titles = list(rng.choice(titles, size=66, replace=False))
n = len(titles)
venues = pick(list(VENUE), n)
paper = pd.DataFrame({
    "paper_id": range(1, n + 1),
    "title": titles,
    "venue_name": venues,
    "research_area": [VENUE[v] for v in venues],
    "year": rng.integers(2017, 2024, size=n),
    "num_authors": rng.integers(1, 9, size=n),
    "citation_count": rng.integers(0, 420, size=n),
    "first_author_country": pick(["USA", "China", "Germany", "UK", "Canada", "India"], n),
    "decision": pick(["Accepted", "Rejected"], n, [0.6, 0.4]),
    "submission_date": stamp("2016-09-01", "2023-11-30", n, with_time=False),
    "review_score": np.round(rng.uniform(1.5, 5.0, size=n), 1),
    "page_count": rng.integers(4, 15, size=n),
})
paper.to_csv(os.path.join(HERE, "paper.csv"), index=False)

# apartment_rentals-like: Apartment_Bookings joined with Apartments
n = 72
bst = stamp("2022-01-01", "2024-12-20", n)
nights = rng.integers(1, 15, size=n)
apt_type = pick(["Studio", "Flat", "Duplex", "Penthouse"], n, [0.35, 0.35, 0.2, 0.1])
beds = [{"Studio": 1, "Flat": int(rng.integers(1, 4)), "Duplex": int(rng.integers(2, 5)), "Penthouse": int(rng.integers(3, 6))}[t] for t in apt_type]
book = pd.DataFrame({
    "apt_booking_id": range(258, 258 + n),
    "apt_id": rng.integers(1, 16, size=n),
    "apt_type_code": apt_type,
    "building_short_name": pick(["Normandie Court", "Mercedes House", "Avalon Park", "The Eugene", "Silver Towers"], n),
    "bedroom_count": beds,
    "guest_gender": pick(["Female", "Male", "Unknown"], n, [0.45, 0.45, 0.1]),
    "booking_status_code": pick(["Confirmed", "Provisional", "Cancelled"], n, [0.6, 0.25, 0.15]),
    "booking_start_date": bst,
    "booking_end_date": [(pd.Timestamp(s) + pd.Timedelta(days=int(d))).strftime("%Y-%m-%d %H:%M:%S") for s, d in zip(bst, nights)],
    "number_of_nights": nights,
    "nightly_rate": np.round(rng.uniform(60, 420, size=n), 2),
})
book.to_csv(os.path.join(HERE, "Apartment_Bookings.csv"), index=False)

# pets_1-like vet clinic: Vet_Visit (pet and owner flattened in)
n = 64
ptype = pick(["dog", "cat", "rabbit", "parrot"], n, [0.45, 0.35, 0.12, 0.08])
vet = pd.DataFrame({
    "visit_id": range(9001, 9001 + n),
    "PetID": rng.integers(2001, 2031, size=n),
    "PetType": ptype,
    "pet_age": rng.integers(1, 15, size=n),
    "weight": [round(float({"dog": rng.uniform(5, 40), "cat": rng.uniform(3, 7), "rabbit": rng.uniform(1, 3), "parrot": rng.uniform(0.2, 1.2)}[t]), 1) for t in ptype],
    "owner_LName": pick(["Smith", "Kim", "Lee", "Jones", "Brown", "Garcia", "Patel"], n),
    "owner_city": pick(["Springfield", "Riverton", "Lakeside"], n),
    "Vet_Name": pick(["Dr. Hale", "Dr. Moreau", "Dr. Okafor", "Dr. Varga"], n),
    "treatment_code": pick(["VAC", "EXAM", "SURG", "DENT", "XRAY"], n, [0.3, 0.35, 0.1, 0.15, 0.1]),
    "visit_date": stamp("2022-03-01", "2024-08-31", n),
    "cost_of_treatment": np.round(rng.uniform(25, 900, size=n), 2),
    "insured": pick(["Yes", "No"], n, [0.4, 0.6]),
})
vet.to_csv(os.path.join(HERE, "Vet_Visit.csv"), index=False)

# climbing: climber joined with mountain
MT = {"Kilimanjaro": (5895, 5885, "Kilimanjaro", "Tanzania"), "Mount Kenya": (5199, 3825, "Mount Kenya", "Kenya"),
      "Mawenzi": (5148, 850, "Kilimanjaro", "Tanzania"), "Ras Dashen": (4533, 3997, "Semien Mountains", "Ethiopia"),
      "Mount Stanley": (5109, 3951, "Rwenzori", "Uganda DR Congo"), "Mount Meru": (4565, 3170, "Arusha", "Tanzania"),
      "Mount Elgon": (4321, 2458, "Mount Elgon", "Uganda Kenya")}
FN = ["Klaus", "Siegfried", "Hans", "Jun", "Arnold", "Horst", "Gerhard", "Charlie", "Gnther", "Mara", "Ines", "Kaito",
      "Lena", "Pieter", "Rosa", "Tomas", "Yuki", "Amina", "Bruno", "Elif", "Nils", "Oskar", "Priya", "Sven", "Wanjiru"]
LN = ["Enders", "Schwarz", "Ferrari", "Hoffmann", "Huber", "Bauer", "Kato", "Okoth", "Meyer", "Rossi", "Novak", "Jansen"]
n = 60
mts = pick(list(MT), n)
climber = pd.DataFrame({
    "Climber_ID": range(1, n + 1),
    "Name": [f"{a} {b}" for a, b in zip(pick(FN, n), pick(LN, n))],
    "Country": pick(["West Germany", "Switzerland", "Italy", "Japan", "Kenya", "Netherlands"], n),
    "Time_min": rng.integers(280, 900, size=n),
    "Points": np.round(rng.uniform(1, 16, size=n), 1),
    "Mountain_Name": mts,
    "Height": [MT[m][0] for m in mts],
    "Prominence": [MT[m][1] for m in mts],
    "Range": [MT[m][2] for m in mts],
    "Mountain_Country": [MT[m][3] for m in mts],
    "Climb_Date": stamp("2015-01-01", "2023-12-31", n, with_time=False),
})
climber.to_csv(os.path.join(HERE, "climber.csv"), index=False)
