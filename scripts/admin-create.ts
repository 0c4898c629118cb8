/**
 * `npm run admin:create -- --email you@example.com [--password …] [--name …] [--role admin|editor]`
 * Creates a staff account or resets the password of an existing one. Without --password a
 * strong password is generated and printed. A new account is an admin named "מנהל האתר" unless
 * --role/--name say otherwise; an existing account keeps its role and name unless they are given.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { bootstrap } from "../server/bootstrap.ts";
import { generatePassword } from "../server/services/users.ts";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
  },
});

const input = z
  .object({
    email: z.email("--email must be an e-mail address"),
    password: z.string().min(10, "--password must be at least 10 characters").optional(),
    name: z.string().min(1).optional(),
    role: z.enum(["admin", "editor"], "--role must be admin or editor").optional(),
  })
  .safeParse({
    ...values,
    email: values.email ?? process.env.ADMIN_EMAIL,
    password: values.password ?? process.env.ADMIN_PASSWORD,
  });
if (!input.success) {
  console.error(input.error.issues.map((i) => i.message).join("\n"));
  console.error(
    "Usage: npm run admin:create -- --email you@example.com [--password …] [--name …] [--role admin|editor]",
  );
  process.exit(1);
}

const { database, services } = await bootstrap({ checkStorage: false });
const password = input.data.password ?? generatePassword();
const result = await services.users.createOrReset({ ...input.data, password });
console.log(
  `${result.created ? "Created" : "Reset"} ${result.role} ${input.data.email}${input.data.password ? "" : ` with password: ${password}`}`,
);
await database.close();
