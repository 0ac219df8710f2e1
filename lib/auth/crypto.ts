// Secrets: passwords hashed with scrypt (memory-hard, in Node's standard library), API keys and
// session tokens stored as SHA-256 hashes so a database leak reveals no usable credential.
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;

// N=2^15, r=8: 32 MiB per hash, ~60-100 ms on this class of machine.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A new API key secret: a recognisable prefix and 32 random bytes. */
export function generateApiKeySecret(): string {
  return `tbk_${randomBytes(24).toString("base64url")}`;
}

export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Longest visible part of a key: enough to tell keys apart, never enough to matter for guessing. */
export const API_KEY_PREFIX_MAX = 8;

/**
 * The part of a key shown in listings so people can tell keys apart: at most 8 characters and at
 * most a third of the secret (an operator's short INITIAL_API_KEY must not be mostly on screen).
 */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, Math.min(API_KEY_PREFIX_MAX, Math.floor(secret.length / 3)));
}

/** A first-run setup token: 144 random bits, easy to copy from a console. */
export function generateSetupToken(): string {
  return randomBytes(18).toString("base64url");
}

/** Constant-time comparison of two secrets of any length (hashed first, so lengths do not leak). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}
