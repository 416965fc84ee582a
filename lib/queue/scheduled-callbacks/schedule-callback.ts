import "server-only";
import { departmentScope, seesOwnCallsOnly, servesQueue, userScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError, type FieldErrors } from "@/lib/errors/app-error";
import { ensureQueues } from "@/lib/queue/settings/ensure-queues";
import { callPathSettings } from "@/lib/settings/get-settings";
import { contactZones, outsideCallingHours } from "./calling-hours";
import { listCallbacks } from "./list-callbacks";
import type { ScheduleCallbackInput } from "./schemas";

const FURTHEST_DAYS = 90;

/**
 * POST /api/callbacks: a call back to a contact at a time (issue 44, point
 * 7), within the calling hours campaigns obey on the contact's clock. Its
 * owner (the agent scheduling it, unless another is named) is offered it
 * first when it is due, then its queue's agents. Anything wrong is a 422
 * naming the field, and nothing is saved.
 */
export async function scheduleCallback({ actor, input }: { actor: SessionUser; input: ScheduleCallbackInput }) {
  const errors: FieldErrors = {};
  const contact = await prisma.contact.findFirst({
    where: { id: BigInt(input.contact_id), ...departmentScope(actor), archived_at: null },
    select: { id: true, phone: true, department_id: true, organization_id: true },
  });
  if (!contact) errors.contact_id = ["is not a contact you may call."];
  const organizationId = contact?.organization_id ?? actor.organization_id;
  const zone = (await callPathSettings(organizationId, "organization")).time_zone;
  const at = new Date(input.at);
  if (at.getTime() < Date.now() - 60_000) errors.at = ["is in the past."];
  else if (at.getTime() > Date.now() + FURTHEST_DAYS * 86_400_000) errors.at = [`is more than ${FURTHEST_DAYS} days away.`];
  else if (contact) {
    const outside = outsideCallingHours(at, contactZones(contact.phone, zone));
    if (outside) errors.at = [`is outside the contact's calling hours (08:00-21:00 on their clock): it would be ${outside.local} in ${outside.zone}.`];
  }
  const ownerId = input.owner_id === undefined ? (seesOwnCallsOnly(actor) ? actor.id : null) : input.owner_id;
  if (ownerId !== null && !(await prisma.user.findFirst({ where: { AND: [{ id: ownerId, organization_id: organizationId, active: true }, userScope(actor)] }, select: { id: true } }))) {
    errors.owner_id = ["is not an active user you may give callbacks to."];
  }
  await ensureQueues(organizationId);
  const queue =
    input.queue_id === undefined
      ? contact && (await prisma.queue.findFirst({ where: { organization_id: organizationId, department_id: contact.department_id }, select: { id: true, department_id: true } }))
      : await prisma.queue.findFirst({ where: { id: input.queue_id, organization_id: organizationId }, select: { id: true, department_id: true } });
  // A named queue must be one the scheduler serves (issue 59, point 9): an agent cannot send work into
  // another department's queue, whose callers and callbacks they do not see.
  if (input.queue_id !== undefined && (!queue || !servesQueue(actor, queue.department_id))) errors.queue_id = ["is not a queue you serve."];
  if (Object.keys(errors).length || !contact || !queue) throw AppError.validation(errors);
  const created = await prisma.scheduledCallback.create({
    data: { organization_id: organizationId, contact_id: contact.id, owner_id: ownerId, queue_id: queue.id, due_at: at, note: input.note || null, created_by_user_id: actor.id },
    select: { id: true },
  });
  const [callback] = (await listCallbacks({ actor: { ...actor, organization_id: organizationId }, only: created.id })).data;
  return callback;
}
