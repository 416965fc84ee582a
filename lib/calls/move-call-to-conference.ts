import "server-only";
import { prisma } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { telephony } from "@/lib/telephony/port";
import { conferenceNameFor, conferenceStatusPath } from "./live-call";
import type { LiveCallRow } from "./find-live-call";

/**
 * A control needs more than the bridge (hold, transfer, a third party, a
 * supervisor): the call's legs move into a conference of its own. One leg is
 * moved by the provider's REST API; the other follows through the callback
 * its bridge ends with (the caller's queue `action`, the agent's Dial
 * `action`), which answers with the same conference (conferenceSeatFor).
 * Moving a bridge's other leg by REST would end the call instead: the
 * provider hangs up a Dial's child when its parent is moved.
 * Claimed with a conditional update first, so two servers never move one call twice.
 */
export async function moveCallToConference(call: LiveCallRow): Promise<string> {
  if (call.conference_name) return call.conference_name;
  // Inbound and campaign: the agent's leg is moved (the caller's queue action, the contact's Dial action follows). Manual: the dialed leg (the agent's Dial action follows).
  const moved = call.direction === "outbound-manual" ? call.customer_leg_sid : call.agent_leg_sid;
  if (!moved || !call.customer_leg_sid) throw AppError.conflict("This call cannot be held or transferred yet: it is not connected.");
  const name = conferenceNameFor(call.id);
  const { count } = await prisma.liveCall.updateMany({ where: { id: call.id, conference_name: null, ended_at: null }, data: { conference_name: name, updated_at: new Date() } });
  if (count === 0) return name;
  try {
    const isCustomer = moved === call.customer_leg_sid;
    await telephony().moveLegToConference(call.organization_id, moved, { conference: name, startsConference: !isCustomer, endsConference: isCustomer, statusPath: conferenceStatusPath(name) });
  } catch (error) {
    await prisma.liveCall.updateMany({ where: { id: call.id, conference_name: name }, data: { conference_name: null } });
    throw error;
  }
  return name;
}

/**
 * A call in progress whose legs are in its conference (no longer on the
 * queue's bridge): by its own CallSid, or by its caller's leg (after a
 * transfer, the caller's part is a call of its own).
 */
export async function conferencedCall(
  organizationId: number,
  callSid: string,
): Promise<{ id: bigint; call_sid: string; parent_call_sid: string | null; customer_leg_sid: string | null; conference_name: string | null } | null> {
  const [row] = await runSql().rows<{ id: string; call_sid: string; parent_call_sid: string | null; customer_leg_sid: string | null; conference_name: string | null }>(CONFERENCED_CALL, [
    organizationId,
    callSid,
  ]);
  return row ? { ...row, id: BigInt(row.id) } : null;
}

// Every caller's hang-up asks it (most calls never had a conference): prepared, past the ORM.
const CONFERENCED_CALL = prepared(`
  SELECT id::text, call_sid, parent_call_sid, customer_leg_sid, conference_name FROM live_calls
  WHERE organization_id = $1 AND ended_at IS NULL AND conference_name IS NOT NULL AND (call_sid = $2 OR customer_leg_sid = $2)
  ORDER BY id DESC LIMIT 1`);

/**
 * The callback a moved bridge ends with, for a call that now has a
 * conference: the leg that was not moved joins it. The caller's leg ends the
 * conference when it leaves; the agent's starts it. Null: no conference, the
 * bridge simply ended.
 */
export async function conferenceSeatFor({ organizationId, callSid, leg }: { organizationId: number; callSid: string; leg: "customer" | "agent" }) {
  const call = await conferencedCall(organizationId, callSid);
  if (!call) return null;
  return {
    kind: "join-conference" as const,
    conference: call.conference_name!,
    startsConference: leg === "agent",
    endsConference: leg === "customer",
    statusPath: conferenceStatusPath(call.conference_name!),
  };
}
