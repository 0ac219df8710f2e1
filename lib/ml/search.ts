// Budget-aware, cost-frugal search over model families and hyper-parameters, in the spirit of
// FLAML's CFO: a short portfolio that starts with cheap configurations, then a randomised local search
// around the best gradient-boosting configuration with a step size that shrinks when moves stop paying.
// Candidates run two at a time on worker threads (or in-process when threads = 1).
import { Worker } from "node:worker_threads";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";
import type { CandidateConfig, CandidateResult, Fold, TaskSpec } from "./evaluate";
import { evaluateCandidate } from "./evaluate";
import type { LearnerJson } from "./learner";

export interface SearchOptions {
  task: TaskSpec;
  folds: Fold[];
  /** Epoch ms after which no candidate may still be running; may move as results come in. */
  deadlineMs: (results: CandidateResult[]) => number;
  threads: number;
  /** Stop after this many candidates (tests and reproducible benchmarks). */
  maxTrials?: number;
  rowCount: number;
  featureCount: number;
  portfolio?: PortfolioInfo;
  signal?: AbortSignal;
  onTrial?: (result: CandidateResult, done: number) => void;
  /** Candidates already evaluated on these folds (not proposed again; count towards maxTrials). */
  initial?: CandidateResult[];
}

type GbdtConfig = Extract<CandidateConfig, { family: "gbdt" }>;

/** The search space of the local search, as [min, max] in a transformed (mostly log) scale. */
const GBDT_DIMS: { key: keyof GbdtConfig; lo: number; hi: number; log: boolean; int?: boolean }[] = [
  { key: "numLeaves", lo: 4, hi: 256, log: true, int: true },
  { key: "learningRate", lo: 0.01, hi: 0.3, log: true },
  { key: "minDataInLeaf", lo: 2, hi: 200, log: true, int: true },
  { key: "lambdaL2", lo: 1e-3, hi: 30, log: true },
  { key: "featureFraction", lo: 0.3, hi: 1, log: false },
  { key: "baggingFraction", lo: 0.5, hi: 1, log: false },
];

function gbdt(
  learningRate: number,
  numLeaves: number,
  minDataInLeaf: number,
  lambdaL2: number,
  featureFraction: number,
  baggingFraction = 1,
  extra: Partial<GbdtConfig> = {},
): GbdtConfig {
  return { family: "gbdt", learningRate, numLeaves, minDataInLeaf, lambdaL2, featureFraction, baggingFraction, ...extra };
}

/** Quantile bins per numeric field of the additive (binned linear) member. */
export const ADDITIVE_BINS = 64;
/**
 * Pairwise terms of the additive member by default (linear.ts: the pairs whose residuals gain most on
 * an 8 x 8 grid; `TrainRequest.additivePairs`). 0: at fixed work on adult and bank-full they changed AUC
 * by +0.0001..+0.0002 and -0.0002..0, within the noise, for a fit ~3x as long (BENCHMARKS.md).
 */
export const ADDITIVE_PAIRS = 0;

/** What the portfolio may adapt to (known before the search, from the training rows). */
export interface PortfolioInfo {
  objective: TaskSpec["objective"];
  /** Regression targets that are non-negative and right-skewed: log-target variants join the pool. */
  logTarget?: boolean;
  /** Most categories of a categorical feature (one-vs-rest variants join when some have more than 4). */
  maxCategories?: number;
  /** Larger tables: the linear entry is an additive model on quantile bins of the numbers (linear.ts). */
  additive?: boolean;
  /** Pairwise terms of the additive member (default ADDITIVE_PAIRS; 0 = none). */
  additivePairs?: number;
  /** Larger binary or regression tables: a k-nearest-neighbours candidate after the additive one (knn.ts). */
  knn?: boolean;
  /**
   * Larger binary or regression tables: a small MLP candidate after the additive one (mlp.ts), fitting
   * for at most this many seconds (0 or absent: none).
   */
  mlpSeconds?: number;
}

/**
 * Ordered start portfolio: cheap and robust first, then variants chosen for diversity, because the
 * final model is an ensemble selected from every candidate (ensemble.ts): GBDTs that split
 * categories one against the rest, grow level by level, draw random thresholds, use coarser bins
 * or fit log targets, plus forests and a linear model.
 */
