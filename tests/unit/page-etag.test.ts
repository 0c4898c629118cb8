/**
 * A page's ETag (server/http/page-cache.ts `etagOf`) is its bytes' hash without its CSP nonce: the same content
 * rendered again, with another nonce, on this server or another, gets the same validator; other content does not.
 */
import { describe, expect, it } from "vitest";
import { etagOf } from "../../server/http/page-cache.ts";

const page = (html: string, nonce: string) => ({ body: new TextEncoder().encode(html), nonce });
const document = (nonce: string, title = "עוגות") =>
  `<html><head><script nonce="${nonce}">a</script></head><body><h1>${title}</h1><script nonce="${nonce}"></script></body></html>`;

describe("a page's ETag", () => {
  it("is the same for the same page with another nonce, wherever the nonce appears", () => {
    expect(etagOf(page(document("AAAA1111"), "AAAA1111"))).toBe(etagOf(page(document("ZZZZ9999"), "ZZZZ9999")));
  });

  it("differs when the content differs", () => {
    expect(etagOf(page(document("AAAA1111"), "AAAA1111"))).not.toBe(
      etagOf(page(document("AAAA1111", "חלות"), "AAAA1111")),
    );
  });

  it("is the hash of the bytes as they are when the page has no nonce, a weak validator", () => {
    const tag = etagOf(page("<p>שלום</p>", ""));
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(tag).not.toBe(etagOf(page("<p>שלום!</p>", "")));
  });

  it("reads a body that is a view into a larger buffer by its own bytes only", () => {
    const whole = new TextEncoder().encode(`xxxx${document("N1")}yyyy`);
    const view = whole.subarray(4, whole.length - 4);
    expect(etagOf({ body: view, nonce: "N1" })).toBe(etagOf(page(document("N2"), "N2")));
  });
});
