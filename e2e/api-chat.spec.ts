// Projects and chat exploration over HTTP, with the real chat worker and PNG rendering.
import { test, expect, waitForTask, createDataset } from "./helpers/fixtures";
import { salesRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });

let datasetId = "";
let projectId = "";

test("projects: create, get, update any subset (201), delete ({}), foreign or unknown ids are 404", async ({ api, apiKey }) => {
  datasetId = await createDataset(api, apiKey, "sales", salesRows());
  const created = await api.post("/api/v1/projects", { data: { name: "Sales", datasetId, _owner: "someone", _org: "acme" } });
  expect(created.status(), await created.text()).toBe(201);
  const project = await created.json();
  projectId = project.id;
  expect(project).toMatchObject({ name: "Sales", chatInstructions: "", chatContext: "", chatSuggestions: "", datasetId });

  const updated = await api.put(`/api/v1/projects/${projectId}`, { data: { id: "ignored", chatSuggestions: "Total sales by region\nSales over time" } });
  expect(updated.status()).toBe(201);
  const after = await updated.json();
  expect(after.id).toBe(projectId);
  expect(after.name).toBe("Sales");
  expect(after.chatSuggestions).toBe("Total sales by region\nSales over time");

  expect((await api.get(`/api/v1/projects/${projectId}`)).status()).toBe(200);
  expect((await api.get("/api/v1/projects/nope")).status()).toBe(404);
  const bad = await api.put(`/api/v1/projects/${projectId}`, { data: { name: 5 } });
  expect(bad.status()).toBe(422);
  expect((await bad.json()).detail[0].loc).toEqual(["body", "name"]);

  const temp = await (await api.post("/api/v1/projects", { data: { name: "temp" } })).json();
  const deleted = await api.delete(`/api/v1/projects/${temp.id}`);
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({});
  expect((await api.get(`/api/v1/projects/${temp.id}`)).status()).toBe(404);
});

