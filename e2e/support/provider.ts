import { inject } from "vitest";
import { suiteUrl } from "./api";
import { ProviderSimulator } from "@/lib/twilio/simulator/simulator";
import { TEST_PROVIDER } from "./server.mjs";
import type { Tenant } from "./factories";

export function provider(baseUrl = suiteUrl()) {
  return new ProviderSimulator({ baseUrl, authToken: TEST_PROVIDER.TWILIO_AUTH_TOKEN, accountSid: TEST_PROVIDER.TWILIO_ACCOUNT_SID });
}

let numberCounter = 0;
/** Gives the tenant a phone number of its own, so inbound calls to it land in its queue. */
const NUMBER_BASE = (process.pid * 7919 + Date.now() + Math.floor(Math.random() * 10_000_000)) % 10_000_000;

export async function giveNumber(tenant: Tenant): Promise<string> {
  numberCounter += 1;
  // Test files run in parallel processes against one server: a number two organizations share would
  // route one's callbacks to the other (pid % 1000 once collided). Each process starts somewhere of its own in ten million.
  const number = `+1800${String((NUMBER_BASE + numberCounter) % 10_000_000).padStart(7, "0")}`;
  await holdAtProvider(number);
  const response = await tenant.client.request("PUT", "/api/settings/telephony", { token: tenant.admin.token, body: { phone_numbers: [number] } });
  if (response.status !== 200) throw new Error(`telephony settings: ${response.status} ${JSON.stringify(response.body)}`);
  return number;
}

/** The provider account (the tests' fake provider) holds these numbers: telephony settings accept only numbers it lists (issue 40). */
export async function holdAtProvider(...numbers: string[]): Promise<void> {
  const response = await fetch(`${inject("fakeProviderUrl")}/__numbers`, { method: "POST", body: JSON.stringify({ numbers }) });
  if (!response.ok) throw new Error(`fake provider numbers: ${response.status}`);
}
