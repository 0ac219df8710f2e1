// The task system under failure: a worker killed mid-training, and the whole application restarted
// with tasks queued. Each test runs its own instance so it can kill processes freely.
import { spawn } from "node:child_process";
import { request } from "@playwright/test";
import { test, expect, waitForTask, createDataset } from "./helpers/fixtures";
import { instanceEnv, startApp } from "./helpers/app";
import { churnRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });

function startWorker(dataDir: string) {
  // node --import tsx, not the tsx binary: the binary is a wrapper process, and killing it would
  // leave the real worker running.
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--kinds", "train"], {
    env: { ...process.env, ...instanceEnv(dataDir), TASK_STALE_SECONDS: "6" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

test("a worker killed mid-training: the task is retried by another worker and succeeds", async () => {
  const app = await startApp({ env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0" } });
  const api = await request.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { "X-API-Key": app.apiKey } });
  try {
    const datasetId = await createDataset(api, app.apiKey, "churn", churnRows(300));
    const { task_id } = await (
      await api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 10 } })
    ).json();
    const victim = startWorker(app.dataDir);
    // Wait until the victim has claimed it and is training, then kill it without warning.
    for (let i = 0; ; i++) {
      const status = await (await api.get(`/api/v1/models/train/${task_id}/status`)).json();
      if (status.status === "IN_PROGRESS") break;
      expect(i).toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1500));
    const victimExit = new Promise((r) => victim.once("exit", (_code, signal) => r(signal)));
    victim.kill("SIGKILL");
    expect(await victimExit).toBe("SIGKILL");
    const rescuer = startWorker(app.dataDir);
    let rescuerLog = "";
    rescuer.stdout?.on("data", (d) => (rescuerLog += d));
    try {
      const done = await waitForTask(api, `/api/v1/models/train/${task_id}/status`, 120_000);
      expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
      // The rescuer ran it as a retry: the victim really died mid-task.
      expect(rescuerLog).toContain(`task ${task_id} (train, attempt 2) started`);
    } finally {
      rescuer.kill("SIGKILL");
    }
  } finally {
    await api.dispose();
    await app.stop();
  }
});

test("the application restarted with tasks queued runs them all; none stays IN_PROGRESS", async () => {
  const first = await startApp({ env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0" } });
  let api = await request.newContext({ baseURL: first.baseURL, extraHTTPHeaders: { "X-API-Key": first.apiKey } });
  const datasetId = await createDataset(api, first.apiKey, "churn", churnRows(200));
  const tasks: string[] = [];
  for (const duration of [10, 60]) {
    const res = await api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["churned"], duration, force: true } });
    tasks.push((await res.json()).task_id);
  }
  await api.dispose();
  await first.stop("SIGKILL");

  const second = await startApp({ dataDir: first.dataDir, apiKey: first.apiKey, env: { TRAIN_WORKERS: "1", CHAT_WORKERS: "0" } });
  api = await request.newContext({ baseURL: second.baseURL, extraHTTPHeaders: { "X-API-Key": second.apiKey } });
  try {
    const first10 = await waitForTask(api, `/api/v1/models/train/${tasks[0]}/status`, 120_000);
    expect(first10.status).toBe("SUCCEEDED");
    // The 60-second one is running now; the API answers while both cores train.
    const started = Date.now();
    const list = await api.get("/api/v1/models");
    expect(list.status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    await api.dispose();
    await second.stop();
  }
});
