/**
 * Connection timeouts of the Node server (issue 14): a client that trickles its headers, or
 * connects and says nothing, or keeps an idle keep-alive connection, is cut by the server. The
 * server is started exactly as server/main.ts starts it, with shorter timeouts so the test is quick.
 */
import { connect, type Socket } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_TIMEOUTS, serverOptions } from "../../server/http/server-timeouts.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const SHORT = { headersTimeoutMs: 800, requestTimeoutMs: 3_000, keepAliveTimeoutMs: 500, checkIntervalMs: 100 };

/** Resolves with what the server sent once it closes the connection. */
function closed(socket: Socket): Promise<{ received: string; byServer: boolean }> {
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  return new Promise((resolve) => {
    socket.on("end", () => resolve({ received, byServer: true }));
    socket.on("close", () => resolve({ received, byServer: true }));
    socket.on("error", () => resolve({ received, byServer: true }));
  });
}

for (const factory of testDatabases()) {
  describe(`server timeouts on ${factory.name}`, () => {
    const env = suiteApp(factory);
    let server: ServerType;
    let port: number;

    beforeAll(async () => {
      await new Promise<void>((resolve) => {
        server = serve(
          { fetch: env.t.app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: serverOptions(SHORT) },
          (info) => {
            port = info.port;
            resolve();
          },
        );
      });
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it("keeps the production timeouts short (headers 10 s, keep-alive 5 s)", () => {
      expect(SERVER_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
      expect(SERVER_TIMEOUTS.keepAliveTimeoutMs).toBeLessThanOrEqual(5_000);
      expect(SERVER_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(120_000);
    });

    it("cuts a client that sends its headers slowly and never finishes them", async () => {
      const socket = connect(port, "127.0.0.1");
      const done = closed(socket);
      socket.write("GET /api/categories HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
      // One more byte of the header's value every 100 ms, for as long as the server lets it (never the end).
      const drip = setInterval(() => {
        if (socket.writable) socket.write("a");
      }, 100);
      try {
        const { received } = await done;
        expect(received === "" || received.startsWith("HTTP/1.1 408")).toBe(true);
        expect(socket.destroyed || socket.readableEnded).toBe(true);
      } finally {
        clearInterval(drip);
        socket.destroy();
      }
    });

    it("cuts a client that connects and says nothing", async () => {
      const socket = connect(port, "127.0.0.1");
      const { received } = await closed(socket);
      expect(received === "" || received.startsWith("HTTP/1.1 408")).toBe(true);
      socket.destroy();
    });

    it("closes an idle keep-alive connection after a request was answered", async () => {
      const socket = connect(port, "127.0.0.1");
      const done = closed(socket);
      socket.write("GET /api/categories HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
      const { received } = await done;
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      socket.destroy();
    });

    it("still answers an ordinary request", async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/categories`);
      expect(res.status).toBe(200);
    });
  });
}
