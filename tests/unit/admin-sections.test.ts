/**
 * The admin section table (app/lib/admin-sections.ts): what the layout's middleware requires for a matched
 * route, and how the images screen finds its section from its route id.
 */
import { describe, expect, it } from "vitest";
import {
  ADMIN_SECTIONS,
  imagesRouteId,
  SECTION_LIST,
  sectionOfImagesRoute,
  subjectsOfPattern,
} from "../../app/lib/admin-sections.ts";
import routes from "../../app/routes.ts";

describe("admin section table", () => {
  it("requires the section's subject, plus Image on an images screen, and nothing outside a section", () => {
    expect(subjectsOfPattern("/admin/products")).toEqual(["Product"]);
    expect(subjectsOfPattern("admin/contact-requests")).toEqual(["ContactRequest"]);
    expect(subjectsOfPattern("/admin/branches/:id/images")).toEqual(["Branch", "Image"]);
    expect(subjectsOfPattern("/admin")).toBeUndefined();
    // A section's screen that needs one more subject: the pre-order settings are the admins'.
    expect(subjectsOfPattern("/admin/orders/sheet")).toEqual(["Order"]);
    expect(subjectsOfPattern("/admin/orders/settings")).toEqual(["Order", "PickupSettings"]);
    expect(subjectsOfPattern("/products")).toBeUndefined();
  });

  it("names each images route after its section, and reads the section back", () => {
    expect(imagesRouteId("publications")).toBe("admin-publications-images");
    expect(sectionOfImagesRoute("admin-sales-images")).toBe("sales");
    expect(sectionOfImagesRoute("admin-clients-images")).toBeUndefined();
    expect(sectionOfImagesRoute("routes/admin/images")).toBeUndefined();
  });

  it("has a route for every section and a section for every admin route", () => {
    const admin = routes.find((r) => r.path === "admin");
    const paths = (admin?.children ?? []).map((r) => r.path).filter(Boolean);
    // A screen of a section's own (products/import) is a route of its section's path, guarded as that section.
    expect([...new Set(paths.map((p) => p!.split("/")[0]))].sort()).toEqual(SECTION_LIST.map((s) => s.path).sort());
    for (const child of admin?.children ?? []) {
      const key = SECTION_LIST.find((s) => s.path === child.path)?.key;
      const images = (child.children ?? []).map((c) => c.id).filter((id) => id?.endsWith("-images"));
      expect(images, child.path).toEqual(key && "images" in ADMIN_SECTIONS[key] ? [`admin-${key}-images`] : []);
    }
  });
});
