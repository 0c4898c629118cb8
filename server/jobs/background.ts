/** The worker of this app's background work: every job kind and its handler. */
import { isPersonalEntity } from "../../domain/entities.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { createJobQueue } from "../db/jobs.ts";
import type { Logger } from "../log.ts";
import { TRASH_DAYS, TRASH_PURGE_JOB } from "../services/admin/trash.ts";
import { AVIF_JOB } from "../services/images.ts";
import type { Services } from "../services/index.ts";
import { ORDER_MAIL_JOB } from "../services/preorders.ts";
import { createJobWorker, type WorkerOptions } from "./worker.ts";

/**
 * `avif`: AVIF variants of images; `trash`: deleting trash entries for good once their 30 days are over; `mail`:
 * the outbox of pre-order e-mails (server/services/order-mail.ts).
 */
export type BackgroundKind = "avif" | "trash" | "mail";

export function createBackgroundWorker(
  database: DatabaseHandle,
  services: Services,
  logger: Logger,
  options: Omit<WorkerOptions, "queue" | "handlers" | "logger"> & {
    /**
     * The kinds this worker runs; AVIF only by default (scripts and tests that run it until idle: a purge is
     * due only 30 days on). The app server runs both, or only the purge with AVIF_BACKFILL=0.
     */
    kinds?: readonly BackgroundKind[];
    /** The queue's clock (tests move it past the 30 days). */
    clock?: () => number;
    /** Told the cache tag of the pages a finished item changed (an image's owner, once it has AVIF variants). */
    onPagesChanged?: (tag: string) => void;
  } = {},
) {
  const { kinds = ["avif"], clock, onPagesChanged: _, ...workerOptions } = options;
  // In priority order (the queue claims an earlier kind's due item first): a customer waits for an order's e-mail;
  // nobody waits for an AVIF variant (the page serves WebP meanwhile) or a purge.
  const handlers: WorkerOptions["handlers"] = {};
  if (kinds.includes("mail")) {
    handlers[ORDER_MAIL_JOB] = async (job) => {
      const outcome = await services.orderMail.send(job.key);
      logger.info("order e-mail", { job: job.id, key: job.key, outcome });
    };
  }
  if (kinds.includes("avif")) {
    handlers[AVIF_JOB] = async (job, signal, finish) => {
      const tag = await services.images.encodeAvif(Number(job.key), signal, finish);
      if (tag) options.onPagesChanged?.(tag);
    };
  }
  if (kinds.includes("trash")) {
    handlers[TRASH_PURGE_JOB] = async (job) => {
      const ref = await services.admin.trash.purgeDue(Number(job.key), clock ? new Date(clock()) : undefined);
      if (!ref) return;
      logger.info("trash entry purged", { trash: ref.id, type: ref.type, id: ref.entityId });
      // The audit log records it as the system's (no user), like a delete for good by hand.
      await services.audit
        .record({
          user: null,
          action: "purge",
          entityType: ref.type,
          entityId: ref.entityId,
          label: isPersonalEntity(ref.type) ? null : ref.label,
          changes: [
            { field: "trash", to: ref.id },
            { field: "reason", to: heAdmin.trash.expired(TRASH_DAYS) },
          ],
          address: "",
        })
        .catch((error: unknown) => logger.warn("audit entry not recorded", { trash: ref.id, error: String(error) }));
    };
  }
  return createJobWorker({
    ...workerOptions,
    queue: createJobQueue(database, clock),
    logger,
    handlers,
  });
}
