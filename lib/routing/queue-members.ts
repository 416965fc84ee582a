import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { managedUserScope, organizationScope, servesEveryQueue } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { publishRightsChanged } from "@/lib/events/publish-event";
import type { Role } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors/app-error";
import type { QueueMembersInput } from "@/lib/settings/routing-schemas";

// Who serves each queue (issue 23, Settings → Routing): a department's queue
// is served by its own users and by the members named here; the general
// queue by everyone; admins serve every queue. A change applies to the next
// request of each agent (the token lookup reads memberships every time), and
// the open event streams of those who joined or left close and reopen with it.

interface Server {
  id: number;
  name: string;
  role: Role;
  via: "department" | "member";
}

/** GET /api/settings/routing/queues: every queue of the organization with who serves it (admins serve every queue and are not listed). */
export async function listQueues({ actor }: { actor: SessionUser }) {
  const organizationId = actor.organization_id;
  const [departments, users, members] = await Promise.all([
    prisma.department.findMany({ where: { ...organizationScope(actor), organization_id: organizationId }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    prisma.user.findMany({ where: { organization_id: organizationId, active: true }, select: { id: true, name: true, role: true, department_id: true }, orderBy: { name: "asc" } }),
    prisma.queueMember.findMany({ where: { organization_id: organizationId }, select: { department_id: true, user_id: true } }),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const serversOf = (departmentId: number): Server[] => [
    ...users.filter((u) => u.department_id === departmentId).map((u) => ({ id: u.id, name: u.name, role: u.role, via: "department" as const })),
    ...members
      .filter((m) => m.department_id === departmentId && byId.get(m.user_id)?.department_id !== departmentId)
      .flatMap((m) => {
        const u = byId.get(m.user_id);
        return u ? [{ id: u.id, name: u.name, role: u.role, via: "member" as const }] : [];
      }),
  ];
  return {
    /** The organization's active users, to add as members. */
    users: users.map((u) => ({ id: u.id, name: u.name, role: u.role, department_id: u.department_id, serves_every_queue: servesEveryQueue({ ...u, organization_id: organizationId }) })),
    data: [
      { department_id: null, name: "General", served_by_everyone: true, servers: [] as Server[] },
      ...departments.map((d) => ({ department_id: d.id, name: d.name, served_by_everyone: false, servers: serversOf(d.id) })),
    ],
  };
}

/**
 * PUT /api/settings/routing/queues/{id}: the members of a department's queue
 * from other departments, as a whole. Each must be an active user of the
 * organization (422 naming the entry otherwise); the change is audited.
 */
export async function setQueueMembers({ actor, departmentId, input }: { actor: SessionUser; departmentId: number; input: QueueMembersInput }) {
  const department = await prisma.department.findFirst({ where: { id: departmentId, ...organizationScope(actor) }, select: { id: true, organization_id: true } });
  if (!department) throw AppError.notFound();
  const wanted = [...new Set(input.member_ids)];
  const found = new Set(
    (await prisma.user.findMany({ where: { id: { in: wanted }, ...managedUserScope(actor), organization_id: department.organization_id, active: true }, select: { id: true } })).map((u) => u.id),
  );
  const unknown = input.member_ids.flatMap((id, i) => (found.has(id) ? [] : [[`member_ids.${i}`, ["is not an active user of this organization you may manage"]] as [string, string[]]]));
  if (unknown.length) throw AppError.validation(Object.fromEntries(unknown));
  await prisma.$transaction(async (tx) => {
    const before = (await tx.queueMember.findMany({ where: { department_id: department.id }, select: { user_id: true } })).map((m) => m.user_id);
    await tx.queueMember.deleteMany({ where: { department_id: department.id, user_id: { notIn: wanted } } });
    await tx.queueMember.createMany({ data: wanted.map((user_id) => ({ department_id: department.id, user_id, organization_id: department.organization_id })), skipDuplicates: true });
    await writeAuditLog(tx, {
      organization_id: department.organization_id,
      department_id: department.id,
      user_id: actor.id,
      action: "queue.members.updated",
      subject_type: "department",
      subject_id: department.id,
      details: { member_ids: wanted },
    });
    // Those who joined or left the queue see its callers from now on, or no longer.
    await publishRightsChanged([...wanted.filter((id) => !before.includes(id)), ...before.filter((id) => !wanted.includes(id))], tx);
  });
  const queues = await listQueues({ actor: { ...actor, organization_id: department.organization_id } });
  return queues.data.find((q) => q.department_id === department.id)!;
}
