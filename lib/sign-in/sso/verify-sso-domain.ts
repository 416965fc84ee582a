import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { txtRecords } from "@/lib/net/txt-records";
import { domainClaimAnswer, verificationRecord } from "./domain-claim";
import type { SsoDomainClaim } from "./schemas";

const taken = (domain: string) =>
  AppError.conflict(`${domain} is already verified by another organization. If the domain is yours, ask support to revoke that claim.`, { errors: { domain: [`${domain} is verified elsewhere.`] } });

/**
 * Proves the organization's claim on a domain: its TXT record
 * `contact-center-verification=<token>` is looked up now, and found, the
 * claim is verified (audited as settings.sso_domain_verified). Not found:
 * 422 naming the record to publish. A domain another organization holds
 * verified: 409, here or, when both verify at once, from the unique index.
 * A claim already verified is answered as it is, without a lookup.
 */
export async function verifySsoDomain({ actor, domain }: { actor: SessionUser; domain: string }): Promise<SsoDomainClaim> {
  const scope = { domain, connection: { organization_id: actor.organization_id } };
  const claim = await prisma.ssoDomain.findFirst({ where: scope, select: { domain: true, connection_id: true, verification_token: true, verified_at: true } });
  if (!claim) throw AppError.notFound();
  if (claim.verified_at) return domainClaimAnswer(claim);
  if (await prisma.ssoDomain.findFirst({ where: { domain, verified_at: { not: null } }, select: { domain: true } })) throw taken(domain);

  const expected = verificationRecord(claim.verification_token);
  let found: string[];
  try {
    found = await txtRecords(domain);
  } catch (error) {
    throw AppError.upstream(`The DNS lookup of ${domain} failed (${(error as NodeJS.ErrnoException).code ?? "no answer"}). Try again in a moment.`);
  }
  if (!found.some((record) => record.trim() === expected)) {
    const message = `No TXT record "${expected}" was found on ${domain}. Publish it at the domain's DNS provider (it can take a few minutes to appear), then verify again.`;
    throw AppError.validation({ domain: [message] }, message);
  }

  const verifiedAt = new Date();
  try {
    await prisma.$transaction(async (tx) => {
      // Still pending and still this organization's: a claim removed meanwhile is not brought back.
      const updated = await tx.ssoDomain.updateMany({ where: { ...scope, connection_id: claim.connection_id, verified_at: null }, data: { verified_at: verifiedAt } });
      if (updated.count === 0) throw AppError.notFound();
      await writeAuditLog(tx, {
        organization_id: actor.organization_id,
        department_id: null,
        user_id: actor.id,
        action: "settings.sso_domain_verified",
        subject_type: "organization",
        subject_id: actor.organization_id,
        details: { domain, record: expected },
      });
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") throw taken(domain);
    throw error;
  }
  return domainClaimAnswer({ ...claim, verified_at: verifiedAt });
}
