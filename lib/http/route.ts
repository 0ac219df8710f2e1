// Route wrappers: each owns authentication, input validation and error mapping for one API family,
// so route handlers stay a few lines long.
import type { z } from "zod";
import { ensureDbReady } from "@/lib/db";
import { AppError, validationError, type ValidationIssue } from "@/lib/errors";
import { authenticateApiKey, type AuthenticatedTeam } from "@/lib/services/api-keys";
import { getSession, hasTeam, type SessionInfo, type TeamSessionInfo } from "@/lib/services/accounts";
import { formParams, readBody, type ParsedBody } from "./body";
import { apiV1ErrorResponse, legacyErrorResponse } from "./errors";
import { RequestTimer } from "./server-timing";
import { CSRF_HEADER, readSessionToken } from "./session-cookie";
import { assertNoNul } from "./nul-check";
import { toValidationIssues } from "./zod-issues";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

/** A response whose JSON body was already written as text (large payloads built without objects). */
export function jsonTextResponse(text: string, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.set("content-type", "application/json");
  return new Response(text, { ...init, headers });
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function userFromSession(request: Request): Promise<SessionInfo | null> {
  const session = await getSession(readSessionToken(request));
  if (!session) return null;
  if (MUTATING.has(request.method) && request.headers.get(CSRF_HEADER) !== "1") {
    throw new AppError("forbidden", `Cookie-authenticated writes need the ${CSRF_HEADER} header.`);
  }
  return session;
}

async function teamFromSession(request: Request): Promise<(AuthenticatedTeam & { session: TeamSessionInfo }) | null> {
  const session = await userFromSession(request);
  if (!session) return null;
  // A password an owner or admin chose opens nothing but the password change.
  if (session.mustChangePassword) throw new AppError("forbidden", "Choose your own password first (/account).");
  if (!hasTeam(session)) throw new AppError("forbidden", "You belong to no team: accept an invitation or create a team first (/account).");
  return { teamId: session.teamId, apiKeyId: null, userId: session.userId, session };
}

function parseWith<S extends z.ZodType>(schema: S, input: unknown, where: "body" | "query" | "path"): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(toValidationIssues(result.error, where, input));
  return result.data;
}

async function stringParams(context: RouteContext): Promise<Record<string, string>> {
  const raw = (await context.params) ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
  assertNoNul(params, "path");
  return params;
}

export interface ApiV1Context<B, Q> {
  request: Request;
  team: AuthenticatedTeam;
  body: B;
  query: Q;
  params: Record<string, string>;
}

/** `/api/v1` routes: key in X-API-Key (any case, trimmed), or the web app's session cookie. */
export function apiV1Route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: { body?: B; query?: Q; auth?: "required" | "none" },
  handler: (ctx: ApiV1Context<B extends z.ZodType ? z.infer<B> : undefined, Q extends z.ZodType ? z.infer<Q> : Record<string, string>>) => Promise<Response>,
): Handler {
  return async (request, context) => {
    const timer = new RequestTimer();
    try {
      await ensureDbReady();
      let team: AuthenticatedTeam = { teamId: "", apiKeyId: null, userId: null };
      if (options.auth !== "none") {
        const headerKey = request.headers.get("x-api-key");
        const byKey = headerKey ? await authenticateApiKey(headerKey) : null;
        const resolved = byKey ?? (headerKey ? null : await teamFromSession(request));
        if (!resolved) {
          throw new AppError(
            "unauthorized",
            headerKey ? "Invalid API key. Create one on the team settings page (/team-settings)." : "Missing API key: send it in the X-API-Key header.",
          );
        }
        team = resolved;
        timer.mark("auth");
      }
      const url = new URL(request.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      assertNoNul(rawQuery, "query");
      const query = options.query ? parseWith(options.query, rawQuery, "query") : rawQuery;
      let body: unknown = undefined;
      if (options.body) {
        const parsed = await readBody(request);
        const value = parsed.kind === "none" ? undefined : parsed.value;
        if (value === undefined) {
          throw validationError([{ loc: ["body"], msg: "Field required: send a JSON object body.", type: "missing" }]);
        }
        body = parseWith(options.body, value, "body");
        timer.mark("body");
      }
      const params = await stringParams(context);
      const response = await handler({ request, team, body: body as never, query: query as never, params });
      timer.mark("handler");
      return timer.apply(response);
    } catch (error) {
      return timer.apply(apiV1ErrorResponse(error, request));
    }
  };
}

export interface LegacyContext<P> {
  request: Request;
  team: AuthenticatedTeam;
  /** Query string and body parameters merged (body wins), validated by the route's schema. */
  params: P;
}

function pathText(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}

/**
 * Legacy errors are one message: the readers in lib/schemas/legacy-params.ts write complete
 * sentences naming the parameter; a message that does not name it (zod's defaults) gets the
 * parameter's path in front.
 */
export function legacyIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const first = issue.path[0];
    const named = issue.code === "custom" || first === undefined || issue.message.includes(String(first));
    return {
      loc: ["params", ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
      msg: named ? issue.message : `${pathText(issue.path)}: ${issue.message}`,
      type: "value_error",
    };
  });
}

