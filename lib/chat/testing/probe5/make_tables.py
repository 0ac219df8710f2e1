import numpy as np, pandas as pd
rng = np.random.default_rng(5)
D = "/tmp/probe5/"
def dates(n, start, days):
    return (pd.Timestamp(start) + pd.to_timedelta(rng.integers(0, days, n), unit="D")).strftime("%Y-%m-%d")
first = ["Anna","Ben","Carla","Dmitri","Elena","Farid","Grace","Hugo","Ines","Jonas","Kira","Liam","Maya","Nils","Olga","Pedro","Quinn","Rosa","Sven","Tara","Umar","Vera","Wes","Xena","Yuri","Zoe"]
last = ["Smith","Berg","Costa","Ivanov","Moreau","Khan","Lee","Novak","Silva","Weber","Tanaka","Olsen","Reyes","Haas","Petrov"]
# 1 employees
n=120
dept = rng.choice(["Sales","Engineering","Finance","HR","Marketing"], n, p=[.3,.3,.15,.1,.15])
emp = pd.DataFrame({
 "EMP_ID": np.arange(1001, 1001+n),
 "emp_name": [f"{rng.choice(first)} {rng.choice(last)}" for _ in range(n)],
 "Date_of_Birth": dates(n, "1960-01-01", 365*40),
 "hire_date": dates(n, "2012-01-01", 365*12),
 "dept_name": dept,
 "job_code": rng.choice(["MGR","ENG","ANL","CLK","REP"], n),
 "salary": (rng.normal(6000, 1800, n).round(-1)).clip(2500),
 "commission_pct": rng.choice([0,0.05,0.1,0.15], n),
 "is_manager": rng.choice(["Y","N"], n, p=[.2,.8]),
 "gender": rng.choice(["F","M"], n),
 "age": rng.integers(22, 64, n),
})
emp.to_csv(D+"employees.csv", index=False)
# 2 flights
n=200
airports=["JFK","LAX","ORD","ATL","SEA","DEN"]
o = rng.choice(airports, n); d = [rng.choice([a for a in airports if a!=x]) for x in o]
fl = pd.DataFrame({
 "flight_no": [f"{c}{rng.integers(100,999)}" for c in rng.choice(["AA","DL","UA","WN"], n)],
 "airline_code": rng.choice(["AA","DL","UA","WN"], n),
 "origin": o, "destination": d,
 "departure_date": dates(n, "2023-01-01", 365),
 "distance_km": rng.integers(300, 4500, n),
 "delay_min": rng.integers(0, 180, n),
 "num_passengers": rng.integers(40, 220, n),
 "cancelled": rng.choice(["yes","no"], n, p=[.08,.92]),
 "aircraft_type": rng.choice(["A320","B737","B787","E175"], n),
})
fl.to_csv(D+"flights.csv", index=False)
# 3 courses
n=60
subj = ["Algebra","Biology","Chemistry","History","Poetry","Statistics","Physics","Economics","Drawing","Ethics"]
co = pd.DataFrame({
 "CourseID": [f"C{100+i}" for i in range(n)],
 "CourseName": [f"{rng.choice(subj)} {rng.choice(['I','II','III','Seminar','Lab'])}" for _ in range(n)],
 "DeptCode": rng.choice(["MATH","BIO","CHEM","HIST","ART"], n),
 "Credits": rng.choice([1,2,3,4], n),
 "InstructorName": [f"{rng.choice(first)} {rng.choice(last)}" for _ in range(n)],
 "EnrollmentCount": rng.integers(8, 120, n),
 "StartDate": dates(n, "2021-09-01", 365*3),
 "IsOnline": rng.choice(["Yes","No"], n),
 "Level": rng.choice(["Undergraduate","Graduate"], n, p=[.7,.3]),
})
co.to_csv(D+"courses.csv", index=False)
# 4 sales orders
n=250
qty = rng.integers(1, 20, n); price = rng.choice([4.5, 12.0, 25.0, 80.0, 150.0], n)
so = pd.DataFrame({
 "order_id": np.arange(50001, 50001+n),
 "customer_name": [f"{rng.choice(['Acme','Globex','Initech','Umbrella','Hooli','Stark','Wayne','Soylent'])} {rng.choice(['Corp','Ltd','Inc'])}" for _ in range(n)],
 "order_date": dates(n, "2023-01-01", 540),
 "product_cat": rng.choice(["Office","Furniture","Tech","Food"], n),
 "qty": qty, "unit_price": price, "total_amt": (qty*price).round(2),
 "ship_mode": rng.choice(["Ground","Air","Express"], n),
 "region": rng.choice(["North","South","East","West"], n),
 "is_returned": rng.choice(["yes","no"], n, p=[.1,.9]),
})
so.to_csv(D+"sales_orders.csv", index=False)
# 5 sensors
n=300
sr = pd.DataFrame({
 "reading_id": np.arange(1, n+1),
 "SensorCode": rng.choice(["S-01","S-02","S-03","S-04","S-05"], n),
 "Location": rng.choice(["Roof","Basement","Lobby","Lab"], n),
 "ReadingDate": dates(n, "2024-03-01", 120),
 "TemperatureC": rng.normal(21, 4, n).round(1),
 "HumidityPct": rng.uniform(20, 80, n).round(1),
 "BatteryLevel": rng.integers(5, 100, n),
 "Status": rng.choice(["OK","WARN","FAIL"], n, p=[.8,.15,.05]),
})
sr.to_csv(D+"sensor_readings.csv", index=False)
# 6 film festival
n=90
ff = pd.DataFrame({
 "Entry_ID": np.arange(1, n+1),
 "Film_Title": [f"The {rng.choice(['Silent','Red','Last','Hidden','Broken','Golden'])} {rng.choice(['River','Summer','Road','Mirror','Garden','Letter'])}" for _ in range(n)],
 "Director_Name": [f"{rng.choice(first)} {rng.choice(last)}" for _ in range(n)],
 "Country": rng.choice(["France","Japan","Brazil","Iran","Korea","Mexico"], n),
 "Festival_Year": rng.choice([2019,2020,2021,2022,2023], n),
 "Genre": rng.choice(["Drama","Documentary","Comedy","Animation"], n),
 "Runtime_Minutes": rng.integers(70, 170, n),
 "Jury_Score": rng.uniform(4, 10, n).round(1),
 "Audience_Score": rng.uniform(3, 10, n).round(1),
 "Won_Award": rng.choice(["Y","N"], n, p=[.2,.8]),
 "Submission_Date": dates(n, "2019-01-01", 365*5),
})
ff.to_csv(D+"film_entries.csv", index=False)
