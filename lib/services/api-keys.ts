import { db } from "@/lib/db";
import { apiKeyPrefix, generateApiKeySecret, sha256 } from "@/lib/auth/crypto";
import { AppError, notFound } from "@/lib/errors";
import { broadcastRevocation, keyCachingAllowed, revocationGeneration } from "./key-revocations";
import { canManageKeys, requirePermission, type Role } from "./permissions";

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
// stops working at once: the revoking process evicts it, and other web processes (PostgreSQL
// deployments) hear of it through lib/services/key-revocations.ts and cache nothing while deaf.
const KEY_CACHE_MS = 5_000;
const KEY_CACHE_SIZE = 1_000;
type CacheEntry = { team: AuthenticatedTeam; expires: number };
const keyCache: Map<string, CacheEntry> = ((globalThis as { __apiKeyCache?: Map<string, CacheEntry> }).__apiKeyCache ??= new Map());

function evictKeys(keyIds: string[] | "all") {
  if (keyIds === "all") {
    keyCache.clear();
    return;
  }
  const ids = new Set(keyIds);
  for (const [hash, entry] of keyCache) if (entry.team.apiKeyId && ids.has(entry.team.apiKeyId)) keyCache.delete(hash);
}

/** The team that owns `secret`, or null for a missing, unknown or revoked key. */
export async function authenticateApiKey(secret: string | null | undefined): Promise<AuthenticatedTeam | null> {
  const trimmed = secret?.trim();
  if (!trimmed) return null;
  const hash = sha256(trimmed);
  const cacheAllowed = keyCachingAllowed(evictKeys);
  const cached = cacheAllowed ? keyCache.get(hash) : undefined;
  if (cached && cached.expires > Date.now()) return { ...cached.team };
  keyCache.delete(hash);
  const generation = revocationGeneration();
  const team = await lookUpApiKey(hash);
  // A revocation seen while the lookup ran may concern this key: do not remember the answer.
  if (team && cacheAllowed && generation === revocationGeneration()) {
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

/** Low level (tests, INITIAL_API_KEY): no permission check. Routes use createTeamApiKey. */
export async function createApiKey(options: { teamId: string; name: string; secret?: string; createdById?: string | null }) {
  const secret = options.secret ?? generateApiKeySecret();
  const name = options.name.trim() || "API key";
  if (name.length > 100) throw new AppError("bad_request", "The key name must be at most 100 characters.");
  const key = await db.apiKey.create({
    data: { teamId: options.teamId, name, prefix: apiKeyPrefix(secret), hash: sha256(secret), createdById: options.createdById ?? null },
    select: { id: true, name: true, prefix: true, createdAt: true },
  });
  return { ...key, secret };
}

/** A key made in the web app: owners and admins only; it records who made it. */
export async function createTeamApiKey(options: { teamId: string; actor: { userId: string; role: Role }; name: string }) {
  requirePermission(canManageKeys(options.actor.role), "Only owners and admins can create API keys.");
  return createApiKey({ teamId: options.teamId, name: options.name, createdById: options.actor.userId });
}

/** Every member sees the list (never a secret: only its hash is stored). */
export async function listApiKeys(teamId: string) {
  const keys = await db.apiKey.findMany({
    where: { teamId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true, createdById: true },
  });
  const creatorIds = [...new Set(keys.map((k) => k.createdById).filter((id): id is string => id !== null))];
  const creators = creatorIds.length ? await db.user.findMany({ where: { id: { in: creatorIds } }, select: { id: true, email: true, name: true } }) : [];
  const byId = new Map(creators.map((u) => [u.id, u]));
  return keys.map(({ createdById, ...key }) => ({ ...key, createdBy: createdById ? (byId.get(createdById) ?? null) : null }));
}

/** Low level: revoke without a permission check (used after the caller checked, and by tests). */
export async function revokeApiKey(options: { teamId: string; keyId: string }) {
  const key = await db.apiKey.findFirst({ where: { id: options.keyId, teamId: options.teamId }, select: { id: true, revokedAt: true } });
  if (!key) throw notFound("API key");
  if (!key.revokedAt) await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
  await announceRevokedKeys([key.id]);
}

/** After keys were revoked in the database: forget them here and tell the other web processes. */
export async function announceRevokedKeys(keyIds: string[]) {
  evictKeys(keyIds);
  await broadcastRevocation(keyIds);
}

export async function revokeTeamApiKey(options: { teamId: string; actorRole: Role; keyId: string }) {
  requirePermission(canManageKeys(options.actorRole), "Only owners and admins can revoke API keys.");
  await revokeApiKey(options);
}