test("chat: a question answered with interpretation, a PNG chart and a table; plotly_json on request; a follow-up", async ({ api }) => {
  const submit = await api.post("/api/v1/chat-explore/new", {
    data: { project_id: projectId, messages: [{ role: "user", content: "What are the total sales by region?", images: [], table: null }] },
  });
  expect(submit.status(), await submit.text()).toBe(201);
  const { task_id } = await submit.json();
  const done = await waitForTask(api, `/api/v1/chat-explore/status/${task_id}`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  expect(done.metadata.location).toMatch(/^\/api\/v1\/chat-explore\/chats\/.+/);
  const chatId = done.metadata.location.split("/chats/")[1];

  const chat = await (await api.get(done.metadata.location)).json();
  expect(chat.owner).toBe("someone");
  expect(chat._org).toBe("acme");
  expect(chat.messages.length).toBe(2);
  expect(chat.messages[0].role).toBe("assistant");
  expect(chat.messages[0].content).toMatch(/region/i);
  const png = Buffer.from(chat.messages[1].images[0], "base64");
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  const table = chat.messages[1].table as Record<string, unknown>[];
  const truth = new Map<string, number>();
  for (const r of (await import("./helpers/data")).salesRows()) truth.set(r.region as string, (truth.get(r.region as string) ?? 0) + (r.sales as number));
  expect(table.length).toBe(4);
  for (const row of table) {
    const values = Object.values(row);
    const region = values.find((v) => typeof v === "string") as string;
    const total = values.find((v) => typeof v === "number") as number;
    expect(total).toBeCloseTo(truth.get(region)!, 6);
  }

  const asJson = await (await api.get(`/api/v1/chat-explore/chats/${chatId}?image_format=plotly_json`)).json();
  const figure = JSON.parse(asJson.messages[1].images[0]);
  expect(Array.isArray(figure.data)).toBe(true);
  expect(figure.data[0].type).toBe("bar");

  // Follow-up: the conversation the client sends is all the context there is.
  const followUp = await api.post("/api/v1/chat-explore/new", {
    data: {
      project_id: projectId,
      messages: [
        { role: "user", content: "What are the total sales by region?" },
        ...chat.messages.map((m: { role: string; content: string }) => ({ role: m.role, content: m.content })),
        { role: "user", content: "only for Furniture" },
      ],
    },
  });
  const followDone = await waitForTask(api, `/api/v1/chat-explore/status/${(await followUp.json()).task_id}`);
  const followChat = await (await api.get(followDone.metadata.location)).json();
  expect(followChat.messages[0].content).toMatch(/Furniture/);
  const furniture = new Map<string, number>();
  for (const r of (await import("./helpers/data")).salesRows())
    if (r.category === "Furniture") furniture.set(r.region as string, (furniture.get(r.region as string) ?? 0) + (r.sales as number));
  for (const row of followChat.messages[1].table as Record<string, unknown>[]) {
    const values = Object.values(row);
    expect(values.find((v) => typeof v === "number") as number).toBeCloseTo(furniture.get(values.find((v) => typeof v === "string") as string)!, 6);
  }
});

test("chat: an unanswerable question says so and lists what can be asked, with no number", async ({ api }) => {
  const submit = await api.post("/api/v1/chat-explore/new", {
    data: { dataset_id: datasetId, messages: [{ role: "user", content: "What is the average customer satisfaction score?" }] },
  });
  const done = await waitForTask(api, `/api/v1/chat-explore/status/${(await submit.json()).task_id}`);
  const chat = await (await api.get(done.metadata.location)).json();
  const text = chat.messages.map((m: { content: string }) => m.content).join("\n");
  expect(text).toMatch(/sales/i);
  expect(chat.messages.every((m: { images: unknown }) => m.images === null)).toBe(true);
});

test("chat: bad inputs", async ({ api, anon }) => {
  const cases: { body: unknown; status: number }[] = [
    { body: { project_id: projectId, messages: [] }, status: 422 },
    { body: { project_id: projectId, messages: [{ role: "system", content: "hi" }] }, status: 422 },
    { body: { project_id: projectId, messages: [{ role: "user", content: "" }] }, status: 422 },
    { body: { project_id: projectId, messages: [{ role: "user" }] }, status: 422 },
    { body: { messages: [{ role: "user", content: "hi" }] }, status: 422 },
    { body: { project_id: "unknown", messages: [{ role: "user", content: "hi" }] }, status: 404 },
    { body: { dataset_id: "unknown", messages: [{ role: "user", content: "hi" }] }, status: 404 },
    // More than 32 KB of message text in one request (here 2 x 17,000 characters).
    {
      body: {
        project_id: projectId,
        messages: [
          { role: "user", content: " ".repeat(17_000) },
          { role: "user", content: `${" ".repeat(17_000)}sales by region` },
        ],
      },
      status: 422,
    },
  ];
  for (const c of cases) {
    const res = await api.post("/api/v1/chat-explore/new", { data: c.body as object });
    expect(res.status(), JSON.stringify(c.body).slice(0, 200)).toBe(c.status);
    if (c.status === 422 && JSON.stringify(c.body).length > 30_000) expect(JSON.stringify(await res.json())).toMatch(/32768 bytes \(32 KB\)/);
  }
  expect((await anon.post("/api/v1/chat-explore/new", { data: { dataset_id: datasetId, messages: [{ role: "user", content: "hi" }] } })).status()).toBe(401);
  expect((await api.get("/api/v1/chat-explore/status/unknown")).status()).toBe(404);
  expect((await api.get("/api/v1/chat-explore/chats/unknown")).status()).toBe(404);
  expect((await api.get(`/api/v1/chat-explore/chats/x?image_format=gif`)).status()).toBe(422);
});

test("documentation routes need no key", async ({ anon }) => {
  const yaml = await anon.get("/api/v1/api.yaml");
  expect(yaml.status()).toBe(200);
  const text = await yaml.text();
  expect(text).toMatch(/openapi: 3\.1\.0/);
  for (const p of ["/api/v1/models/train/new", "/api/v1/chat-explore/status/{task_id}", "/api/v1/projects/{project_id}", "/v1/datasets", "/v1/models"])
    expect(text).toContain(p);
  const docs = await anon.get("/api/v1/docs");
  expect(docs.status()).toBe(200);
  expect(await docs.text()).toContain("swagger-ui");
  expect((await anon.get("/api/v1/docs/assets/swagger-ui-bundle.js")).status()).toBe(200);
});
