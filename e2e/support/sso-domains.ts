import { expect } from "vitest";
import type { Api } from "./api";
import { publishTxt } from "./dns-records";

type Client = Api;
export interface DomainClaim {
  domain: string;
  status: "pending" | "verified";
  verified_at: string | null;
  txt_record: { name: string; type: "TXT"; value: string };
}

/** The organization's claim on a domain, as its settings show it to an admin. */
export async function domainClaim(client: Client, token: string, domain: string): Promise<DomainClaim> {
  const settings = await client.get("/api/settings/sso", token);
  expect(settings.status).toBe(200);
  const claim = (settings.body.domain_claims as DomainClaim[]).find((c) => c.domain === domain);
  if (!claim) throw new Error(`The organization has no claim on ${domain}: ${JSON.stringify(settings.body.domain_claims)}`);
  return claim;
}

/** POST …/verify for one of the organization's domains. */
export const verifyDomain = (client: Client, token: string, domain: string) => client.post(`/api/settings/sso/domains/${domain}/verify`, undefined, token);

/**
 * Proves a domain the organization has claimed (PUT /api/settings/sso), the
 * way its admin would: publishes the claim's TXT record, then verifies.
 */
export async function proveDomain(client: Client, token: string, domain: string): Promise<DomainClaim> {
  const claim = await domainClaim(client, token, domain);
  await publishTxt(claim.txt_record.name, claim.txt_record.value);
  const verified = await verifyDomain(client, token, domain);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.status).toBe("verified");
  return verified.body;
}
