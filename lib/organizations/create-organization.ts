import "server-only";
import { prisma, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { ensureSigningSecret } from "@/lib/telephony/signing-secret";
import type { CreateOrganizationInput } from "./schemas";

/**
 * A new tenant, optionally with its first departments and its time zone: for a
 * super admin (POST /api/organizations) and for the first-run setup, which
 * passes its transaction as `db` so the organization exists only if its first
 * administrator does.
 */
export async function createOrganization({ input, db = prisma }: { input: CreateOrganizationInput; db?: Tx }) {
  const names = [...new Set(input.departments)];
  if (names.length !== input.departments.length) {
    throw AppError.validation({ departments: ["Department names must be unique."] });
  }
  const organization = await db.organization.create({
    data: {
      name: input.name,
      departments: { create: names.map((name) => ({ name })) },
      // The zone is the organization's setting (Settings → Organization); unset, the default applies.
      ...(input.time_zone ? { settings: { create: { key: "organization", value: { time_zone: input.time_zone } } } } : {}),
    },
    select: {
      id: true,
      name: true,
      created_at: true,
      departments: { select: { id: true, name: true }, orderBy: { id: "asc" } },
    },
  });
  // Its provider callbacks are signed from the first one. Without ENCRYPTION_KEY
  // no secret can be stored (sealing fails before any statement runs, so a
  // transaction goes on): the organization exists, and its callbacks are
  // refused until the key is set (start-up creates the missing secrets then).
  await ensureSigningSecret(organization.id, db).catch((error) =>
    logger.error("callback signing secret not created", { organization_id: organization.id, error: error instanceof Error ? error.message : String(error) }),
  );
  return organization;
}