export function buildPortfolio(rowCount: number, featureCount: number, info: PortfolioInfo = { objective: "binary" }): CandidateConfig[] {
  const small = rowCount < 2000;
  const classification = info.objective !== "regression";
  const forestTrees = rowCount > 100_000 ? 50 : 100;
  // Classification forests average log-odds so that they can join margin-space ensembles.
  const logitLeaves = classification ? { logitLeaves: true } : {};
  const extraTrees: CandidateConfig = {
    family: "extra_trees",
    numTrees: forestTrees,
    maxFeatures: featureCount > 10 ? 0.5 : 0.8,
    minDataInLeaf: small ? 2 : 3,
    ...logitLeaves,
  };
  const randomForest: CandidateConfig = { family: "random_forest", numTrees: forestTrees, maxFeatures: 0.4, minDataInLeaf: small ? 2 : 3, ...logitLeaves };
  const log = (c: GbdtConfig): GbdtConfig[] => (info.logTarget && info.objective === "regression" ? [{ ...c, targetTransform: "log" }] : []);
  const oneHot = (c: GbdtConfig): GbdtConfig[] => ((info.maxCategories ?? 0) > 4 ? [{ ...c, maxCatToOnehot: 64 }] : []);
  if (rowCount < 10_000) {
    // Small data: every family has a real chance and each fit is cheap.
    return [
      gbdt(0.1, small ? 8 : 15, small ? 5 : 20, 1, 1),
      { family: "linear", lambda: small ? 1e-2 : 1e-3 },
      gbdt(0.05, 31, small ? 10 : 20, 1, 0.8),
      ...log(gbdt(0.05, small ? 8 : 31, small ? 10 : 20, 1, 0.8)),
      extraTrees,
      gbdt(0.05, small ? 16 : 63, small ? 15 : 10, 3, 0.6, 0.8),
      ...oneHot(gbdt(0.05, small ? 8 : 15, small ? 10 : 20, 1, 0.8)),
      randomForest,
      gbdt(0.03, small ? 4 : 127, small ? 20 : 30, 5, 0.5, 0.8),
      gbdt(0.05, 16, small ? 10 : 20, 5, 0.7, 0.8, { maxDepth: 4 }),
      gbdt(0.05, small ? 8 : 15, small ? 10 : 20, 1, 0.8, 1, { extraTrees: true }),
      { family: "linear", lambda: small ? 1e-1 : 1e-2 },
    ];
  }
  // Larger data: boosting nearly always wins, so it gets the early time; other families come later.
  // The first is LightGBM's default shape: strong on its own, and few rounds at learning rate 0.1.
  return [
    gbdt(0.1, 31, 20, 1, 0.8),
    gbdt(0.05, 31, 20, 1, 0.8),
    ...log(gbdt(0.05, 31, 20, 1, 0.8)),
    ...oneHot(gbdt(0.05, 31, 20, 1, 0.8)),
    // The additive model early (a cheap fit, the member most unlike the boosting ones); without it
    // the plain linear model, later.
    ...(info.additive ? [additiveConfig(info.additivePairs ?? ADDITIVE_PAIRS)] : []),
    ...(info.knn && info.objective !== "multiclass" ? [{ family: "knn" } as const] : []),
    ...(info.mlpSeconds && info.objective !== "multiclass" ? [mlpConfig(info.mlpSeconds)] : []),
    gbdt(0.05, 63, 10, 3, 0.6, 0.8),
    ...(info.additive ? [] : [{ family: "linear", lambda: 1e-3 } as const]),
    gbdt(0.05, 31, 20, 1, 0.8, 1, { extraTrees: true }),
    gbdt(0.05, 64, 20, 5, 0.7, 0.8, { maxDepth: 6 }),
    gbdt(0.05, 31, 20, 1, 0.8, 1, { maxBins: 63 }),
    ...log(gbdt(0.05, 63, 10, 3, 0.6, 0.8)),
    extraTrees,
    gbdt(0.03, 127, 30, 5, 0.5, 0.8),
    randomForest,
    gbdt(0.05, 16, 20, 1, 0.8, 1, { maxDepth: 4 }),
  ];
}

