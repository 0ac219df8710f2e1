// Plotly figures (plain JSON) from query results: the chart follows the data (bars for categories,
// lines for time, points for two numbers, binned bars for distributions).
import type { AggregateResult, DistributionResult, QueryResult, RelationshipResult, RowsResult } from "./execute";
import { isTimeField } from "./columns";
import { t, type Lang } from "./i18n";
import { formatNumber, type Unit } from "./format";
import { describeFilters, describeHaving, describeMeasure, describeWithin } from "./describe";
import { isCyclicBucket } from "./plan";
import { categoryTicks } from "./ticks";

export interface PlotlyFigure {
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
}

export interface FigureContext {
  lang: Lang;
  units: Map<string, Unit>;
  /** Fields holding dates (their filter values read as periods in titles). */
  dateFields?: Set<string>;
}

const MAX_SERIES = 12;
// Points drawn in a scatter: beyond this an evenly spaced sample is drawn (and the title says so);
// the correlation in the text always uses every point. Keeps PNG rendering well under a second.
const MAX_POINTS = 4000;

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "Average of MPG", "Number of rows", "Share of Sales". */
export function measureTitle(result: AggregateResult, lang: Lang): string {
  return describeMeasure(result.plan.measure, lang);
}

/** " — for rows where ..." appended to a title when the result is filtered. */
function filterSuffix(filters: import("./plan").Filter[], ctx: FigureContext): string {
  return filters.length ? ` — ${t(ctx.lang, "whereFilters", { filters: describeFilters(filters, ctx.lang, ctx.dateFields) })}` : "";
}

/** The title of a result: what is shown, by what, and every filter. */
export function figureTitle(result: QueryResult, ctx: FigureContext): string {
  const lang = ctx.lang;
  const plan = result.plan;
  if (result.kind === "aggregate") {
    const measures = [plan.measure, ...(plan.extraMeasures ?? [])].map((m) => describeMeasure(m, lang, ctx.dateFields));
    const what = plan.chart === "scatter" && measures.length > 1 ? `${measures[1]} vs ${measures[0]}` : measures.join(` ${t(lang, "and")} `);
    const by = plan.groupBy.length ? ` ${t(lang, "by")} ${plan.groupBy.map((_, k) => groupTitle(result, k, lang)).join(` ${t(lang, "and")} `)}` : "";
    const having = plan.having ? ` — ${describeHaving(plan, lang, ctx.dateFields)}` : "";
    const within = plan.within ? ` — ${describeWithin(plan, lang, ctx.dateFields)}` : "";
    return `${what}${by}${filterSuffix(plan.filters, ctx)}${having}${within}${shownSuffix(result, lang)}`;
  }
  if (result.kind === "distribution") return `${capitalize(t(lang, "count"))} ${t(lang, "by")} ${result.field.name}${filterSuffix(plan.filters, ctx)}`;
  if (result.kind === "relationship")
    return `${result.yField.name} vs ${result.xField.name}${result.groupField ? ` ${t(lang, "by")} ${result.groupField.name}` : ""}${filterSuffix(plan.filters, ctx)}`;
  const order =
    plan.sort?.by === "key" && plan.x
      ? result.fields.some((f) => f.name === plan.x && f.numbers !== null)
        ? t(lang, plan.sort.order === "desc" ? "sortedDesc" : "sortedAsc", { field: plan.x })
        : t(lang, plan.sort.order === "desc" ? "sortedKeyDesc" : "sortedKeyAsc", { field: plan.x })
      : result.sortField
        ? t(lang, (plan.within?.order ?? plan.sort?.order) === "asc" ? "sortedAsc" : "sortedDesc", { field: result.sortField.name })
        : "";
  return `${t(lang, "rowsTitle")}${order ? ` (${order})` : ""}${filterSuffix(plan.filters, ctx)}`;
}

/**
 * " — top 50 of 452" when the groups were cut to the first ones without being asked ("sales by
 * city" over 452 cities): the chart and the table show part of the groups, and say which part.
 */
