/** Checking credentials. Unknown e-mails cost the same scrypt work as wrong passwords (no user enumeration). */
import type { SessionUser } from "../../domain/permissions.ts";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords.ts";
import type { DB } from "../db/database.ts";
import { normalizeEmail } from "./users.ts";

export function createAuthService(db: DB) {
  return {
    async authenticate(email: string, password: string): Promise<SessionUser | null> {
      const row = await db
        .selectFrom("users")
        .select(["id", "name", "email", "role", "password_hash"])
        .where("email", "=", normalizeEmail(email))
        .executeTakeFirst();
      const ok = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !ok) return null;
      return { id: row.id, name: row.name, email: row.email, role: row.role };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
