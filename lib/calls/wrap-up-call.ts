import "server-only";
import { dropDraft } from "@/lib/drafts/drop-draft";
import { z } from "zod";
import { ownerScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { intId } from "@/lib/http/params";
import { AppError } from "@/lib/errors/app-error";
import { callLogSelect, serializeCallLog } from "./serialize-call-log";
import { mayPlayCallRecordings } from "@/lib/recordings/play-call-recording";
import { recordingFactsOf } from "./recording-pauses";

export const wrapUpCallSchema = z
  .object({ notes: z.string().max(10_000).nullable().optional(), disposition_id: intId.nullable().optional() })
  .refine((input) => input.notes !== undefined || input.disposition_id !== undefined, { message: "Give notes, disposition_id, or both." });

/**
 * What the agent writes at wrap-up: the call's notes and its disposition (one
 * of the organization's codes still in use). A campaign call's disposition is
 * its contact's outcome.
 */
export async function wrapUpCall({ actor, id, input }: { actor: SessionUser; id: bigint; input: z.infer<typeof wrapUpCallSchema> }) {
  const scope = { id, ...ownerScope(actor) };
  const log = await prisma.callLog.findFirst({ where: scope, select: { organization_id: true, campaign_id: true, contact_id: true, call_sid: true } });
  if (!log) throw AppError.notFound();
  const disposition = input.disposition_id
    ? await prisma.disposition.findFirst({ where: { id: input.disposition_id, organization_id: log.organization_id, archived_at: null }, select: { name: true } })
    : null;
  if (input.disposition_id && !disposition) throw AppError.validation({ disposition_id: ["is not one of the organization's dispositions."] });
  await prisma.$transaction(async (tx) => {
    await tx.callLog.updateMany({
      where: scope,
      data: { ...(input.notes !== undefined && { notes: input.notes }), ...(input.disposition_id !== undefined && { disposition_id: input.disposition_id }) },
    });
    if (input.notes !== undefined) await dropDraft(tx, { userId: actor.id, kind: "call_notes", ref: log.call_sid });
    if (disposition && log.campaign_id !== null && log.contact_id !== null) {
      await tx.campaignContact.updateMany({
        where: { campaign_id: log.campaign_id, contact_id: log.contact_id, campaign: { organization_id: log.organization_id } },
        data: { last_outcome: disposition.name },
      });
    }
  });
  const saved = await prisma.callLog.findUniqueOrThrow({ where: { id }, select: callLogSelect });
  return serializeCallLog(saved, { recordings: await mayPlayCallRecordings(actor), ...(await recordingFactsOf(log.organization_id, [saved.call_sid])) });
}
