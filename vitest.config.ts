import { defineConfig } from "vitest/config";

// Four suites: unit (pure code), integration (HTTP + a real database: SQLite always,
// PostgreSQL too when TEST_DATABASE_URL is set), e2e (the production build in Chromium) and cluster (two
// production servers behind nginx on PostgreSQL and an S3-compatible store; run by `npm test` under CI=true).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Some unit tests encode images (sharp); a timeout is for a hang, not for a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Cheap scrypt for the many test logins (each hash keeps its own parameters; see docs/security.md).
          env: { PASSWORD_HASH_COST: "10" },
          // Seeds the demo content once (cached); files copy it. Each file's folders and page build are freed after it.
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/support/cleanup.ts"],
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // One server and one browser for the whole suite; files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A browser under a loaded CPU can take seconds to show a change; a poll gives up only after
          // Playwright's own action timeout (the default 1 s was the cause of failures under load).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          // Two app servers from the production build behind nginx (docs/deploy.md); `npm run test:cluster`.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
