import { defineConfig } from "vitest/config";

// Three suites: unit (pure code), integration (HTTP + a real database: SQLite always,
// PostgreSQL too when TEST_DATABASE_URL is set) and e2e (the production build in Chromium).
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
        },
      },
    ],
  },
});
