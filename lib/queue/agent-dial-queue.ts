import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { startCallRecording } from "@/lib/calls/start-call-recording";
import { START_LIVE_CALL, START_VALUES, STARTED, startValues } from "@/lib/calls/start-live-call";
import { announceEvents } from "@/lib/events/announce-events";
import { takeQueuedCaller } from "@/lib/calls/take-queued-caller";
import type { VoiceAnswer } from "@/lib/telephony/voice-answer";

const GONE: VoiceAnswer = { kind: "say-and-hang-up", message: "This call is no longer waiting." };

/**
 * The agent's device connects to take the call it accepted. Only the agent who
 * accepted a queue entry is ever dialed into that entry's own queue; any other
 * device (or a stale accept, returned to the queue meanwhile) hears that the
 * call is gone. Joining marks the accept connected.
 */
export async function agentDialQueue({
  organizationId,
  agentId,
  callSid,
  queueEntry,
  recordingEnabled,
}: {
  organizationId: number;
  agentId: number | null;
  callSid: string | null;
  queueEntry: { id: bigint | null; queueName: string | null } | null;
  recordingEnabled: boolean;
}): Promise<VoiceAnswer> {
  if (!agentId || !queueEntry) return { kind: "say-and-hang-up", message: "There is no call to connect." };
  const entry = await acceptedEntry(organizationId, agentId, queueEntry);
  if (!entry) return GONE;
  // A caller transferred to the queue waits in their call's conference: the agent joins them there.
  if (entry.live_call_id) {
    const seat = await takeQueuedCaller({ organizationId, liveCallId: entry.live_call_id, queueEntryId: entry.id, agentId, departmentId: entry.department_id, agentLegSid: callSid });
    return seat ?? GONE;
  }
  // The device joined: the accept is no longer at risk of going back to the queue, and the call is live
  // (the caller's leg and the agent's, which hold and transfer move). One statement: every answered call comes here.
  const start = {
    organizationId,
    callSid: entry.call_sid,
    direction: "inbound" as const,
    userId: agentId,
    departmentId: entry.department_id,
    contactId: entry.contact_id,
    number: entry.from_number,
    answered: true,
    customerLegSid: entry.call_sid,
    agentLegSid: callSid,
  };
  const [joined] = await runSql().rows<{ joined: boolean; started: boolean; announcement: string | null }>(JOIN_ACCEPTED, [...startValues(start), String(entry.id)]);
  announceEvents([joined.announcement]);
  if (!joined.joined) return GONE;
  // Recorded calls: the call's one recording starts on the caller's leg, once (a retried connect starts no live call).
  if (recordingEnabled && joined.started) await startCallRecording({ organizationId, callSid: entry.call_sid, customerLegSid: entry.call_sid });
  return { kind: "dial-queue", queueName: entry.queue_name };
}

interface AcceptedEntry {
  id: bigint;
  queue_name: string;
  call_sid: string;
  from_number: string;
  contact_id: bigint | null;
  live_call_id: bigint | null;
  /** The accepting agent's department: the live call's. */
  department_id: number | null;
}

// The entry the agent accepted and their department, in one statement (every
// inbound call's agent leg asks it), by the entry's id or else its line's name.
const ACCEPTED_ENTRY = (key: string) => `
  SELECT e.id::text, e.queue_name, e.call_sid, e.from_number, e.contact_id::text, e.live_call_id::text, u.department_id
  FROM queue_entries e LEFT JOIN users u ON u.id = e.accepted_by_user_id
  WHERE e.organization_id = $1 AND e.status = 'accepted' AND e.accepted_by_user_id = $2 AND ${key}
  LIMIT 1`;
const BY_ID = prepared(ACCEPTED_ENTRY("e.id = $3::bigint"));

// The accept connected and the call started (start-live-call.ts), together: the call starts only if the accept still holds.
const JOIN_ACCEPTED = prepared(`WITH joined AS (
    UPDATE queue_entries SET connected_at = now(), updated_at = now()
    WHERE id = $12::bigint AND organization_id = $1::int AND status = 'accepted' AND accepted_by_user_id = $4::int
    RETURNING id
  ), start AS (${START_VALUES} FROM joined)
  ${START_LIVE_CALL}
  SELECT EXISTS (SELECT 1 FROM joined) AS joined, ${STARTED}`);
const BY_LINE = prepared(ACCEPTED_ENTRY("e.queue_name = $3::text"));

async function acceptedEntry(organizationId: number, agentId: number, key: { id: bigint | null; queueName: string | null }): Promise<AcceptedEntry | null> {
  type Row = Omit<AcceptedEntry, "id" | "contact_id" | "live_call_id"> & { id: string; contact_id: string | null; live_call_id: string | null };
  const [row] = await runSql().rows<Row>(key.id ? BY_ID : BY_LINE, [organizationId, agentId, key.id ? String(key.id) : key.queueName]);
  if (!row) return null;
  return { ...row, id: BigInt(row.id), contact_id: row.contact_id === null ? null : BigInt(row.contact_id), live_call_id: row.live_call_id === null ? null : BigInt(row.live_call_id) };
}
