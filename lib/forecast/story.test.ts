import { describe, expect, it } from "vitest";
import { seasonCandidates, type Frequency } from "./calendar";
import { describeSeries } from "./story";
import { seasonalSeries, utc } from "./testing";

const monthly: Frequency = { unit: "month", months: 1, anchor: "day", day: 1, timeOfDay: 0 };

function story(y: Float64Array, valueField: string) {
  return describeSeries({
    y,
    start: utc(2018, 1),
    frequency: monthly,
    seasons: seasonCandidates(monthly),
    periods: [12],
    forecast: new Float64Array(12).fill(y[y.length - 1]),
    valueField,
    dateField: "month",
  });
}

describe("describeSeries wording", () => {
  it("reads right for a plural-looking field name: no present-tense verb after the field", () => {
    // A sine with period 12 from January peaks in April and is lowest in October.
    const { sentences } = story(seasonalSeries(72, { level: 100, trend: 0, amplitude: 20, noise: 0.5, seed: 3 }), "deaths");
    const text = sentences.join(" ");
    expect(text).toContain("There is no clear trend in deaths: the underlying level stayed near");
    expect(text).toMatch(/Every year, the peak of deaths comes around April and the low around October: a swing of about ±/);
    expect(text).not.toMatch(/deaths (peaks|has|is)\b/);
  });

  it("a trend is told in the past tense, right for any name", () => {
    const { sentences } = story(seasonalSeries(72, { level: 100, trend: 2, amplitude: 10, noise: 0.5, seed: 4 }), "sales");
    expect(sentences[0]).toMatch(/^sales rose from about /);
  });
});
