/**
 * A TCP proxy the test owns, in front of the shared PostgreSQL: `cut()` drops every connection and stops
 * listening (what app servers see when PostgreSQL stops or fails over), `restore()` listens again on the
 * same port. The shared server on 5432 itself is never stopped. `slow(ms)` delays every answer by `ms` (a slow
 * store or database); `slow(Infinity)` holds every answer back (a peer that accepts connections and never
 * answers); `slow(0)` lets answers through again (held ones first).
 */
import net from "node:net";
import { freePort } from "./server-process.ts";

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  slow(ms: number): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, listening = true): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let delayMs = 0;
  /** Answers held back while `delayMs` is Infinity, in order. */
  const held: (() => void)[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    const deliver = (send: () => void) => {
      if (delayMs === 0 && held.length === 0) send();
      else if (delayMs === Number.POSITIVE_INFINITY) held.push(send);
      // Equal delays fire in order, so a connection's bytes stay in order.
      else setTimeout(send, delayMs);
    };
    upstream.on("data", (chunk: Buffer) => deliver(() => !client.destroyed && client.write(chunk)));
    upstream.on("end", () => deliver(() => client.end()));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  if (listening) await listen();
  const slow = (ms: number) => {
    delayMs = ms;
    if (ms !== Number.POSITIVE_INFINITY) for (const send of held.splice(0)) send();
  };
  return { port, cut: stop, restore: listen, slow, close: stop };
}
