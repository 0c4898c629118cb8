import { describe, expect, it } from "vitest";
import { tagTone } from "../../app/lib/format.ts";
import { clubLink, subcategoryHref, whatsappLink } from "../../app/lib/links.ts";
import { pageTitle } from "../../app/lib/meta.ts";
import { MAX_ID, parseId } from "../../domain/ids.ts";
import { agorotToShekels, formatShekels, schemaPrice, shekelsToAgorot } from "../../domain/money.ts";

describe("money", () => {
  it("shows stored agorot as shekels: two decimals, none for a whole-shekel price (issue 29)", () => {
    const plain = (agorot: number) =>
      formatShekels(agorotToShekels(agorot))
        .replace(/[\u200e\u200f]/g, "")
        .replace(/\s/g, " ");
    expect(plain(1400)).toBe("14 ₪");
    expect(plain(1890)).toBe("18.90 ₪");
    expect(plain(1805)).toBe("18.05 ₪");
    expect(plain(22900)).toBe("229 ₪");
    expect(plain(0)).toBe("0 ₪");
  });

  it("converts shekels to agorot and back without floating-point drift", () => {
    expect(shekelsToAgorot(42.5)).toBe(4250);
    expect(shekelsToAgorot(0.1 + 0.2)).toBe(30);
    expect(shekelsToAgorot(19.99)).toBe(1999);
    expect(agorotToShekels(1999)).toBe(19.99);
    expect(schemaPrice(agorotToShekels(1800))).toBe("18.00");
  });
});

describe("tagTone", () => {
  it("maps the Hebrew colour words red, blue and orange, anything else is neutral", () => {
    expect(tagTone("אדום")).toBe("red");
    expect(tagTone(" כחול ")).toBe("blue");
    expect(tagTone("כתום")).toBe("orange");
    expect(tagTone("ירוק")).toBe("neutral");
    expect(tagTone("red")).toBe("neutral");
  });
});

describe("links", () => {
  it("leads the club button to the configured site, or to our own /club page when empty", () => {
    expect(clubLink("")).toEqual({ href: "/club", external: false });
    expect(clubLink("https://club.example.co.il")).toEqual({ href: "https://club.example.co.il", external: true });
  });
  it("filters the products grid by subcategory id", () => {
    expect(subcategoryHref(7)).toBe("/products?category=7");
  });
  it("builds the chat link from the digits of the number with the Hebrew greeting", () => {
    const url = new URL(whatsappLink("+972 50-123-4567"));
    expect(url.origin + url.pathname).toBe("https://wa.me/972501234567");
    expect(url.searchParams.get("text")).toMatch(/^שלום/);
  });
});

describe("page titles", () => {
  it("ends every title with the brand, or the default suffix", () => {
    expect(pageTitle("עוגות", "מאפיית שקד")).toBe("עוגות | מאפיית שקד");
    expect(pageTitle("עוגות", "")).toBe(pageTitle("עוגות"));
  });
});

describe("parseId", () => {
  it("accepts positive integers within the column range only", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ["0", "-1", "01", "1.5", "1e3", "abc", "", " 1", String(MAX_ID + 1), "99999999999", undefined]) {
      expect(parseId(bad), String(bad)).toBeNull();
    }
  });
});
