// Types for method-not-allowed.mjs (plain JavaScript for scripts/web-server.mjs).
import type { ErrorMessage, LegacyError } from "@/lib/schemas/common";

export function apiFamily(pathname: string): "apiV1" | "legacy" | null;
export function methodNotAllowedBody(method: string, pathname: string, allow: string | null): ErrorMessage | LegacyError;
