// Raw HTTP requests that Playwright's request context cannot make.
import http from "node:http";

/**
 * A POST that declares a body larger than MAX_BODY_MB (256 MB) and sends only `bodyStart`: the server
 * must refuse it from the declared length, before reading it.
 */
export function postOversized(url: URL, headers: Record<string, string>, bodyStart: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", headers: { "content-type": "application/json", "content-length": String(300 * 1024 * 1024), ...headers } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.write(bodyStart);
  });
}
