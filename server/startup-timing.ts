/**
 * Start-up phases for the "listening" log line (issue 31: cold start to first byte). Each mark is the time since
 * the process started (`performance.now()` counts from the process's time origin), so the phases of
 * scripts/start.ts, the module graph, bootstrap and the build import add up to the `listening` line's figures.
 * scripts/bench-cold-start.ts prints them.
 */
const marks: Record<string, number> = {};

/** Records that a phase ended now (first mark of a name wins). */
export function markStartup(phase: string): void {
  marks[phase] ??= Math.round(performance.now());
}

/** The marks so far, in milliseconds since the process started. */
export function startupMarks(): Record<string, number> {
  return { ...marks };
}