/** Legacy `/v1` routes: `api_key` in the query, a JSON or form body (urlencoded or multipart text fields), or an `api_key` header. */
export function legacyRoute<P extends z.ZodType>(options: { params: P }, handler: (ctx: LegacyContext<z.infer<P>>) => Promise<Response>): Handler {
  return async (request) => {
    const timer = new RequestTimer();
    try {
      await ensureDbReady();
      const url = new URL(request.url);
      const body = request.method === "GET" || request.method === "HEAD" ? ({ kind: "none" } as ParsedBody) : await readBody(request, { multipart: true });
      timer.mark("body");
      const query = formParams(url.searchParams);
      assertNoNul(query, "query");
      // Spread, not Object.assign: a "__proto__" key in a body stays a plain (ignored) parameter.
      let raw: Record<string, unknown> = query;
      if (body.kind === "form") raw = { ...raw, ...body.value };
      if (body.kind === "json") {
        if (body.value === null || typeof body.value !== "object" || Array.isArray(body.value)) {
          throw new AppError("bad_request", 'The request body must be a JSON object, for example {"rows": [...]}.');
        }
        raw = { ...raw, ...(body.value as Record<string, unknown>) };
      }
      // A key sent twice alike (in the URL a client was given and again as a parameter) is one key.
      if (Array.isArray(raw.api_key) && new Set(raw.api_key).size === 1) raw.api_key = raw.api_key[0];
      // X-API-Key too: clients of /api/v1 send their key that way to the legacy routes as well.
      const rawKey = raw.api_key ?? request.headers.get("api_key") ?? request.headers.get("api-key") ?? request.headers.get("x-api-key") ?? undefined;
      let team = typeof rawKey === "string" ? await authenticateApiKey(rawKey) : null;
      // No key at all: the web app's session cookie (a wrong key never falls back to the cookie).
      if (!team && rawKey === undefined) team = await teamFromSession(request);
      if (!team) throw new AppError("unauthorized", "missing or invalid API key");
      timer.mark("auth");
      delete raw.api_key;
      const parsed = options.params.safeParse(raw);
      if (!parsed.success) throw validationError(legacyIssues(parsed.error));
      const response = await handler({ request, team, params: parsed.data });
      timer.mark("handler");
      return timer.apply(response);
    } catch (error) {
      return timer.apply(legacyErrorResponse(error, request));
    }
  };
}

export interface SessionContext<B> {
  request: Request;
  session: TeamSessionInfo;
  body: B;
  params: Record<string, string>;
}

/** Routes only the web app uses (keys, members, teams): a session acting for a team. */
export function sessionRoute<B extends z.ZodType | undefined = undefined>(
  options: { body?: B },
  handler: (ctx: SessionContext<B extends z.ZodType ? z.infer<B> : undefined>) => Promise<Response>,
): Handler {
  return async (request, context) => {
    try {
      await ensureDbReady();
      const resolved = await teamFromSession(request);
      if (!resolved) throw new AppError("unauthorized", "Sign in first.");
      let body: unknown = undefined;
      if (options.body) {
        const parsed = await readBody(request);
        body = parseWith(options.body, parsed.kind === "none" ? {} : parsed.value, "body");
      }
      return await handler({ request, session: resolved.session, body: body as never, params: await stringParams(context) });
    } catch (error) {
      return apiV1ErrorResponse(error, request);
    }
  };
}

export interface AccountContext<B> {
  request: Request;
  session: SessionInfo;
  /** The session cookie's token (to keep or end this very session). */
  token: string;
  body: B;
  params: Record<string, string>;
}

/** The signed-in person's own account (password, sessions, invitations, team switch): any session. */
export function accountRoute<B extends z.ZodType | undefined = undefined>(
  options: { body?: B },
  handler: (ctx: AccountContext<B extends z.ZodType ? z.infer<B> : undefined>) => Promise<Response>,
): Handler {
  return async (request, context) => {
    try {
      await ensureDbReady();
      const session = await userFromSession(request);
      if (!session) throw new AppError("unauthorized", "Sign in first.");
      let body: unknown = undefined;
      if (options.body) {
        const parsed = await readBody(request);
        body = parseWith(options.body, parsed.kind === "none" ? {} : parsed.value, "body");
      }
      const token = readSessionToken(request) ?? "";
      return await handler({ request, session, token, body: body as never, params: await stringParams(context) });
    } catch (error) {
      return apiV1ErrorResponse(error, request);
    }
  };
}

/** Public routes (sign-in, setup): validation and error mapping only. */
export function publicRoute<B extends z.ZodType>(options: { body: B }, handler: (ctx: { request: Request; body: z.infer<B> }) => Promise<Response>): Handler {
  return async (request) => {
    try {
      await ensureDbReady();
      if (request.headers.get(CSRF_HEADER) !== "1") throw new AppError("forbidden", `Send the ${CSRF_HEADER} header.`);
      const parsed = await readBody(request);
      const body = parseWith(options.body, parsed.kind === "none" ? {} : parsed.value, "body");
      return await handler({ request, body });
    } catch (error) {
      return apiV1ErrorResponse(error, request);
    }
  };
}
