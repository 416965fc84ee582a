import { inject } from "vitest";
import { localClock } from "@/lib/campaigns/contact-timezones";
import { loginAs } from "./api";
import { FACTORY_PASSWORD, type Tenant } from "./factories";
import { provider } from "./provider";

// Numbers whose local time is (or is not) inside legal calling hours right
// now, so the campaign tests hold at any hour of the day they run.
const PLACES = [
  { zone: "America/New_York", prefix: "+1212555", digits: 4 },
  { zone: "America/Los_Angeles", prefix: "+1415555", digits: 4 },
  { zone: "Pacific/Honolulu", prefix: "+1808555", digits: 4 },
  { zone: "Europe/London", prefix: "+44207946", digits: 4 },
  { zone: "Asia/Tokyo", prefix: "+81355", digits: 6 },
  { zone: "Australia/Sydney", prefix: "+61285", digits: 6 },
  { zone: "Asia/Kolkata", prefix: "+91224", digits: 6 },
];

let counter = 0;
function numberIn(place: (typeof PLACES)[number]): string {
  counter += 1;
  const unique = (process.pid * 7919 + counter * 104_729 + Date.now()) % 10 ** place.digits;
  return `${place.prefix}${String(unique).padStart(place.digits, "0")}`;
}

/** A number where it is now between 09:00 and 20:00. */
export function inHoursPhone(): string {
  const place = PLACES.find((p) => {
    const { minutes } = localClock(new Date(), p.zone);
    return minutes >= 9 * 60 + 5 && minutes < 20 * 60 - 5;
  });
  return numberIn(place!);
}

/** A number where it is now before 07:00 or after 22:00. */
export function outOfHoursPhone(): string {
  const place = PLACES.find((p) => {
    const { minutes } = localClock(new Date(), p.zone);
    return minutes < 7 * 60 || minutes >= 22 * 60;
  });
  return numberIn(place!);
}

export interface PlacedCall {
  sid: string;
  To: string;
  From: string;
  Url: string;
  StatusCallback: string;
  MachineDetection?: string;
}

/** What the engine dialed, as the fake provider recorded it. */
export async function placedCalls(to?: string): Promise<PlacedCall[]> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__calls${to ? `?to=${encodeURIComponent(to)}` : ""}`);
  return response.json();
}

export async function waitForCalls(to: string, count = 1, timeoutMs = 8_000): Promise<PlacedCall[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const calls = await placedCalls(to);
    if (calls.length >= count || Date.now() > deadline) return calls;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The provider calls back an address it was given (signed over that address). */
export function playCallback(address: string, params: Record<string, string>, baseUrl = inject("baseUrl")) {
  const url = new URL(address);
  return provider(baseUrl).post(url.pathname + url.search, params);
}

/** Another agent in department A of the tenant, signed in. */
export async function extraAgent(tenant: Tenant, key: string, departmentId = tenant.departments.a.id) {
  const email = `${key}.${Date.now()}.${counter++}@factory.test`;
  const created = await tenant.client.post("/api/users", { name: key, email, password: FACTORY_PASSWORD, role: "agent", department_id: departmentId }, tenant.admin.token);
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id as number, token: await loginAs(tenant.client, email, FACTORY_PASSWORD) };
}

export const ALL_DAY = { start: "00:00", end: "23:59", days: [1, 2, 3, 4, 5, 6, 7] };
