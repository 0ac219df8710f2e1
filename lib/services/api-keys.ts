import { db } from "@/lib/db";
import { apiKeyPrefix, generateApiKeySecret, sha256 } from "@/lib/auth/crypto";
import { AppError, notFound } from "@/lib/errors";

export interface AuthenticatedTeam {
  teamId: string;
  apiKeyId: string | null;
  userId: string | null;
}

// lastUsedAt is written at most once a minute per key: a write on every request would serialise
// all API traffic on the SQLite writer lock.
const LAST_USED_RESOLUTION_MS = 60_000;

// Valid keys are remembered for a few seconds: API traffic comes in bursts from one script, and
// a database lookup per request would be most of a single-row prediction's time. A revoked key
// stops working at once in the process that revoked it, and within KEY_CACHE_MS in the others.
const KEY_CACHE_MS = 5_000;
const KEY_CACHE_SIZE = 1_000;
const keyCache: Map<string, { team: AuthenticatedTeam; expires: number }> = ((globalThis as { __apiKeyCache?: Map<string, { team: AuthenticatedTeam; expires: number }> }).__apiKeyCache ??= new Map());

/** The team that owns `secret`, or null for a missing, unknown or revoked key. */
export async function authenticateApiKey(secret: string | null | undefined): Promise<AuthenticatedTeam | null> {
  const trimmed = secret?.trim();
  if (!trimmed) return null;
  const hash = sha256(trimmed);
  const cached = keyCache.get(hash);
  if (cached && cached.expires > Date.now()) return { ...cached.team };
  keyCache.delete(hash);
  const team = await lookUpApiKey(hash);
  if (team) {
    keyCache.set(hash, { team, expires: Date.now() + KEY_CACHE_MS });
    if (keyCache.size > KEY_CACHE_SIZE) keyCache.delete(keyCache.keys().next().value as string);
  }
  return team ? { ...team } : null;
}

async function lookUpApiKey(hash: string): Promise<AuthenticatedTeam | null> {
  const key = await db.apiKey.findUnique({
    where: { hash },
    select: { id: true, teamId: true, revokedAt: true, lastUsedAt: true },
  });
  if (!key || key.revokedAt) return null;
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } }).catch(() => undefined);
  }
  return { teamId: key.teamId, apiKeyId: key.id, userId: null };
}

export async function createApiKey(options: { teamId: string; name: string; secret?: string }) {
  const secret = options.secret ?? generateApiKeySecret();
  const name = options.name.trim() || "API key";
  if (name.length > 100) throw new AppError("bad_request", "The key name must be at most 100 characters.");
  const key = await db.apiKey.create({
    data: { teamId: options.teamId, name, prefix: apiKeyPrefix(secret), hash: sha256(secret) },
    select: { id: true, name: true, prefix: true, createdAt: true },
  });
  return { ...key, secret };
}

export function listApiKeys(teamId: string) {
  return db.apiKey.findMany({
    where: { teamId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

export async function revokeApiKey(options: { teamId: string; keyId: string }) {
  const key = await db.apiKey.findFirst({ where: { id: options.keyId, teamId: options.teamId }, select: { id: true, revokedAt: true } });
  if (!key) throw notFound("API key");
  if (!key.revokedAt) await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  for (const [hash, entry] of keyCache) if (entry.team.apiKeyId === key.id) keyCache.delete(hash);
}
