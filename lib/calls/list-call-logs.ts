import "server-only";
import { z } from "zod";
import { bigIdQuery, intIdQuery } from "@/lib/http/params";
import { ownerScope, seesOwnCallsOnly } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isoDay } from "@/lib/http/date-params";
import { AppError } from "@/lib/errors/app-error";
import { pageOf, paginationSchema, skipTake } from "@/lib/http/pagination";
import { isE164, phoneDigits } from "@/lib/contacts/phone";
import { callLogSelect, serializeCallLog } from "./serialize-call-log";
import { mayPlayCallRecordings } from "@/lib/recordings/play-call-recording";
import { recordingFactsOf } from "./recording-pauses";
import { getSettings } from "@/lib/settings/get-settings";
import { startOfDay } from "@/lib/client/format/time-zone";

export const listCallLogsQuery = paginationSchema
  .extend({
    direction: z.enum(["outbound-manual", "outbound-campaign", "inbound"]).optional(),
    status: z.enum(["completed", "failed", "busy", "no-answer"]).optional(),
    from: isoDay().optional(),
    to: isoDay().optional(),
    user_id: intIdQuery.optional(),
    contact_id: bigIdQuery.optional(),
    call_sid: z.string().trim().max(64).optional(),
    /** The outcome the agent recorded, or `none`: the calls still without one (issue 45). */
    disposition_id: z.union([z.literal("none"), intIdQuery]).optional(),
    /** A whole E.164 number, or 3 or more digits of one (the pages send a typed national number as E.164). */
    phone: z
      .string()
      .trim()
      .max(32)
      .regex(/^\+?[\d\s().-]*$/, "must be a phone number or some of its digits.")
      .optional(),
  })
  .superRefine((query, ctx) => {
    // Whole days, so a one-day range has from = to; a start after the end selects nothing.
    if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from." });
  });

function phoneFilter(phone: string): Prisma.CallLogWhereInput {
  if (isE164(phone)) return { phone_number: phone };
  const digits = phoneDigits(phone);
  if (digits.length < 3) throw AppError.validation({ phone: ["must be a phone number or at least 3 of its digits."] });
  return { phone_number: { contains: digits } };
}

/** From the start of `from` to the end of `to`, whole days on the organization's clock (issue 45: one clock), as the pages show the calls' times. */
async function daysOnOrganizationClock(organizationId: number, { from, to }: { from?: string; to?: string }) {
  const { time_zone } = await getSettings(organizationId, "organization");
  return { ...(from && { gte: startOfDay(from, time_zone) }), ...(to && { lt: startOfDay(to, time_zone, 1) }) };
}

/** Call history: an agent their own calls, a manager the department's, an admin the organization's. */
export async function listCallLogs({ actor, query }: { actor: SessionUser; query: z.infer<typeof listCallLogsQuery> }) {
  const where: Prisma.CallLogWhereInput = {
    ...ownerScope(actor),
    ...(query.direction && { direction: query.direction }),
    ...(query.status && { status: query.status }),
    ...(query.user_id && { user_id: query.user_id }),
    ...(query.contact_id && { contact_id: BigInt(query.contact_id) }),
    ...(query.call_sid && { call_sid: query.call_sid }),
    ...(query.disposition_id !== undefined && { disposition_id: query.disposition_id === "none" ? null : query.disposition_id }),
    ...(query.phone && phoneFilter(query.phone)),
    ...((query.from || query.to) && { created_at: await daysOnOrganizationClock(actor.organization_id, query) }),
  };
  // An agent asking for someone else's calls gets an empty page, never theirs.
  if (seesOwnCallsOnly(actor) && query.user_id && query.user_id !== actor.id) return pageOf([], 0, query);
  const [rows, total] = await Promise.all([
    prisma.callLog.findMany({ where, select: callLogSelect, orderBy: [{ created_at: "desc" }, { id: "desc" }], ...skipTake(query) }),
    prisma.callLog.count({ where }),
  ]);
  const [recordings, facts] = await Promise.all([
    mayPlayCallRecordings(actor),
    recordingFactsOf(
      actor.organization_id,
      rows.map((row) => row.call_sid),
    ),
  ]);
  return pageOf(
    rows.map((row) => serializeCallLog(row, { recordings, ...facts })),
    total,
    query,
  );
}

/** Notes on a call: agents on their own calls, managers in their department, admins anywhere in the organization. */
