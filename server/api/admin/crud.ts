/**
 * The five routes every admin resource has — list, show, create, update, delete — each behind its
 * ability, thin over a service with the same five methods. Show and update answer the record's `ETag`
 * (its version); an update whose body `version` is no longer current is a 409, one whose `If-Match` names
 * no current version a 412 (http.ts `saveVersioned`). A delete moves the record to the trash
 * (services/admin/trash.ts) and answers, besides the spec's message, the trash entry that restores it (`trash.id`, the toast's "בטל"). The messages are the entity's `<entity>Saved`,
 * `…Updated` and `…Deleted` of `heAdmin.messages`. `statusListRoute` is the list of an inbox narrowed by status.
 */
import type { Hono } from "hono";
import type { z } from "zod";
import type { Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { Subject } from "../../../domain/permissions.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { parseWith, readBody } from "../../http/validation.ts";
import { actorOf, created, listParams, okVersioned, pathId, saveVersioned, trashed } from "./http.ts";

export interface CrudService<Row, Item extends { version: number }, Input> {
  list(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<Row>>;
  get(id: number): Promise<Item>;
  create(input: Input): Promise<Item>;
  /** With `expectedVersion`, only while the record is still at that version (else 409, versions.ts). */
  update(id: number, input: Input, expectedVersion?: number): Promise<Item>;
  /** To the trash, deleted by `actor`. */
  remove(id: number, actor?: { id: number; name: string } | null): Promise<TrashReceipt>;
}

/** The resources with the five routes, by the name their messages carry in `heAdmin.messages`. */
export type CrudEntity = "product" | "category" | "branch" | "sale" | "publication" | "client";

const m = heAdmin.messages;

/**
 * GET `base` of an inbox (contact requests, reviews): the list, its rows narrowed by `?status=` as `filterSchema`
 * reads it (absent: `all`).
 */
export function statusListRoute<F>(
  router: Hono<AppEnv>,
  base: string,
  subject: Subject,
  filterSchema: z.ZodType<F>,
  service: { list(query: ListQuery, filter: F, path: string, params?: URLSearchParams): Promise<unknown> },
) {
  router.get(base, requireAbility("read", subject), async (c) => {
    const { query, path, params } = listParams(c);
    const filter = filterSchema.parse(c.req.query("status") ?? "all");
    return c.json(await service.list(query, filter, path, params));
  });
}

export function crudRoutes<Row, Item extends { version: number }, Input, S extends z.ZodType<Input>>(
  router: Hono<AppEnv>,
  base: string,
  subject: Subject,
  service: CrudService<Row, Item, Input>,
  schema: S,
  entity: CrudEntity,
) {
  const item = `${base}/:id`;
  router.get(base, requireAbility("read", subject), async (c) => {
    const { query, path, params } = listParams(c);
    return c.json(await service.list(query, path, params));
  });
  router.get(item, requireAbility("read", subject), async (c) => okVersioned(c, await service.get(pathId(c))));
  router.post(base, requireAbility("create", subject), async (c) => {
    const input = parseWith(schema, await readBody(c)) as Input;
    return created(c, await service.create(input), m[`${entity}Saved`]);
  });
  router.put(item, requireAbility("update", subject), async (c) => {
    const id = pathId(c);
    const body = await readBody(c);
    const saved = await saveVersioned(
      c,
      body,
      () => service.get(id),
      (expected) => service.update(id, parseWith(schema, body) as Input, expected),
    );
    return okVersioned(c, saved, m[`${entity}Updated`]);
  });
  router.delete(item, requireAbility("delete", subject), async (c) => {
    return trashed(c, await service.remove(pathId(c), actorOf(c)), m[`${entity}Deleted`]);
  });
}
