/**
 * A TCP proxy the test owns, in front of the shared PostgreSQL: `cut()` drops every connection and stops
 * listening (what app servers see when PostgreSQL stops or fails over), `restore()` listens again on the
 * same port. The shared server on 5432 itself is never stopped.
 */
import net from "node:net";
import { freePort } from "./server-process.ts";

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, listening = true): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
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
    upstream.pipe(client);
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
  return { port, cut: stop, restore: listen, close: stop };
}
