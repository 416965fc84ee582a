import "server-only";
import { prepared } from "@/lib/db/prepared";
import { runSql } from "@/lib/db/run-sql";
import { callPathSettings } from "@/lib/settings/get-settings";

export interface WrapUpRules {
  /** When wrap-up ends by itself (the queue's wrap_up_seconds after it began); null: the agent ends it. */
  ends_at: Date | null;
  /** A disposition must be picked before wrap-up ends (the organization's rule or the queue's). */
  disposition_required: boolean;
  /** The call being wrapped up has one. */
  has_disposition: boolean;
  /** The state wrap-up ends in: the not-ready state the call began in, else available (I4). */
  returns_to: "available" | "busy" | "missed";
}

// The call an agent wraps up is their last logged call; a queue call's queue
// (found through its queue entry) says how long wrap-up lasts and whether it
// needs a disposition (issue 44, point 5).
const lastCallOf = (user: string, organization: string) => `
  SELECT q.wrap_up_seconds, COALESCE(q.disposition_required, false) AS queue_requires, c.disposition_id IS NOT NULL AS has_disposition
  FROM call_logs c
  LEFT JOIN queue_entries e ON e.call_sid = c.call_sid AND e.organization_id = c.organization_id
  LEFT JOIN queues q ON q.organization_id = e.organization_id AND q.department_id IS NOT DISTINCT FROM e.department_id
  WHERE c.user_id = ${user} AND c.organization_id = ${organization}
  ORDER BY c.created_at DESC LIMIT 1`;
const LAST_CALL = prepared(lastCallOf("$1::int", "$2::int"));

interface LastCall {
  wrap_up_seconds: number | null;
  queue_requires: boolean;
  has_disposition: boolean;
}

/** The rules of the wrap-up that began at `since` for this agent's last call. */
export async function wrapUpRules({ userId, organizationId, since, resumeStatus }: { userId: number; organizationId: number; since: Date; resumeStatus: string | null }): Promise<WrapUpRules> {
  const [[last], settings] = await Promise.all([runSql().rows<LastCall>(LAST_CALL, [userId, organizationId]), callPathSettings(organizationId, "calls")]);
  return rulesOf(last, settings, since, resumeStatus);
}

function rulesOf(last: LastCall | undefined, settings: { disposition_required: boolean }, since: Date, resumeStatus: string | null): WrapUpRules {
  const seconds = last?.wrap_up_seconds ?? 0;
  return {
    ends_at: seconds > 0 ? new Date(since.getTime() + seconds * 1000) : null,
    disposition_required: settings.disposition_required || (last?.queue_requires ?? false),
    has_disposition: last?.has_disposition ?? true,
    returns_to: resumeStatus === "busy" || resumeStatus === "missed" ? resumeStatus : "available",
  };
}

// The agent's state and, in wrap-up, their last call, in one statement: asked on
// every change of state an agent makes (Available after each call).
const STATE_AND_LAST_CALL = prepared(`
  SELECT s.status, s.changed_at, s.resume_status, last.wrap_up_seconds, last.queue_requires, last.has_disposition
  FROM agent_statuses s
  LEFT JOIN LATERAL (${lastCallOf("s.user_id", "s.organization_id")}) last ON s.status = 'wrap_up'
  WHERE s.user_id = $1::int`);

/** The rules of the agent's wrap-up; null when they are not in wrap-up. */
export async function currentWrapUpRules({ userId, organizationId }: { userId: number; organizationId: number }): Promise<WrapUpRules | null> {
  const [[row], settings] = await Promise.all([
    runSql().rows<{ status: string; changed_at: Date; resume_status: string | null } & Partial<LastCall>>(STATE_AND_LAST_CALL, [userId]),
    callPathSettings(organizationId, "calls"),
  ]);
  if (row?.status !== "wrap_up") return null;
  // No call logged: nothing to ask of it (LEFT JOIN's nulls).
  const last = row.has_disposition === null || row.has_disposition === undefined ? undefined : (row as LastCall);
  return rulesOf(last, settings, row.changed_at, row.resume_status);
}

/**
 * Agents whose timed wrap-up has run out, on any server (SKIP LOCKED): those
 * in wrap-up longer than their last call's queue allows, with the
 * disposition it needs when it needs one (the queue's rule, or the
 * organization's setting: an agent without one waits in wrap-up for it).
 */
export const WRAP_UPS_DUE = `
  SELECT s.user_id, s.organization_id, s.changed_at, s.resume_status FROM agent_statuses s
  CROSS JOIN LATERAL (SELECT c.call_sid, c.disposition_id FROM call_logs c WHERE c.user_id = s.user_id AND c.organization_id = s.organization_id ORDER BY c.created_at DESC LIMIT 1) last
  JOIN queue_entries e ON e.call_sid = last.call_sid AND e.organization_id = s.organization_id
  JOIN queues q ON q.organization_id = e.organization_id AND q.department_id IS NOT DISTINCT FROM e.department_id
  WHERE s.status = 'wrap_up' AND q.wrap_up_seconds > 0 AND s.changed_at + make_interval(secs => q.wrap_up_seconds) <= now()
    AND (last.disposition_id IS NOT NULL OR NOT (q.disposition_required
         OR COALESCE((SELECT (value->>'disposition_required')::boolean FROM settings WHERE organization_id = s.organization_id AND key = 'calls'), false)))
  FOR UPDATE OF s SKIP LOCKED`;
