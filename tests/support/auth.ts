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

/** Creates a record through the admin API as `client` (signed in): POST `endpoint` with `json`; returns its id. */
export async function createThroughApi(client: TestClient, endpoint: string, json: unknown): Promise<number> {
  const response = await client.fetch(endpoint, { method: "POST", json });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`not created at ${endpoint}: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Creates a published product through the admin API as `client` (signed in) and returns its id. */
export function createProductThroughApi(
  client: TestClient,
  product: { name: string; title: string; serial_id: number },
): Promise<number> {
  return createThroughApi(client, "/api/admin/products", { ...product, status: 1 });
}
