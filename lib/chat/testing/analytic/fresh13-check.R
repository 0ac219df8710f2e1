# Recomputes some fresh13 truths a second way, in base R straight from the CSVs (no pandas), and prints
# "<id> <key> <value>" lines for fresh13-check.py to compare with fresh13-expected.json:
#   Rscript lib/chat/testing/analytic/fresh13-check.R > /tmp/fresh13-r.txt
#   /usr/bin/python3 lib/chat/testing/analytic/fresh13-check.py /tmp/fresh13-r.txt
# Ordered answers (top-N, sorted) are printed in R's own order, so the order is checked too.
invisible(Sys.setlocale("LC_TIME", "C"))
args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
tab <- function(name) read.csv(file.path(here, "fresh13-tables", paste0(name, ".csv")), check.names = FALSE, na.strings = c("", "NA"), stringsAsFactors = FALSE)
out <- function(id, key, value) cat(id, gsub(" ", "_", key), format(value, digits = 17), "\n")
scalar <- function(id, value) out(id, "-", value)
groups <- function(id, values) for (k in names(values)) out(id, k, values[[k]])
money <- function(x) as.numeric(gsub("[$,]", "", x))

# product_returns: money texts to numbers, ISO dates to Dates
r <- tab("product_returns")
r$value <- money(r[["Order Value"]])
r$refund <- money(r[["Refund Amount"]])
r$ordered <- as.Date(r[["Order Date"]])
r$returned <- as.Date(r[["Return Date"]])
scalar("r01", nrow(r))
scalar("r02", sum(r$refund, na.rm = TRUE))
scalar("r03", mean(r$value[r$Category == "Electronics"]))
groups("r05", table(r$Reason))
groups("r06", tapply(r$refund, r$Warehouse, sum, na.rm = TRUE))
scalar("r08", 100 * mean(r[["Free Return Label"]] == "Yes"))
n <- table(r$Category)
out("r10", names(n)[which.max(n)], max(n))
w <- tapply(r$refund, r$Warehouse, sum, na.rm = TRUE)
out("r11", names(w)[which.min(w)], min(w))
f <- sort(table(r$Reason[r$Category == "Footwear"]), decreasing = TRUE)[1:3]
groups("r12", f)
scalar("r14", sum(format(r$ordered, "%Y") == "2024"))
d <- table(format(r$returned, "%A"))
out("r17", names(d)[which.max(d)], max(d))
scalar("r18", sum(r$returned >= as.Date("2024-03-01") & r$returned <= as.Date("2024-06-30")))
scalar("r22", sum(is.na(r[["Customer Tier"]])))
groups("r24", tapply(r$value, r$Status, median))
a <- tapply(r$refund, r$Category, mean, na.rm = TRUE)
groups("r28", a[order(-a)])
scalar("r33", sum(as.numeric(r$returned - r$ordered) > 30))
groups("r36", table(format(r$returned, "%Y")))
cs <- table(r$Category, r$Status)
for (i in rownames(cs)) for (j in colnames(cs)) if (cs[i, j] > 0) out("r37", paste0(i, "|", j), cs[i, j])
x <- r[format(r$returned, "%Y") == "2024", ]
groups("r49", tapply(x$refund, x$Category, sum, na.rm = TRUE))
n <- table(r$Reason)
groups("r53", n[n > 90])

# tcm: monthly yields
t <- tab("tcm")
t$year <- as.integer(substr(t$month, 1, 4))
scalar("t02", mean(t$tcm1y[t$year == 1981]))
groups("t05", tapply(t$tcm5y, t$year %/% 10 * 10, mean))
scalar("t08", sum(t$tcm1y > 10))
scalar("t09", sum(t$tcm1y > t$tcm10y))
scalar("t13", mean(t$tcm10y[t$year >= 1990 & t$year <= 1995]))
y <- tapply(t$tcm3y, t$year, mean)
out("t14", names(y)[which.min(y)], min(y))
scalar("t19", mean(t$tcm10y - t$tcm1y))
scalar("t20", sd(t$tcm10y[t$year >= 1980 & t$year <= 1989]))
s <- t[t$year >= 1978 & t$year <= 1982, ]
groups("t24", tapply(s$tcm1y, s$year, max))

# DNase
d <- tab("DNase")
groups("d02", tapply(d$density, d$Run, mean))
m <- tapply(d$density, d$Run, mean)
out("d03", names(m)[which.max(m)], max(m))
s <- tapply(d$density, d$Run, sum)
groups("d11", sort(s, decreasing = TRUE)[1:3])
scalar("d14", mean(d$density[d$conc >= 1 & d$conc <= 5]))
mx <- tapply(d$density, d$Run, max)
groups("d16", mx[order(mx)])

# Glucose2
g <- tab("Glucose2")
for (subj in sort(unique(g$Subject))) for (day in 1:2) out("g03", paste0(subj, "|", day), mean(g$glucose[g$Subject == subj & g$Date == day]))
mx <- tapply(g$glucose, g$Subject, max)
out("g04", names(mx)[which.max(mx)], max(mx))
scalar("g10", mean(g$glucose[g$Time > 10]))
mg <- tapply(g$glucose, g$Subject, mean)
groups("g13", sort(mg, decreasing = TRUE)[1:3])
for (subj in sort(unique(g$Subject))) {
  v <- g$glucose[g$Subject == subj]
  out("g17", paste0(subj, "|min"), min(v))
  out("g17", paste0(subj, "|max"), max(v))
  out("g17", paste0(subj, "|mean"), mean(v))
}
scalar("g18", mean(g$glucose[!(g$Subject %in% c(3, 5))]))

# seals
e <- tab("seals")
scalar("e03", mean(e$delta_lat[e$lat > 40]))
scalar("e06", 100 * mean(e$delta_long > 0))
ml <- tapply(e$delta_long, e$lat, mean)
out("e07", names(ml)[which.max(ml)], max(ml))
la <- tapply(e$delta_lat, e$long, mean)
groups("e10", sort(la, decreasing = TRUE)[1:5])
scalar("e16", sd(e$delta_long))

# Rubber
k <- tab("Rubber")
scalar("k04", mean(k$loss[k$hard < 60]))
scalar("k05", k$hard[which.max(k$loss)])
scalar("k08", mean(k$loss[k$tens >= 150 & k$tens <= 200]))
scalar("k09", 100 * mean(k$loss > 200))
scalar("k14", sd(k$hard))
