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

export function createUsersService(db: DB) {
  return {
    /** Creates the account, or resets its password, name and role when the e-mail exists. */
    async createOrReset(input: {
      name: string;
      email: string;
      password: string;
      role: Role;
    }): Promise<{ id: number; created: boolean }> {
      const email = normalizeEmail(input.email);
      const now = new Date().toISOString();
      const password_hash = await hashPassword(input.password);
      const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
      if (existing) {
        await db
          .updateTable("users")
          .set({ name: input.name, password_hash, role: input.role, updated_at: now })
          .where("id", "=", existing.id)
          .execute();
        // A reset password ends every session of that account.
        await db.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
        return { id: existing.id, created: false };
      }
      const row = await db
        .insertInto("users")
        .values({ name: input.name, email, password_hash, role: input.role, created_at: now, updated_at: now })
        // A concurrent call may have created the account since the look-up above: then reset that one.
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return this.createOrReset(input);
      return { id: row.id, created: true };
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