/**
 * Two hidden layers of 64 and 32 units. Step 4e-3: on diamonds alone (bench split, inner validation
 * rows) RMSE 591 against 613 at 2e-3 and 657 with a log target (BENCHMARKS.md), so values, not logs.
 */
function mlpConfig(maxSeconds: number): CandidateConfig {
  return { family: "mlp", hidden: [64, 32], learningRate: 4e-3, maxSeconds };
}

function additiveConfig(pairs: number): CandidateConfig {
  return pairs > 0 ? { family: "linear", lambda: 1e-4, bins: ADDITIVE_BINS, pairs } : { family: "linear", lambda: 1e-4, bins: ADDITIVE_BINS };
}

function toUnit(config: GbdtConfig): number[] {
  return GBDT_DIMS.map((d) => {
    const v = config[d.key] as number;
    return d.log ? (Math.log(v) - Math.log(d.lo)) / (Math.log(d.hi) - Math.log(d.lo)) : (v - d.lo) / (d.hi - d.lo);
  });
}

/** A configuration at unit coordinates u, with the other (discrete) choices of `base`. */
function fromUnit(u: number[], base: GbdtConfig): GbdtConfig {
  const c: GbdtConfig = { ...base };
  delete c.rounds;
  delete c.seedOffset;
  GBDT_DIMS.forEach((d, i) => {
    const t = Math.min(1, Math.max(0, u[i]));
    let v = d.log ? Math.exp(Math.log(d.lo) + t * (Math.log(d.hi) - Math.log(d.lo))) : d.lo + t * (d.hi - d.lo);
    v = d.int ? Math.round(v) : Number(v.toPrecision(3));
    (c as unknown as Record<string, number>)[d.key] = v;
  });
  return c;
}

/** Seed variants per top configuration once the local searches have converged. */
const MAX_SEED_VARIANTS = 4;
/** A group of discrete choices gets its own local search when its best loss is within this share of the best. */
const GROUP_MARGIN = 0.03;

/** Proposes the next configuration from the results so far. */
export class Proposer {
  private readonly portfolio: CandidateConfig[];
  private readonly rng: Rng;
  private step = 0.25;
  private failures = 0;
  private lastBestLoss = Infinity;
  private pendingOpposite: number[] | null = null;
  private seedVariants = 0;
  /** Discrete choices of the local search under way (undefined: pick one; null: none left). */
  private group: string | null | undefined = undefined;
  private readonly doneGroups = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(rowCount: number, featureCount: number, seed: number, info?: PortfolioInfo) {
    this.portfolio = buildPortfolio(rowCount, featureCount, info);
    this.rng = new Rng(seed ^ 0x5eed);
  }

  next(results: CandidateResult[]): CandidateConfig | null {
    while (this.portfolio.length) {
      const c = this.portfolio.shift()!;
      if (this.mark(c)) return c;
    }
    for (;;) {
      // The local search runs within a group of discrete choices (log target, one-vs-rest
      // categories, depth-wise, random thresholds, bins), starting with the best group overall.
      this.group ??= this.nextGroup(results);
      if (this.group === null) return this.nextSeedVariant(results);
      const best = bestGbdt(results, this.group);
      if (!best) {
        this.closeGroup();
        continue;
      }
      if (best.loss < this.lastBestLoss - 1e-9) {
        this.lastBestLoss = best.loss;
        this.failures = 0;
      } else if (++this.failures >= 4) {
        // Moves around the incumbent stopped paying: look closer.
        this.step *= 0.6;
        this.failures = 0;
      }
      if (this.step < 0.02) {
        // Converged: a group of other choices that came close gets its own local search (its
        // tuned models diversify the ensemble), then seed variants.
        this.closeGroup();
        continue;
      }
      const x = toUnit(best.config as GbdtConfig);
      for (let attempt = 0; attempt < 20; attempt++) {
        let u: number[];
        if (this.pendingOpposite) {
          u = this.pendingOpposite;
          this.pendingOpposite = null;
        } else {
          // Random direction on the sphere; try both signs (CFO's symmetric probe).
          const dir = x.map(() => gaussian(this.rng));
          const norm = Math.sqrt(dir.reduce((s, v) => s + v * v, 0)) || 1;
          u = dir.map((v) => v / norm);
          this.pendingOpposite = u.map((v) => -v);
        }
        const c = fromUnit(
          x.map((v, i) => v + this.step * u[i]),
          best.config as GbdtConfig,
        );
        if (this.mark(c)) return c;
      }
      this.closeGroup();
    }
  }

