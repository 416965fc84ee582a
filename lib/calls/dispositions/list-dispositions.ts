import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { getSettings } from "@/lib/settings/get-settings";
import { dispositionSelect, serializeDisposition } from "./serialize-disposition";

/** The organization's disposition codes in their order (the wrap-up picker's list), and whether one is required. */
export async function listDispositions({ actor, includeArchived = false }: { actor: SessionUser; includeArchived?: boolean }) {
  const [rows, settings] = await Promise.all([
    prisma.disposition.findMany({
      where: { organization_id: actor.organization_id, ...(!includeArchived && { archived_at: null }) },
      select: dispositionSelect,
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
    getSettings(actor.organization_id, "calls"),
  ]);
  return { data: rows.map(serializeDisposition), required: settings.disposition_required };
}
