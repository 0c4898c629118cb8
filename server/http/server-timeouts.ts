/**
 * Timeouts of the Node HTTP server (issue 14: silent and slow-header sockets were held 30–65 s and
 * one client could pile up thousands). Short enough that an idle or trickling connection is cut in
 * seconds, long enough for a slow phone uploading ten photos.
 */
import type { ServerOptions } from "node:http";

export interface ServerTimeouts {
  /** Time allowed to receive the complete request headers, from the first byte of the connection. */
  headersTimeoutMs: number;
  /** Time allowed to receive the whole request (headers and body); uploads need the most. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** How often Node checks connections against the header and request timeouts. */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
};

/** Options for `http.createServer` (through `serve({ serverOptions })`). */
export function serverOptions(timeouts: ServerTimeouts = SERVER_TIMEOUTS): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
}

/**
 * The listen backlog: connections the kernel completes and queues until the server accepts them. Node's default
 * (511) let bursts of 200–300 connections lose one or two to SYN retries (answered after ~20 s) while the thread
 * was busy; the kernel caps it at net.core.somaxconn (4096 on current kernels; docs/operations.md).
 */
export const LISTEN_BACKLOG = 4096;
