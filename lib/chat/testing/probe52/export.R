# Rscript export.R (run in this folder): writes the R tables of probe52.
suppressMessages({library(tseries); library(lmtest); library(nlme); library(MASS)})
data(ice.river)
d <- as.Date("1972-01-01") + 0:(nrow(ice.river) - 1)
write.csv(data.frame(date = format(d), flow_vatnsdalsa = ice.river[, "flow.vat"], flow_jokulsa = ice.river[, "flow.jok"],
  precipitation = ice.river[, "prec"], temperature = ice.river[, "temp"]), "ice_river.csv", row.names = FALSE)
data(unemployment)
write.csv(data.frame(year = 1890:1979, unemployment_rate = unemployment[, "UN"], money_stock = unemployment[, "m"],
  price_deflator = unemployment[, "p"], gov_expenditure = unemployment[, "G"], exports = unemployment[, "x"]),
  "unemployment.csv", row.names = FALSE)
data(ChickEgg)
write.csv(data.frame(year = 1930:1983, chicken = ChickEgg[, "chicken"], egg = ChickEgg[, "egg"]), "chickegg.csv", row.names = FALSE)
data(nino)
m <- matrix(c(as.numeric(nino3.4), rep(NA, 2)), ncol = 12, byrow = TRUE)
colnames(m) <- month.abb
write.csv(data.frame(year = 1950:1999, round(m, 2)), "nino34.csv", row.names = FALSE, na = "")
write.csv(data.frame(year = Traffic$year, day = Traffic$day, limit = Traffic$limit, accidents = Traffic$y), "traffic_sweden.csv", row.names = FALSE)
write.csv(data.frame(rail = as.integer(as.character(Rail$Rail)), travel = Rail$travel), "rail.csv", row.names = FALSE)
write.csv(data.frame(storage = as.integer(trimws(as.character(Meat$Storage))), block = as.character(Meat$Block),
  pair = as.character(Meat$Pair), score = Meat$score), "meat.csv", row.names = FALSE)
write.csv(data.frame(block = as.integer(as.character(Assay$Block)), sample = as.character(Assay$sample),
  dilution = as.integer(as.character(Assay$dilut)), log_density = Assay$logDens), "assay.csv", row.names = FALSE)
write.csv(data.frame(boy = 1:10, material_A = shoes$A, material_B = shoes$B), "shoes.csv", row.names = FALSE)
