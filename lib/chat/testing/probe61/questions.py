#!/usr/bin/python3
"""Writes questions.jsonl (probe61: movements and coordinates, a monthly series with a policy flag and camelCase
counts, coded repeated-measures runs), written before the first run.
/usr/bin/python3 lib/chat/testing/probe61/questions.py && /usr/bin/python3 lib/chat/testing/probe61/truth.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def pct(expr):
    return {"percent": True, "alt": [expr]}


YEAR = "df.Month.str[:4].astype(int)"

# (id, dataset, type, turns, kind, truth, extra)
Q = [
    # turtle_tracks: tag, species, timestamp, lat, long, delta_lat, delta_long, speed_kmh, heading_deg, depth_m
    ("t01", "turtle_tracks", "delta-mean", ["what is the average change in latitude?"], "scalar", "df.delta_lat.mean()", {}),
    ("t02", "turtle_tracks", "delta-argmax", ["which turtle moved furthest north in total?"], "label", "df.groupby('tag').delta_lat.sum()", {"pick": "max"}),
    ("t03", "turtle_tracks", "delta-sign-count", ["how many pings were heading west (negative delta_long)?"], "scalar", "(df.delta_long<0).sum()", {}),
    ("t04", "turtle_tracks", "coord-max", ["what's the northernmost latitude recorded?"], "scalar", "df.lat.max()", {}),
    ("t05", "turtle_tracks", "coord-range", ["what is the range of longitudes?"], "scalar", "df.long.max()-df.long.min()", {}),
    ("t06", "turtle_tracks", "groups", ["average speed by species"], "groups", "df.groupby('species').speed_kmh.mean()", {}),
    ("t07", "turtle_tracks", "argmax", ["which species dives deepest on average?"], "label", "df.groupby('species').depth_m.mean()", {"pick": "max"}),
    ("t08", "turtle_tracks", "filter-max", ["maximum depth recorded for T03"], "scalar", "df[df.tag=='T03'].depth_m.max()", {}),
    ("t09", "turtle_tracks", "delta-sign-filter", ["average speed of pings moving east"], "scalar", "df[df.delta_long>0].speed_kmh.mean()", {}),
    ("t10", "turtle_tracks", "count-groups", ["how many pings does each tag have?"], "groups", "df.groupby('tag').size()", {}),
    ("t11", "turtle_tracks", "delta-sum-groups", ["total change in longitude for each turtle"], "groups", "df.groupby('tag').delta_long.sum()", {}),
    ("t12", "turtle_tracks", "max", ["fastest speed recorded"], "scalar", "df.speed_kmh.max()", {}),
    ("t13", "turtle_tracks", "coord-argmin", ["which tag reached the southernmost point?"], "label", "df.set_index('tag').lat", {"pick": "min"}),
    ("t14", "turtle_tracks", "share", ["what share of pings were deeper than 50 m?"], "scalar", "100*(df.depth_m>50).mean()", pct("(df.depth_m>50).mean()")),
    ("t15", "turtle_tracks", "corr", ["is speed correlated with depth?"], "scalar", "df.speed_kmh.corr(df.depth_m)", {}),
    ("t16", "turtle_tracks", "followup", ["average speed by tag", "only the Green turtles"], "groups", "df[df.species=='Green'].groupby('tag').speed_kmh.mean()", {}),
    ("t17", "turtle_tracks", "delta-sign-count", ["how many pings moved south?"], "scalar", "(df.delta_lat<0).sum()", {}),
    ("t18", "turtle_tracks", "coord-min", ["what is the westernmost longitude?"], "scalar", "df.long.min()", {}),
    ("t19", "turtle_tracks", "mean", ["mean heading"], "scalar", "df.heading_deg.mean()", {}),
    ("t20", "turtle_tracks", "delta-mean-groups", ["average latitude change per ping by species"], "groups", "df.groupby('species').delta_lat.mean()", {}),
    # topo (MASS): x, y, z (elevation on a 0-6.3 grid of 50-foot units)
    ("o01", "topo", "max", ["what is the highest elevation?"], "scalar", "df.z.max()", {}),
    ("o02", "topo", "coord-range", ["range of x values"], "scalar", "df.x.max()-df.x.min()", {}),
    ("o03", "topo", "mean", ["average height"], "scalar", "df.z.mean()", {}),
    ("o04", "topo", "count", ["how many points are above 900?"], "scalar", "(df.z>900).sum()", {}),
    ("o05", "topo", "coord-filter", ["mean elevation where y is greater than 3"], "scalar", "df[df.y>3].z.mean()", {}),
    ("o06", "topo", "corr", ["correlation between y and elevation"], "scalar", "df.y.corr(df.z)", {}),
    ("o07", "topo", "coord-filter", ["lowest z for points with x below 2"], "scalar", "df[df.x<2].z.min()", {}),
    # smoke_free_law: Month, HeartAttacks, AsthmaAdmissions, BarStaffSickDays, CigarettePrice, PubVisitsPerCapita, after_ban 0/1
    ("b01", "smoke_free_law", "flag-groups", ["average heart attacks before and after the ban"], "groups", "df.groupby('after_ban').HeartAttacks.mean()", {}),
    ("b02", "smoke_free_law", "flag-count", ["how many months were under the ban?"], "scalar", "(df.after_ban==1).sum()", {}),
    ("b03", "smoke_free_law", "flag-filter", ["average cigarette price after the ban"], "scalar", "df[df.after_ban==1].CigarettePrice.mean()", {}),
    ("b04", "smoke_free_law", "flag-filter", ["mean monthly asthma admissions before the ban"], "scalar", "df[df.after_ban==0].AsthmaAdmissions.mean()", {}),
    ("b05", "smoke_free_law", "year-sum", ["total heart attacks in 2009"], "scalar", f"df[{YEAR}==2009].HeartAttacks.sum()", {}),
    ("b06", "smoke_free_law", "camel-corr", ["correlation between cigarette price and heart attacks"], "scalar", "df.CigarettePrice.corr(df.HeartAttacks)", {}),
    ("b07", "smoke_free_law", "camel-argmax", ["which month had the most asthma admissions?"], "label", "df.set_index('Month').AsthmaAdmissions", {"pick": "max"}),
    ("b08", "smoke_free_law", "camel-mean", ["average pub visits per capita"], "scalar", "df.PubVisitsPerCapita.mean()", {}),
    ("b09", "smoke_free_law", "flag-filter-max", ["highest cigarette price before the ban"], "scalar", "df[df.after_ban==0].CigarettePrice.max()", {}),
    ("b10", "smoke_free_law", "year-groups", ["average heart attacks per year"], "groups", f"df.groupby({YEAR}).HeartAttacks.mean()", {}),
    ("b11", "smoke_free_law", "flag-share", ["what percent of months were after the ban?"], "scalar", "100*(df.after_ban==1).mean()", pct("(df.after_ban==1).mean()")),
    ("b12", "smoke_free_law", "flag-groups", ["did bar staff sick days fall after the ban?"], "groups", "df.groupby('after_ban').BarStaffSickDays.mean()", {}),
    ("b13", "smoke_free_law", "camel-sum", ["total asthma admissions over the whole period"], "scalar", "df.AsthmaAdmissions.sum()", {}),
    ("b14", "smoke_free_law", "flag-filter", ["median heart attacks in months without the ban"], "scalar", "df[df.after_ban==0].HeartAttacks.median()", {}),
    ("b15", "smoke_free_law", "count", ["how many months had more than 450 heart attacks?"], "scalar", "(df.HeartAttacks>450).sum()", {}),
    # muscle (nlme): Strip, conc (mM CaCl2), length (shortening, mm)
    ("m01", "muscle", "code-distinct", ["how many strips are there?"], "scalar", "df.Strip.nunique()", {}),
    ("m02", "muscle", "conc-filter", ["average length at a concentration of 2.2"], "scalar", "df[df.conc==2.2].length.mean()", {}),
    ("m03", "muscle", "code-groups", ["mean length for each strip"], "groups", "df.groupby('Strip').length.mean()", {}),
    ("m04", "muscle", "code-argmax", ["which strip shortened the most?"], "label", "df.groupby('Strip').length.max()", {"pick": "max"}),
    ("m05", "muscle", "corr", ["correlation between concentration and length"], "scalar", "df.conc.corr(df.length)", {}),
    ("m06", "muscle", "code-count", ["how many measurements per strip"], "groups", "df.groupby('Strip').size()", {}),
    ("m07", "muscle", "max", ["highest concentration tested"], "scalar", "df.conc.max()", {}),
    ("m08", "muscle", "conc-filter", ["average length for concentrations above 3"], "scalar", "df[df.conc>3].length.mean()", {}),
    # tetracycline2 (nlme): conc, Time (1,2,3,6 h), Subject 1-5, Formulation
    ("c01", "tetracycline2", "groups", ["average concentration by formulation"], "groups", "df.groupby('Formulation').conc.mean()", {}),
    ("c02", "tetracycline2", "code-argmax", ["which subject had the highest peak concentration?"], "label", "df.groupby('Subject').conc.max()", {"pick": "max"}),
    ("c03", "tetracycline2", "index-filter", ["mean conc at time 2"], "scalar", "df[df.Time==2].conc.mean()", {}),
    ("c04", "tetracycline2", "index-groups", ["average concentration at each time point"], "groups", "df.groupby('Time').conc.mean()", {}),
    ("c05", "tetracycline2", "filter-max", ["max concentration with Berkmycin"], "scalar", "df[df.Formulation=='Berkmycin'].conc.max()", {}),
    ("c06", "tetracycline2", "code-count", ["how many observations per subject?"], "groups", "df.groupby('Subject').size()", {}),
    ("c07", "tetracycline2", "code-filter", ["average concentration for subject 3"], "scalar", "df[df.Subject==3].conc.mean()", {}),
]

with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
    for qid, ds, typ, turns, kind, truth, extra in Q:
        row = {"id": qid, "dataset": ds, "type": typ, "turns": turns, "kind": kind}
        if truth is not None:
            row["truth"] = truth
        row.update(extra)
        f.write(json.dumps(row) + "\n")
print(f"{len(Q)} questions written")
