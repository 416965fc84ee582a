import "server-only";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

const LISTED = 10;

/**
 * Contacts named by id for a campaign must be contacts of its department:
 * an id from another department or organization (or no contact at all) is
 * refused with 422 naming the field and the ids, never silently dropped.
 */
export async function checkCampaignContacts({ organizationId, departmentId, contactIds, field }: { organizationId: number; departmentId: number; contactIds: number[] | undefined; field: string }) {
  if (!contactIds?.length) return;
  const ids = [...new Set(contactIds)];
  const found = await prisma.contact.findMany({
    where: { id: { in: ids.map(BigInt) }, organization_id: organizationId, department_id: departmentId },
    select: { id: true },
  });
  if (found.length === ids.length) return;
  const known = new Set(found.map((contact) => Number(contact.id)));
  const foreign = ids.filter((id) => !known.has(id));
  const listed = foreign.slice(0, LISTED).join(", ") + (foreign.length > LISTED ? ` and ${foreign.length - LISTED} more` : "");
  throw AppError.validation({ [field]: [`These contacts are not in the campaign's department: ${listed}.`] });
}
