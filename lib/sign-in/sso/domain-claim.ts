import "server-only";
import { randomBytes } from "node:crypto";
import type { SsoDomainClaim } from "./schemas";

// A claim on an email domain is proved by a DNS TXT record on the domain that
// only someone who runs its DNS can publish (issue 59, point 2).

const RECORD_PREFIX = "contact-center-verification=";

/** A new claim's token: 128 random bits, in hex (nothing a DNS console could quote or fold). */
export function newVerificationToken(): string {
  return randomBytes(16).toString("hex");
}

/** The TXT value that proves a claim. */
export function verificationRecord(token: string): string {
  return `${RECORD_PREFIX}${token}`;
}

/** A claim as its organization's admins see it. */
export function domainClaimAnswer(claim: { domain: string; verification_token: string; verified_at: Date | null }): SsoDomainClaim {
  return {
    domain: claim.domain,
    status: claim.verified_at ? "verified" : "pending",
    verified_at: claim.verified_at,
    txt_record: { name: claim.domain, type: "TXT", value: verificationRecord(claim.verification_token) },
  };
}
