/**
 * A public page read whole is rendered in one synchronous pass (app/lib/render-whole.server.ts); a page that
 * would suspend is handed back (null) for the streaming renderer, which waits, instead of being sent with a
 * fallback in its place.
 */
import { createElement, Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderWholeAtOnce } from "../../app/lib/render-whole.server.ts";

function Price({ amount }: { amount: Promise<string> | string }) {
  return createElement("span", null, typeof amount === "string" ? amount : use(amount));
}

function Broken(): never {
  throw new Error("broken");
}

function page(amount: Promise<string> | string, boundary: boolean) {
  const price = createElement(Price, { amount });
  return createElement(
    "html",
    { lang: "he", dir: "rtl" },
    createElement("head", null, createElement("title", null, "חלה")),
    createElement(
      "body",
      null,
      createElement("h1", null, "חלה"),
      boundary ? createElement(Suspense, { fallback: createElement("span", null, "טוען") }, price) : price,
    ),
  );
}

describe("rendering a whole document at once", () => {
  it("renders a page that waits for nothing, text escaped", () => {
    const html = renderWholeAtOnce(page("18 ₪ <b>", false));
    expect(html).toBe(
      '<html lang="he" dir="rtl"><head><title>חלה</title></head><body><h1>חלה</h1><span>18 ₪ &lt;b&gt;</span></body></html>',
    );
  });

  it("hands back a page whose component suspends inside a Suspense boundary (not its fallback)", () => {
    expect(renderWholeAtOnce(page(new Promise<string>(() => {}), true))).toBeNull();
  });

  it("hands back a page whose component suspends outside any boundary", () => {
    expect(renderWholeAtOnce(page(new Promise<string>(() => {}), false))).toBeNull();
  });

  it("lets a render error through", () => {
    expect(() => renderWholeAtOnce(createElement(Broken))).toThrow("broken");
  });
});
