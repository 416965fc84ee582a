import type { Tenant } from "./factories";

let counter = 0;
// Fixed for the process: a term that changed from call to call (the clock)
// let two calls of one test give the same number now and then (a flaky 409).
const OFFSET = Math.floor(Math.random() * 100_000);
/** A valid E.164 number: never repeated within this test process, and unlikely to match another process's (pid, offset). */
export function uniquePhone(): string {
  counter += 1;
  const base = (process.pid % 9000) * 100_000 + ((OFFSET + counter) % 100_000);
  return `+1${String(2_000_000_000 + base)}`;
}

export async function makeContact(tenant: Tenant, body: Record<string, unknown> = {}, token = tenant.managerA.token) {
  const response = await tenant.client.post("/api/contacts", { name: "Test Person", phone: uniquePhone(), ...body }, token);
  if (response.status !== 201) throw new Error(`create contact: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