  private closeGroup(): void {
    if (this.group !== null && this.group !== undefined) this.doneGroups.add(this.group);
    this.group = undefined;
    this.step = 0.25;
    this.failures = 0;
    this.lastBestLoss = Infinity;
    this.pendingOpposite = null;
  }

  /** The group of the best boosting result not searched yet, if its loss is close to the best overall. */
  private nextGroup(results: CandidateResult[]): string | null {
    const overall = bestGbdt(results);
    if (!overall) return null;
    let pick: CandidateResult | null = null;
    for (const r of results) {
      if (r.config.family !== "gbdt" || this.doneGroups.has(groupOf(r.config))) continue;
      if (!pick || r.loss < pick.loss) pick = r;
    }
    if (!pick) return null;
    // The first group is the best one; others only when they came close (else they add nothing).
    if (this.doneGroups.size > 0 && pick.loss > overall.loss * (1 + GROUP_MARGIN) + GROUP_MARGIN / 10) return null;
    return groupOf(pick.config);
  }

  /**
   * Once the local search has converged: the best boosting configurations again with other seeds
   * (row and feature samples), in turn. Alone they hardly differ; averaged by the ensemble they
   * cut variance, as bagging does.
   */
  private nextSeedVariant(results: CandidateResult[]): CandidateConfig | null {
    const top = results
      .filter((r) => r.config.family === "gbdt" && !(r.config as GbdtConfig).seedOffset)
      .sort((a, b) => a.loss - b.loss)
      .slice(0, 3);
    if (top.length === 0) return null;
    for (let attempt = 0; attempt < 3 * MAX_SEED_VARIANTS; attempt++) {
      const i = this.seedVariants++;
      if (i >= MAX_SEED_VARIANTS * top.length) return null;
      const base = top[i % top.length].config as GbdtConfig;
      const c: GbdtConfig = { ...base, seedOffset: 1 + Math.floor(i / top.length), baggingFraction: Math.min(base.baggingFraction, 0.8) };
      delete c.rounds;
      if (this.mark(c)) return c;
    }
    return null;
  }

  /** Records a configuration evaluated elsewhere, so that it is not proposed again. */
  skip(c: CandidateConfig): void {
    this.mark(c);
  }

