import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { findChromium, PlotlyPngRenderer, PlotlyRenderError } from "./plotly-png";
import { decodePng, PNG_SIGNATURE, readPngInfo } from "./png";

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn("lib/render: no Chromium found (set CHROMIUM_PATH or run scripts/install-system-deps.sh); skipping render tests");
}

const PLOTLY_BLUE = [0x1f, 0x77, 0xb4];

const barFigure = {
  data: [{ type: "bar", x: ["north", "south", "east", "west"], y: [12, 7, 15, 4], name: "sales" }],
  layout: { title: { text: "Sales by region" } },
};

const scatterFigure = {
  data: [{ type: "scatter", mode: "lines+markers", x: [1, 2, 3, 4, 5], y: [2, 5, 3, 8, 6] }],
  layout: { xaxis: { title: { text: "day" } }, yaxis: { title: { text: "visits" } } },
};

/** Fraction of pixels that differ clearly from white. */
function inkFraction(png: Buffer, region?: { y0: number; y1: number }): number {
  const { width, height, rgba } = decodePng(png);
  const y0 = region?.y0 ?? 0;
  const y1 = region?.y1 ?? height;
  let ink = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (rgba[i + 3] > 0 && rgba[i] + rgba[i + 1] + rgba[i + 2] < 3 * 200) ink++;
    }
  }
  return ink / (width * (y1 - y0));
}

function countColor(png: Buffer, [r, g, b]: number[]): number {
  const { rgba } = decodePng(png);
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (Math.abs(rgba[i] - r) <= 2 && Math.abs(rgba[i + 1] - g) <= 2 && Math.abs(rgba[i + 2] - b) <= 2) n++;
  }
  return n;
}

