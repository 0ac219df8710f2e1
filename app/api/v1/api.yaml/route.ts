import { stringify } from "yaml";
import { buildOpenApiDocument } from "@/lib/openapi/document";

let cached: string | undefined;

// GET /api/v1/api.yaml: the OpenAPI 3.1.0 document (no key needed)
export function GET() {
  cached ??= stringify(buildOpenApiDocument(), { aliasDuplicateObjects: false });
  return new Response(cached, { headers: { "content-type": "application/yaml; charset=utf-8" } });
}
