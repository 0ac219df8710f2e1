/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay out of the bundles and load from node_modules at run time.
  // tsx: lib/ml's search-thread bootstrap registers it in worker threads (training runs in the worker
  // process, never in the web server; bundling it would pull in esbuild's native binary).
  serverExternalPackages: ["@libsql/client", "libsql", "@prisma/adapter-libsql", "@prisma/adapter-pg", "pg", "playwright-core", "swagger-ui-dist", "tsx"],
  poweredByHeader: false,
  // proxy.ts handles a trailing slash: API paths answer as without it (a 308 is not followed for a
  // POST by many HTTP clients), other paths get the same 308 Next would send.
  skipTrailingSlashRedirect: true,
  // scripts/web-server.mjs compresses responses (gzip level 1); Next's own is fixed at level 6.
  compress: false,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
  // Every response: no framing (clickjacking), no MIME sniffing, no full URLs in Referer. Pages also
  // get a nonce-based Content-Security-Policy from proxy.ts (lib/http/security-headers.ts).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      {
        // The API reference (Swagger UI from local files, its start script included): no inline scripts.
        source: "/api/v1/docs",
        headers: [
          {
            key: "Content-Security-Policy",
            value:
              "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
          },
        ],
      },
    ];
  },
};

export default nextConfig;
