// GET /api/v1/docs: interactive API reference (Swagger UI served from local assets, no CDN)
export function GET() {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tabula API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/assets/init.js"></script>
</body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
