/**
 * Once per run, before any file: the production build the page tests import (made only when its sources
 * changed: tests/support/site-build.ts), and the seeded template that integration files copy instead of
 * seeding their own databases — demo content at a quarter of the artwork size (tests/support/seed-template.ts).
 */
import type { TestProject } from "vitest/node";
import { runTempDir } from "../support/run-temp.ts";
import { seedTemplate } from "../support/seed-template.ts";
import { ensureSiteBuild } from "../support/site-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder of the seeded template (bakery.sqlite + uploads/). */
    seedTemplate: string;
  }
}

export const INTEGRATION_IMAGE_SCALE = 0.25;

export default async function setup(project: TestProject) {
  ensureSiteBuild();
  project.provide("seedTemplate", await seedTemplate("integration", { imageScale: INTEGRATION_IMAGE_SCALE }));
  // Last, so that only the tests' files go there (the template is cached, not temporary).
  return runTempDir("integration");
}
