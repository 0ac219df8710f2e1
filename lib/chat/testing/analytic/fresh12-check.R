#!/usr/bin/env Rscript
# A second computation of 38 of fresh12's truths in R (base R, reading the CSVs directly, not truth.py's
# pandas): prints "id key value" lines that fresh12-check.py compares with fresh12-expected.json.
#   Rscript lib/chat/testing/analytic/fresh12-check.R > /tmp/fresh12-r.txt
#   /usr/bin/python3 lib/chat/testing/analytic/fresh12-check.py /tmp/fresh12-r.txt
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
tab <- function(n) read.csv(file.path(here, "fresh12-tables", paste0(n, ".csv")), check.names = FALSE, stringsAsFactors = FALSE, na.strings = c("", "NA"))
out <- function(id, key, v) cat(id, key, format(v, digits = 15), "\n")
outs <- function(id, x) for (k in names(x)) out(id, gsub(" ", "_", k), x[[k]])

s <- tab("saas_subscriptions")
s$mrr <- as.numeric(gsub("[$,]", "", s$MRR))
s$signup <- as.Date(s[["Signup Date"]])
s$cancel <- as.Date(s[["Cancel Date"]])
out("s01", "-", sum(s$mrr))
out("s02", "-", sum(s$mrr[s$Status == "Active"]))
out("s03", "-", sum(s$Status == "Cancelled"))
out("s04", "-", sum(format(s$signup, "%Y") == "2023"))
out("s06", "-", sum(s$Billing == "Annual" & s$Region == "EMEA"))
out("s07", "-", 100 * mean(s[["Auto Renew"]] == "Yes"))
out("s10", "-", sum(is.na(s[["Sales Rep"]])))
out("s15", "-", sum(format(s$cancel, "%Y") == "2024", na.rm = TRUE))
out("s18", "-", sum(s$Seats >= 10 & s$Seats <= 20, na.rm = TRUE))
out("s24", "-", length(unique(na.omit(s$Country))))
outs("s25", tapply(s$mrr, s$Plan, sum))
y23 <- s[format(s$signup, "%Y") == "2023", ]
outs("s33", table(paste0("2023-Q", (as.integer(format(y23$signup, "%m")) - 1) %/% 3 + 1)))
r <- sort(tapply(s$mrr, s[["Sales Rep"]], sum), decreasing = TRUE)
out("s35", gsub(" ", "_", names(r)[1]), r[[1]])
outs("s40", tapply(s$Status == "Cancelled", s$Plan, mean) * 100)
out("s47", "-", sum(s$signup >= as.Date("2024-03-01") & s$signup <= as.Date("2024-06-30")))
cn <- table(s$Country)
outs("s52", cn[cn > 30])

t <- tab("ttrc")
t$Date <- as.Date(t$Date)
yr <- as.integer(format(t$Date, "%Y"))
out("t03", format(t$Date[which.max(t$Close)]), max(t$Close))
out("t05", "-", mean(t$Close[format(t$Date, "%Y-%m") == "2000-03"]))
out("t08", "-", sum(t$Close > t$Open))
v <- tapply(t$Volume, yr, mean)
out("t13", names(v)[which.max(v)], max(v))
v <- tapply(t$Volume[yr == 2005], format(t$Date[yr == 2005], "%Y-%m"), sum)
out("t14", names(v)[which.max(v)], max(v))
out("t16", "-", mean((t$High - t$Low)[yr == 2006]))
out("t25", "-", max(t$High[yr >= 1990 & yr <= 1992]))

n <- tab("NelPlo")
out("n02", n$year[which.max(n$unemp)], max(n$unemp, na.rm = TRUE))
out("n04", "-", mean(n[["int.rate"]][n$year >= 1970 & n$year <= 1979]))
v <- tapply(n$unemp, n$year %/% 10 * 10, mean, na.rm = TRUE)
outs("n07", v[!is.na(v)])
out("n14", "-", sum(n[["int.rate"]] > 8, na.rm = TRUE))
out("n15", "-", sum((!is.na(n$unemp) & n$unemp > 2.5) | (!is.na(n[["int.rate"]]) & n[["int.rate"]] > 10)))

m <- tab("MathAchSchool")
out("m05", "-", sum(m$Sector == "Public" & m$Size > 1500))
a <- aggregate(DISCLIM ~ Sector + HIMINTY, data = m, FUN = mean)
for (i in seq_len(nrow(a))) out("m08", paste(a$Sector[i], a$HIMINTY[i], sep = "|"), a$DISCLIM[i])
out("m14", "-", median(m$Size[m$Sector == "Public"]))
outs("m19", tapply(m$PRACAD > 0.5, m$Sector, mean) * 100)

x <- tab("Oxide")
v <- tapply(x$Thickness, x$Lot, mean)
out("x04", names(v)[which.max(v)], max(v))
outs("x09", tapply(x$Thickness, x$Source, sd))
for (src in c(1, 2)) {
  th <- x$Thickness[x$Source == src]
  out("x12", paste0(src, "|min"), min(th)); out("x12", paste0(src, "|max"), max(th)); out("x12", paste0(src, "|mean"), mean(th))
}

o <- tab("OrchardSprays")
outs("o09", sort(tapply(o$decrease, o$treatment, median), decreasing = TRUE))
out("o15", "-", mean(o$decrease[o$treatment == "E" & o$colpos <= 4]))
outs("o18", tapply(o$decrease[o$treatment != "A"], o$treatment[o$treatment != "A"], sum))
