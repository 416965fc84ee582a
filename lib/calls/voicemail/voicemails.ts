import "server-only";
import { voicemailRecordingPath } from "@/lib/recordings/recording-paths";
import { can } from "@/lib/auth/permissions";
import { servedQueueScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish-event";
import { AppError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { VOICEMAIL_REASONS } from "@/lib/telephony/voicemail-reasons";
import { VOICEMAIL_STATUSES, type voicemailAnswer } from "./voicemail-answer";
import type { z } from "zod";

const SELECT = {
  id: true,
  department_id: true,
  call_sid: true,
  from_number: true,
  reason: true,
  recording_url: true,
  duration_seconds: true,
  transcription: true,
  status: true,
  claimed_by_user_id: true,
  claimed_at: true,
  done_at: true,
  created_at: true,
  contact: { select: { id: true, name: true } },
  claimed_by: { select: { name: true } },
} as const;

type Row = Prisma.VoicemailGetPayload<{ select: typeof SELECT }>;

// The columns are text; only these values are ever written (voice-callbacks.ts, the updates below).
const reasonOf = (value: string) => VOICEMAIL_REASONS.find((reason) => reason === value) ?? "menu";
const statusOf = (value: string) => VOICEMAIL_STATUSES.find((status) => status === value) ?? "new";

function present(row: Row): z.output<typeof voicemailAnswer> {
  return {
    id: Number(row.id),
    call_sid: row.call_sid,
    from: row.from_number,
    department_id: row.department_id,
    reason: reasonOf(row.reason),
    recording_url: row.recording_url ? voicemailRecordingPath(row.id) : null,
    duration_seconds: row.duration_seconds,
    transcription: row.transcription,
    status: statusOf(row.status),
    claimed_by: row.claimed_by_user_id === null ? null : { id: row.claimed_by_user_id, name: row.claimed_by?.name ?? null },
    claimed_at: row.claimed_at,
    done_at: row.done_at,
    created_at: row.created_at,
    contact: row.contact ? { id: Number(row.contact.id), name: row.contact.name } : null,
  };
}

/** The voicemails of the queues the user serves (the general one and their department's; admins all), same rule as the waiting calls. */
function servedBy(actor: SessionUser): Prisma.VoicemailWhereInput {
  return servedQueueScope(actor);
}

/** GET /api/voicemails: open ones (new, or claimed) oldest first by default; `status=done` for the handled ones, newest first. */
export async function listVoicemails({ actor, status }: { actor: SessionUser; status: "open" | "done" }) {
  const rows = await prisma.voicemail.findMany({
    where: { ...servedBy(actor), status: status === "open" ? { in: ["new", "claimed"] } : "done" },
    orderBy: { created_at: status === "open" ? "asc" : "desc" },
    take: 200,
    select: SELECT,
  });
  return { data: rows.map(present) };
}

/**
 * An agent takes a voicemail to call back: one conditional update, so two
 * agents never both claim it (the second gets 409). Their own claim again: unchanged.
 */
export async function claimVoicemail({ actor, id }: { actor: SessionUser; id: bigint }) {
  const claimed = await prisma.voicemail.updateMany({
    where: { id, ...servedBy(actor), OR: [{ status: "new" }, { status: "claimed", claimed_by_user_id: actor.id }] },
    data: { status: "claimed", claimed_by_user_id: actor.id, claimed_at: new Date() },
  });
  return settled(actor, id, claimed.count, { conflict: "Another agent has claimed this voicemail.", unchanged: () => false });
}

/** The voicemail is handled (called back, or nothing to do): by whoever claimed it, or a manager in scope. */
export async function finishVoicemail({ actor, id }: { actor: SessionUser; id: bigint }) {
  const mayFinishAny = can(actor.role, "voicemails.manage");
  const done = await prisma.voicemail.updateMany({
    where: { id, ...servedBy(actor), status: { in: ["new", "claimed"] }, ...(mayFinishAny ? {} : { OR: [{ status: "new" }, { claimed_by_user_id: actor.id }] }) },
    data: { status: "done", done_at: new Date(), ...(mayFinishAny ? {} : { claimed_by_user_id: actor.id }) },
  });
  // Done already: done (a double click, a retry).
  return settled(actor, id, done.count, { conflict: "Another agent has claimed this voicemail.", unchanged: (row) => row.status === "done" });
}

/** After a claim or a finish: unknown or out of scope 404; nothing changed (and not a harmless repeat) 409; else the voicemail, announced. */
async function settled(actor: SessionUser, id: bigint, changed: number, { conflict, unchanged }: { conflict: string; unchanged: (row: Row) => boolean }) {
  const row = await prisma.voicemail.findFirst({ where: { id, ...servedBy(actor) }, select: SELECT });
  if (!row) throw AppError.notFound();
  if (changed === 0 && !unchanged(row)) throw AppError.conflict(conflict);
  if (changed > 0) {
    await publishEvent({
      type: "voicemail.updated",
      record: { organization_id: actor.organization_id, department_id: row.department_id },
      data: { id: Number(row.id), status: row.status, claimed_by: row.claimed_by_user_id },
    });
  }
  return present(row);
}
