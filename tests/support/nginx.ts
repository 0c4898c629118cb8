/**
 * deploy/nginx.conf run for real in front of app servers on this machine (only its ports and folders substituted):
 * the cluster test (tests/cluster/) and `npm run bench:rush -- --nginx` (scripts/bench-rush.ts).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { removeTempDir, tempDir } from "./temp.ts";

/** Debian's nginx (nginx-light), where it is installed. */
export function findNginx(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/** deploy/nginx.conf with this test's ports and folders; throws when a place to substitute is gone. */
function nginxConfig(options: { dir: string; listenPort: number; upstreams: [number, number] }): string {
  let config = readFileSync("deploy/nginx.conf", "utf8");
  const replace = (pattern: RegExp | string, by: string) => {
    const before = config;
    config = typeof pattern === "string" ? config.split(pattern).join(by) : config.replace(pattern, by);
    if (config === before) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update tests/support/nginx.ts`);
  };
  // As root, the workers would otherwise run as www-data and could not use this test's folders.
  replace(/^user [^;]+;$/m, process.getuid?.() === 0 ? "user root;" : "");
  replace(/^error_log [^;]+;$/m, `error_log ${options.dir}/error.log warn;`);
  replace(/access_log \/var\/log\/nginx\/access\.log/, `access_log ${options.dir}/access.log`);
  replace("/var/lib/nginx/", `${options.dir}/cache/`);
  replace("server 127.0.0.1:3001 ", `server 127.0.0.1:${options.upstreams[0]} `);
  replace("server 127.0.0.1:3002 ", `server 127.0.0.1:${options.upstreams[1]} `);
  replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.listenPort};`);
  // The compiled-in temporary folders (/var/lib/nginx/…) belong to the machine's own nginx.
  replace(
    /^http \{$/m,
    `http {\n${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
      .map((kind) => `  ${kind}_temp_path ${options.dir}/temp/${kind};`)
      .join("\n")}`,
  );
  return config;
}

export interface Nginx {
  baseURL: string;
  accessLog(): string[];
  errorLog(): string[];
  stop(): Promise<void>;
}

function logLines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

export async function startNginx(
  listenPort: number,
  upstreams: [number, number],
  nginxBinary = findNginx(),
): Promise<Nginx> {
  if (!nginxBinary) throw new Error("nginx is not installed (apt-get install nginx-light)");
  const dir = tempDir("bakery-nginx-");
  for (const sub of ["temp", "cache"]) mkdirSync(path.join(dir, sub));
  const file = path.join(dir, "nginx.conf");
  const args = ["-p", dir, "-c", file, "-g", `daemon off; pid ${dir}/nginx.pid;`];
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const baseURL = `http://127.0.0.1:${listenPort}`;
  try {
    writeFileSync(file, nginxConfig({ dir, listenPort, upstreams }));
    // `nginx -t` first: a configuration error is reported as such, not as a server that never answers.
    execFileSync(nginxBinary, ["-t", "-q", ...args], { stdio: ["ignore", "inherit", "inherit"] });
    const running = spawn(nginxBinary, args, { stdio: ["ignore", "inherit", "inherit"] });
    child = running;
    exited = new Promise((resolve) => running.once("exit", resolve));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (running.exitCode !== null) throw new Error(`nginx exited with code ${running.exitCode}`);
      try {
        await fetch(`${baseURL}/healthz`);
        break;
      } catch {
        if (Date.now() > deadline) throw new Error("nginx did not answer within 15 s");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    if (child?.exitCode === null) child.kill("SIGKILL");
    await exited;
    removeTempDir(dir);
    throw error;
  }
  const running = child;
  return {
    baseURL,
    accessLog: () => logLines(path.join(dir, "access.log")),
    errorLog: () => logLines(path.join(dir, "error.log")),
    async stop() {
      // SIGQUIT: a graceful stop (SIGTERM is nginx's fast one); either way the workers go with the master.
      if (running.exitCode === null) running.kill("SIGQUIT");
      await exited;
      removeTempDir(dir);
    },
  };
}
