import "server-only";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import type { SessionUser } from "@/lib/auth/session-user";
import { openSecrets, sealSecrets } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { oneOf } from "@/lib/http/answer-schemas";
import { AppError } from "@/lib/errors/app-error";
import type { z } from "zod";
import { DELIVERY_STATUSES, WEBHOOK_EVENTS, type CreateWebhookInput, type WebhookEvent, type webhookDeliveryListAnswer } from "./schemas";
import { newWebhookSecret } from "./sign-webhook";
import { webhookTargetProblem } from "./webhook-target";
import { runSql } from "@/lib/db/run-sql";

// Outgoing webhook endpoints (issue 24), the organization's admins'. The
// signing secret is shown once, when the endpoint is made, and kept sealed.

const SELECT = { id: true, url: true, description: true, events: true, enabled: true, failing_since: true, disabled_at: true, disabled_reason: true, created_at: true } as const;

/** An endpoint as the API shows it (webhookEndpointAnswer): its events are those createWebhookSchema let in. */
const serialize = <R extends { events: string[] }>(row: R) => ({ ...row, events: row.events.filter((event): event is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(event)) });

/** POST /api/webhooks: 201 with the endpoint and, once, its secret. */
export async function createWebhookEndpoint({ actor, input }: { actor: SessionUser; input: CreateWebhookInput }) {
  const problem = await webhookTargetProblem(input.url);
  if (problem) throw AppError.validation({ url: [problem] });
  const secret = newWebhookSecret();
  let sealed: string;
  try {
    sealed = sealSecrets({ secret });
  } catch {
    throw new AppError("unavailable", "Webhooks need ENCRYPTION_KEY to keep their signing secrets.");
  }
  return prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: { organization_id: actor.organization_id, url: input.url, description: input.description, events: input.events, secret_sealed: sealed, created_by_user_id: actor.id },
      select: SELECT,
    });
    await writeAuditLog(tx, {
      organization_id: actor.organization_id,
      user_id: actor.id,
      action: "webhook.endpoint.created",
      subject_type: "webhook_endpoint",
      subject_id: endpoint.id,
      details: { url: input.url, events: input.events },
    });
    return { ...serialize(endpoint), secret };
  });
}

/** GET /api/webhooks: the organization's endpoints with their last day's delivery figures; never a secret. */
export async function listWebhookEndpoints({ actor }: { actor: SessionUser }) {
  const endpoints = await prisma.webhookEndpoint.findMany({ where: { organization_id: actor.organization_id }, orderBy: { id: "asc" }, select: SELECT });
  const counts = await prisma.webhookDelivery.groupBy({
    by: ["endpoint_id", "status"],
    where: { organization_id: actor.organization_id, endpoint_id: { in: endpoints.map((e) => e.id) }, created_at: { gte: new Date(Date.now() - 86_400_000) } },
    _count: { _all: true },
  });
  const figure = (id: number, status: string) => counts.find((c) => c.endpoint_id === id && c.status === status)?._count._all ?? 0;
  return {
    data: endpoints.map((e) => ({ ...serialize(e), last_24h: { delivered: figure(e.id, "delivered"), pending: figure(e.id, "pending") + figure(e.id, "sending"), failed: figure(e.id, "failed") } })),
  };
}

/** DELETE /api/webhooks/{id}: the endpoint and its deliveries go. */
export async function deleteWebhookEndpoint({ actor, id }: { actor: SessionUser; id: number }) {
  await prisma.$transaction(async (tx) => {
    const gone = await tx.webhookEndpoint.deleteMany({ where: { id, organization_id: actor.organization_id } });
    if (gone.count === 0) throw AppError.notFound();
    await writeAuditLog(tx, { organization_id: actor.organization_id, user_id: actor.id, action: "webhook.endpoint.deleted", subject_type: "webhook_endpoint", subject_id: id });
  });
}

/** POST /api/webhooks/{id}/enable: a disabled endpoint takes deliveries again (from new events on). */
export async function enableWebhookEndpoint({ actor, id }: { actor: SessionUser; id: number }) {
  const updated = await prisma.webhookEndpoint.updateManyAndReturn({
    where: { id, organization_id: actor.organization_id },
    data: { enabled: true, failing_since: null, disabled_at: null, disabled_reason: null, updated_at: new Date() },
    select: SELECT,
  });
  if (!updated[0]) throw AppError.notFound();
  return serialize(updated[0]);
}

/** GET /api/webhooks/{id}/deliveries: the latest 100, newest first (status, attempts, latency, response code). */
export async function listWebhookDeliveries({ actor, id }: { actor: SessionUser; id: number }): Promise<z.output<typeof webhookDeliveryListAnswer>> {
  const endpoint = await prisma.webhookEndpoint.findFirst({ where: { id, organization_id: actor.organization_id }, select: { id: true } });
  if (!endpoint) throw AppError.notFound();
  const rows = await prisma.webhookDelivery.findMany({
    // By the event's time, not the row's id: a fresh event's delivery row is written when its send is answered, in whatever order the sends come back.
    where: { endpoint_id: id },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: 100,
    select: {
      id: true,
      event_type: true,
      message_id: true,
      status: true,
      attempts: true,
      next_attempt_at: true,
      last_status_code: true,
      last_error: true,
      last_latency_ms: true,
      delivered_at: true,
      created_at: true,
      payload: true,
    },
  });
  return {
    data: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      // Text columns only the trigger and the senders write, with these values.
      event_type: WEBHOOK_EVENTS.find((event) => event === r.event_type) ?? "contact.updated",
      status: DELIVERY_STATUSES.find((status) => status === r.status) ?? "pending",
      next_attempt_at: r.status === "delivered" || r.status === "failed" ? null : r.next_attempt_at,
    })),
  };
}

/** POST /api/webhooks/{id}/deliveries/{delivery}/replay: sent again now (same webhook-id), whatever became of it. */
export async function replayWebhookDelivery({ actor, id, deliveryId }: { actor: SessionUser; id: number; deliveryId: bigint }) {
  const replayed = await prisma.webhookDelivery.updateManyAndReturn({
    where: { id: deliveryId, endpoint_id: id, organization_id: actor.organization_id },
    data: { status: "pending", next_attempt_at: new Date(), locked_until: null, created_at: new Date() },
    select: { id: true, status: true },
  });
  if (!replayed[0]) throw AppError.notFound();
  await runSql(prisma).count`SELECT pg_notify('webhook_deliveries', ${String(actor.organization_id)})`;
  return { id: Number(replayed[0].id), status: oneOf(DELIVERY_STATUSES, replayed[0].status, "pending") };
}

/** The signing secret of an endpoint (the sender's). */
export function endpointSecret(sealed: string): string {
  return openSecrets(sealed).secret;
}