function shownSuffix(result: AggregateResult, lang: Lang): string {
  const { plan } = result;
  if (result.hiddenGroups <= 0 || plan.limit !== null || plan.within) return "";
  const shown = new Set(result.rows.map((r) => String(r.keys[0]))).size;
  const first = result.keyFields[0];
  const ordered = !!first && (isTimeField(first) || first.role === "number");
  const key = plan.sort?.by === "key" || (!plan.sort && ordered) ? "shownFirst" : plan.sort?.order === "asc" ? "shownBottom" : "shownTop";
  const n = (v: number) => formatNumber(v, lang, null, { integer: true });
  return ` — ${t(lang, key, { shown: n(shown), n: n(shown + result.hiddenGroups) })}`;
}

/** Shortened labels on a crowded category axis (see ticks.ts); rotated labels get fewer characters than labels down the side. */
function fitCategoryAxis(axis: Record<string, unknown>, categories: (string | number)[], rotated: boolean) {
  Object.assign(axis, categoryTicks(categories, rotated ? { maxChars: 18, maxTicks: 60 } : { maxChars: 28, maxTicks: 60 }) ?? {});
}

function groupTitle(result: AggregateResult, k: number, lang: Lang): string {
  const g = result.plan.groupBy[k];
  const info = result.keyFields[k];
  return info.role === "date" && g.bucket ? `${g.field} (${t(lang, g.bucket)})` : g.field;
}

function valueAxis(unit: Unit | null | undefined, percent: boolean): Record<string, unknown> {
  const axis: Record<string, unknown> = { tickformat: ",", hoverformat: ",.4~f", automargin: true };
  if (percent) axis.ticksuffix = "%";
  else if (unit?.currency) axis.tickprefix = unit.prefix;
  else if (unit?.suffix) axis.ticksuffix = unit.suffix;
  return axis;
}

function baseLayout(title: string): Record<string, unknown> {
  return {
    title: { text: title, x: 0.02, xanchor: "left" },
    margin: { l: 70, r: 30, t: 60, b: 70 },
    font: { family: "Inter, Helvetica, Arial, sans-serif", size: 13 },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    showlegend: false,
    width: 800,
    height: 500,
  };
}

/** Pie charts have no plot area: Plotly's schema rejects its settings there. */
function withoutPlotArea(layout: Record<string, unknown>): Record<string, unknown> {
  const { plot_bgcolor: _ignored, ...rest } = layout;
  void _ignored;
  return rest;
}

function keyValue(result: AggregateResult, row: number, k: number): string | number {
  const info = result.keyFields[k];
  const key = result.rows[row].keys[k];
  if (isCyclicBucket(result.plan.groupBy[k]?.bucket)) return result.rows[row].labels[k];
  if (info.role === "date") return new Date(key as number).toISOString().slice(0, 10);
  return typeof key === "string" ? key.trim() : key;
}

/**
 * A line is drawn through its points in the order given: rows sorted by their value (a "which is
 * highest?" carried into "profit by month") made the line zig-zag back and forth in time. Lines get
 * their rows in the order of the first grouping's keys (times, numbers, months of the year); the
 * table keeps the answer's order.
 */
function inLineOrder(result: AggregateResult): AggregateResult {
  const { plan } = result;
  if (plan.chart !== "line" && plan.chart !== "multiLine") return result;
  if (!result.rows.every((r) => typeof r.keys[0] === "number" && !Number.isNaN(r.keys[0]))) return result;
  const rows = result.rows.map((row, i) => ({ row, i }));
  rows.sort((a, b) => (a.row.keys[0] as number) - (b.row.keys[0] as number) || a.i - b.i);
  return { ...result, rows: rows.map((r) => r.row) };
}

/** Slices of a pie are parts of a whole: only counts, totals and shares add up to one. */
function partsOfWhole(plan: AggregateResult["plan"]): boolean {
  const { agg, per } = plan.measure;
  return !per && (agg === "count" || agg === "sum" || agg === "share");
}

