/** Staff accounts. E-mails are stored lower-cased so uniqueness is case-insensitive on both databases. */
import { randomBytes } from "node:crypto";
import type { Role } from "../../domain/permissions.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { DB } from "../db/database.ts";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A readable random password for the demo admin (letters and digits, no look-alikes). */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(14);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** The name of an account created without one. */
export const DEFAULT_NAME = "מנהל האתר";

export function createUsersService(db: DB) {
  return {
    /**
     * Creates the account, or resets its password when the e-mail exists. An existing account's name
     * and role change only when given: a password reset never promotes an editor (issue 14).
     * New accounts default to the name "מנהל האתר" and the role admin.
     */
    async createOrReset(input: {
      name?: string;
      email: string;
      password: string;
      role?: Role;
    }): Promise<{ id: number; created: boolean; role: Role }> {
      const email = normalizeEmail(input.email);
      const now = new Date().toISOString();
      const password_hash = await hashPassword(input.password);
      const existing = await db
        .selectFrom("users")
        .select(["id", "role"])
        .where("email", "=", email)
        .executeTakeFirst();
      if (existing) {
        await db
          .updateTable("users")
          .set({
            password_hash,
            updated_at: now,
            ...(input.name ? { name: input.name } : {}),
            ...(input.role ? { role: input.role } : {}),
          })
          .where("id", "=", existing.id)
          .execute();
        // A reset password ends every session of that account.
        await db.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
        return { id: existing.id, created: false, role: input.role ?? existing.role };
      }
      const role = input.role ?? "admin";
      const row = await db
        .insertInto("users")
        .values({ name: input.name || DEFAULT_NAME, email, password_hash, role, created_at: now, updated_at: now })
        // A concurrent call may have created the account since the look-up above: then reset that one.
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return this.createOrReset(input);
      return { id: row.id, created: true, role };
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
