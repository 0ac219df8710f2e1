// PNG export of Plotly figures the way Plotly's own static export does it: plotly.js running in
// headless Chromium, `Plotly.toImage`. Starting Chromium and parsing the 4.8 MB plotly bundle takes
// seconds, so a browser and one or two loaded pages stay warm and renders queue for them.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { getEnv } from "@/lib/env";

export interface RenderOptions {
  /** Image width in CSS pixels; defaults to layout.width, else 800 (as Plotly's export uses layout size). */
  width?: number;
  /** Image height in CSS pixels; defaults to layout.height, else 500. */
  height?: number;
  /** Pixel density multiplier; the PNG is width*scale x height*scale. Default 1. */
  scale?: number;
  /** Reject any Plotly.validate issue (unknown keys, bad values), not only structural ones. */
  strict?: boolean;
  /** Per-render time limit once a page is working on it; overrides the renderer default. */
  timeoutMs?: number;
}

export interface PlotlyFigure {
  data: unknown[];
  layout?: Record<string, unknown>;
}

export interface RendererConfig {
  /** Chromium binary; default findChromium(). */
  executablePath?: string;
  /**
   * Warm pages kept for parallel renders (1-4). Default 1: one warm page renders a bar chart in ~30 ms,
   * and on a 2-core machine a second page made bursts slower, not faster. Extra pages load only
   * while every page is busy and renders are waiting.
   */
  maxPages?: number;
  /** Default per-render limit. Default 15 s. */
  timeoutMs?: number;
  /** Limit for launching Chromium and loading plotly.js into a page. Default 60 s. */
  startTimeoutMs?: number;
}

export type RenderErrorKind = "invalid_figure" | "invalid_options" | "timeout" | "no_browser" | "render_failed" | "closed";

export class PlotlyRenderError extends Error {
  readonly kind: RenderErrorKind;

  constructor(kind: RenderErrorKind, message: string) {
    super(message);
    this.name = "PlotlyRenderError";
    this.kind = kind;
  }
}