function aggregateFigure(given: AggregateResult, ctx: FigureContext): PlotlyFigure | null {
  const result = inLineOrder(given);
  const { plan } = result;
  const lang = ctx.lang;
  const percent = plan.measure.agg === "share" || plan.measure.agg === "rate" || !!plan.measure.per?.percent;
  const unit =
    plan.measure.field && plan.measure.per?.agg !== "sum" && plan.measure.agg !== "count" && plan.measure.agg !== "distinct" && plan.measure.agg !== "rate"
      ? ctx.units.get(plan.measure.field)
      : null;
  const yTitle = measureTitle(result, lang);
  if (plan.groupBy.length === 0 || result.rows.length === 0 || plan.chart === "none" || plan.chart === "table") return null;
  const title = figureTitle(result, ctx);
  const layout = baseLayout(title);
  const first = result.keyFields[0];
  const timeAxis = isTimeField(first) && (plan.chart === "line" || plan.chart === "multiLine") && !isCyclicBucket(plan.groupBy[0].bucket);
  if (result.extra.length) return multiMeasureFigure(result, ctx, layout, timeAxis);
  const xaxis: Record<string, unknown> = { title: { text: groupTitle(result, 0, lang) }, automargin: true };
  if (first.role === "date") xaxis.type = timeAxis ? "date" : "category";
  if (isCyclicBucket(plan.groupBy[0].bucket)) xaxis.type = "category";
  else if (!timeAxis) xaxis.type = "category";
  const yaxis = { ...valueAxis(unit, percent), title: { text: yTitle }, rangemode: "tozero" };

  if (plan.chart === "pie") {
    const labels = result.rows.map((r) => r.labels[0]);
    const values = result.rows.map((r) => r.value);
    // A pie of averages or rates: each slice says its own value (42.7%), not its part of the sum of
    // the values (67.3% of 54.6 + 19.3 + 7.2), which reads as the measure and means nothing.
    const slices = partsOfWhole(plan)
      ? { textinfo: "label+percent" }
      : { text: values.map((v) => formatNumber(v, lang, unit, { percent })), textinfo: "label+text", hoverinfo: "label+text" };
    return {
      data: [{ type: "pie", labels, values, ...slices, hole: 0 }],
      layout: { ...withoutPlotArea(layout), showlegend: true },
    };
  }
  if (plan.groupBy.length === 1) {
    const xs = result.rows.map((_, i) => (first.role === "date" && !timeAxis ? result.rows[i].labels[0] : keyValue(result, i, 0)));
    // Category labels as text: numeric codes would otherwise be placed on a number line.
    if (!timeAxis) xaxis.type = "category";
    const ys = result.rows.map((r) => r.value);
    const hovertext = result.rows.map((r) => `${r.labels[0]}: ${formatNumber(r.value, lang, unit, { percent })}`);
    // (A scatter of one number per value of a number field: "the average parity for each age".)
    if (plan.chart === "scatter") xaxis.type = "linear";
    if (plan.chart === "line" || plan.chart === "scatter") {
      return {
        data: [
          {
            type: "scatter",
            mode: plan.chart === "scatter" ? "markers" : result.rows.length > 60 ? "lines" : "lines+markers",
            x: xs,
            y: ys,
            name: yTitle,
            hovertext,
            hoverinfo: "text",
            line: { width: 2 },
          },
        ],
        layout: { ...layout, xaxis, yaxis },
      };
    }
    // "as horizontal bars": the categories down the side, the first row on top.
    if (plan.orientation === "h") {
      fitCategoryAxis(xaxis, xs, false);
      return {
        data: [{ type: "bar", orientation: "h", x: ys, y: xs, name: yTitle, hovertext, hoverinfo: "text", marker: { color: "#4C78A8" } }],
        layout: { ...layout, xaxis: yaxis, yaxis: { ...xaxis, autorange: "reversed" } },
      };
    }
    if (result.rows.length > 8) xaxis.tickangle = -45;
    fitCategoryAxis(xaxis, xs, true);
    return {
      data: [{ type: "bar", x: xs, y: ys, name: yTitle, hovertext, hoverinfo: "text", marker: { color: "#4C78A8" } }],
      layout: { ...layout, xaxis, yaxis },
    };
  }
  // Two groupings: one trace per value of the second (largest series first, capped).
  const totals = new Map<string, number>();
  for (const r of result.rows) totals.set(r.labels[1], (totals.get(r.labels[1]) ?? 0) + (Number.isNaN(r.value) ? 0 : Math.abs(r.value)));
  const second = result.keyFields[1];
  let seriesNames = [...totals.keys()];
  if (isTimeField(second) || second.role === "number") {
    seriesNames.sort((a, b) => {
      const ra = result.rows.find((r) => r.labels[1] === a)!.keys[1];
      const rb = result.rows.find((r) => r.labels[1] === b)!.keys[1];
      return typeof ra === "number" && typeof rb === "number" ? ra - rb : String(ra).localeCompare(String(rb));
    });
  } else seriesNames.sort((a, b) => totals.get(b)! - totals.get(a)!);
  const hidden = Math.max(0, seriesNames.length - MAX_SERIES);
  seriesNames = seriesNames.slice(0, MAX_SERIES);
  const xOrder: (string | number)[] = [];
  const seen = new Set<string>();
  result.rows.forEach((r, i) => {
    const x = first.role === "date" && !timeAxis ? r.labels[0] : keyValue(result, i, 0);
    if (!seen.has(String(x))) {
      seen.add(String(x));
      xOrder.push(x);
    }
  });
  const data = seriesNames.map((s) => {
    const xs: (string | number)[] = [];
    const ys: number[] = [];
    result.rows.forEach((r, i) => {
      if (r.labels[1] !== s) return;
      xs.push(first.role === "date" && !timeAxis ? r.labels[0] : keyValue(result, i, 0));
      ys.push(r.value);
    });
    return plan.chart === "multiLine"
      ? { type: "scatter", mode: xs.length > 60 ? "lines" : "lines+markers", x: xs, y: ys, name: s }
      : { type: "bar", x: xs, y: ys, name: s };
  });
  if (xOrder.length > 8 && !timeAxis) xaxis.tickangle = -45;
  if (!timeAxis) {
    Object.assign(xaxis, { categoryorder: "array", categoryarray: xOrder.map(String) });
    fitCategoryAxis(xaxis, xOrder, true);
  }
  const legendTitle = groupTitle(result, 1, lang) + (hidden ? ` (+${hidden})` : "");
  return {
    data,
    layout: {
      ...layout,
      showlegend: true,
      legend: { title: { text: legendTitle } },
      ...(plan.chart === "multiLine" ? {} : { barmode: plan.chart === "stackedBar" ? "stack" : "group" }),
      xaxis,
      yaxis,
    },
  };
}

