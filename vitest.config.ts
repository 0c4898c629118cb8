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
          // Pure code: the files share their workers' modules instead of a fresh process and imports each.
          isolate: false,
          maxWorkers: 2,
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
          // The production build (made when its sources changed) and the seeded demo content (cached) once per
          // run; files import the one and copy the other. Each file's temporary folders are removed after it.
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/support/cleanup.ts"],
          // The build is imported by Node as it is, not transformed again by Vitest in every file.
          server: { deps: { external: [/\/build\/server\//] } },
          // Two files at a time (Vitest's default on two cores is one): each file has its own database (a
          // SQLite file, a PostgreSQL schema), and while one waits for PostgreSQL or a child process the other
          // runs. A worker runs file after file with the modules it has loaded (the server, the production build)
          // instead of a fresh process importing them again for every file; files leave no global state behind
          // (fake timers are restored in the test, temporary folders removed by tests/support/cleanup.ts).
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // A poll waits for what a background worker or another server does; on a loaded machine that can take
          // seconds. Vitest's default (1 s) turned a busy CPU into failures; the limit is for a hang.
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          // The seasonal test serves the production build in-process (tests/support/build-server.ts): Node loads it.
          server: { deps: { external: [/\/build\/server\//] } },
          // Three files at a time, each on its worker's own server (the global setup starts one per worker) and
          // all in the run's one Chromium: while one file waits for the browser, the others' servers or test
          // code run. Vitest's default on a 2-core machine would be a single worker; three kept both cores
          // busier than two (docs/testing.md).
          maxWorkers: 3,
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
          globalSetup: ["tests/cluster/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
