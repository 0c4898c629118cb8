/**
 * The outbox's sender for pre-order e-mails (issue 28): an item of the `jobs` queue (kind `order-mail`, key
 * `<order id>:confirmation|ready`, or `<order id>:moved:<version>` for each move of the pickup time) is written in
 * the same transaction as what it announces, and the background worker calls `send` after the commit. A failed
 * send is retried by the worker with back-off and never touches the order. A process killed after the SMTP server
 * took the message and before the item was removed sends it again on the next claim, under the same Message-ID,
 * so the customer's mail client shows it once: at least once on our side, once in the inbox.
 */
import { hostname } from "node:os";
import type { DB } from "../db/database.ts";
import { enqueueJob } from "../db/jobs.ts";
import type { Logger } from "../log.ts";
import { disabledMailer, type Mailer } from "../mail/mailer.ts";
import { orderMessage } from "../mail/order-message.ts";
import { ORDER_MAIL_JOB, type OrderMailKind, type PreordersService } from "./preorders.ts";
import type { SettingsService } from "./settings.ts";

export function createOrderMail(deps: {
  preorders: PreordersService;
  settings: SettingsService;
  mailer?: Mailer;
  logger: Logger;
  publicUrl?: string;
}) {
  const mailer = deps.mailer ?? disabledMailer;
  const base = (deps.publicUrl ?? "http://localhost:3000").replace(/\/$/, "");
  const domain = (() => {
    try {
      return new URL(base).hostname || hostname();
    } catch {
      return hostname();
    }
  })();

  return {
    /**
     * Queues an order's e-mail in `trx` (the write that makes it due), unless one is queued already. A move names
     * the order's new version, so a second move tells the customer again.
     */
    enqueue: (trx: DB, orderId: number, kind: OrderMailKind, version?: number) =>
      enqueueJob(trx, ORDER_MAIL_JOB, kind === "moved" ? `${orderId}:moved:${version ?? 0}` : `${orderId}:${kind}`),

    /**
     * Sends the e-mail of an outbox item's key. "skipped" when there is nothing to send (the order was erased, has
     * no e-mail address, or no SMTP server is configured: the order stands, the log says so); rejects when the
     * SMTP server refuses, so the worker retries.
     */
    async send(key: string): Promise<"sent" | "skipped"> {
      const match = /^(\d+):(?:(confirmation|ready)|(moved):(\d+))$/.exec(key);
      if (!match) return "skipped";
      const id = Number(match[1]);
      const kind = (match[2] ?? match[3]) as OrderMailKind;
      const found = await deps.preorders.withLink(id);
      if (!found?.order.email) return "skipped";
      // The e-mail says the pickup time as it is when sent (a later move's time, if there was one); an order
      // cancelled meanwhile is not announced as moved.
      if (kind === "moved" && found.order.status === "cancelled") return "skipped";
      if (!mailer.enabled) {
        deps.logger.info("order e-mail not sent: no SMTP server configured", { order: id, kind });
        return "skipped";
      }
      const settings = await deps.settings.get();
      await mailer.send(
        orderMessage(kind, {
          order: found.order,
          to: found.order.email,
          brand: settings.brandName,
          link: `${base}/order/${id}?t=${found.token}`,
          whatsappNumber: settings.whatsappNumber,
          messageId: `<order-${id}-${kind}${match[4] ? `-${match[4]}` : ""}@${domain}>`,
        }),
      );
      return "sent";
    },
  };
}

export type OrderMail = ReturnType<typeof createOrderMail>;
