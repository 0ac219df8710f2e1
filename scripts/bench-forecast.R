# R side of `npm run bench:forecast` (scripts/bench-forecast.ts), Hyndman's forecast package.
#   Rscript scripts/bench-forecast.R fit <series.csv> <meta.csv> <out.csv>
#       series.csv: name,y (training part only, in order); meta.csv: name,m,h (m = ts frequency)
#       out.csv: name,model,step,mean,lower80,upper80,lower95,upper95,method,seconds
#   Rscript scripts/bench-forecast.R export-dev <dir>
#       writes the development series (other classic series from R's datasets and forecast
#       packages, none of the 13 benchmark series) as CSV files plus series.csv, in the layout of
#       /work/shared/datasets/forecast.
suppressMessages(library(forecast))
args <- commandArgs(trailingOnly = TRUE)

fit_all <- function(series_file, meta_file, out) {
  series <- read.csv(series_file, stringsAsFactors = FALSE)
  meta <- read.csv(meta_file, stringsAsFactors = FALSE)
  rows <- list()
  for (i in seq_len(nrow(meta))) {
    name <- meta$name[i]
    y <- ts(series$y[series$name == name], frequency = meta$m[i])
    h <- meta$h[i]
    run <- function(label, f) {
      t0 <- proc.time()[["elapsed"]]
      fc <- tryCatch(f(), error = function(e) NULL)
      secs <- proc.time()[["elapsed"]] - t0
      if (is.null(fc)) return(NULL)
      data.frame(name = name, model = label, step = seq_len(h), mean = as.numeric(fc$mean),
                 lower80 = as.numeric(fc$lower[, 1]), upper80 = as.numeric(fc$upper[, 1]),
                 lower95 = as.numeric(fc$lower[, 2]), upper95 = as.numeric(fc$upper[, 2]),
                 method = fc$method, seconds = secs)
    }
    rows[[length(rows) + 1]] <- run("ets", function() forecast(suppressWarnings(ets(y)), h = h))
    rows[[length(rows) + 1]] <- run("arima", function() forecast(auto.arima(y), h = h))
    rows[[length(rows) + 1]] <- run("snaive", function() snaive(y, h = h))
  }
  write.csv(do.call(rbind, rows), out, row.names = FALSE)
}

export_dev <- function(dir) {
  dir.create(dir, showWarnings = FALSE, recursive = TRUE)
  meta <- data.frame()
  ym <- function(x) { t <- as.numeric(time(x)); y <- floor(t + 1e-9); m <- round((t - y) * frequency(x)) * (12 / frequency(x)) + 1; sprintf("%04d-%02d-01", y, m) }
  yr <- function(x) sprintf("%04d-01-01", floor(as.numeric(time(x)) + 1e-9))
  put <- function(file, df, value, m, h, group = "") {
    write.csv(df, file.path(dir, file), row.names = FALSE, na = "")
    meta <<- rbind(meta, data.frame(file = file, value = value, group = group, m = m, m2 = "", h = h))
  }
  steps <- function(start, n, secs) format(as.POSIXct(start, tz = "UTC") + (0:(n - 1)) * secs, "%Y-%m-%dT%H:%M:%SZ", tz = "UTC")
  weekdays_from <- function(start, n) { d <- seq(as.Date(start), by = "day", length.out = ceiling(n * 7 / 5) + 10); d <- d[!(as.POSIXlt(d)$wday %in% c(0, 6))]; format(d[1:n]) }
  put("gas.csv", data.frame(date = ym(gas), gas = as.numeric(gas)), "gas", 12, 18)
  put("woolyrnq.csv", data.frame(date = ym(woolyrnq), tonnes = as.numeric(woolyrnq)), "tonnes", 4, 8)
  put("wineind.csv", data.frame(date = ym(wineind), litres = as.numeric(wineind)), "litres", 12, 18)
  put("uk_driver_deaths.csv", data.frame(date = ym(UKDriverDeaths), deaths = as.numeric(UKDriverDeaths)), "deaths", 12, 18)
  put("seatbelts_front.csv", data.frame(date = ym(Seatbelts), front = as.numeric(Seatbelts[, "front"])), "front", 12, 18)
  put("presidents.csv", data.frame(date = ym(presidents), approval = as.numeric(presidents)), "approval", 4, 8)
  put("freeny.csv", data.frame(date = ym(freeny.y), revenue = as.numeric(freeny.y)), "revenue", 4, 8)
  put("sunspots_monthly.csv", data.frame(date = ym(sunspots), spots = as.numeric(sunspots)), "spots", 12, 18)
  put("lake_huron.csv", data.frame(date = yr(LakeHuron), level = as.numeric(LakeHuron)), "level", 1, 6)
  put("sunspot_year.csv", data.frame(date = yr(sunspot.year), spots = as.numeric(sunspot.year)), "spots", 1, 6)
  put("nhtemp.csv", data.frame(date = yr(nhtemp), temp = as.numeric(nhtemp)), "temp", 1, 6)
  put("discoveries.csv", data.frame(date = yr(discoveries), count = as.numeric(discoveries)), "count", 1, 6)
  put("airmiles.csv", data.frame(date = yr(airmiles), miles = as.numeric(airmiles)), "miles", 1, 6)
  put("uspop.csv", data.frame(date = yr(uspop), millions = as.numeric(uspop)), "millions", 1, 6)
  # The last 1000 years of the tree-ring widths (years 980-1979).
  put("treering.csv", data.frame(date = sprintf("%04d-01-01", 980:1979), width = as.numeric(tail(treering, 1000))), "width", 1, 6)
  put("bjsales.csv", data.frame(date = format(seq(as.Date("2000-01-01"), by = "day", length.out = length(BJsales))), sales = as.numeric(BJsales)), "sales", 1, 14)
  put("wwwusage.csv", data.frame(time = steps("2020-03-02 08:00:00", length(WWWusage), 60), users = as.numeric(WWWusage)), "users", 1, 12)
  put("lh.csv", data.frame(time = steps("2020-03-02 08:00:00", length(lh), 600), hormone = as.numeric(lh)), "hormone", 1, 12)
  b2 <- beaver2; tt <- sprintf("1990-01-%02d %02d:%02d:00", b2$day - 306, b2$time %/% 100, b2$time %% 100)
  put("beaver2.csv", data.frame(time = format(as.POSIXct(tt, tz = "UTC"), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"), temp = b2$temp), "temp", 1, 12)
  put("taylor.csv", data.frame(time = steps("2000-06-05 00:00:00", length(taylor), 1800), megawatts = as.numeric(taylor)), "megawatts", 48, 48)
  put("gold.csv", data.frame(date = weekdays_from("1985-01-01", length(gold)), price = as.numeric(gold)), "price", 1, 14)
  eu <- EuStockMarkets; d <- weekdays_from("1991-07-01", nrow(eu))
  long <- do.call(rbind, lapply(colnames(eu), function(k) data.frame(date = d, index = k, close = as.numeric(eu[, k]))))
  put("eu_stock_markets.csv", long, "close", 1, 14, group = "index")
  write.csv(meta, file.path(dir, "series.csv"), row.names = FALSE, quote = FALSE)
}

if (length(args) >= 1 && args[1] == "fit") fit_all(args[2], args[3], args[4]) else if (length(args) >= 1 && args[1] == "export-dev") export_dev(args[2]) else stop("usage: fit <series.csv> <meta.csv> <out.csv> | export-dev <dir>")
