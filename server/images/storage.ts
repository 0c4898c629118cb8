import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readFile, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where processed images live. Keys are relative POSIX paths such as
 * `products/2f9c…/w640.webp`; an implementation must refuse anything else.
 */
export interface ImageStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or `null` when there is no such key (or the key is invalid). */
  read(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Readiness (/healthz): resolves when the store can be written to now, throws the reason otherwise. */
  check(): Promise<void>;
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
    async put(key, data) {
      const full = resolveKey(key);
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
    },

    async read(key) {
      if (!isValidKey(key)) return null;
      try {
        return await readFile(resolveKey(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async check() {
      // A real write proves more than permissions: a full or read-only disk fails here.
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.health-${randomUUID()}.tmp`);
      try {
        await writeFile(probe, "ok");
      } finally {
        await rm(probe, { force: true });
      }
    },

    async remove(key) {
      const full = resolveKey(key);
      try {
        await unlink(full);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      // Prune the image's folder once it is empty (fails harmlessly otherwise).
      const dir = path.dirname(full);
      if (dir !== root) await rmdir(dir).catch(() => {});
    },
  };
}
