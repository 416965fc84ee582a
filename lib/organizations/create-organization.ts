import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";
import { ensureSigningSecret } from "@/lib/telephony/signing-secret";
import type { CreateOrganizationInput } from "./schemas";

/** A new tenant (super admin only), optionally with its first departments. */
export async function createOrganization({ input }: { input: CreateOrganizationInput }) {
  const names = [...new Set(input.departments)];
  if (names.length !== input.departments.length) {
    throw AppError.validation({ departments: ["Department names must be unique."] });
  }
  const organization = await prisma.organization.create({
    data: { name: input.name, departments: { create: names.map((name) => ({ name })) } },
    select: {
      id: true,
      name: true,
      created_at: true,
      departments: { select: { id: true, name: true }, orderBy: { id: "asc" } },
    },
  });
  // Its provider callbacks are signed from the first one. Without ENCRYPTION_KEY
  // no secret can be stored: the organization exists, and its callbacks are
  // refused until the key is set (start-up creates the missing secrets then).
  await ensureSigningSecret(organization.id).catch((error) =>
    logger.error("callback signing secret not created", { organization_id: organization.id, error: error instanceof Error ? error.message : String(error) }),
  );
  return organization;
}
