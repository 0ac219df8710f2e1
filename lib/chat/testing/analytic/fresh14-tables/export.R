# Writes fresh14's five R tables as a user would export them (write.csv, row.names = FALSE, R's column names kept):
#   cd lib/chat/testing/analytic/fresh14-tables && Rscript export.R
suppressMessages({ library(MASS); library(nlme); library(mgcv); library(xts) })
data(sample_matrix, package = "xts")
sm <- data.frame(date = rownames(sample_matrix), sample_matrix, check.names = FALSE)
write.csv(sm, "sample_matrix.csv", row.names = FALSE)
write.csv(gilgais, "gilgais.csv", row.names = FALSE)
write.csv(as.data.frame(Wheat), "Wheat.csv", row.names = FALSE)
write.csv(as.data.frame(Gasoline), "Gasoline.csv", row.names = FALSE)
data(columb, package = "mgcv")
write.csv(columb, "columb.csv", row.names = FALSE)
