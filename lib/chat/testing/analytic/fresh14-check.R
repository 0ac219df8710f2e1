# Recomputes some fresh14 truths a second way, in base R straight from the CSVs (no pandas), and prints
# "<id> <key> <value>" lines for fresh14-check.py to compare with fresh14-expected.json:
#   Rscript lib/chat/testing/analytic/fresh14-check.R > /tmp/fresh14-r.txt
#   /usr/bin/python3 lib/chat/testing/analytic/fresh14-check.py /tmp/fresh14-r.txt
# Ordered answers (top-N, sorted) are printed in R's own order, so the order is checked too.
invisible(Sys.setlocale("LC_TIME", "C"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
tab <- function(name) read.csv(file.path(here, "fresh14-tables", paste0(name, ".csv")), check.names = FALSE, na.strings = c("", "NA"), stringsAsFactors = FALSE)
out <- function(id, key, value) cat(id, gsub(" ", "_", key), format(value, digits = 17), "\n")
scalar <- function(id, value) out(id, "-", value)
groups <- function(id, values) for (k in names(values)) out(id, k, values[[k]])
groups2 <- function(id, a, b, v, f) {
  for (i in sort(unique(a))) for (j in sort(unique(b))) {
    sel <- a == i & b == j & !is.na(a) & !is.na(b)
    if (any(sel)) out(id, paste0(i, "|", j), f(v[sel]))
  }
}
best <- function(id, values, pick) {
  i <- if (pick == "max") which.max(values) else which.min(values)
  out(id, names(values)[i], values[[i]])
}
money <- function(x) as.numeric(gsub("[$,]", "", x))

# expense_claims: money and percent texts to numbers, ISO dates to Dates
x <- tab("expense_claims")
x$amount <- money(x$Amount)
x$tax <- as.numeric(sub("%", "", x[["Tax Rate"]]))
x$submitted <- as.Date(x$Submitted)
x$approved <- as.Date(x[["Approved On"]])
type <- x[["Expense Type"]]
scalar("e01", nrow(x))
scalar("e02", sum(x$amount))
scalar("e03", mean(x$amount[type == "Hotel"]))
scalar("e04", sum(x$amount[x$Status == "Paid"]))
groups("e05", table(x$Department))
groups("e06", tapply(x$amount, type, sum))
groups2("e08", x$Department, x$Status, x$amount, length)
groups2("e09", x$Department, x$Billable, x$amount, sum)
scalar("e10", 100 * mean(x$Status == "Rejected"))
groups("e12", 100 * tapply(x$Billable == "Yes", x$Department, mean))
best("e13", tapply(x$amount, x$Employee, sum), "max")
best("e14", tapply(x$amount, x$City, mean), "min")
best("e15", setNames(x$amount, x[["Claim ID"]]), "max")
s <- tapply(x$amount, x$Employee, sum)
groups("e16", sort(s, decreasing = TRUE)[1:5])
groups("e17", sort(table(type))[1:2])
scalar("e19", sum(x$amount[type == "Meals" & x$City %in% c("Chicago", "Austin")]))
scalar("e21", sum(x$amount >= 500 & x$amount <= 1000))
y25 <- x[format(x$submitted, "%Y") == "2025", ]
groups("e23", table(format(y25$submitted, "%Y-%m")))
y24 <- x[format(x$submitted, "%Y") == "2024", ]
groups("e24", tapply(y24$amount, paste0("2024-Q", (as.integer(format(y24$submitted, "%m")) - 1) %/% 3 + 1), sum))
best("e25", table(format(x$submitted, "%A")), "max")
scalar("e26", sum(x$submitted >= as.Date("2025-03-01") & x$submitted <= as.Date("2025-06-30")))
scalar("e27", mean(as.numeric(x$approved - x$submitted), na.rm = TRUE))
scalar("e29", sum(x$Kilometres, na.rm = TRUE))
scalar("e30", mean(x$tax[type == "Meals"]))
groups("e31", tapply(x$amount, x[["Payment Method"]], median))
for (d in sort(unique(x$Department))) {
  v <- x$amount[x$Department == d]
  out("e32", paste0(d, "|size"), length(v))
  out("e32", paste0(d, "|sum"), sum(v))
  out("e32", paste0(d, "|mean"), mean(v))
}
dep <- tapply(x$amount, x$Department, sum)
groups("e34", sort(dep))
scalar("e44", sd(x$amount[type == "Hotel"]))
best("e48", tapply(y24$amount, format(y24$submitted, "%Y-%m"), sum), "max")
groups2("e51", x$City, x[["Payment Method"]], x$amount, mean)
scalar("ef6", sum(format(x$submitted, "%Y") == "2024" & x$Status == "Paid"))

# sample_matrix: a daily series
m <- tab("sample_matrix")
m$date <- as.Date(m$date)
month <- format(m$date, "%Y-%m")
scalar("s01", mean(m$Close))
scalar("s02", m$Close[m$date == as.Date("2007-03-15")])
best("s04", setNames(m$Close, format(m$date)), "min")
groups("s05", tapply(m$Close, month, mean))
scalar("s07", sum(m$Close > m$Open))
best("s09", tapply(m$Close, month, mean), "max")
groups("s11", tapply(m$Close, format(m$date, "%A"), mean))
scalar("s15", max(m$High - m$Low))
best("s16", setNames(m$High - m$Low, format(m$date)), "max")
scalar("s17", mean(m$Close[m$date >= as.Date("2007-05-10") & m$date <= as.Date("2007-05-20")]))
groups("s19", sort(setNames(m$Close, format(m$date)), decreasing = TRUE)[1:5])
for (k in sort(unique(month))) {
  v <- m$Close[month == k]
  out("s20", paste0(k, "|min"), min(v))
  out("s20", paste0(k, "|max"), max(v))
  out("s20", paste0(k, "|mean"), mean(v))
}
scalar("s26", mean(m$Close[format(m$date, "%A") == "Monday"]))
up <- m$Close > m$Open
groups("s27", table(month[up]))

# gilgais
g <- tab("gilgais")
scalar("g07", sum(g$pH30 >= 8.5 & g$pH30 <= 9))
scalar("g11", sd(g$c30))
scalar("g13", sum(g$pH30 > g$pH00))
scalar("g16", mean(g$c80[g$pH80 < 8]))
scalar("g18", sum(g$c30 < 100 | g$c80 < 500))
scalar("g24", mean(g$pH30[g$c80 > 2000 & g$e80 < 300]))
scalar("gf2", mean(g$c00[g$pH00 < 6.5]))

# Wheat: coded trays 1-12, moisture and fertilizer levels
w <- tab("Wheat")
groups("w02", tapply(w$DryMatter, w$Moisture, mean))
groups2("w04", w$Moisture, w$fertilizer, w$DryMatter, mean)
best("w05", tapply(w$DryMatter, w$Tray, mean), "max")
best("w06", tapply(w$DryMatter, w$fertilizer, mean), "min")
scalar("w08", w$DryMatter[w$Tray == 5 & w$fertilizer == 6])
groups("w10", tapply(w$DryMatter[w$Moisture == 30], w$Tray[w$Moisture == 30], mean))
groups("w12", sort(tapply(w$DryMatter, w$Tray, sum), decreasing = TRUE)[1:3])
scalar("w13", sum(w$DryMatter > 5 & w$fertilizer < 6))
for (k in sort(unique(w$Moisture))) {
  v <- w$DryMatter[w$Moisture == k]
  out("w14", paste0(k, "|min"), min(v))
  out("w14", paste0(k, "|mean"), mean(v))
  out("w14", paste0(k, "|max"), max(v))
}
scalar("w20", mean(w$DryMatter[w$Tray >= 4 & w$Tray <= 9]))
scalar("w22", mean(w$DryMatter[w$fertilizer != 2]))
groups("wf3", sort(tapply(w$DryMatter, w$Tray, sum), decreasing = TRUE))

# Gasoline
o <- tab("Gasoline")
best("o03", tapply(o$yield, o$Sample, mean), "max")
scalar("o08", mean(o$API[o$vapor > 5]))
scalar("o12", sum(o$ASTM <= 220 & o$endpoint >= 300))
groups("o11", sort(tapply(o$API, o$Sample, mean), decreasing = TRUE)[1:3])
scalar("o21", sd(o$yield))
groups("of2", sort(tapply(o$yield, o$Sample, sum), decreasing = TRUE)[1:3])

# columb
k <- tab("columb")
best("c02", setNames(k$crime, k$district), "max")
groups("c05", sort(setNames(k$crime, k$district))[1:5])
scalar("c06", mean(k[["home.value"]][k$income > 20]))
scalar("c13", mean(k$crime[k[["open.space"]] > 5 | k[["home.value"]] > 60]))
scalar("c20", k$income[which.max(k$crime)])
scalar("c21", sum(k[["home.value"]] >= 30 & k[["home.value"]] <= 40))
groups("c22", sort(setNames(k$area, k$district), decreasing = TRUE)[1:4])
scalar("cf1", k$crime[which.max(k[["home.value"]])])
