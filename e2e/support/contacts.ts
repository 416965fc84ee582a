import type { Tenant } from "./factories";

let counter = 0;
/** A valid E.164 number unique to this test process. */
export function uniquePhone(): string {
  counter += 1;
  const base = (process.pid % 9000) * 100_000 + counter * 7 + (Date.now() % 97);
  return `+1${String(2_000_000_000 + (base % 7_999_999_999))}`;
}

export async function makeContact(tenant: Tenant, body: Record<string, unknown> = {}, token = tenant.managerA.token) {
  const response = await tenant.client.post("/api/contacts", { name: "Test Person", phone: uniquePhone(), ...body }, token);
  if (response.status !== 201) throw new Error(`create contact: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
