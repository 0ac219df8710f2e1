// Category axes with long labels and hundreds of groups: shortened labels, thinned ticks, and a
// chart title that says which part of the groups it shows.
import { describe, expect, it } from "vitest";
import { answerChat } from "./index";
import { tableFromRows } from "./testing/load-csv";
import { categoryTicks, shortLabel, traceCategories } from "./ticks";

describe("category ticks", () => {
  it("keeps short labels as they are and lets Plotly place them", () => {
    expect(categoryTicks(["East", "West", "Central"], { maxChars: 18, maxTicks: 60 })).toBeNull();
    expect(shortLabel("Seattle", 18)).toBe("Seattle");
  });

  it("cuts long labels at a word near the end, with an ellipsis, never longer than asked", () => {
    const label = "Canon imageCLASS 2200 Advanced Copier";
    const short = shortLabel(label, 18);
    expect(short.length).toBeLessThanOrEqual(18);
    expect(short).toBe("Canon imageCLASS…");
    expect(shortLabel("Supercalifragilisticexpialidocious", 12)).toBe("Supercalifr…");
  });

  it("labels every k-th category of a crowded axis, keeping the categories' own values", () => {
    const names = Array.from({ length: 452 }, (_, i) => `City number ${i} of the long list`);
    const ticks = categoryTicks(names, { maxChars: 18, maxTicks: 50 })!;
    expect(ticks.tickmode).toBe("array");
    expect(ticks.tickvals.length).toBeLessThanOrEqual(50);
    expect(ticks.tickvals[0]).toBe(names[0]);
    expect(ticks.tickvals.every((v) => names.includes(v as string))).toBe(true);
    expect(ticks.ticktext.every((t) => t.length <= 18)).toBe(true);
  });

  it("collects the categories of all traces in drawing order", () => {
    expect(traceCategories([{ x: ["b", "a"] }, { x: ["a", "c"] }, { y: [1] }], "x")).toEqual(["b", "a", "c"]);
  });
});

describe("a chart over hundreds of groups", () => {
  // 452 cities with long names; each city's sales are known here.
  const cities = Array.from({ length: 452 }, (_, i) => `Greater Metropolitan Area of Town ${String(i).padStart(3, "0")}`);
  const rows = cities.flatMap((c, i) => [
    [c, String(1000 + i * 3)],
    [c, String(500 + i)],
  ]);
  const table = tableFromRows(["City", "Sales"], rows);

  it("draws the top groups, says so in its title and caption, and keeps every label inside the chart", async () => {
    const reply = await answerChat({ table, datasetName: "stores", messages: [{ role: "user", content: "total Sales by City" }], project: null });
    const answer = reply.messages[1];
    const figure = answer.figures[0];
    const bars = figure.data[0];
    const shown = (bars.x as string[]).length;
    expect(shown).toBeLessThan(452);
    // The largest city (the last one) comes first, with its full name in the hover.
    expect((bars.x as string[])[0]).toBe(cities[451]);
    expect((bars.hovertext as string[])[0]).toContain(cities[451]);
    const title = (figure.layout.title as { text: string }).text;
    expect(title).toContain(`top ${shown} of 452`);
    expect(answer.content).toContain(`top ${shown} of 452`);
    const xaxis = figure.layout.xaxis as { tickmode: string; tickvals: string[]; ticktext: string[] };
    expect(xaxis.tickmode).toBe("array");
    expect(xaxis.ticktext.every((t) => t.length <= 18 && t.endsWith("…"))).toBe(true);
    expect(xaxis.tickvals.every((v) => (bars.x as string[]).includes(v))).toBe(true);
  });

  it("says nothing of a part when the question asked for the top few itself", async () => {
    const reply = await answerChat({ table, datasetName: "stores", messages: [{ role: "user", content: "top 5 City by total Sales" }], project: null });
    const figure = reply.messages[1].figures[0];
    expect((figure.data[0].x as string[]).length).toBe(5);
    expect((figure.layout.title as { text: string }).text).not.toMatch(/ of 452/);
  });
});
