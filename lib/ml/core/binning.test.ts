import { describe, expect, it } from "vitest";
import { BinMapper, MISSING_BIN } from "./binning";
import type { FeatureMatrix } from "./types";

function matrix(cols: { kind: "numeric" | "categorical"; values: number[]; categories?: number }[]): FeatureMatrix {
  const n = cols[0].values.length;
  return {
    rowCount: n,
    features: cols.map((c, i) => ({ name: `f${i}`, kind: c.kind, categories: c.categories })),
    columns: cols.map((c) => Float64Array.from(c.values)),
  };
}

describe("BinMapper numeric", () => {
  it("gives one bin per distinct value when there are few, with midpoint bounds and a missing bin", () => {
    const x = matrix([{ kind: "numeric", values: [3, 1, 2, 2, NaN, 1, 3] }]);
    const m = BinMapper.fit(x);
    const info = m.info[0];
    expect(info.kind).toBe("numeric");
    if (info.kind !== "numeric") return;
    expect(Array.from(info.bounds)).toEqual([1.5, 2.5]);
    expect(m.numBins[0]).toBe(4); // missing + 3 value bins
    const b = m.transform(x).bins;
    expect(Array.from(b)).toEqual([3, 1, 2, 2, MISSING_BIN, 1, 3]);
    // Values never seen fall into the bins by their bounds.
    const y = m.transform(matrix([{ kind: "numeric", values: [-100, 1.5, 1.50001, 2.5, 99] }])).bins;
    expect(Array.from(y)).toEqual([1, 1, 2, 2, 3]);
    expect(m.thresholdOf(0, 1)).toBe(1.5);
    expect(m.thresholdOf(0, 3)).toBe(Infinity);
  });

  it("makes equal-frequency bins on 0..99 with 4 bins", () => {
    const x = matrix([{ kind: "numeric", values: Array.from({ length: 100 }, (_, i) => i) }]);
    const m = BinMapper.fit(x, 4);
    const info = m.info[0];
    if (info.kind !== "numeric") throw new Error("numeric expected");
    expect(Array.from(info.bounds)).toEqual([24.5, 49.5, 74.5]);
    const counts = [0, 0, 0, 0, 0];
    for (const b of m.transform(x).bins) counts[b]++;
    expect(counts).toEqual([0, 25, 25, 25, 25]);
  });

  it("gives a heavy value a bin of its own", () => {
    const values = [...Array(50).fill(0), ...Array.from({ length: 50 }, (_, i) => i + 1)];
    const m = BinMapper.fit(matrix([{ kind: "numeric", values }]), 4);
    const bins = m.transform(matrix([{ kind: "numeric", values: [0, 1] }])).bins;
    expect(bins[0]).not.toBe(bins[1]);
  });

  it("handles an all-missing and a constant feature", () => {
    const x = matrix([
      { kind: "numeric", values: [NaN, NaN, NaN] },
      { kind: "numeric", values: [5, 5, 5] },
    ]);
    const m = BinMapper.fit(x);
    expect(Array.from(m.numBins)).toEqual([2, 2]);
    expect(Array.from(m.transform(x).bins)).toEqual([0, 1, 0, 1, 0, 1]);
  });
});

describe("BinMapper categorical", () => {
  it("gives frequent categories their own bins, pools rare ones, and maps unseen categories to the pool", () => {
    // Category 3 appears once: pooled into the "other" bin.
    const x = matrix([{ kind: "categorical", categories: 4, values: [0, 0, 1, 1, 1, 2, 2, 3, NaN] }]);
    const m = BinMapper.fit(x);
    const info = m.info[0];
    if (info.kind !== "categorical") throw new Error("categorical expected");
    expect(Array.from(info.catToBin)).toEqual([1, 2, 3, 4]);
    expect(info.unseenBin).toBe(4);
    expect(m.numBins[0]).toBe(5);
    const b = m.transform(matrix([{ kind: "categorical", categories: 4, values: [0, 1, 2, 3, NaN, 7, 1.5] }])).bins;
    expect(Array.from(b)).toEqual([1, 2, 3, 4, 0, 4, 4]);
  });

  it("maps unseen categories to the missing bin when nothing was pooled", () => {
    const x = matrix([{ kind: "categorical", categories: 2, values: [0, 0, 1, 1] }]);
    const m = BinMapper.fit(x);
    expect(Array.from(m.transform(matrix([{ kind: "categorical", categories: 3, values: [2] }])).bins)).toEqual([0]);
  });

  it("round-trips through JSON", () => {
    const x = matrix([
      { kind: "numeric", values: [1, 2, 3, NaN, 2.5] },
      { kind: "categorical", categories: 3, values: [0, 1, 1, 2, 2] },
    ]);
    const m = BinMapper.fit(x);
    const m2 = BinMapper.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
    expect(Array.from(m2.transform(x).bins)).toEqual(Array.from(m.transform(x).bins));
  });

  it("rejects shape mismatches with the sizes in the message", () => {
    const m = BinMapper.fit(matrix([{ kind: "numeric", values: [1, 2] }]));
    expect(() =>
      m.transform(
        matrix([
          { kind: "numeric", values: [1] },
          { kind: "numeric", values: [1] },
        ]),
      ),
    ).toThrow(/1 features, got 2/);
    expect(() => BinMapper.fit({ rowCount: 3, features: [{ name: "a", kind: "numeric" }], columns: [new Float64Array(2)] })).toThrow(
      /length 2, expected rowCount 3/,
    );
  });
});
