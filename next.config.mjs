/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay out of the bundles and load from node_modules at run time.
  serverExternalPackages: ["@libsql/client", "libsql", "@prisma/adapter-libsql", "@prisma/adapter-pg", "pg", "playwright-core", "swagger-ui-dist"],
  poweredByHeader: false,
  // scripts/web-server.mjs compresses responses (gzip level 1); Next's own is fixed at level 6.
  compress: false,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
