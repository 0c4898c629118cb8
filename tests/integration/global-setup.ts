/**
 * Builds (or finds cached) the seeded template that integration files copy instead of seeding their own
 * databases: demo content at a quarter of the artwork size. See tests/support/seed-template.ts.
 */
import type { TestProject } from "vitest/node";
import { seedTemplate } from "../support/seed-template.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder of the seeded template (bakery.sqlite + uploads/). */
    seedTemplate: string;
  }
}

export const INTEGRATION_IMAGE_SCALE = 0.25;

export default async function setup(project: TestProject) {
  project.provide("seedTemplate", await seedTemplate("integration", { imageScale: INTEGRATION_IMAGE_SCALE }));
}