function distributionFigure(result: DistributionResult, ctx: FigureContext): PlotlyFigure {
  const { field, bins, binWidth } = result;
  const unit = ctx.units.get(field.name);
  const lang = ctx.lang;
  const fmt = (v: number) => formatNumber(v, lang, unit);
  const x = bins.map((b) => (b.lo + b.hi) / 2);
  const hovertext = bins.map((b) => `${fmt(b.lo)} – ${fmt(b.hi)}: ${formatNumber(b.count, lang, null, { integer: true })}`);
  const title = `${capitalize(t(lang, "count"))} ${t(lang, "by")} ${field.name}${filterSuffix(result.plan.filters, ctx)}`;
  const xaxis: Record<string, unknown> = { ...valueAxis(unit, false), title: { text: field.name } };
  if (field.role === "date") xaxis.type = "date";
  return {
    data: [
      {
        type: "bar",
        x: field.role === "date" ? x.map((v) => new Date(v).toISOString()) : x,
        y: bins.map((b) => b.count),
        width: bins.map(() => binWidth * 0.98),
        hovertext,
        hoverinfo: "text",
        marker: { color: "#4C78A8" },
      },
    ],
    layout: { ...baseLayout(title), bargap: 0, xaxis, yaxis: { title: { text: capitalize(t(lang, "count")) }, tickformat: ",", rangemode: "tozero" } },
  };
}

