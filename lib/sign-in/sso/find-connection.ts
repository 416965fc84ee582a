import "server-only";
import { prisma } from "@/lib/db/client";

/** The domain part of an email address, as domains are kept (lower case). */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * The enabled single sign-on that covers an address: the connection that
 * holds its domain verified (a pending claim covers nothing), unless the
 * address is already a user of another organization (a domain claimed by one
 * organization never reaches another's users).
 */
export async function connectionForEmail(email: string) {
  const [domain, user] = await Promise.all([
    // One verified claim per domain at most (a partial unique index).
    prisma.ssoDomain.findFirst({ where: { domain: emailDomain(email), verified_at: { not: null } }, include: { connection: true } }),
    prisma.user.findUnique({ where: { email }, select: { organization_id: true } }),
  ]);
  const connection = domain?.connection;
  if (!connection?.enabled) return null;
  if (user && user.organization_id !== connection.organization_id) return null;
  return connection;
}
