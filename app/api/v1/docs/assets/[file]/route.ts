import fs from "node:fs/promises";
import path from "node:path";

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/v1/api.yaml", dom_id: "#swagger-ui", deepLinking: true, persistAuthorization: true });`;

// GET /api/v1/docs/assets/{file}: Swagger UI's files from node_modules
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  if (file === "init.js") return new Response(INIT, { headers: { "content-type": "text/javascript; charset=utf-8" } });
  // Own keys only: "__proto__" or "constructor" must be a 404, not an inherited value.
  const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
  if (!type) return Response.json({ detail: "Not found" }, { status: 404 });
  const body = await fs.readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
  return new Response(new Uint8Array(body), { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}
