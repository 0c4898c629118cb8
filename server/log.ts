/** One-line JSON logs on stdout: easy to read by eye and to ship to any log collector. */
export type LogLevel = "silent" | "info" | "debug";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel = "info"): Logger {
  const write = (lvl: string, message: string, fields?: Record<string, unknown>) => {
    if (level === "silent") return;
    if (lvl === "debug" && level !== "debug") return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: message, ...fields });
    if (lvl === "error" || lvl === "warn") process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    debug: (m, f) => write("debug", m, f),
  };
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