function relationshipFigure(result: RelationshipResult, ctx: FigureContext): PlotlyFigure {
  const { xField, yField, groupField, plan } = result;
  const lang = ctx.lang;
  const rText = Number.isNaN(result.r) ? "" : ` (r = ${result.r.toFixed(2)})`;
  const sampled =
    result.n > MAX_POINTS
      ? ` — ${t(lang, "sampled", { shown: formatNumber(Math.ceil(result.n / Math.ceil(result.n / MAX_POINTS)), lang, null, { integer: true }), n: formatNumber(result.n, lang, null, { integer: true }) })}`
      : "";
  const title = `${yField.name} vs ${xField.name}${groupField ? ` ${t(lang, "by")} ${groupField.name}` : ""}${rText}${sampled}${filterSuffix(plan.filters, ctx)}`;
  const xaxisBase = { ...valueAxis(ctx.units.get(xField.name), false), title: { text: xField.name } };
  const yaxisBase = { ...valueAxis(ctx.units.get(yField.name), false), title: { text: yField.name } };
  const step = Math.max(1, Math.ceil(result.n / MAX_POINTS));
  const marker = { size: result.n > 2000 ? 4 : 7, opacity: result.n > 2000 ? 0.5 : 0.75 };
  if (!groupField || !result.groups) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < result.n; i += step) {
      xs.push(result.xs[i]);
      ys.push(result.ys[i]);
    }
    return {
      data: [{ type: "scatter", mode: "markers", x: xs, y: ys, marker: { ...marker, color: "#4C78A8" }, name: yField.name }],
      layout: { ...baseLayout(title), xaxis: xaxisBase, yaxis: yaxisBase },
    };
  }
  const names = result.byGroup.map((g) => g.group).slice(0, MAX_SERIES);
  const index = new Map(names.map((n, i) => [n, i]));
  const series = names.map(() => ({ x: [] as number[], y: [] as number[] }));
  for (let i = 0; i < result.n; i += step) {
    const k = index.get(result.groups[i]);
    if (k === undefined) continue;
    series[k].x.push(result.xs[i]);
    series[k].y.push(result.ys[i]);
  }
  if (plan.chart !== "scatterFaceted") {
    return {
      data: names.map((n, k) => ({ type: "scatter", mode: "markers", x: series[k].x, y: series[k].y, name: n, marker })),
      layout: { ...baseLayout(title), showlegend: true, legend: { title: { text: groupField.name } }, xaxis: xaxisBase, yaxis: yaxisBase },
    };
  }
  // One panel per group, sharing axes, in a grid.
  const cols = Math.min(4, names.length);
  const rows = Math.ceil(names.length / cols);
  const layout: Record<string, unknown> = {
    ...baseLayout(title),
    grid: { rows, columns: cols, pattern: "independent" },
    height: Math.max(400, 300 * rows + 100),
    width: Math.max(800, 260 * cols + 100),
  };
  const annotations: Record<string, unknown>[] = [];
  names.forEach((n, k) => {
    const suffix = k === 0 ? "" : String(k + 1);
    layout[`xaxis${suffix}`] = { ...xaxisBase, title: { text: Math.floor(k / cols) === rows - 1 ? xField.name : "" }, ...(k === 0 ? {} : { matches: "x" }) };
    layout[`yaxis${suffix}`] = { ...yaxisBase, title: { text: k % cols === 0 ? yField.name : "" }, ...(k === 0 ? {} : { matches: "y" }) };
    annotations.push({
      text: `${groupField.name}: ${n}`,
      xref: `x${suffix} domain`,
      yref: `y${suffix} domain`,
      x: 0.5,
      y: 1.08,
      showarrow: false,
      font: { size: 12 },
    });
  });
  layout.annotations = annotations;
  return {
    data: names.map((n, k) => ({
      type: "scatter",
      mode: "markers",
      x: series[k].x,
      y: series[k].y,
      name: n,
      xaxis: `x${k === 0 ? "" : k + 1}`,
      yaxis: `y${k === 0 ? "" : k + 1}`,
      marker: { ...marker, color: "#4C78A8" },
    })),
    layout,
  };
}