describe.skipIf(!chromiumPath)("PlotlyPngRenderer", () => {
  // Two pages so the concurrency test really runs renders side by side.
  const renderer = new PlotlyPngRenderer({ executablePath: chromiumPath, maxPages: 2 });

  beforeAll(() => renderer.warmUp());
  afterAll(() => renderer.close());

  it("renders a bar chart to an 800x500 PNG with the bars drawn", async () => {
    const png = await renderer.render(barFigure);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(readPngInfo(png)).toMatchObject({ width: 800, height: 500 });
    // Four bars of Plotly's first colour cover a good part of the plot area.
    expect(countColor(png, PLOTLY_BLUE)).toBeGreaterThan(800 * 500 * 0.05);
  });

  it("renders a scatter at the requested size and scale", async () => {
    const png = await renderer.render(scatterFigure, { width: 400, height: 300, scale: 2 });
    expect(readPngInfo(png)).toMatchObject({ width: 800, height: 600 });
    expect(countColor(png, PLOTLY_BLUE)).toBeGreaterThan(500);
  });

  it("takes the size from the layout when no option is given", async () => {
    const png = await renderer.render({ data: scatterFigure.data, layout: { width: 320, height: 240 } });
    expect(readPngInfo(png)).toMatchObject({ width: 320, height: 240 });
  });

  it("draws more than an empty figure does, and draws text", async () => {
    const empty = await renderer.render({ data: [], layout: { xaxis: { visible: false }, yaxis: { visible: false } } });
    const bar = await renderer.render(barFigure);
    expect(inkFraction(empty)).toBeLessThan(0.001);
    expect(inkFraction(bar)).toBeGreaterThan(inkFraction(empty) + 0.05);

    // A title alone on a blank figure must leave glyphs in the top band (fonts are installed).
    const titled = await renderer.render({
      data: [],
      layout: { title: { text: "Revenue" }, xaxis: { visible: false }, yaxis: { visible: false } },
    });
    expect(inkFraction(titled, { y0: 0, y1: 100 })).toBeGreaterThan(0.002);
  });

  it("rejects invalid figures with a clear error and keeps working", async () => {
    await expect(renderer.render({ data: "bars" } as never)).rejects.toThrow(/figure.data must be an array/);
    await expect(renderer.render({ data: [42] })).rejects.toThrow(/data\[0\] must be an object/);
    await expect(renderer.render({ data: [{ type: "no-such-trace", x: [1] }] })).rejects.toThrow(/data\[0\].type "no-such-trace" is not a Plotly trace type/);
    await expect(renderer.render({ data: [], layout: { xaxis: "wide" } })).rejects.toThrow(/layout.xaxis must be an object/);
    await expect(renderer.render({ data: [], layout: { title: "Sales" } })).rejects.toThrow(/layout.title must be an object/);
    await expect(renderer.render({ data: [], layout: { yaxis3: { title: 7 } } })).rejects.toThrow(/layout.yaxis3.title must be an object/);
    await expect(renderer.render({ data: [], layout: { annotations: { text: "a" } } })).rejects.toThrow(/annotations must be an array/);
    await expect(renderer.render({ data: [{ type: "bar", y: [1], marker: 3 }] })).rejects.toThrow(/data\[0\].marker must be an object/);
    const err = await renderer.render({ data: [{ type: "bar", y: [1], marker: { colour: "red" } }] }, { strict: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlotlyRenderError);
    expect((err as PlotlyRenderError).kind).toBe("invalid_figure");
    await expect(renderer.render(barFigure, { width: 5 })).rejects.toThrow(/width must be an integer/);

    expect(readPngInfo(await renderer.render(barFigure)).width).toBe(800);
  });

  it("accepts figures that use subplots, annotations, shapes and templates", async () => {
    const png = await renderer.render({
      data: [
        { type: "bar", x: ["a", "b"], y: [1, 2], marker: { color: ["#1f77b4", "#ff7f0e"], line: { width: 1 } } },
        { type: "scatter", x: [1, 2], y: [3, 1], xaxis: "x2", yaxis: "y2" },
      ],
      layout: {
        grid: { rows: 1, columns: 2, pattern: "independent" },
        xaxis2: { title: { text: "x2" } },
        annotations: [{ text: "note", x: 0, y: 1, showarrow: false }],
        shapes: [{ type: "line", x0: 0, x1: 1, y0: 0, y1: 1 }],
        template: { layout: { font: { size: 13 } } },
        unknownKey: "ignored like Plotly does",
      },
    });
    expect(readPngInfo(png).width).toBe(800);
  });

  it("fails fast on traces that need the network (geo topojson), without fetching", async () => {
    const err = await renderer.render({ data: [{ type: "scattergeo", lon: [0, 10], lat: [50, 40] }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlotlyRenderError);
    expect((err as PlotlyRenderError).kind).toBe("render_failed");
    expect((err as Error).message).toMatch(/topojson/);
  });

  it("serves concurrent renders", async () => {
    const sizes = [
      [300, 200],
      [420, 260],
      [500, 300],
    ];
    const pngs = await Promise.all([...sizes, ...sizes].map(([width, height]) => renderer.render(barFigure, { width, height })));
    pngs.forEach((png, i) => expect(readPngInfo(png)).toMatchObject({ width: sizes[i % 3][0], height: sizes[i % 3][1] }));
  });

  it("times out a render that runs too long and recovers", async () => {
    const err = await renderer.render(barFigure, { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlotlyRenderError);
    expect((err as PlotlyRenderError).kind).toBe("timeout");
    expect(readPngInfo(await renderer.render(barFigure)).height).toBe(500);
  });

  it("relaunches Chromium after it dies", async () => {
    // Reach into the renderer to kill its browser the way a crash would.
    const browser = await (renderer as unknown as { browser: Promise<Browser> }).browser;
    const disconnected = new Promise((resolve) => browser.once("disconnected", resolve));
    const killed = browser.close();
    await disconnected;
    await killed;
    expect(readPngInfo(await renderer.render(scatterFigure)).width).toBe(800);
  });
});

describe("PlotlyPngRenderer without a browser", () => {
  it("shares one lazily created instance per process", () => {
    expect(PlotlyPngRenderer.shared()).toBe(PlotlyPngRenderer.shared());
  });

  it("findChromium honours CHROMIUM_PATH and does not silently replace a wrong one", () => {
    expect(findChromium(process.execPath)).toBe(process.execPath); // any existing file will do
    expect(findChromium("/nonexistent/chromium")).toBeUndefined();
  });

  it("rejects bad options before starting anything", async () => {
    const renderer = new PlotlyPngRenderer({ executablePath: "/nonexistent/chromium" });
    await expect(renderer.render(barFigure, { scale: 0 })).rejects.toThrow(/scale must be > 0/);
    await expect(renderer.render(barFigure, { width: 9000, scale: 2 })).rejects.toThrow(/image too large/);
    await expect(renderer.render(null as never)).rejects.toThrow(/figure must be an object/);
  });

  it("fails fast with a clear error when Chromium is missing", async () => {
    const renderer = new PlotlyPngRenderer({ executablePath: "/nonexistent/chromium" });
    const err = await renderer.render(barFigure).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlotlyRenderError);
    expect((err as PlotlyRenderError).kind).toBe("no_browser");
    await renderer.close();
  });
});
