import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadDefinitions } from "@/lib/contacts/custom-fields/load-definitions";
import { prisma } from "@/lib/db/client";
import { contactSelect } from "./contact-columns";
import { findContactForAction } from "./contact-access";
import { serializeContact } from "./serialize-contact";

/** Brings an archived contact back to the active list (a no-op for active ones). */
export async function restoreContact({ actor, id }: { actor: SessionUser; id: bigint }) {
  const current = await findContactForAction(prisma, actor, id);
  await prisma.contact.updateMany({
    where: { id, status: "archived", ...departmentScope(actor) },
    data: { status: "active", archived_at: null },
  });
  const [contact, definitions] = await Promise.all([prisma.contact.findUniqueOrThrow({ where: { id }, select: contactSelect }), loadDefinitions(current.organization_id)]);
  return serializeContact(contact, definitions, actor.role);
}