/** Several measures over one grouping: grouped bars (one series per measure), or one point per group. */
function multiMeasureFigure(result: AggregateResult, ctx: FigureContext, layout: Record<string, unknown>, timeAxis: boolean): PlotlyFigure {
  const { plan } = result;
  const lang = ctx.lang;
  const measures = [plan.measure, ...result.extra.map((e) => e.measure)];
  const names = measures.map((m) => describeMeasure(m, lang, ctx.dateFields));
  const series = [result.rows.map((r) => r.value), ...result.extra.map((e) => e.values)];
  const labels = result.rows.map((_, i) => keyValue(result, i, 0));
  const unitOf = (k: number) =>
    measures[k].field && measures[k].agg !== "count" && measures[k].agg !== "distinct" && measures[k].agg !== "rate" ? ctx.units.get(measures[k].field!) : null;
  const percentOf = (k: number) => measures[k].agg === "share" || measures[k].agg === "rate";
  if (plan.chart === "scatter" && series.length >= 2) {
    const hovertext = result.rows.map(
      (r, i) =>
        `${r.labels[0]}: ${formatNumber(series[0][i], lang, unitOf(0), { percent: percentOf(0) })}, ${formatNumber(series[1][i], lang, unitOf(1), { percent: percentOf(1) })}`,
    );
    return {
      data: [
        {
          type: "scatter",
          mode: result.rows.length <= 30 ? "markers+text" : "markers",
          x: series[0],
          y: series[1],
          text: result.rows.map((r) => r.labels[0]),
          textposition: "top center",
          hovertext,
          hoverinfo: "text",
          marker: { size: 9, color: "#4C78A8" },
        },
      ],
      layout: {
        ...layout,
        xaxis: { ...valueAxis(unitOf(0), percentOf(0)), title: { text: names[0] } },
        yaxis: { ...valueAxis(unitOf(1), percentOf(1)), title: { text: names[1] } },
      },
    };
  }
  const xaxis: Record<string, unknown> = { title: { text: groupTitle(result, 0, lang) }, automargin: true, type: timeAxis ? "date" : "category" };
  if (result.rows.length > 8 && !timeAxis) xaxis.tickangle = -45;
  if (!timeAxis) fitCategoryAxis(xaxis, labels, true);
  // Measures of different sizes (sales in thousands, profit in hundreds) share one axis; each bar says its value on hover.
  return {
    data: series.map((ys, k) => ({
      type: "bar",
      x: labels,
      y: ys,
      name: names[k],
      hovertext: ys.map((v, i) => `${result.rows[i].labels[0]}: ${formatNumber(v, lang, unitOf(k), { percent: percentOf(k) })}`),
      hoverinfo: "text+name",
    })),
    layout: {
      ...layout,
      showlegend: true,
      barmode: "group",
      xaxis,
      yaxis: { ...valueAxis(unitOf(0), percentOf(0)), title: { text: names.length <= 2 ? names.join(" / ") : t(lang, "value") }, rangemode: "tozero" },
    },
  };
}

/** Rows as bars (or pie slices): one per row, labelled by `x`, sized by `y`. */
function rowsFigure(result: RowsResult, ctx: FigureContext): PlotlyFigure | null {
  const plan = result.plan;
  if ((plan.chart !== "bar" && plan.chart !== "pie") || !plan.x || !plan.y || result.indices.length === 0) return null;
  const fields = result.fields;
  const xf = fields.find((f) => f.name === plan.x);
  const yf = fields.find((f) => f.name === plan.y);
  if (!xf || !yf || !yf.numbers) return null;
  const label = (i: number) =>
    xf.codes ? (xf.dictionary[xf.codes[i]] ?? "").trim() : xf.role === "date" ? new Date(xf.numbers![i]).toISOString().slice(0, 10) : String(xf.numbers![i]);
  const xs = result.indices.map(label);
  const ys = result.indices.map((i) => yf.numbers![i]);
  const title = figureTitle(result, ctx);
  if (plan.chart === "pie") {
    return {
      data: [{ type: "pie", labels: xs, values: ys, textinfo: "label+percent", hole: 0 }],
      layout: { ...withoutPlotArea(baseLayout(title)), showlegend: true },
    };
  }
  const xaxis: Record<string, unknown> = { title: { text: xf.name }, type: "category", automargin: true, categoryorder: "array", categoryarray: xs };
  if (xs.length > 8) xaxis.tickangle = -45;
  fitCategoryAxis(xaxis, [...new Set(xs)], true);
  return {
    data: [{ type: "bar", x: xs, y: ys, name: yf.name, marker: { color: "#4C78A8" } }],
    layout: { ...baseLayout(title), xaxis, yaxis: { ...valueAxis(ctx.units.get(yf.name), false), title: { text: yf.name }, rangemode: "tozero" } },
  };
}

