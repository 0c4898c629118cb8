/**
 * Once per run, before any file: the production build the page tests import (made only when its sources
 * changed: tests/support/site-build.ts), and the seeded template that integration files copy instead of
 * seeding their own databases — demo content at a quarter of the artwork size (tests/support/seed-template.ts) —
 * and, with TEST_DATABASE_URL, the PostgreSQL template databases of the run (tests/support/database.ts). Also
 * starts building the e2e template in the background (see below).
 */
import type { TestProject } from "vitest/node";
import { findChromium } from "../support/browser.ts";
import { createPostgresTemplates, type PostgresTemplates } from "../support/database.ts";
import { runTempDir } from "../support/run-temp.ts";
import { seedE2eTemplate, seedIntegrationTemplate } from "../support/seed-template.ts";
import { ensureSiteBuild } from "../support/site-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder of the seeded template (bakery.sqlite + uploads/). */
    seedTemplate: string;
    /** With TEST_DATABASE_URL: the template databases each file's PostgreSQL database is copied from. */
    postgresTemplates: PostgresTemplates | null;
  }
}

export default async function setup(project: TestProject) {
  ensureSiteBuild();
  const template = await seedIntegrationTemplate();
  project.provide("seedTemplate", template);
  // PostgreSQL: a migrated and a seeded template database for this run (dropped at its end).
  const url = process.env.TEST_DATABASE_URL;
  const postgres = url ? await createPostgresTemplates(url, template) : undefined;
  project.provide("postgresTemplates", postgres?.templates ?? null);
  // The e2e template, for the e2e run that follows in `npm test` (cached, so e2e finds it built): drawn now, while
  // the files run and leave part of the CPU idle waiting for PostgreSQL and child processes, instead of before
  // the first e2e file. Only where e2e runs (Chromium), and a failure is left to the e2e setup to report.
  const e2eTemplate = findChromium() ? seedE2eTemplate().catch(() => undefined) : undefined;
  // Last, so that only the tests' files go there (the templates are cached, not temporary).
  const removeRunTemp = runTempDir("integration");
  return async () => {
    removeRunTemp();
    await postgres?.dispose();
    await e2eTemplate;
  };
}
