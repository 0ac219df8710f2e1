// The browser's one way to call the server: same-origin cookies, the CSRF header every
// cookie-authenticated write needs, and the three error envelopes turned into one readable message.
// Same value as CSRF_HEADER in lib/http/session-cookie.ts, which is server-only (it reads the environment).
export const CSRF_HEADER = "x-tabula-csrf";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface ValidationIssue {
  loc?: (string | number)[];
  msg?: string;
}

/**
 * One 422 issue as a person reads it. The field path goes in front only where the message needs it:
 * not when the message already starts with the field's name ("name must not be empty"), and not when it
 * is a sentence written for people ("Enter a valid email address.") — a "Topic: detail" sentence
 * ("Duplicated timestamps: ...") keeps it, since the topic does not say which field it is about.
 */
function issueText(where: string, last: string, msg: string): string {
  if (!where) return msg;
  if (msg === "Field required") return `${where} is required.`;
  const namesField = msg.startsWith(`${where} `) || (last !== "" && msg.startsWith(`${last} `));
  const sentence = /^[A-Z]/.test(msg) && /[.!?]$/.test(msg) && !msg.includes(": ");
  return namesField || sentence ? msg : `${where}: ${msg}`;
}

/** A readable message from any of the server's error bodies: `{detail}` (string or 422 issues) or `{status: "error", message}`. */
export function describeErrorBody(body: unknown, status: number): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === "string") return record.detail;
    if (Array.isArray(record.detail)) {
      const parts = (record.detail as ValidationIssue[]).map((issue) => {
        // "body" / "query" prefixes mean nothing to a person filling a form.
        const path = (issue.loc ?? []).filter((p) => p !== "body" && p !== "query" && p !== "path");
        return issueText(path.join("."), String(path.at(-1) ?? ""), issue.msg ?? "invalid");
      });
      // Sentences follow each other; phrases are separated by semicolons.
      if (parts.length) return parts.reduce((text, part) => (/[.!?]$/.test(text) ? `${text} ${part}` : `${text}; ${part}`));
    }
    if (typeof record.message === "string") return record.message;
    if (typeof record.error === "string") return record.error;
  }
  if (status === 401) return "Your session has ended. Sign in again.";
  if (status === 404) return "Not found. It may have been deleted.";
  if (status >= 500) return `The server had a problem (HTTP ${status}). Try again in a moment.`;
  return `The request failed (HTTP ${status}).`;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { [CSRF_HEADER]: "1", accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("Cannot reach the server. Check your connection and try again.", 0);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  // The legacy /v1 API answers some errors with HTTP 200 and {status: "error"}.
  const legacyError = parsed && typeof parsed === "object" && (parsed as { status?: unknown }).status === "error";
  if (!response.ok || legacyError) {
    if (response.status === 401 && typeof window !== "undefined" && !path.startsWith("/api/auth/")) {
      // The session expired mid-use: send the person to sign in, then back here (query included).
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new ApiError(describeErrorBody(parsed, response.status), response.status);
  }
  return parsed as T;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The error a form shows: the API's field paths (`forecast.group_field`) replaced by the labels the
 * form shows for them (“Series field”), and midnight-UTC timestamps by their day, so a message
 * written for API callers reads right next to the form. Other errors pass through unchanged.
 */
export function withFormLabels(error: unknown, labels: Record<string, string>): unknown {
  if (!(error instanceof Error)) return error;
  let message = error.message;
  // Longest paths first, so `forecast.group_field` is not half-replaced by a shorter `forecast`.
  for (const path of Object.keys(labels).sort((a, b) => b.length - a.length)) {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    message = message.replace(new RegExp(`(^|; |[.!?] )${escaped}: `, "g"), `$1${labels[path]}: `);
    message = message.replace(new RegExp(`(^|[^\\w.])${escaped}(?!\\w|\\.\\w)`, "g"), `$1“${labels[path]}”`);
  }
  message = message.replace(/\b(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z\b/g, "$1");
  if (message === error.message) return error;
  if (error instanceof ApiError) return new ApiError(message, error.status);
  const relabelled = new Error(message);
  relabelled.name = error.name;
  return relabelled;
}
