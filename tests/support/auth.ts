/** Signs a TestClient in as a staff member with the given role (creating the account). */
import type { Role } from "../../domain/permissions.ts";
import type { Services } from "../../server/services/index.ts";
import type { TestClient } from "./client.ts";

export async function loginAs(
  client: TestClient,
  services: Services,
  role: Role,
): Promise<{ email: string; password: string }> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.co.il`;
  const password = `pass-${role}-1234567`;
  await services.users.createOrReset({ name: role === "admin" ? "מנהלת" : "עורך", email, password, role });
  const response = await client.fetch("/login", { method: "POST", json: { email, password, remember: false } });
  if (response.status !== 200) throw new Error(`login as ${role} failed: ${response.status} ${await response.text()}`);
  return { email, password };
}

/** Creates a published product through the admin API as `client` (signed in) and returns its id. */
export async function createProductThroughApi(
  client: TestClient,
  product: { name: string; title: string; serial_id: number },
): Promise<number> {
  const response = await client.fetch("/api/admin/products", { method: "POST", json: { ...product, status: 1 } });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`product not created: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { data: { id: number } }).data.id;
}
