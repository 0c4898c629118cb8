/**
 * Image storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…) through the official SDK.
 * Same keys as the local folder; objects carry their Content-Type and the immutable Cache-Control, so a
 * CDN or public bucket (`IMAGES_PUBLIC_URL`) can serve them as they are. Credentials come from the SDK's
 * standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import {
  contentTypeForKey,
  IMMUTABLE_CACHE_CONTROL,
  type ImageStorage,
  InvalidStorageKeyError,
  isValidKey,
  StorageUnavailableError,
} from "./storage.ts";

export interface S3StorageOptions {
  bucket: string;
  /** For S3-compatible stores; AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Explicit credentials (tests); otherwise the SDK's standard chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Attempts per request (the SDK's retry with back-off); 3 by default. */
  maxAttempts?: number;
  /** A write or delete gives up after this many ms, retries included (WRITE_DEADLINE_MS by default). */
  writeDeadlineMs?: number;
}

/** How long to wait for a connection, and for a whole request, before calling the store unavailable. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * A write or delete, retries included, gives up after this by default (S3_WRITE_TIMEOUT_MS): an upload must
 * answer its 503 within 5 s when the store stops answering (an image's files are a few hundred kB: a store
 * that takes longer is as good as down for an upload). Reads stream their body: only their connection is
 * bounded.
 */
export const WRITE_DEADLINE_MS = 3_000;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** Refused credentials, a missing bucket, another region: a setting to fix, not a store to wait for. */
export function isS3Misconfiguration(error: unknown): boolean {
  const name = (error as Error | null)?.name ?? "";
  const status = statusOf(error);
  return (
    name === "CredentialsProviderError" ||
    status === 301 ||
    status === 401 ||
    status === 403 ||
    status === 404 ||
    /^(NoSuchBucket|NotFound|PermanentRedirect|AuthorizationHeaderMalformed)$/.test(name) ||
    /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden/.test(name)
  );
}

function isMissing(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || statusOf(error) === 404;
}

/**
 * One line naming the setting to look at, for the start-up error and the health check:
 * a missing bucket → S3_BUCKET, refused credentials → AWS_ACCESS_KEY_ID/…, no answer → S3_ENDPOINT.
 */
export function describeS3Failure(error: unknown, options: Pick<S3StorageOptions, "bucket" | "endpoint">): string {
  const where = options.endpoint ?? "AWS S3";
  const name = (error as Error | null)?.name ?? "Error";
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const status = statusOf(error);
  const detail = [status, name, code].filter(Boolean).join(" ");
  if (name === "CredentialsProviderError") {
    return "AWS_ACCESS_KEY_ID: no S3 credentials found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or another standard AWS credential source)";
  }
  if (status === 404 || name === "NoSuchBucket" || name === "NotFound") {
    return `S3_BUCKET: the bucket "${options.bucket}" does not exist at ${where} (${detail})`;
  }
  if (
    status === 401 ||
    status === 403 ||
    /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden/.test(name)
  ) {
    return `AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: ${where} refused the credentials for bucket "${options.bucket}" (${detail})`;
  }
  if (status === 301 || name === "PermanentRedirect" || name === "AuthorizationHeaderMalformed") {
    return `S3_REGION: the bucket "${options.bucket}" is in another region (${detail})`;
  }
  if (status !== undefined) {
    return `S3_ENDPOINT: ${where} answered ${detail} for bucket "${options.bucket}"`;
  }
  const message = (error as Error | null)?.message ?? String(error);
  return `S3_ENDPOINT: cannot reach ${where} (${code ?? name}: ${message})`;
}

export function createS3Storage(options: S3StorageOptions): ImageStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = options.bucket;
  const writeDeadlineMs = options.writeDeadlineMs ?? WRITE_DEADLINE_MS;
  /**
   * Sends a write with its deadline. The timer is cleared once the call is over: a signal that fired later
   * (AbortSignal.timeout) would destroy the finished request's socket, by then back in the keep-alive pool
   * and carrying another request.
   */
  async function withDeadline(send: (options: { abortSignal: AbortSignal }) => Promise<unknown>): Promise<void> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), writeDeadlineMs);
    try {
      await send({ abortSignal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  const unavailable = (action: string, key: string, error: unknown) =>
    new StorageUnavailableError(`S3 storage could not ${action} ${key}: ${describeS3Failure(error, options)}`, {
      cause: error,
    });

  function checkedKey(key: string): string {
    if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
    return key;
  }

  /** The stored object with its body; null for a key the store cannot hold or holds nothing under. */
  async function get(key: string) {
    if (!isValidKey(key)) return null;
    try {
      const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return response.Body ? { ...response, Body: response.Body } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable("read", key, error);
    }
  }

  /** Every valid key in the bucket with its LastModified, page by page. */
  async function* entries() {
    try {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isValidKey(object.Key)) {
            yield { key: object.Key, modifiedAt: object.LastModified?.getTime() ?? Date.now() };
          }
        }
      }
    } catch (error) {
      throw unavailable("list", `bucket ${Bucket}`, error);
    }
  }

  return {
    kind: "s3",

    async put(key, data) {
      try {
        await withDeadline((signal) =>
          client.send(
            new PutObjectCommand({
              Bucket,
              Key: checkedKey(key),
              Body: data,
              ContentType: contentTypeForKey(key),
              CacheControl: IMMUTABLE_CACHE_CONTROL,
            }),
            signal,
          ),
        );
      } catch (error) {
        if (error instanceof InvalidStorageKeyError) throw error;
        throw unavailable("write", key, error);
      }
    },

    async read(key) {
      const response = await get(key);
      if (!response) return null;
      try {
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        throw unavailable("read", key, error);
      }
    },

    async open(key) {
      const response = await get(key);
      if (!response) return null;
      return {
        size: response.ContentLength ?? 0,
        body: response.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      };
    },

    async remove(key) {
      try {
        await withDeadline((signal) => client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }), signal));
      } catch (error) {
        if (error instanceof InvalidStorageKeyError) throw error;
        if (!isMissing(error)) throw unavailable("remove", key, error);
      }
    },

    async *list() {
      for await (const { key } of entries()) yield key;
    },

    entries,

    // A PUT is atomic: a killed upload leaves no partial object behind.
    async removeTemporary() {
      return 0;
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new StorageUnavailableError(describeS3Failure(error, options), {
          cause: error,
          misconfigured: isS3Misconfiguration(error),
        });
      }
    },
  };
}
