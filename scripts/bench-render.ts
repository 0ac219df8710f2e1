// Benchmark of PNG rendering of Plotly figures: cold start, then warm render latency.
// Run: npx tsx scripts/bench-render.ts [--renders 50] [--out /tmp/bench-render-bar.png]
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium, PlotlyPngRenderer, type PlotlyFigure, type RenderOptions } from "../lib/render/plotly-png";
import { readPngInfo } from "../lib/render/png";

function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(label: string, ms: number[]): void {
  const s = [...ms].sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(
    `${label.padEnd(34)} n=${String(ms.length).padStart(3)}  p50 ${percentile(s, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(s, 95).toFixed(1).padStart(6)} ms  max ${s[s.length - 1].toFixed(1).padStart(6)} ms  mean ${mean.toFixed(1)} ms`,
  );
}

// A figure like the chat engine produces: a titled bar chart over a dozen categories.
function barFigure(seed: number): PlotlyFigure {
  const categories = ["Apparel", "Books", "Electronics", "Garden", "Grocery", "Health", "Home", "Music", "Office", "Outdoors", "Pets", "Toys"];
  return {
    data: [{ type: "bar", x: categories, y: categories.map((_, i) => Math.round(1000 + 800 * Math.sin(seed + i))), name: "revenue" }],
    layout: { title: { text: "Revenue by category" }, xaxis: { title: { text: "category" } }, yaxis: { title: { text: "revenue" } } },
  };
}

function scatterFigure(points: number, type = "scatter"): PlotlyFigure {
  const x = new Array<number>(points);
  const y = new Array<number>(points);
  for (let i = 0; i < points; i++) {
    x[i] = i;
    y[i] = Math.sin(i / 50) * 100 + ((i * 7919) % 101);
  }
  return { data: [{ type, mode: "markers", x, y, marker: { size: 4 } }], layout: { title: { text: `${points} points (${type})` } } };
}

async function timeRenders(renderer: PlotlyPngRenderer, n: number, figure: (i: number) => PlotlyFigure, opts?: RenderOptions): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await renderer.render(figure(i), opts);
    ms.push(performance.now() - start);
  }
  return ms;
}

async function main(): Promise<void> {
  const renders = Number(argValue("renders", "50"));
  const out = argValue("out", path.join(os.tmpdir(), "bench-render-bar.png"));
  const executablePath = findChromium();
  if (!executablePath) {
    console.error("No Chromium found: run scripts/install-system-deps.sh or set CHROMIUM_PATH.");
    process.exit(1);
  }
  // Latencies are wall-clock: on a shared machine the load average explains most of the spread.
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  console.log(`Chromium: ${executablePath}; ${os.cpus().length} cores; node ${process.version}; load average ${load()}`);

  const renderer = new PlotlyPngRenderer({ executablePath });
  let start = performance.now();
  const first = await renderer.render(barFigure(0));
  const cold = performance.now() - start;
  writeFileSync(out, first);
  const info = readPngInfo(first);
  console.log(
    `cold start (launch + load plotly.js + first bar render): ${cold.toFixed(0)} ms -> ${info.width}x${info.height} PNG, ${first.length} bytes, written to ${out}`,
  );

  await timeRenders(renderer, 5, barFigure); // let the JIT settle before measuring
  summarize("warm bar chart 800x500", await timeRenders(renderer, renders, barFigure));
  summarize("warm bar chart 800x500 scale 2", await timeRenders(renderer, 20, barFigure, { scale: 2 }));
  summarize("warm scatter, 1,000 points", await timeRenders(renderer, 20, () => scatterFigure(1_000)));
  summarize("warm scatter (SVG), 20,000 points", await timeRenders(renderer, 5, () => scatterFigure(20_000)));
  // Plotly Express switches to WebGL above 1,000 points; so should our chart builder.
  summarize("warm scattergl, 1,000 points", await timeRenders(renderer, 10, () => scatterFigure(1_000, "scattergl")));
  summarize("warm scattergl, 20,000 points", await timeRenders(renderer, 10, () => scatterFigure(20_000, "scattergl")));
  writeFileSync(out.replace(/\.png$/, "-scattergl.png"), await renderer.render(scatterFigure(20_000, "scattergl")));

  // Throughput under a burst of concurrent requests, one warm page vs two.
  start = performance.now();
  await Promise.all(Array.from({ length: 40 }, (_, i) => renderer.render(barFigure(i))));
  const burst1 = performance.now() - start;
  console.log(`burst of 40 concurrent bar renders, 1 page: ${burst1.toFixed(0)} ms (${((40 * 1000) / burst1).toFixed(1)} renders/s)`);
  await renderer.close();

  const two = new PlotlyPngRenderer({ executablePath, maxPages: 2 });
  await two.warmUp();
  await Promise.all(Array.from({ length: 10 }, (_, i) => two.render(barFigure(i))));
  start = performance.now();
  await Promise.all(Array.from({ length: 40 }, (_, i) => two.render(barFigure(i))));
  const burst2 = performance.now() - start;
  console.log(`burst of 40 concurrent bar renders, 2 pages: ${burst2.toFixed(0)} ms (${((40 * 1000) / burst2).toFixed(1)} renders/s)`);
  await two.close();
  console.log(`load average at the end: ${load()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
