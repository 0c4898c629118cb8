/**
 * Image storage settings (issue 15): S3_BUCKET turns the bucket on with its endpoint, region and path style;
 * IMAGES_PUBLIC_URL moves image URLs (and the pages' img-src) to a CDN; mistakes are named by variable; an
 * S3 failure is described by the setting to look at.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { contentSecurityPolicy } from "../../server/http/security-headers.ts";
import { describeS3Failure } from "../../server/images/s3-storage.ts";
import { toPicture } from "../../server/services/media.ts";

// A fixed secret: loadConfig would otherwise create one under DATA_DIR.
const BASE = { SESSION_SECRET: "x".repeat(40), DATA_DIR: "/tmp/unused-storage-config" };

describe("storage configuration", () => {
  it("stores images locally by default, under /uploads/", () => {
    const config = loadConfig(BASE);
    expect(config.s3).toBeUndefined();
    expect(config.imagesBaseUrl).toBe("/uploads/");
  });

  it("uses the bucket when S3_BUCKET is set, with us-east-1 and virtual-host style by default", () => {
    expect(loadConfig({ ...BASE, S3_BUCKET: "bakery-images" }).s3).toEqual({
      bucket: "bakery-images",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      writeDeadlineMs: 3_000,
    });
    expect(
      loadConfig({
        ...BASE,
        S3_BUCKET: "bakery-images",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_REGION: "eu-central-1",
        S3_FORCE_PATH_STYLE: "1",
        S3_WRITE_TIMEOUT_MS: "8000",
      }).s3,
    ).toEqual({
      bucket: "bakery-images",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      forcePathStyle: true,
      writeDeadlineMs: 8_000,
    });
  });

  it("names the variable of a bad setting", () => {
    expect(() => loadConfig({ ...BASE, S3_BUCKET: "Bad_Bucket" })).toThrow(
      /S3_BUCKET: S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ ...BASE, S3_BUCKET: "b1k", S3_ENDPOINT: "nope" })).toThrow(/S3_ENDPOINT: .*absolute URL/);
    expect(() => loadConfig({ ...BASE, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: must be set/);
    expect(() => loadConfig({ ...BASE, IMAGES_PUBLIC_URL: "cdn" })).toThrow(/IMAGES_PUBLIC_URL/);
  });

  it("points image URLs and the pages' img-src at IMAGES_PUBLIC_URL", () => {
    const config = loadConfig({ ...BASE, IMAGES_PUBLIC_URL: "https://cdn.bakery.example/img/" });
    expect(config.imagesBaseUrl).toBe("https://cdn.bakery.example/img/");
    const picture = toPicture(
      {
        id: 1,
        width: 640,
        height: 480,
        alt: "",
        variants: JSON.stringify([
          { format: "webp", width: 320, height: 240, key: "products/a/w320.webp" },
          { format: "jpeg", width: 640, height: 480, key: "products/a/w640.jpg" },
        ]),
      },
      config.imagesBaseUrl,
    );
    expect(picture.url).toBe("https://cdn.bakery.example/img/products/a/w640.jpg");
    expect(picture.sources[0]!.srcSet).toBe("https://cdn.bakery.example/img/products/a/w320.webp 320w");
    expect(contentSecurityPolicy("n", "https://cdn.bakery.example")).toContain(
      "img-src 'self' data: blob: https://cdn.bakery.example;",
    );
    expect(contentSecurityPolicy("n")).toContain("img-src 'self' data: blob:;");
  });

  it("describes an S3 failure by the setting to look at", () => {
    const options = { bucket: "b1", endpoint: "http://s3.local" };
    const failure = (name: string, status?: number, code?: string) =>
      Object.assign(new Error(name), { name, code, $metadata: { httpStatusCode: status } });
    expect(describeS3Failure(failure("NotFound", 404), options)).toMatch(/^S3_BUCKET: the bucket "b1" does not exist/);
    expect(describeS3Failure(failure("Forbidden", 403), options)).toMatch(
      /^AWS_ACCESS_KEY_ID \/ AWS_SECRET_ACCESS_KEY:/,
    );
    expect(describeS3Failure(failure("PermanentRedirect", 301), options)).toMatch(/^S3_REGION:/);
    expect(describeS3Failure(failure("Error", undefined, "ECONNREFUSED"), options)).toMatch(
      /^S3_ENDPOINT: cannot reach http:\/\/s3\.local \(ECONNREFUSED/,
    );
    expect(describeS3Failure(failure("CredentialsProviderError"), options)).toMatch(
      /^AWS_ACCESS_KEY_ID: no S3 credentials/,
    );
  });
});