  private mark(c: CandidateConfig): boolean {
    const key = JSON.stringify(c);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

function bestGbdt(results: CandidateResult[], group?: string): CandidateResult | null {
  let best: CandidateResult | null = null;
  for (const r of results) {
    if (r.config.family !== "gbdt" || (group !== undefined && groupOf(r.config) !== group)) continue;
    if (!best || r.loss < best.loss) best = r;
  }
  return best;
}

/** The discrete choices of a boosting configuration (what the local search does not move). */
function groupOf(c: CandidateConfig): string {
  if (c.family !== "gbdt") return c.family;
  return JSON.stringify([c.targetTransform ?? "", c.maxCatToOnehot ?? 0, c.maxDepth ? 1 : 0, c.extraTrees ? 1 : 0, c.maxBins ?? 255]);
}

function gaussian(rng: Rng): number {
  const u = Math.max(1e-12, rng.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Runs candidates until the deadline or the proposer runs dry; returns all results, best first. */
export async function runSearch(options: SearchOptions): Promise<CandidateResult[]> {
  const proposer = new Proposer(options.rowCount, options.featureCount, options.task.seed, options.portfolio);
  const results: CandidateResult[] = [];
  const maxTrials = options.maxTrials ?? Infinity;
  let launched = 0;
  const shouldLaunch = (): boolean => {
    if (launched >= maxTrials || options.signal?.aborted) return false;
    // Starting a candidate with almost no time left only yields a truncated, useless model.
    const remaining = options.deadlineMs(results) - Date.now();
    const typical = results.length ? median(results.map((r) => r.seconds * 1000)) : 0;
    return remaining > Math.max(150, 0.25 * typical) || results.length === 0;
  };
  const record = (r: CandidateResult): void => {
    results.push(r);
    options.onTrial?.(r, results.length);
  };

  for (const r of options.initial ?? []) {
    proposer.skip(r.config);
    launched++;
    record(r);
  }

  const pool = options.threads > 1 ? await startPool(options.threads, options.task, options.folds) : null;
  try {
    if (!pool) {
      while (shouldLaunch()) {
        const config = proposer.next(results);
        if (!config) break;
        launched++;
        record(evaluateCandidate(config, options.task, options.folds, options.deadlineMs(results)));
        // Let abort signals and progress callbacks through between candidates.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } else {
      await new Promise<void>((resolve, reject) => {
        let running = 0;
        let exhausted = false;
        // A cancelled training does not wait for candidates still running: their threads are
        // terminated (and replaced before the next training).
        const onAbort = (): void => {
          pool.abandon();
          resolve();
        };
        if (options.signal?.aborted) return onAbort();
        options.signal?.addEventListener("abort", onAbort, { once: true });
        const launchMore = (): void => {
          while (!exhausted && running < pool.size && shouldLaunch()) {
            const config = proposer.next(results);
            if (!config) {
              exhausted = true;
              break;
            }
            launched++;
            running++;
            pool
              .run(config, options.deadlineMs(results))
              .then((r) => {
                running--;
                record(r);
                launchMore();
              })
              .catch((e) => {
                running--;
                reject(e);
              });
          }
          if (running === 0) {
            options.signal?.removeEventListener("abort", onAbort);
            resolve();
          }
        };
        launchMore();
      });
    }
  } finally {
    pool?.close();
  }
  return results.sort((a, b) => a.loss - b.loss);
}

/**
 * Evaluates fixed configurations on `folds` (out-of-fold predictions for ensemble selection), on the
 * search's worker threads, `threads` at a time, in the order given. A configuration starts only when
 * `now + cost` (its estimated ms) fits before the deadline; one that has not started by then, failed,
 * or ran into the deadline (maybe cut short) yields null.
 */
export async function evaluateConfigs(options: {
  task: TaskSpec;
  folds: Fold[];
  jobs: { config: CandidateConfig; costMs: number }[];
  deadlineMs: number;
  threads: number;
  signal?: AbortSignal;
}): Promise<(CandidateResult | null)[]> {
  const { jobs, deadlineMs } = options;
  const out: (CandidateResult | null)[] = jobs.map(() => null);
  if (jobs.length === 0 || options.signal?.aborted) return out;
  // A result back after the deadline (minus a margin) may have been cut short by it.
  const complete = (r: CandidateResult): CandidateResult | null => (Date.now() < deadlineMs - 50 ? r : null);
  const pool = options.threads > 1 ? await startPool(Math.min(options.threads, jobs.length), options.task, options.folds) : null;
  if (!pool) {
    for (let i = 0; i < jobs.length && !options.signal?.aborted; i++) {
      if (Date.now() + jobs[i].costMs >= deadlineMs) continue;
      out[i] = complete(evaluateCandidate(jobs[i].config, options.task, options.folds, deadlineMs));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  }
  let onAbort = (): void => undefined;
  try {
    await new Promise<void>((resolve) => {
      onAbort = (): void => {
        pool.abandon();
        resolve();
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      let next = 0;
      let running = 0;
      const launchMore = (): void => {
        while (running < pool.size && next < jobs.length) {
          const i = next++;
          if (Date.now() + jobs[i].costMs >= deadlineMs) continue;
          running++;
          pool
            .run(jobs[i].config, deadlineMs)
            .then(
              (r) => void (out[i] = complete(r)),
              () => undefined,
            )
            .finally(() => {
              running--;
              launchMore();
            });
        }
        if (running === 0) resolve();
      };
      launchMore();
    });
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    pool.close();
  }
  return out;
}

export interface RefitJob {
  config: CandidateConfig;
  deadlineMs: number;
  /** Fit on these rows only (indices into `rows`; k-fold bagging), else on all rows. */
  subset?: Int32Array;
}

/**
 * Fits configurations on all rows on the search's worker threads, `threads` at a time, in the order
 * given; resolves with each learner's JSON (null when the threads are not available or a fit
 * failed, so that the caller fits it itself or keeps what it has). The columns go to the threads as
 * shared memory when they are SharedArrayBuffer-backed (toSharedMatrix), else as copies.
 */
export async function runRefits(options: {
  task: TaskSpec;
  rows: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array };
  jobs: RefitJob[];
  threads: number;
  signal?: AbortSignal;
}): Promise<(LearnerJson | null)[]> {
  const out: (LearnerJson | null)[] = options.jobs.map(() => null);
  if (options.jobs.length === 0 || options.signal?.aborted) return out;
  const pool = await startPool<LearnerJson>(Math.min(options.threads, options.jobs.length), options.task, [], options.rows);
  if (!pool) return out;
  let onAbort = (): void => undefined;
  try {
    await new Promise<void>((resolve) => {
      // A cancelled training does not wait for running fits: their threads are terminated.
      onAbort = (): void => {
        pool.abandon();
        resolve();
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      let pending = options.jobs.length;
      options.jobs.forEach((job, i) => {
        pool
          .run(job.config, job.deadlineMs, job.subset)
          .then(
            (json) => void (out[i] = json),
            () => undefined,
          )
          .finally(() => {
            if (--pending === 0) resolve();
          });
      });
    });
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    pool.close();
  }
  return out;
}

/** The same matrix with its columns in shared memory (threads read them without a copy). */
export function toSharedMatrix(x: FeatureMatrix): FeatureMatrix {
  const columns = x.columns.map((c) => {
    const shared = new Float64Array(new SharedArrayBuffer(c.length * 8));
    shared.set(c);
    return shared;
  });
  return { rowCount: x.rowCount, features: x.features, columns };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

// ---------- worker pool ----------

interface Pool<R = CandidateResult> {
  size: number;
  run(config: CandidateConfig, deadlineMs: number, subset?: Int32Array): Promise<R>;
  /** Gives up on running candidates: close() then terminates the threads. */
  abandon(): void;
  close(): void;
}

/** Serialisable fold: BinMapper travels as JSON. */
export function foldsToMessage(folds: Fold[]): unknown[] {
  return folds.map((f) => ({ ...f, binMapper: f.binMapper ? f.binMapper.toJSON() : undefined }));
}

// Workers are kept between trainings (module loading under tsx costs about a second per worker) and
// unref'd so that they never keep the process alive.
let sharedWorkers: Promise<Worker[] | null> | null = null;
/**
 * A variable, not a literal, so that web bundlers do not try to bundle the thread entry (only workers
 * train). A plain .mjs that registers tsx and then imports the TypeScript entry: `execArgv:
 * ["--import", "tsx"]` does not make a worker thread load .ts files on Node 20 (ERR_UNKNOWN_FILE_EXTENSION),
 * which silently left every search in-process.
 */
const SEARCH_THREAD_ENTRY = "./search-thread-boot.mjs";
let sharedSize = 0;

// A thread that does not load, accept the folds or answer within these limits is treated as dead:
// the training goes on without threads (or fails with a clear error) instead of hanging.
const SPAWN_TIMEOUT_MS = 60_000;
const INIT_TIMEOUT_MS = 120_000;
/** Grace after a candidate's deadline before its thread is given up for lost. */
const RUN_GRACE_MS = 60_000;

/** Threads that exited: a pool holding one is rebuilt before the next training. */
const exitedWorkers = new WeakSet<Worker>();

/** Resolves with `w` once `event` arrives, rejects on error, exit or timeout (then terminates `w`). */
export function awaitWorker<T>(w: Worker, timeoutMs: number, what: string, listen: (done: (value: T) => void) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stopListening = (): void => undefined;
    const cleanup = (): void => {
      clearTimeout(timer);
      stopListening();
      w.off("error", onError);
      w.off("exit", onExit);
    };
    const fail = (error: Error): void => {
      cleanup();
      void w.terminate();
      reject(error);
    };
    const onError = (e: Error): void => fail(e);
    const onExit = (code: number): void => fail(new Error(`a search thread exited (code ${code}) while ${what}`));
    const timer = setTimeout(() => fail(new Error(`a search thread did not answer within ${Math.round(timeoutMs / 1000)} s while ${what}`)), timeoutMs);
    timer.unref();
    w.once("error", onError);
    w.once("exit", onExit);
    stopListening = listen((value) => {
      cleanup();
      resolve(value);
    });
  });
}

function spawnWorker(): Promise<Worker> {
  const w = new Worker(new URL(SEARCH_THREAD_ENTRY, import.meta.url));
  w.unref();
  w.once("exit", () => exitedWorkers.add(w));
  // An uncaught error in an idle thread must not crash the process (an 'error' event without a
  // listener throws); the thread exits and the pool is rebuilt.
  w.on("error", () => exitedWorkers.add(w));
  return awaitWorker<Worker>(w, SPAWN_TIMEOUT_MS, "loading", (done) => {
    const onMessage = (m: { type: string }): void => {
      if (m.type === "loaded") done(w);
    };
    w.on("message", onMessage);
    return () => w.off("message", onMessage);
  });
}

/** Starts (or reuses) `size` search workers; null when worker threads cannot run here. */
export async function warmSearchWorkers(size: number): Promise<Worker[] | null> {
  const current = sharedWorkers ? await sharedWorkers : null;
  if (current?.some((w) => exitedWorkers.has(w))) discardWorkers();
  if (sharedWorkers && sharedSize >= size) return sharedWorkers;
  const previous = sharedWorkers;
  sharedSize = size;
  sharedWorkers = (async () => {
    const have = previous ? ((await previous) ?? []) : [];
    try {
      const more = await Promise.all(Array.from({ length: size - have.length }, () => spawnWorker()));
      return [...have, ...more];
    } catch {
      for (const w of have) void w.terminate();
      return null;
    }
  })();
  return sharedWorkers;
}

function discardWorkers(): void {
  const old = sharedWorkers;
  sharedWorkers = null;
  sharedSize = 0;
  void old?.then((ws) => ws?.forEach((w) => void w.terminate()));
}

async function startPool<R = CandidateResult>(
  size: number,
  task: TaskSpec,
  folds: Fold[],
  rows?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array },
): Promise<Pool<R> | null> {
  const all = await warmSearchWorkers(size);
  if (!all) return null;
  const workers = all.slice(0, size);
  const message = { type: "init", task, folds: foldsToMessage(folds), rows };
  try {
    await Promise.all(
      workers.map((w) =>
        awaitWorker<void>(w, INIT_TIMEOUT_MS, "receiving the data", (done) => {
          const onMessage = (m: { type: string }): void => {
            if (m.type === "ready") done();
          };
          w.on("message", onMessage);
          w.postMessage(message);
          return () => w.off("message", onMessage);
        }),
      ),
    );
  } catch {
    discardWorkers();
    return null;
  }
  const idle = [...workers];
  const waiting: ((w: Worker) => void)[] = [];
  let nextId = 0;
  let broken = false;
  const acquire = (): Promise<Worker> => (idle.length ? Promise.resolve(idle.pop()!) : new Promise((r) => waiting.push(r)));
  const release = (w: Worker): void => {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  };
  return {
    size,
    async run(config, deadlineMs, subset) {
      const w = await acquire();
      const id = nextId++;
      let answer: { type: string; result?: R; error?: string };
      try {
        answer = await awaitWorker(w, Math.max(0, deadlineMs - Date.now()) + RUN_GRACE_MS, "training a candidate", (done) => {
          const onMessage = (m: { type: string; id: number; result?: R; error?: string }): void => {
            if (m.id === id) done(m);
          };
          w.on("message", onMessage);
          w.postMessage({ type: "run", id, config, deadlineMs, subset });
          return () => w.off("message", onMessage);
        });
      } catch (error) {
        broken = true; // the thread was terminated; the pool is rebuilt for the next training
        throw error;
      }
      release(w);
      if (answer.type !== "result") throw new Error(answer.error);
      return answer.result!;
    },
    abandon() {
      broken = true;
    },
    close() {
      // Free the folds held by the workers; keep the threads for the next training.
      if (broken) discardWorkers();
      else for (const w of workers) w.postMessage({ type: "reset" });
    },
  };
}
