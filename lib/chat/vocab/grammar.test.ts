// grammar.json holds the reader's function-word lists by module: each list is a non-empty set of
// distinct words, and each is read by the module it is filed under (no list left behind by a change).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import grammar from "./grammar.json";

const chatDir = path.join(__dirname, "..");

function moduleSource(moduleKey: string): string {
  const file = moduleKey.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  for (const candidate of [path.join(chatDir, "understand", `${file}.ts`), path.join(chatDir, `${file}.ts`)])
    if (fs.existsSync(candidate)) return fs.readFileSync(candidate, "utf8");
  throw new Error(`no module for grammar.json key "${moduleKey}"`);
}

describe("vocab/grammar.json", () => {
  const modules = Object.entries(grammar).filter(([key]) => key !== "_doc") as [string, Record<string, string[]>][];

  it("holds lists of distinct, non-empty words", () => {
    expect(modules.length).toBeGreaterThan(10);
    for (const [module, lists] of modules)
      for (const [name, list] of Object.entries(lists)) {
        expect(list.length, `${module}.${name}`).toBeGreaterThan(0);
        expect(new Set(list).size, `${module}.${name} has a duplicate`).toBe(list.length);
        for (const word of list) expect(word.trim(), `${module}.${name}`).toBe(word);
      }
  });

  it("files every list under the module that reads it", () => {
    for (const [module, lists] of modules) {
      const source = moduleSource(module);
      for (const name of Object.keys(lists)) expect(source, `${module}.${name}`).toContain(`grammar.${module}.${name}`);
    }
  });
});
