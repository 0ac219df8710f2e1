// Types for cors.mjs (plain JavaScript for scripts/web-server.mjs).
export type CorsOrigins = "*" | Set<string> | null;

export function parseCorsOrigins(value: string | undefined | null): { origins: CorsOrigins; error?: undefined } | { error: string; origins?: undefined };
export function allowedOrigin(origins: CorsOrigins, pathname: string, origin: string | undefined): string | null;
export function corsHeaders(
  origins: CorsOrigins,
  method: string,
  pathname: string,
  requestHeaders: Record<string, string | string[] | undefined>,
): { preflight: boolean; headers: Record<string, string> };
