/** The worker of this app's background work: every job kind and its handler. */
import type { DatabaseHandle } from "../db/database.ts";
import { createJobQueue } from "../db/jobs.ts";
import type { Logger } from "../log.ts";
import { AVIF_JOB } from "../services/images.ts";
import type { Services } from "../services/index.ts";
import { createJobWorker, type WorkerOptions } from "./worker.ts";

export function createBackgroundWorker(
  database: DatabaseHandle,
  services: Services,
  logger: Logger,
  options: Omit<WorkerOptions, "queue" | "handlers" | "logger"> = {},
) {
  return createJobWorker({
    ...options,
    queue: createJobQueue(database),
    logger,
    handlers: {
      [AVIF_JOB]: (job, signal) => services.images.encodeAvif(Number(job.key), signal),
    },
  });
}
