import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getSettings } from "@/lib/settings/get-settings";
import { updateSettings } from "@/lib/settings/update-settings";
import type { OrganizationProfileInput } from "./schemas";

/**
 * The caller's organization as every page needs it: its name, the country
 * national phone numbers are read in, the time zone times are shown in. Any
 * signed-in user reads it (an agent's dialer formats with it).
 */
export async function getOrganizationProfile({ actor }: { actor: SessionUser }) {
  const [organization, imports, own] = await Promise.all([
    prisma.organization.findUnique({ where: { id: actor.organization_id }, select: { id: true, name: true } }),
    getSettings(actor.organization_id, "import"),
    getSettings(actor.organization_id, "organization"),
  ]);
  if (!organization) throw AppError.notFound();
  return { id: organization.id, name: organization.name, default_country: imports.default_country, time_zone: own.time_zone };
}

/** Admins change it; each value has one home (the name its row, the country the import settings, the zone the organization's settings). */
export async function updateOrganizationProfile({ actor, input }: { actor: SessionUser; input: OrganizationProfileInput }) {
  if (input.name !== undefined) await prisma.organization.update({ where: { id: actor.organization_id }, data: { name: input.name } });
  if (input.default_country !== undefined) await updateSettings({ actor, key: "import", input: { default_country: input.default_country } });
  if (input.time_zone !== undefined) await updateSettings({ actor, key: "organization", input: { time_zone: input.time_zone } });
  return getOrganizationProfile({ actor });
}
