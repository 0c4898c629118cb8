/**
 * Password hashing with scrypt from node:crypto (no native add-on). The parameters are stored
 * with each hash, so they can be raised later without invalidating existing passwords.
 * Format: scrypt$N$r$p$salt(base64url)$hash(base64url)
 */
import { randomBytes, type ScryptOptions, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";

const KEY_LENGTH = 64;
/** log2 of scrypt's N for new hashes. Production keeps 15; PASSWORD_HASH_COST lowers it for tests only. */
export const DEFAULT_HASH_COST = 15;
export const MIN_HASH_COST = 10;
export const MAX_HASH_COST = 20;

/**
 * The parameters for new hashes. `PASSWORD_HASH_COST` (an integer 10–20, log2 of N) exists so the test
 * suites can hash cheaply; hashes made with any cost still verify, because each hash carries its own.
 */
export function hashParams(env: NodeJS.ProcessEnv = process.env): { N: number; r: number; p: number } {
  const raw = env.PASSWORD_HASH_COST;
  const cost = raw === undefined || raw === "" ? DEFAULT_HASH_COST : Number(raw);
  if (!Number.isInteger(cost) || cost < MIN_HASH_COST || cost > MAX_HASH_COST) {
    throw new Error(`PASSWORD_HASH_COST must be an integer from ${MIN_HASH_COST} to ${MAX_HASH_COST}`);
  }
  return { N: 2 ** cost, r: 8, p: 1 };
}

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function memoryFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = hashParams();
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: memoryFor(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isInteger(N) || !Number.isInteger(R) || !Number.isInteger(P)) return false;
  const expected = Buffer.from(hashText, "base64url");
  const key = await scrypt(password, Buffer.from(saltText, "base64url"), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: memoryFor(N, R),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the e-mail is unknown, so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return dummyHash;
}