/** One number as one bar, for a question that asked for a chart of a single value. */
export function scalarFigure(result: AggregateResult, ctx: FigureContext): PlotlyFigure | null {
  if (result.plan.groupBy.length || Number.isNaN(result.overall)) return null;
  const measures = [result.plan.measure, ...result.extra.map((e) => e.measure)].map((m) => describeMeasure(m, ctx.lang, ctx.dateFields));
  const values = [result.overall, ...result.extra.map((e) => e.overall)];
  const figure: PlotlyFigure = {
    data: [{ type: "bar", x: measures, y: values, marker: { color: "#4C78A8" } }],
    layout: {
      ...baseLayout(figureTitle(result, ctx)),
      xaxis: { type: "category", automargin: true },
      yaxis: { tickformat: ",", rangemode: "tozero", automargin: true },
    },
  };
  figure.layout.meta = { chart: "bar", x: null, y: result.plan.measure.field, color: null, facet: null, aggregate: result.plan.measure.agg };
  return figure;
}

/** The figure of a result, or null when a number or a table says it better. */
export function buildFigure(result: QueryResult, ctx: FigureContext): PlotlyFigure | null {
  if (result.kind === "rows") {
    const fig = rowsFigure(result, ctx);
    if (fig) fig.layout.meta = chartMeta(result);
    return fig;
  }
  const figure =
    result.kind === "distribution"
      ? result.n > 0
        ? distributionFigure(result, ctx)
        : null
      : result.kind === "relationship"
        ? result.n > 0
          ? relationshipFigure(result, ctx)
          : null
        : aggregateFigure(result, ctx);
  if (figure) figure.layout.meta = chartMeta(result);
  return figure;
}

/** What the figure shows, machine-readable (Plotly keeps `layout.meta` as opaque data). */
export interface ChartMeta {
  chart: string;
  x: string | null;
  y: string | null;
  color: string | null;
  facet: string | null;
  aggregate: string | null;
  /** Several measures in one chart: each with its aggregate. */
  measures?: { agg: string; field: string | null }[];
}

export function chartMeta(result: QueryResult): ChartMeta {
  const plan = result.plan;
  if (result.kind === "rows")
    return { chart: plan.chart === "bar" || plan.chart === "pie" ? plan.chart : "table", x: plan.x, y: plan.y, color: null, facet: null, aggregate: null };
  if (result.kind === "distribution") return { chart: "histogram", x: plan.x, y: null, color: null, facet: null, aggregate: "count" };
  if (result.kind === "relationship") {
    const g = plan.groupBy[0]?.field ?? null;
    return {
      chart: plan.chart,
      x: plan.x,
      y: plan.y,
      color: plan.chart === "scatterFaceted" ? null : g,
      facet: plan.chart === "scatterFaceted" ? g : null,
      aggregate: null,
    };
  }
  const meta: ChartMeta = {
    chart: plan.chart,
    x: plan.groupBy[0]?.field ?? null,
    y: plan.measure.field,
    color: plan.groupBy[1]?.field ?? null,
    facet: null,
    aggregate: plan.measure.agg,
  };
  if (plan.extraMeasures?.length) meta.measures = [plan.measure, ...plan.extraMeasures].map((m) => ({ agg: m.agg, field: m.field }));
  return meta;
}
