import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { updateSettings } from "@/lib/settings/update-settings";
import type { RoutingSettings, RoutingTarget } from "@/lib/settings/routing-schemas";

/**
 * Saves the organization's routing plans as a whole (the next call follows
 * them; calls already routed keep their way). Every department a plan sends
 * callers to must be the organization's own: 422 naming the field otherwise.
 */
export async function updateRouting({ actor, input }: { actor: SessionUser; input: RoutingSettings }) {
  const targets: [string, RoutingTarget][] = input.plans.flatMap((plan, p) => [
    [`plans.${p}.queue.department_id`, plan.queue] as [string, RoutingTarget],
    ...(plan.menu?.options ?? []).map((o, i) => [`plans.${p}.menu.options.${i}.target.department_id`, o.target] as [string, RoutingTarget]),
  ]);
  const wanted = [...new Set(targets.flatMap(([, t]) => (t.type !== "number" && t.department_id !== null ? [t.department_id] : [])))];
  const known = new Set((await prisma.department.findMany({ where: { organization_id: actor.organization_id, id: { in: wanted } }, select: { id: true } })).map((d) => d.id));
  const unknown = targets.filter(([, t]) => t.type !== "number" && t.department_id !== null && !known.has(t.department_id));
  if (unknown.length > 0) throw AppError.validation(Object.fromEntries(unknown.map(([field]) => [field, ["is not a department of this organization"]])));
  return updateSettings({ actor, key: "routing", input });
}
