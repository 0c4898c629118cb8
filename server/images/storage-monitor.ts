/**
 * What this server knows about its image storage, kept current in the background so that nobody waits on
 * the store to learn it: /healthz answers from it at once (a slow store must not make every readiness probe
 * slow or failing while pages work), and while the store is known to be down every image operation fails at
 * once with StorageUnavailableError (an upload is a Hebrew 503 in well under 5 s instead of waiting out the
 * SDK's connect timeouts and retries).
 *
 * The state is "unknown" until the first check, "ok", or "down" with the reason. It is checked every
 * `everyMs` while ok and every `downEveryMs` while down (once `start()` is called: the app server), and at
 * once whenever an operation fails on the store: the failure marks it down until a check says otherwise. A
 * check slower than `timeoutMs` counts as down; a slow check that answers in time is still "ok" (the store
 * is slow, not gone: uploads take longer but work). A change of state is logged once.
 */
import type { Logger } from "../log.ts";
import { type ImageStorage, StorageUnavailableError } from "./storage.ts";

export interface StorageState {
  status: "unknown" | "ok" | "down";
  /** The failure's message while down. */
  error?: unknown;
  /** When the state was last established (ms since the epoch); 0 before the first check. */
  checkedAt: number;
}

export interface StorageMonitorOptions {
  everyMs?: number;
  downEveryMs?: number;
  timeoutMs?: number;
  /** The store passed its check just now (start-up checked it): "ok" from the start instead of "unknown". */
  checked?: boolean;
}

export interface StorageMonitor {
  /** The storage every caller uses: the store itself, failing fast while it is known to be down. */
  readonly storage: ImageStorage;
  /** The last known state, without waiting (starts a check when it is due and no timer runs). */
  current(): StorageState;
  /** Checks now (one check at a time: a caller during a check shares it) and returns the new state. */
  check(): Promise<StorageState>;
  /** Checks on a timer from now on (unref'd: it never keeps the process alive). */
  start(): void;
  stop(): void;
}

const DEFAULTS = { everyMs: 15_000, downEveryMs: 2_000, timeoutMs: 10_000 } satisfies Required<
  Omit<StorageMonitorOptions, "checked">
>;

class CheckTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "CheckTimeoutError";
  }
}

export function createStorageMonitor(
  inner: ImageStorage,
  logger: Logger,
  options: StorageMonitorOptions = {},
): StorageMonitor {
  const { everyMs, downEveryMs, timeoutMs } = { ...DEFAULTS, ...options };
  let state: StorageState = options.checked
    ? { status: "ok", checkedAt: Date.now() }
    : { status: "unknown", checkedAt: 0 };
  let inFlight: Promise<StorageState> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

  function settle(next: StorageState) {
    if (next.status !== state.status) {
      if (next.status === "down") logger.error("image storage unavailable", { error: describe(next.error) });
      else if (state.status === "down") logger.info("image storage reachable again");
    }
    state = next;
    if (running) schedule();
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        void check();
      },
      state.status === "down" ? downEveryMs : everyMs,
    );
    timer.unref();
  }

  function check(): Promise<StorageState> {
    inFlight ??= (async () => {
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          inner.check(),
          new Promise<never>((_, reject) => {
            // After one more turn of the event loop: a loop blocked past the timeout (a busy start-up) has had
            // the chance to deliver the store's answer, so only a store that did not answer counts as down.
            timeout = setTimeout(() => setImmediate(() => reject(new CheckTimeoutError(timeoutMs))), timeoutMs);
          }),
        ]);
        settle({ status: "ok", checkedAt: Date.now() });
      } catch (error) {
        settle({ status: "down", error, checkedAt: Date.now() });
      } finally {
        clearTimeout(timeout);
        inFlight = null;
      }
      return state;
    })();
    return inFlight;
  }

  /** A check when the state is older than its period, unless the timer takes care of it. */
  function refreshIfDue() {
    if (running || inFlight) return;
    const age = Date.now() - state.checkedAt;
    if (age >= (state.status === "down" ? downEveryMs : everyMs)) void check();
  }

  function failFast(action: string, key: string) {
    refreshIfDue();
    if (state.status !== "down") return;
    throw new StorageUnavailableError(
      `image storage is down (not trying to ${action} ${key}): ${describe(state.error)}`,
      {
        cause: state.error,
      },
    );
  }

  /** An operation that failed on the store: down from now until a check (started here) finds it back. */
  async function guarded<T>(action: string, key: string, operation: () => Promise<T>): Promise<T> {
    failFast(action, key);
    try {
      return await operation();
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        settle({ status: "down", error, checkedAt: Date.now() });
        void check();
      }
      throw error;
    }
  }

  const storage: ImageStorage = {
    kind: inner.kind,
    put: (key, data) => guarded("write", key, () => inner.put(key, data)),
    read: (key) => guarded("read", key, () => inner.read(key)),
    open: (key) => guarded("read", key, () => inner.open(key)),
    remove: (key) => guarded("remove", key, () => inner.remove(key)),
    list: () => inner.list(),
    entries: () => inner.entries(),
    removeTemporary: (before) => guarded("remove", "temporary files", () => inner.removeTemporary(before)),
    async check() {
      const result = await check();
      if (result.status === "down") throw result.error;
    },
  };

  return {
    storage,
    current() {
      refreshIfDue();
      return state;
    },
    check,
    start() {
      if (running) return;
      running = true;
      if (state.status === "unknown") void check();
      else schedule();
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
