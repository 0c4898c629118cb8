/**
 * `npm test`: every check CI runs, side by side where they do not depend on each other, so the two cores stay
 * busy (docs/testing.md). The steps and what each waits for:
 *
 *   lint, typecheck                       at once
 *   build       (production build)        at once
 *   templates   (integration template)    at once
 *   unit        (pure code)               at once
 *   integration                           after build and templates (draws the e2e template meanwhile)
 *   e2e                                   after unit and integration
 *   cluster     (only under CI=true)      after e2e
 *
 * The build and the integration template are the ones the suites' global setups would otherwise make (they find
 * them cached); made here once, beside lint and typecheck, neither suite makes them. The suites with servers run
 * one after the other: side by side under CI's load they ran into their time limits.
 * Each step's output is printed as it comes, every line prefixed with the step's name; a summary of every
 * step's result and time follows. Any step that fails (or never runs because a step it waits for failed)
 * fails `npm test` with exit code 1. Ctrl-C or SIGTERM stops every step's process group (servers and Chromium too).
 * The steps' TMPDIR is a folder of this run, removed at its end, so not even a killed step leaves files in /tmp.
 *
 * `node scripts/test.ts --step=build|templates` runs one preparation step in this process (used by the steps).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

interface Step {
  name: string;
  command: string;
  args: string[];
  after: string[];
}

const node = process.execPath;
const vitest = "node_modules/vitest/vitest.mjs";
const self = "scripts/test.ts";

const STEPS: Step[] = [
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"], after: [] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"], after: [] },
  { name: "build", command: node, args: [self, "--step=build"], after: [] },
  { name: "templates", command: node, args: [self, "--step=templates"], after: [] },
  // Pure code: needs neither the build nor a template.
  { name: "unit", command: node, args: [vitest, "run", "--project", "unit"], after: [] },
  {
    name: "integration",
    command: node,
    args: [vitest, "run", "--project", "integration"],
    after: ["build", "templates"],
  },
  // e2e after integration, not beside it: side by side under CI's load (stress-ng on one of the two cores),
  // admin e2e tests ran into their 60 s limits (26 Nov, 04:48).
  { name: "e2e", command: node, args: [vitest, "run", "--project", "e2e"], after: ["unit", "integration"] },
  ...(process.env.CI === "true"
    ? [{ name: "cluster", command: node, args: [vitest, "run", "--project", "cluster"], after: ["e2e"] }]
    : []),
];

async function runStep(name: string): Promise<void> {
  if (name === "build") {
    const { ensureSiteBuild } = await import("../tests/support/site-build.ts");
    ensureSiteBuild();
  } else if (name === "templates") {
    // The integration template only: the integration suite's global setup draws the e2e template (full-size
    // artwork) in the background while its files run, so the suite starts as soon as its own template is there.
    const { seedIntegrationTemplate } = await import("../tests/support/seed-template.ts");
    await seedIntegrationTemplate();
  } else {
    throw new Error(`unknown step ${name}`);
  }
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
}

const stepArg = process.argv.find((arg) => arg.startsWith("--step="));
if (stepArg) {
  await runStep(stepArg.slice("--step=".length));
} else {
  // The steps' temporary directory (TMPDIR): the suites' run folders (tests/support/run-temp.ts) land inside, and
  // it is removed at the end even when a step was killed before its teardown.
  const runTemp = mkdtempSync(path.join(tmpdir(), "bakery-npm-test-"));
  // Every step's process group, kept after its leader exits: a step's servers can outlive the step's own process.
  const groups = new Set<number>();
  const outcomes = new Map<string, Outcome | "skipped">();
  const started = performance.now();
  let stopping = false;

  const width = Math.max(...STEPS.map((s) => s.name.length));
  const prefix = (name: string) => `[${name}]`.padEnd(width + 3);
  const pipeLines = (name: string, stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => out.write(`${prefix(name)}${line}\n`));
  };

  function run(step: Step): Promise<Outcome> {
    const begun = performance.now();
    console.log(`${prefix(step.name)}▶ ${step.command === node ? "node" : step.command} ${step.args.join(" ")}`);
    // Its own process group, so a stop reaches the step's children (servers, Chromium) too.
    const child = spawn(step.command, step.args, {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, TMPDIR: runTemp },
    });
    if (child.pid) groups.add(child.pid);
    pipeLines(step.name, child.stdout!, process.stdout);
    pipeLines(step.name, child.stderr!, process.stderr);
    return new Promise((resolve) => {
      child.once("error", (error) => {
        console.error(`${prefix(step.name)}${error.message}`);
      });
      child.once("close", (code, signal) => {
        resolve({ code, signal, seconds: (performance.now() - begun) / 1000 });
      });
    });
  }

  const promises = new Map<string, Promise<boolean>>();
  function schedule(step: Step): Promise<boolean> {
    let promise = promises.get(step.name);
    if (promise) return promise;
    promise = (async () => {
      const ready = await Promise.all(step.after.map((name) => schedule(STEPS.find((s) => s.name === name)!)));
      if (stopping || ready.includes(false)) {
        outcomes.set(step.name, "skipped");
        return false;
      }
      const outcome = await run(step);
      outcomes.set(step.name, outcome);
      const ok = outcome.code === 0;
      console.log(
        `${prefix(step.name)}${ok ? "✓ passed" : "✗ FAILED"} in ${outcome.seconds.toFixed(1)} s${ok ? "" : ` (exit ${outcome.code ?? outcome.signal})`}`,
      );
      return ok;
    })();
    promises.set(step.name, promise);
    return promise;
  }

  const signalAll = (signal: NodeJS.Signals) => {
    for (const group of groups) {
      try {
        process.kill(-group, signal);
      } catch {
        // the whole group is gone
      }
    }
  };
  // Stopped: SIGTERM to every step's process group (its servers and Chromium too), SIGKILL to what is still
  // there 10 s later, or as soon as every step's own process has ended (what is left then is an orphan).
  let killTimer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    signalAll("SIGTERM");
    killTimer = setTimeout(() => signalAll("SIGKILL"), 10_000);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  const results = await Promise.all(STEPS.map(schedule));
  if (stopping) {
    clearTimeout(killTimer);
    signalAll("SIGKILL");
  }
  rmSync(runTemp, { recursive: true, force: true });
  const total = (performance.now() - started) / 1000;
  console.log("\nnpm test:");
  for (const step of STEPS) {
    const outcome = outcomes.get(step.name);
    const text =
      outcome === undefined || outcome === "skipped"
        ? "not run (a step it waits for failed)"
        : outcome.code === 0
          ? `passed   ${outcome.seconds.toFixed(1).padStart(6)} s`
          : `FAILED   ${outcome.seconds.toFixed(1).padStart(6)} s (exit ${outcome.code ?? outcome.signal})`;
    console.log(`  ${step.name.padEnd(width)}  ${text}`);
  }
  console.log(`  ${"total".padEnd(width)}  ${total.toFixed(1).padStart(15)} s`);
  process.exitCode = results.every(Boolean) && !stopping ? 0 : 1;
}
