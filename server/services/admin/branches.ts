import { certificateState, certificateToday } from "../../../domain/certificates.ts";
import type { AdminBranch, AdminImage, Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import { branchDetails } from "../../../domain/contracts/content.ts";
import { DEFAULT_RULES, type HoursRules, parseStoredHours, serializeHours } from "../../../domain/hours/rules.ts";
import type { BranchInput } from "../../../domain/schemas/admin/branch.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import type { BranchRow } from "../../db/schema.ts";
import { NotFoundError } from "../../errors.ts";
import type { ImagesService } from "../images.ts";
import type { MediaService } from "../media.ts";
import type { AdminImagesService } from "./images.ts";
import { type ListConfig, listConditions, listPage, now } from "./listing.ts";
import type { AdminTrashService, TrashActor } from "./trash.ts";
import { insertVersioned, updateVersioned } from "./versions.ts";

export const BRANCH_LIST: ListConfig = {
  id: "id",
  title: ["name"],
  content: ["content", "address"],
  extraGlobal: ["phone", "email"],
  orderColumns: {
    id: "id",
    name: "name",
    address: "address",
    phone: "phone",
    position: "position",
    created_at: "created_at",
    updated_at: "updated_at",
  },
};

export function createAdminBranchesService(
  db: DB,
  deps: { media: MediaService; images: ImagesService; adminImages: AdminImagesService; trash: AdminTrashService },
) {
  const toBranch = (r: BranchRow, mainImage: AdminBranch["mainImage"], scan: AdminImage | null): AdminBranch => {
    const hours = parseStoredHours(r.opening_hours);
    const certificate = { authority: r.kashrut_authority, valid_until: r.kashrut_valid_until };
    return {
      id: r.id,
      ...branchDetails(r),
      opening_hours: hours.weekly,
      hours_rules: hours.rules,
      position: r.position,
      created_at: r.created_at,
      updated_at: r.updated_at,
      version: r.version,
      mainImage,
      kashrut_authority: r.kashrut_authority,
      kashrut_certificate_number: r.kashrut_certificate_number,
      kashrut_valid_until: r.kashrut_valid_until,
      kashrut_state: certificateState(certificate, certificateToday()),
      kashrut_scan: scan,
    };
  };

  /** Rules as given, or (a client that sends only the weekly list) the ones stored already. */
  const rulesFor = async (input: BranchInput, id?: number): Promise<HoursRules> => {
    if (input.hours_rules) return input.hours_rules;
    if (id === undefined) return DEFAULT_RULES;
    const row = await db.selectFrom("branches").select("opening_hours").where("id", "=", id).executeTakeFirst();
    return row ? parseStoredHours(row.opening_hours).rules : DEFAULT_RULES;
  };

  const values = (input: BranchInput, rules: HoursRules) => ({
    ...branchDetails(input),
    opening_hours: serializeHours({ weekly: input.opening_hours, rules }),
    position: input.position,
    // The certificate: fields the request left out stay as stored.
    ...(input.kashrut_authority === undefined ? {} : { kashrut_authority: input.kashrut_authority }),
    ...(input.kashrut_certificate_number === undefined
      ? {}
      : { kashrut_certificate_number: input.kashrut_certificate_number }),
    ...(input.kashrut_valid_until === undefined ? {} : { kashrut_valid_until: input.kashrut_valid_until }),
  });

  const service = {
    async list(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<AdminBranch>> {
      return listPage(db, {
        table: "branches",
        config: BRANCH_LIST,
        query,
        conditions: listConditions(BRANCH_LIST, query),
        path,
        params,
        map: async (rows) =>
          (await deps.media.withMainImage("branch", rows)).map((r) => toBranch(r, r.mainImage, null)),
      });
    },

    async get(id: number): Promise<AdminBranch> {
      const row = await db.selectFrom("branches").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new NotFoundError();
      const [images, scans] = await Promise.all([
        deps.adminImages.list("branch", id),
        deps.adminImages.list("branch_certificate", id),
      ]);
      return { ...toBranch(row, images[0]?.picture ?? null, scans[0] ?? null), images };
    },

    async create(input: BranchInput): Promise<AdminBranch> {
      const row = { ...values(input, await rulesFor(input)), latitude: null, longitude: null };
      return service.get(await insertVersioned(db, "branches", row));
    },

    async update(id: number, input: BranchInput, expectedVersion?: number): Promise<AdminBranch> {
      return updateVersioned(
        db,
        { table: "branches", id, expected: expectedVersion },
        { ...values(input, await rulesFor(input, id)), updated_at: now() },
        () => service.get(id),
      );
    },

    async remove(id: number, actor?: TrashActor | null): Promise<TrashReceipt> {
      // To the trash, with its photos and its certificate scan.
      return deps.trash.moveToTrash("Branch", id, actor);
    },
  };
  return service;
}

export type AdminBranchesService = ReturnType<typeof createAdminBranchesService>;
