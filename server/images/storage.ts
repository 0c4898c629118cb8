import { randomUUID } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import { access, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

export interface StoredEntry {
  key: string;
  modifiedAt: number;
}

/** A stored file opened for sending: its size and a stream of its bytes (cancel it if unsent). */
export interface StoredObject {
  size: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * Where processed images live: a local folder (`createLocalStorage`) or an S3-compatible bucket
 * (`createS3Storage`, server/images/s3-storage.ts), chosen by configuration (`openImageStorage`).
 * Keys are relative POSIX paths such as `products/2f9c…/w640.webp`; an implementation must refuse
 * anything else. A failure of the store itself (unreachable, refusing) is a `StorageUnavailableError`.
 */
export interface ImageStorage {
  /** "local" or "s3": backups copy a local folder and leave a bucket to its own replication. */
  readonly kind: "local" | "s3";
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or `null` when there is no such key (or the key is invalid). */
  read(key: string): Promise<Buffer | null>;
  /** The stored file as a stream (serving without holding it in memory), or `null` when missing. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes the key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key (any order). */
  list(): AsyncIterable<string>;
  /** Every stored key with when it was written (ms since the epoch): the orphan sweep's ages. */
  entries(): AsyncIterable<StoredEntry>;
  /**
   * Removes what unfinished writes left behind (a process killed mid-write) and was last touched before
   * `before`; returns how many. A store whose writes are atomic (S3) has none.
   */
  removeTemporary(before: number): Promise<number>;
  /** Resolves when the store answers and takes writes; throws StorageUnavailableError otherwise. */
  check(): Promise<void>;
}

/** The store failed (unreachable, refused, out of space…): not the caller's fault, worth a 503. */
export class StorageUnavailableError extends Error {
  /** The system's reason when there is one (EROFS, ENOSPC…): what the log and /healthz name. */
  readonly code: string | undefined;
  /**
   * A setting is wrong (refused credentials, a missing bucket, another region): waiting will not help, so
   * start-up stops on it. Otherwise (unreachable, slow, a 5xx) the store may come back by itself.
   */
  readonly misconfigured: boolean;
  constructor(message: string, options?: ErrorOptions & { misconfigured?: boolean }) {
    super(message, options);
    this.name = "StorageUnavailableError";
    this.code = (options?.cause as NodeJS.ErrnoException | undefined)?.code;
    this.misconfigured = options?.misconfigured ?? false;
  }
}

// One or more segments of [A-Za-z0-9._-], none starting with a dot: this rules out
// "", ".", "..", hidden/temporary files, absolute paths, backslashes, NUL, "%", ":" …
const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}";
const KEY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,15}$`);

/** True when `key` is a safe relative POSIX key (no `..`, no leading `/`, no `\`). */
export function isValidKey(key: string): boolean {
  return typeof key === "string" && key.length <= 1024 && KEY_PATTERN.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "InvalidStorageKeyError";
  }
}

/** Keys are random per image and never rewritten with different bytes, so caching is forever. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/**
 * Content-Type for a stored key, from its extension. Only raster types are known;
 * anything else (including `.svg`) is `application/octet-stream`, which the
 * uploads route refuses to serve.
 */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf(".");
  const ext = dot >= 0 ? key.slice(dot + 1).toLowerCase() : "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** What `writeAtomically` and `check` leave when the process dies mid-write: `.<name>.<uuid>.tmp`, `.health-<uuid>.tmp`. */
const TEMPORARY_FILE = /^\..+\.tmp$/;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
}

/**
 * Stores files under `rootDir` (created on demand). Writes are atomic: the bytes go to a
 * hidden temp file in the same folder, then `rename` replaces the target, so a reader
 * never sees a half-written image.
 */
export function createLocalStorage(rootDir: string): ImageStorage {
  const root = path.resolve(rootDir);

  /** Anything but "not found" and a bad key is the store failing (permissions, read-only mount, disk full). */
  const unavailable = (action: string, key: string, error: unknown) =>
    error instanceof InvalidStorageKeyError
      ? error
      : new StorageUnavailableError(
          `Local image storage could not ${action} ${key}: ${(error as Error)?.message ?? error}`,
          { cause: error },
        );

  /** Every file under the root, keys and temporary files alike; none when the folder does not exist yet. */
  async function files(): Promise<{ key: string; full: string }[]> {
    let entries: Dirent[];
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw unavailable("list", ".", error);
    }
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return { full, key: path.relative(root, full).split(path.sep).join("/") };
      });
  }

  function resolveKey(key: string): string {
    if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
    const full = path.resolve(root, ...key.split("/"));
    // Belt and braces: the pattern already forbids escaping the root.
    if (!full.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async function writeAtomically(full: string, data: Buffer): Promise<void> {
    const dir = path.dirname(full);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(full)}.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, data, { flag: "wx" });
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
  }

  return {
    kind: "local",

    async put(key, data) {
      const full = resolveKey(key);
      try {
        try {
          await writeAtomically(full, data);
        } catch (error) {
          // The folder may have been pruned by a concurrent remove() between mkdir and
          // write; one retry recreates it.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
          await writeAtomically(full, data).catch(async (again: unknown) => {
            // mkdir -p on a read-only disk says ENOENT: throw the real reason (EROFS, EACCES) when there is one.
            throw await access(root, constants.W_OK).then(
              () => again,
              (cause: unknown) => cause,
            );
          });
        }
      } catch (error) {
        throw unavailable("write", key, error);
      }
    },

    async read(key) {
      if (!isValidKey(key)) return null;
      try {
        return await readFile(resolveKey(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable("read", key, error);
      }
    },

    async open(key) {
      if (!isValidKey(key)) return null;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(resolveKey(key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable("read", key, error);
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here: it closes it when done or cancelled.
        const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
        return { size: stat.size, body };
      } catch (error) {
        await handle.close().catch(() => {});
        throw unavailable("read", key, error);
      }
    },

    async remove(key) {
      const full = resolveKey(key);
      try {
        await unlink(full);
      } catch (error) {
        if (!isMissing(error)) throw unavailable("remove", key, error);
      }
      // Prune the image's folder once it is empty (fails harmlessly otherwise).
      const dir = path.dirname(full);
      if (dir !== root) await rmdir(dir).catch(() => {});
    },

    async *list() {
      for (const { key } of await files()) {
        // Temporary files of unfinished writes (".name.uuid.tmp") are not keys.
        if (isValidKey(key)) yield key;
      }
    },

    async *entries() {
      for (const { key, full } of await files()) {
        if (!isValidKey(key)) continue;
        const modifiedAt = await stat(full).then(
          (s) => s.mtimeMs,
          (error: unknown) => {
            if (isMissing(error)) return null; // removed meanwhile
            throw unavailable("read", key, error);
          },
        );
        if (modifiedAt !== null) yield { key, modifiedAt };
      }
    },

    async removeTemporary(before) {
      let removed = 0;
      for (const { key, full } of await files()) {
        if (isValidKey(key) || !TEMPORARY_FILE.test(path.basename(full))) continue;
        const old = await stat(full).then(
          (s) => s.mtimeMs < before,
          () => false,
        );
        if (!old) continue;
        await rm(full, { force: true }).catch((error: unknown) => {
          throw unavailable("remove", key, error);
        });
        removed++;
        // The image's folder goes with its last file (fails harmlessly otherwise).
        const dir = path.dirname(full);
        if (dir !== root) await rmdir(dir).catch(() => {});
      }
      return removed;
    },

    async check() {
      // A real write proves more than permissions (tests run as root): a full or read-only disk fails here.
      const probe = path.join(root, `.health-${randomUUID()}.tmp`);
      try {
        await mkdir(root, { recursive: true });
        await writeFile(probe, "ok");
      } catch (error) {
        throw unavailable("write to", root, error);
      } finally {
        await rm(probe, { force: true });
      }
    },
  };
}
