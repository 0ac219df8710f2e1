#!/usr/bin/python3
"""Made-up exports whose field names glue abbreviations of several words (probe60). numpy seed 60.
/usr/bin/python3 lib/chat/testing/probe60/gen.py"""
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(60)

# A school survey export (one row a school).
n = 160
sector = rng.choice(["Public", "Private", "Catholic"], n, p=[0.6, 0.25, 0.15])
schools = pd.DataFrame({
    "SCHOOLID": [f"S{i:04d}" for i in range(1, n + 1)],
    "SECTOR": sector,
    "REGION": rng.choice(["North", "South", "East", "West"], n),
    "ENRLSIZE": rng.integers(150, 2500, n),
    "NUMTCH": rng.integers(10, 140, n),
    "PCTFRLUNCH": np.round(np.where(sector == "Public", rng.uniform(10, 95, n), rng.uniform(0, 40, n)), 1),
    "DISCLIM": np.round(rng.normal(0, 0.8, n), 3),
    "AVGTCHEXP": np.round(rng.uniform(3, 25, n), 1),
    "HIMINTY": rng.choice([0, 1], n, p=[0.7, 0.3]),
    "MEANSES": np.round(rng.normal(0, 0.5, n), 3),
    "GRADRATE": np.round(rng.uniform(55, 99, n), 1),
})
schools.to_csv(os.path.join(HERE, "school_survey.csv"), index=False)

# An HR export (one row an employee).
n = 200
hr = pd.DataFrame({
    "EMPID": [f"E{i:05d}" for i in range(1, n + 1)],
    "DEPTCD": rng.choice(["FIN", "HR", "IT", "OPS", "MKT"], n),
    "JOBLVL": rng.integers(1, 6, n),
    "FTPTIND": rng.choice(["FT", "PT"], n, p=[0.8, 0.2]),
    "HRSWK": rng.integers(15, 61, n),
    "YRSSVC": rng.integers(0, 36, n),
    "ANNLSAL": rng.integers(32, 181, n) * 1000,
    "PERFRTG": rng.integers(1, 6, n),
    "SICKDAYS": rng.integers(0, 21, n),
})
hr.to_csv(os.path.join(HERE, "hr_export.csv"), index=False)

# A hospital discharge export (one row a stay).
n = 250
hosp = pd.DataFrame({
    "PATID": [f"P{i:05d}" for i in range(1, n + 1)],
    "ADMTYP": rng.choice(["Emergency", "Elective", "Urgent"], n, p=[0.5, 0.3, 0.2]),
    "LOS_DAYS": rng.integers(1, 30, n),
    "DISCHDISP": rng.choice(["Home", "SNF", "Rehab", "Expired"], n, p=[0.6, 0.2, 0.15, 0.05]),
    "TOTCHG": np.round(rng.uniform(2000, 150000, n), 2),
    "AGEYRS": rng.integers(18, 96, n),
    "PAYERCD": rng.choice(["MCR", "MCD", "PVT", "SELF"], n),
    "NUMDX": rng.integers(1, 15, n),
    "ICUFLG": rng.choice([0, 1], n, p=[0.8, 0.2]),
})
hosp.to_csv(os.path.join(HERE, "hospital_stays.csv"), index=False)

# A retail customer export, lower-case glued names (one row a customer).
n = 180
retail = pd.DataFrame({
    "custid": [f"C{i:04d}" for i in range(1, n + 1)],
    "region": rng.choice(["North", "South", "East", "West"], n),
    "loyaltytier": rng.choice(["Bronze", "Silver", "Gold"], n, p=[0.5, 0.35, 0.15]),
    "custsatscore": rng.integers(1, 11, n),
    "avgbasketamt": np.round(rng.uniform(8, 250, n), 2),
    "numvisits": rng.integers(1, 60, n),
    "totspend": np.round(rng.uniform(20, 9000, n), 2),
    "dayssincelast": rng.integers(0, 365, n),
    "emailoptin": rng.choice(["yes", "no"], n),
})
retail.to_csv(os.path.join(HERE, "retail_customers.csv"), index=False)
print("written")
