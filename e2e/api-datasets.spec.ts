// The legacy datasets API through HTTP against the real server: every way clients send the key,
// the body dispatch of POST, and bad input answered with clear 4xx errors.
import http from "node:http";
import { test, expect } from "./helpers/fixtures";

const rows = [
  { age: "42", plan: "basic", joined: "2021-03-04", churned: "yes" },
  { age: "31", plan: "premium", joined: "2020-11-20", churned: "no" },
  { age: "57", plan: "basic", joined: "2019-07-15", churned: "no" },
];

test.describe("legacy /v1/datasets", () => {
  test("create, append, inspect, list, set types, re-parse, delete", async ({ anon, apiKey }) => {
    const created = await anon.post(`/v1/datasets?api_key=${apiKey}&name=customers`);
    expect(created.status()).toBe(200);
    const { status, dataset_id, dataset_name } = await created.json();
    expect(status).toBe("success");
    expect(dataset_name).toBe("customers");

    const appended = await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: { id: dataset_id, rows } });
    expect(await appended.json()).toEqual({ status: "success" });

    // rows as a JSON string, key in the body
    const more = await anon.post("/v1/datasets", {
      data: { api_key: apiKey, id: dataset_id, rows: JSON.stringify([{ age: 23, plan: "basic", joined: "2022-01-01", churned: "yes" }]) },
    });
    expect(more.status()).toBe(200);

    const inspected = await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`);
    const info = await inspected.json();
    expect(info.status).toBe("success");
    expect(info.name).toBe("customers");
    expect(info.rows).toBe(4);
    const types = Object.fromEntries(info.fields.map((f: { name: string; type: string }) => [f.name, f.type]));
    expect(types.age).toBe("integer");
    expect(types.joined).toBe("date");
    expect(types.plan).toBe("category");

    const listed = await (await anon.get(`/v1/datasets?api_key=${apiKey}`)).json();
    expect(listed.datasets.map((d: { id: string }) => d.id)).toContain(dataset_id);

    const setTypes = await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: { id: dataset_id, fields: [{ name: "age", type: "float" }] } });
    expect(setTypes.status(), await setTypes.text()).toBe(200);
    const afterSet = await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`)).json();
    expect(afterSet.fields.find((f: { name: string }) => f.name === "age").type).toBe("float");

    const reparse = await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: { id: dataset_id, parse_fields: true } });
    expect(reparse.status()).toBe(200);
    const afterParse = await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`)).json();
    expect(afterParse.fields.find((f: { name: string }) => f.name === "age").type).toBe("integer");
    expect(afterParse.rows).toBe(4);

    // DELETE with a form body
    const deleted = await anon.delete("/v1/datasets", { form: { api_key: apiKey, id: dataset_id } });
    expect(await deleted.json()).toEqual({ status: "success" });
    const gone = await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`);
    expect(gone.status()).toBe(404);
  });

  test("the key may arrive in the query, a JSON body, a form body (urlencoded or multipart) or an api_key (or X-API-Key) header", async ({ anon, apiKey }) => {
    expect((await anon.get(`/v1/datasets?api_key=${apiKey}`)).status()).toBe(200);
    expect((await anon.post("/v1/datasets", { data: { api_key: apiKey, name: "json-key" } })).status()).toBe(200);
    expect((await anon.post("/v1/datasets", { form: { api_key: apiKey, name: "form-key" } })).status()).toBe(200);
    expect((await anon.get("/v1/datasets", { headers: { api_key: apiKey } })).status()).toBe(200);
    expect((await anon.get("/v1/datasets", { headers: { "X-API-Key": apiKey } })).status()).toBe(200);
    expect((await anon.get(`/v1/datasets?api_key=${apiKey}&api_key=${apiKey}`)).status()).toBe(200); // sent twice alike
    // multipart text fields (curl -F, a browser's FormData); a file part is refused with what to send instead
    const made = await anon.post("/v1/datasets", { multipart: { api_key: apiKey, name: "multipart-key" } });
    expect(made.status(), await made.text()).toBe(200);
    const { dataset_id } = await made.json();
    const appended = await anon.post("/v1/datasets", { multipart: { api_key: apiKey, id: dataset_id, rows: JSON.stringify(rows) } });
    expect(await appended.json()).toEqual({ status: "success" });
    expect((await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`)).json()).rows).toBe(rows.length);
    const file = await anon.post("/v1/datasets", {
      multipart: { api_key: apiKey, id: dataset_id, file: { name: "rows.csv", mimeType: "text/csv", buffer: Buffer.from("age,plan\n1,basic\n") } },
    });
    expect(file.status()).toBe(415);
    expect((await file.json()).message).toMatch(/is a file.*Send rows as JSON/);
    expect((await anon.delete("/v1/datasets", { multipart: { api_key: apiKey, id: dataset_id } })).status()).toBe(200);
  });

  test("JSON as scripts send it: with urllib's default form Content-Type, after a byte order mark", async ({ anon, apiKey }) => {
    const asForm = await anon.post("/v1/datasets", {
      data: Buffer.from(JSON.stringify({ api_key: apiKey, name: "urllib" })),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(asForm.status(), await asForm.text()).toBe(200);
    const { dataset_id } = await asForm.json();
    const withBom = await anon.post(`/v1/datasets?api_key=${apiKey}`, {
      data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ id: dataset_id, rows }))]),
      headers: { "content-type": "application/json" },
    });
    expect(await withBom.json()).toEqual({ status: "success" });
    expect((await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`)).json()).rows).toBe(3);
    expect(
      (
        await anon.delete("/v1/datasets", {
          data: Buffer.from(JSON.stringify({ api_key: apiKey, id: dataset_id })),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).status(),
    ).toBe(200);
  });

  test("missing or wrong key: 404 with the legacy body", async ({ anon }) => {
    for (const res of [await anon.get("/v1/datasets"), await anon.get("/v1/datasets?api_key=nope"), await anon.post("/v1/datasets", { data: { name: "x" } })]) {
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ status: "missing or invalid API key" });
    }
  });

  test("bad input gets a clear 4xx and stores nothing", async ({ anon, apiKey }) => {
    const { dataset_id } = await (await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: { name: "strict" } })).json();
    await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: { id: dataset_id, rows } });

    const cases: { body: unknown; raw?: string; status: number; message: RegExp }[] = [
      { raw: '{"id": "x", "rows": [', body: undefined, status: 400, message: /not valid JSON/ },
      { body: { id: dataset_id, rows: "not json" }, status: 400, message: /rows/ },
      { body: { id: dataset_id, rows: 5 }, status: 400, message: /rows must be an array/ },
      { body: { id: dataset_id, rows: [1, 2] }, status: 400, message: /Row 0 is not an object/ },
      { body: { id: dataset_id, rows: [{ age: { nested: 1 } }] }, status: 400, message: /Row 0, field "age"/ },
      { body: { id: dataset_id, rows: [{ age: "12", plan: "basic", joined: "2020-01-01", churned: "no", extra: 1 }] }, status: 400, message: /extra/ },
      { body: { id: dataset_id, rows: [{ age: "old", plan: "basic", joined: "2020-01-01", churned: "no" }] }, status: 400, message: /age/ },
      { body: { id: "does-not-exist", rows }, status: 404, message: /not found/ },
      { body: { id: dataset_id }, status: 400, message: /rows/ },
      { body: {}, status: 400, message: /name/ },
      { body: { name: "" }, status: 400, message: /name/ },
      { body: { id: dataset_id, fields: [{ name: "age", type: "number" }] }, status: 400, message: /type must be one of/ },
      { raw: "[".repeat(5000) + "]".repeat(5000), body: undefined, status: 400, message: /nested/ },
      { raw: "[1,2,3]", body: undefined, status: 400, message: /JSON object/ },
    ];
    for (const c of cases) {
      const res =
        c.raw !== undefined
          ? await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: Buffer.from(c.raw), headers: { "content-type": "application/json" } })
          : await anon.post(`/v1/datasets?api_key=${apiKey}`, { data: c.body as object });
      expect(res.status(), JSON.stringify(c.body ?? c.raw).slice(0, 80)).toBe(c.status);
      const body = await res.json();
      expect(body.status).toBe("error");
      expect(body.message).toMatch(c.message);
    }
    const info = await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`)).json();
    expect(info.rows).toBe(3);
  });

  test("a body over the configured limit gets 413 before it is read", async ({ apiKey, baseURL }) => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`/v1/datasets?api_key=${apiKey}`, baseURL);
      const req = http.request(url, { method: "POST", headers: { "content-type": "application/json", "content-length": String(300 * 1024 * 1024) } }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on("error", reject);
      req.write('{"id": "x", "rows": [' + "{},".repeat(1000));
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toMatch(/larger than the limit/);
  });

  test("unknown routes are JSON 404s", async ({ anon, api }) => {
    const legacy = await anon.get("/v1/nothing");
    expect(legacy.status()).toBe(404);
    expect((await legacy.json()).status).toBe("error");
    const current = await api.get("/api/v1/nothing/here");
    expect(current.status()).toBe(404);
    expect((await current.json()).detail).toMatch(/No route/);
  });
});
