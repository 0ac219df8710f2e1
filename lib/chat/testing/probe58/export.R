# Exports the R tables of probe58 (Rscript export.R, in this folder).
suppressMessages({library(MASS); library(nlme)})
month <- format(seq(as.Date("1974-01-01"), by = "month", length.out = 72), "%Y-%m-%d")
write.csv(data.frame(month = month, male = as.numeric(mdeaths), female = as.numeric(fdeaths)), "lung_deaths.csv", row.names = FALSE)
write.csv(data.frame(year = 1700:1988, sunspots = as.numeric(sunspot.year)), "sunspots_yearly.csv", row.names = FALSE)
write.csv(as.data.frame(Pixel), "pixel.csv", row.names = FALSE)
write.csv(motors, "motors.csv", row.names = FALSE)
write.csv(as.data.frame(Glucose), "glucose.csv", row.names = FALSE)
