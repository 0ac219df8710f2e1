# Real R tables of probe61 (Rscript lib/chat/testing/probe61/export.R from the repository root).
out <- "lib/chat/testing/probe61"
write.csv(MASS::topo, file.path(out, "topo.csv"), row.names = FALSE)
write.csv(as.data.frame(nlme::Muscle), file.path(out, "muscle.csv"), row.names = FALSE)
write.csv(as.data.frame(nlme::Tetracycline2), file.path(out, "tetracycline2.csv"), row.names = FALSE)