export const DEFAULT_WIDTH = 800;
export const DEFAULT_HEIGHT = 500;
const MAX_SIDE = 10_000;
// Chromium refuses canvases beyond ~16k pixels per side; fail early with a clear message instead.
const MAX_PIXEL_SIDE = 16_384;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-extensions",
  "--disable-default-apps",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-quic",
  "--mute-audio",
  "--hide-scrollbars",
  // Containers often have a 64 MB /dev/shm; Chromium then crashes on big pages.
  "--disable-dev-shm-usage",
  // WebGL traces (scattergl, heatmapgl...) need a software GL once the GPU is disabled.
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}</style></head><body></body></html>`;

/** CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's bundled browser if installed. */
export function findChromium(configured = getEnv().CHROMIUM_PATH): string | undefined {
  // An explicit setting that points nowhere is a misconfiguration; do not quietly use another binary.
  if (configured) return existsSync(configured) ? configured : undefined;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright throws when it has no browser registry entry for this platform.
  }
  return undefined;
}

let plotlySource: string | undefined;

function loadPlotlySource(): string {
  if (plotlySource !== undefined) return plotlySource;
  const candidates: string[] = [];
  const configured = getEnv().PLOTLY_JS_PATH;
  if (configured) candidates.push(configured);
  // "plotly.js" is an alias of plotly.js-dist-min, whose bundle sits at the package root.
  for (const id of ["plotly.js/plotly.min.js", "plotly.js-dist-min/plotly.min.js", "plotly.js/dist/plotly.min.js"]) {
    try {
      candidates.push(createRequire(path.join(process.cwd(), "package.json")).resolve(id));
    } catch {
      // not installed under this name
    }
  }
  candidates.push(path.join(process.cwd(), "node_modules/plotly.js/plotly.min.js"));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new PlotlyRenderError("no_browser", "plotly.min.js not found (is the plotly.js package installed?)");
  plotlySource = readFileSync(found, "utf8");
  return plotlySource;
}

interface Job {
  figure: PlotlyFigure;
  width: number;
  height: number;
  scale: number;
  strict: boolean;
  timeoutMs: number;
  retried: boolean;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

type PageResult = { ok: true; dataUrl: string } | { ok: false; kind: "invalid_figure" | "render_failed"; message: string };

// On globalThis so that Next.js dev reloads of this module reuse the browser instead of leaking one.
const globalRef = globalThis as typeof globalThis & { __plotlyPngRenderer?: PlotlyPngRenderer };

export class PlotlyPngRenderer {
  private readonly config: Required<Omit<RendererConfig, "executablePath">> & { executablePath?: string };
  private browser: Promise<Browser> | undefined;
  private browserInstance: Browser | undefined;
  private readonly idle: Page[] = [];
  private readonly live = new Set<Page>();
  private warming = 0;
  private readonly queue: Job[] = [];
  // Bumped by close(): pages and browsers from an older generation are thrown away when they arrive.
  private generation = 0;

  constructor(config: RendererConfig = {}) {
    this.config = {
      executablePath: config.executablePath,
      maxPages: Math.min(4, Math.max(1, Math.floor(config.maxPages ?? 1))),
      timeoutMs: config.timeoutMs ?? 15_000,
      startTimeoutMs: config.startTimeoutMs ?? 60_000,
    };
  }

  /** Process-wide instance, started lazily on the first render. */
  static shared(): PlotlyPngRenderer {
    globalRef.__plotlyPngRenderer ??= new PlotlyPngRenderer();
    return globalRef.__plotlyPngRenderer;
  }

  /** Starts Chromium, loads every page and renders a tiny empty chart now, so real renders are warm. */
  async warmUp(): Promise<void> {
    const starting: Promise<void>[] = [];
    while (this.live.size + this.warming < this.config.maxPages) starting.push(this.warmPage());
    await Promise.all(starting);
    await this.render({ data: [] }, { width: 10, height: 10 });
  }

  render(figure: PlotlyFigure, opts: RenderOptions = {}): Promise<Buffer> {
    let job: Omit<Job, "resolve" | "reject">;
    try {
      job = { figure: checkFigure(figure), ...checkOptions(figure, opts), timeoutMs: opts.timeoutMs ?? this.config.timeoutMs, retried: false };
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ ...job, resolve, reject });
      this.pump();
    });
  }

  /** Stops Chromium and fails queued renders. The renderer may be used again; it relaunches lazily. */
  async close(): Promise<void> {
    this.generation++;
    const browser = this.browser;
    this.browser = undefined;
    this.browserInstance = undefined;
    this.idle.length = 0;
    this.live.clear();
    this.warming = 0;
    for (const job of this.queue.splice(0)) job.reject(new PlotlyRenderError("closed", "renderer closed"));
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
    if (globalRef.__plotlyPngRenderer === this) globalRef.__plotlyPngRenderer = undefined;
  }

  private pump(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const page = this.idle.pop()!;
      void this.run(page, this.queue.shift()!);
    }
    // Load one page at a time, and a further one only while every page is busy and work waits:
    // a warm page renders in tens of ms, loading another costs about two seconds of CPU.
    const pages = this.live.size + this.warming;
    if (this.queue.length > 0 && pages < this.config.maxPages && (pages === 0 || (this.warming === 0 && this.idle.length === 0))) {
      void this.warmPage();
    }
  }

  private warmPage(): Promise<void> {
    const generation = this.generation;
    this.warming++;
    return this.openPage().then(
      (page) => {
        if (generation !== this.generation) return void page.close().catch(() => undefined);
        this.warming--;
        this.live.add(page);
        this.release(page);
      },
      (err: unknown) => {
        if (generation !== this.generation) return;
        this.warming--;
        // Nothing can serve the queue if no page exists: fail it instead of waiting forever.
        if (this.live.size === 0 && this.warming === 0) {
          const error = err instanceof PlotlyRenderError ? err : new PlotlyRenderError("no_browser", `could not start Chromium: ${describe(err)}`);
          for (const job of this.queue.splice(0)) job.reject(error);
        }
      },
    );
  }

  private release(page: Page): void {
    if (!this.live.has(page) || page.isClosed()) return;
    this.idle.push(page);
    this.pump();
  }

  private discard(page: Page): void {
    this.live.delete(page);
    const i = this.idle.indexOf(page);
    if (i >= 0) this.idle.splice(i, 1);
    void page.close().catch(() => undefined);
  }

  private async run(page: Page, job: Job): Promise<void> {
    const generation = this.generation;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The page may be stuck in a script; closing it is the only way to stop it.
      this.discard(page);
      this.pump();
    }, job.timeoutMs);
    let result: PageResult;
    try {
      result = await page.evaluate(renderInPage, {
        figure: job.figure,
        width: job.width,
        height: job.height,
        scale: job.scale,
        strict: job.strict,
      });
    } catch (err) {
      if (timedOut) return job.reject(timeoutError(job));
      if (generation !== this.generation) return job.reject(new PlotlyRenderError("closed", "renderer closed"));
      if (!this.isDead(page, err)) {
        // The page is fine; the figure could not be passed in or made plotly.js throw.
        this.release(page);
        return job.reject(new PlotlyRenderError("invalid_figure", `invalid Plotly figure: ${describe(err)}`));
      }
      // The page or the whole browser died under us (crash, OOM, killed): start over once.
      this.discard(page);
      if (!job.retried) {
        job.retried = true;
        this.queue.unshift(job);
      } else {
        job.reject(new PlotlyRenderError("render_failed", `Plotly render failed: ${describe(err)}`));
      }
      return this.pump();
    } finally {
      clearTimeout(timer);
    }
    if (timedOut) return job.reject(timeoutError(job));
    this.release(page);
    if (!result.ok) {
      const prefix = result.kind === "invalid_figure" ? "invalid Plotly figure" : "Plotly could not render the figure";
      return job.reject(new PlotlyRenderError(result.kind, `${prefix}: ${result.message}`));
    }
    try {
      job.resolve(decodeDataUrl(result.dataUrl));
    } catch (err) {
      job.reject(err as Error);
    }
  }

  private isDead(page: Page, err: unknown): boolean {
    if (page.isClosed() || !this.browserInstance?.isConnected()) return true;
    return /crash|closed|disconnected/i.test(err instanceof Error ? err.message : String(err));
  }

  private async openPage(): Promise<Page> {
    const source = loadPlotlySource();
    const browser = await this.getBrowser();
    const opening = this.setUpPage(browser, source);
    try {
      return await withTimeout(this.config.startTimeoutMs, "loading plotly.js into Chromium", opening);
    } catch (err) {
      opening.then((page) => page.close()).catch(() => undefined);
      throw err;
    }
  }

  private async setUpPage(browser: Browser, source: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: DEFAULT_WIDTH, height: DEFAULT_HEIGHT } });
    try {
      page.on("crash", () => this.discard(page));
      // No network, ever: figures must not make the server fetch URLs (images, topojson, fonts).
      await page.route("**/*", (route) => route.abort());
      await page.setContent(PAGE_HTML);
      await page.addScriptTag({ content: source });
      await page.evaluate(setUpPlotlyInPage);
      return page;
    } catch (err) {
      await page.close().catch(() => undefined);
      throw err;
    }
  }

  private getBrowser(): Promise<Browser> {
    // The disconnected event can arrive after a render already saw the crash; check directly too.
    if (this.browserInstance && !this.browserInstance.isConnected()) this.forgetBrowser(this.browser);
    if (this.browser) return this.browser;
    const executablePath = this.config.executablePath ?? findChromium();
    if (!executablePath) {
      const configured = getEnv().CHROMIUM_PATH;
      return Promise.reject(
        new PlotlyRenderError(
          "no_browser",
          configured ? `CHROMIUM_PATH=${configured} does not exist` : "no Chromium found: install it (scripts/install-system-deps.sh) or set CHROMIUM_PATH",
        ),
      );
    }
    const generation = this.generation;
    const launching = chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, timeout: this.config.startTimeoutMs });
    this.browser = launching;
    launching.then(
      (browser) => {
        if (this.browser === launching) this.browserInstance = browser;
        browser.on("disconnected", () => {
          // A crashed or killed browser: forget it so the next page relaunches one.
          this.forgetBrowser(launching);
          for (const page of [...this.live]) if (page.context().browser() === browser) this.discard(page);
          if (generation === this.generation) this.pump();
        });
      },
      () => this.forgetBrowser(launching),
    );
    return launching;
  }

  private forgetBrowser(which: Promise<Browser> | undefined): void {
    if (which === undefined || this.browser !== which) return;
    this.browser = undefined;
    this.browserInstance = undefined;
  }
}

type AttrTree = { [key: string]: unknown };
type PlotlyInPage = {
  validate(data: unknown, layout: unknown): { msg: string }[] | undefined;
  toImage(fig: object, opts: object): Promise<string>;
  PlotSchema: { get(): { traces: Record<string, { attributes: AttrTree }>; layout: { layoutAttributes: AttrTree } } };
  setPlotConfig(config: object): void;
};

// Runs inside the page once: the schema costs ~150 ms to build, and Plotly.validate rebuilds much of
// it on every call, so the structural check below walks a cached copy instead.
function setUpPlotlyInPage(): void {
  const w = window as unknown as { Plotly?: PlotlyInPage; __plotlySchema?: unknown };
  if (!w.Plotly) throw new Error("plotly.js did not load");
  w.Plotly.setPlotConfig({ typesetMath: false });
  w.__plotlySchema = w.Plotly.PlotSchema.get();
}

// Runs inside the page; must be self-contained (Playwright serializes it), so no helper functions.
async function renderInPage(args: { figure: PlotlyFigure; width: number; height: number; scale: number; strict: boolean }): Promise<PageResult> {
  const w = window as unknown as {
    Plotly: PlotlyInPage;
    __plotlySchema: ReturnType<PlotlyInPage["PlotSchema"]["get"]>;
  };
  const schema = w.__plotlySchema;
  const layout = args.figure.layout ?? {};
  // Plotly silently drops unknown keys and coerces bad values to defaults (that is its rendering
  // contract), but an unknown trace type or a scalar where a container belongs makes the chart
  // wrong or blank, so those are errors. strict adds everything Plotly.validate reports.
  const problems: string[] = [];
  const stack: { value: Record<string, unknown>; attrs: AttrTree; path: string }[] = [];
  args.figure.data.forEach((trace, i) => {
    const t = trace as Record<string, unknown>;
    const type = t.type ?? "scatter";
    const traceSchema = typeof type === "string" ? schema.traces[type] : undefined;
    if (!traceSchema) problems.push(`data[${i}].type ${JSON.stringify(type)} is not a Plotly trace type`);
    else stack.push({ value: t, attrs: traceSchema.attributes, path: `data[${i}]` });
  });
  stack.push({ value: layout, attrs: schema.layout.layoutAttributes, path: "layout" });
  while (stack.length > 0 && problems.length < 10) {
    const { value, attrs, path } = stack.pop()!;
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (v === undefined || v === null || key.startsWith("_")) continue;
      // Numbered subplots (xaxis2, scene3, legend2...) share the schema of the first one.
      const numbered = /^([a-z]+?)\d+$/.exec(key);
      const attr = (attrs[key] ?? (numbered ? attrs[numbered[1]] : undefined)) as AttrTree | undefined;
      if (!attr || typeof attr !== "object" || "valType" in attr) continue;
      const where = `${path}.${key}`;
      const items = attr.items as AttrTree | undefined;
      if (items && typeof items === "object" && !("valType" in items)) {
        // Array containers (annotations, shapes, dimensions...): a list of objects.
        if (!Array.isArray(v)) {
          problems.push(`${where} must be an array of objects`);
          continue;
        }
        const itemAttrs = Object.values(items)[0] as AttrTree;
        v.forEach((item: unknown, j: number) => {
          if (typeof item !== "object" || item === null || Array.isArray(item)) problems.push(`${where}[${j}] must be an object`);
          else stack.push({ value: item as Record<string, unknown>, attrs: itemAttrs, path: `${where}[${j}]` });
        });
        continue;
      }
      if (typeof v !== "object" || Array.isArray(v) || ArrayBuffer.isView(v)) {
        problems.push(`${where} must be an object, got ${JSON.stringify(v)?.slice(0, 40)}`);
        continue;
      }
      stack.push({ value: v as Record<string, unknown>, attrs: attr, path: where });
    }
  }
  if (args.strict && problems.length === 0) {
    for (const issue of w.Plotly.validate(args.figure.data, layout) ?? []) problems.push(issue.msg);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 5);
    if (problems.length > 5) shown.push(`and ${problems.length - 5} more`);
    return { ok: false, kind: "invalid_figure", message: shown.join("; ") };
  }
  try {
    const dataUrl = await w.Plotly.toImage(
      { data: args.figure.data, layout, config: { typesetMath: false } },
      { format: "png", width: args.width, height: args.height, scale: args.scale },
    );
    return { ok: true, dataUrl };
  } catch (err) {
    // E.g. geo traces: their topojson lives on a CDN and the page has no network.
    return { ok: false, kind: "render_failed", message: err instanceof Error ? err.message : String(err) };
  }
}

function checkFigure(figure: unknown): PlotlyFigure {
  if (!isPlainObject(figure)) throw invalid("figure must be an object with a data array");
  const { data, layout } = figure as { data?: unknown; layout?: unknown };
  if (!Array.isArray(data)) throw invalid("figure.data must be an array of traces");
  data.forEach((trace, i) => {
    if (!isPlainObject(trace)) throw invalid(`figure.data[${i}] must be an object`);
  });
  if (layout !== undefined && layout !== null && !isPlainObject(layout)) throw invalid("figure.layout must be an object");
  return { data, layout: (layout ?? undefined) as Record<string, unknown> | undefined };
}

function checkOptions(figure: PlotlyFigure, opts: RenderOptions): { width: number; height: number; scale: number; strict: boolean } {
  const width = opts.width ?? layoutSize(figure.layout?.width) ?? DEFAULT_WIDTH;
  const height = opts.height ?? layoutSize(figure.layout?.height) ?? DEFAULT_HEIGHT;
  const scale = opts.scale ?? 1;
  for (const [name, v] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (!Number.isInteger(v) || v < 10 || v > MAX_SIDE) throw badOption(`${name} must be an integer from 10 to ${MAX_SIDE}, got ${v}`);
  }
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) throw badOption(`scale must be > 0 and <= 10, got ${scale}`);
  if (width * scale > MAX_PIXEL_SIDE || height * scale > MAX_PIXEL_SIDE) {
    throw badOption(`image too large: ${width * scale}x${height * scale} pixels (max ${MAX_PIXEL_SIDE} per side)`);
  }
  if (opts.timeoutMs !== undefined && !(opts.timeoutMs > 0)) throw badOption(`timeoutMs must be positive, got ${opts.timeoutMs}`);
  return { width, height, scale, strict: opts.strict ?? false };
}

function layoutSize(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? Math.round(v) : undefined;
}

function timeoutError(job: Job): PlotlyRenderError {
  return new PlotlyRenderError("timeout", `Plotly render timed out after ${job.timeoutMs} ms`);
}

function decodeDataUrl(dataUrl: string): Buffer {
  const prefix = "data:image/png;base64,";
  if (!dataUrl.startsWith(prefix)) throw new PlotlyRenderError("render_failed", "Plotly.toImage did not return a PNG data URL");
  return Buffer.from(dataUrl.slice(prefix.length), "base64");
}

async function withTimeout<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PlotlyRenderError("timeout", `${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function invalid(message: string): PlotlyRenderError {
  return new PlotlyRenderError("invalid_figure", `invalid Plotly figure: ${message}`);
}

function badOption(message: string): PlotlyRenderError {
  return new PlotlyRenderError("invalid_options", message);
}

function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split("\n")[0].slice(0, 300);
}
