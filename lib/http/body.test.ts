import { describe, expect, it } from "vitest";

process.env.MAX_BODY_MB = "1"; // read lazily by getEnv(), so a small limit keeps this test light
import zlib from "node:zlib";
import { legacyModelWriteSchema } from "@/lib/schemas/legacy";
import { decodeContent, formParams, nestedDeeperThan, parseJsonText, readBody, readBodyText } from "./body";

describe("request bodies", () => {
  it("measures nesting of parsed JSON; brackets in strings do not count", () => {
    expect(nestedDeeperThan(JSON.parse('{"a": [1, {"b": "[[[["}]}'), 3)).toBe(false);
    expect(nestedDeeperThan(JSON.parse('{"a": [1, {"b": "[[[["}]}'), 2)).toBe(true);
    expect(nestedDeeperThan([], 1)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan("[[[[", 0)).toBe(false);
    expect(nestedDeeperThan({ deep: [[[[{ x: "\\" }]]]] }, 6)).toBe(false);
    expect(nestedDeeperThan({ deep: [[[[{ x: "\\" }]]]] }, 5)).toBe(true);
  });

  it("rejects deeply nested JSON (64 levels are fine, 65 are not)", () => {
    expect(() => parseJsonText("[".repeat(10_000) + "]".repeat(10_000))).toThrow(/nested more than 64/);
    expect(() => parseJsonText("[".repeat(65) + "]".repeat(65))).toThrow(/nested more than 64/);
    expect(parseJsonText("[".repeat(64) + "]".repeat(64))).toBeInstanceOf(Array);
  });

  it("refuses a number beyond a double's range (1e400) with its path, not as a wrong type", () => {
    const refused = (text: string) => {
      try {
        parseJsonText(text);
      } catch (error) {
        return (error as { issues?: unknown[] }).issues?.[0];
      }
      return undefined;
    };
    expect(refused('{"rows": [{"a": 1}, {"a": 2, "b c": -1E+400}]}')).toMatchObject({
      loc: ["body", "rows", 1, "b c"],
      msg: expect.stringMatching(/^Number out of range at rows\[1\]\["b c"\]: /),
      type: "value_error",
    });
    expect(refused('{"duration": 1e400}')).toMatchObject({ loc: ["body", "duration"], msg: expect.stringMatching(/^Number out of range at duration/) });
    expect(refused(`[${"9".repeat(400)}]`)).toMatchObject({ loc: ["body", 0] });
    expect(refused("1e400")).toMatchObject({ loc: ["body"], msg: expect.stringMatching(/at the body/) });
    // In range, or only text that looks like it: accepted.
    expect(parseJsonText('{"a": 1e308, "b": "1e400", "c": 1e-400, "d": [1.5e-300]}')).toEqual({ a: 1e308, b: "1e400", c: 0, d: [1.5e-300] });
  });

  it("explains malformed JSON", () => {
    expect(() => parseJsonText('{"a": ')).toThrow(/not valid JSON/);
  });

  it("refuses bodies over the limit while streaming, even without Content-Length", async () => {
    const { getEnv } = await import("@/lib/env");
    const limit = getEnv().MAX_BODY_MB * 1024 * 1024;
    const stream = new ReadableStream({
      start(controller) {
        const chunk = new Uint8Array(64 * 1024).fill(32);
        for (let sent = 0; sent <= limit; sent += chunk.byteLength) controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request("http://x/", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await expect(readBodyText(request)).rejects.toThrow(/larger than the limit/);
  });

  it("refuses bodies over the limit when Content-Length understates them", async () => {
    const { getEnv } = await import("@/lib/env");
    const big = "x".repeat(getEnv().MAX_BODY_MB * 1024 * 1024 + 10);
    const request = new Request("http://x/", { method: "POST", headers: { "content-length": "10" }, body: big });
    await expect(readBodyText(request)).rejects.toThrow(/larger than the limit/);
    const declared = new Request("http://x/", { method: "POST", headers: { "content-length": String(big.length) }, body: big });
    await expect(readBodyText(declared)).rejects.toThrow(/larger than the limit/);
  });

  it("reads form bodies and JSON bodies", async () => {
    const form = await readBody(
      new Request("http://x/", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "api_key=k&id=7" }),
    );
    expect(form).toEqual({ kind: "form", value: { api_key: "k", id: "7" } });
    const json = await readBody(new Request("http://x/", { method: "POST", body: '{"a":1}' }));
    expect(json).toEqual({ kind: "json", value: { a: 1 } });
    const none = await readBody(new Request("http://x/", { method: "POST" }));
    expect(none).toEqual({ kind: "none" });
  });

  it("reads the text fields of a multipart body where asked (legacy API: curl -F, FormData), refuses files and elsewhere refuses multipart", async () => {
    const multipart = (fields: FormData) => new Request("http://x/", { method: "POST", body: fields });
    const fields = new FormData();
    fields.set("api_key", "k");
    fields.set("rows", '[{"a": "x & y"}]');
    expect(await readBody(multipart(fields), { multipart: true })).toEqual({ kind: "form", value: { api_key: "k", rows: '[{"a": "x & y"}]' } });
    await expect(readBody(multipart(fields))).rejects.toMatchObject({ code: "unsupported_media_type" });
    const withFile = new FormData();
    withFile.set("name", "upload");
    withFile.set("file", new Blob(["a,b\n1,2\n"], { type: "text/csv" }), "data.csv");
    await expect(readBody(multipart(withFile), { multipart: true })).rejects.toMatchObject({
      code: "unsupported_media_type",
      message: expect.stringMatching(/part "file" is a file.*Send rows as JSON/),
    });
    const broken = new Request("http://x/", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=XyZ" }, body: "--XyZ\r\nno end" });
    await expect(readBody(broken, { multipart: true })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("reads JSON sent with a form Content-Type (Python urllib's default) and JSON after a byte order mark", async () => {
    const post = (body: string | Uint8Array<ArrayBuffer>, type?: string) =>
      readBody(new Request("http://x/", { method: "POST", headers: type ? { "content-type": type } : {}, body }));
    expect(await post('{"name": "a", "rows": [{"x": "1&2=3"}]}', "application/x-www-form-urlencoded")).toEqual({
      kind: "json",
      value: { name: "a", rows: [{ x: "1&2=3" }] },
    });
    expect(await post('  {"a": 1}', "application/x-www-form-urlencoded; charset=utf-8")).toEqual({ kind: "json", value: { a: 1 } });
    // A real form body, also one whose value holds JSON text, stays a form.
    expect(await post("rows=%5B%7B%22a%22%3A1%7D%5D&id=7", "application/x-www-form-urlencoded")).toEqual({
      kind: "form",
      value: { rows: '[{"a":1}]', id: "7" },
    });
    // Malformed JSON with a form type is explained as JSON, not read as a form with one odd key.
    await expect(post('{"a": ', "application/x-www-form-urlencoded")).rejects.toThrow(/not valid JSON/);

    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"name": "b"}')]);
    expect(await post(bom, "application/json")).toEqual({ kind: "json", value: { name: "b" } });
    expect(await post(bom)).toEqual({ kind: "json", value: { name: "b" } });
    expect(await post(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("api_key=k")]), "application/x-www-form-urlencoded")).toEqual({
      kind: "form",
      value: { api_key: "k" },
    });
    expect(await post(new Uint8Array([0xef, 0xbb, 0xbf]), "application/json")).toEqual({ kind: "none" });
  });

  it("decodes gzip, deflate and br bodies; refuses other encodings and bodies that do not match theirs", async () => {
    const json = JSON.stringify({ id: "d1", rows: [{ a: 1, b: "é" }] });
    const post = (body: Buffer, encoding: string) =>
      new Request("http://x/v1/datasets", {
        method: "POST",
        body: new Uint8Array(body),
        headers: { "content-type": "application/json", "content-encoding": encoding },
      });
    for (const [encoding, packed] of [
      ["gzip", zlib.gzipSync(json)],
      ["GZIP", zlib.gzipSync(json)],
      ["deflate", zlib.deflateSync(json)],
      ["br", zlib.brotliCompressSync(json)],
      ["identity", Buffer.from(json)],
    ] as const) {
      expect(await readBody(post(packed, encoding))).toEqual({ kind: "json", value: JSON.parse(json) });
    }
    await expect(readBodyText(post(zlib.gzipSync(json), "zstd"))).rejects.toMatchObject({ code: "unsupported_media_type" });
    await expect(readBodyText(post(Buffer.from(json), "gzip"))).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/could not be decompressed as gzip/),
    });
  });

  it("applies the size limit to the decoded body (a small gzip of a large body is refused)", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, 32));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(decodeContent(bomb, "gzip", 1024 * 1024)).rejects.toMatchObject({ code: "payload_too_large" });
    expect((await decodeContent(bomb, "gzip", 4 * 1024 * 1024)).length).toBe(3 * 1024 * 1024);
  });

  it("form and query parameters: a repeated name is a list (requests, urllib), name[] too (jQuery)", async () => {
    expect(formParams(new URLSearchParams("predict_fields=churned&ignore_fields=a&ignore_fields=b&name=x"))).toEqual({
      predict_fields: "churned",
      ignore_fields: ["a", "b"],
      name: "x",
    });
    expect(formParams(new URLSearchParams("ignore_fields%5B%5D=a&ignore_fields%5B%5D=b&solo%5B%5D=c"))).toEqual({ ignore_fields: ["a", "b"], solo: ["c"] });
    const proto = formParams(new URLSearchParams("__proto__=x&a=1"));
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(["__proto__", "a"]);
    // Both lists reach legacy training whole (the last value alone would silently drop "a").
    const body = await readBody(
      new Request("http://x/v1/models", {
        method: "POST",
        body: "dataset_id=d1&predict_fields=churned&ignore_fields=a&ignore_fields=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(body.kind === "form" && legacyModelWriteSchema.parse({ api_key: "k", ...body.value })).toMatchObject({
      predict_fields: ["churned"],
      ignore_fields: ["a", "b"],
    });
  });
});
