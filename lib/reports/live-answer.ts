import { z } from "zod";
import { timestamp } from "@/lib/http/answer-schemas";
import { AGENT_STATUSES } from "@/lib/agents/agent-status";

// What GET /api/reports/live answers (live-report.ts returns exactly this):
// the wallboard and the supervisor's roster read it through the typed client.

const count = z.number().int();
/** A share from 0 to 1 (four decimals); null when there was nothing to count. */
const share = z.number().nullable();

export const liveAnswer = z.object({
  at: timestamp,
  calls_waiting: count,
  longest_wait_seconds: count,
  agents_by_state: z.object({ available: count, busy: count, wrap_up: count, offline: count, missed: count.meta({ description: "Not ready after an unanswered offer (issue 44)" }) }),
  /** Busy first, then wrap-up, available, offline; by name; 500 at most. */
  agents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      department_id: z.number().int().nullable(),
      status: z.enum(AGENT_STATUSES),
      since: timestamp.nullable(),
      seconds_in_state: count.nullable(),
      /** The live call the agent is on, which a supervisor may listen to, whisper into or barge into. */
      call: z
        .object({
          call_sid: z.string(),
          number: z.string().nullable(),
          contact_name: z.string().nullable().meta({ description: "The contact the call is with, when the number is a stored contact's" }),
          direction: z.string().nullable(),
          state: z.string().nullable(),
          started_at: timestamp.nullable(),
        })
        .nullable(),
      /** Calls offered to the agent today (offer queues, issue 44), by how each offer ended. */
      offers_today: z.object({ accepted: count, declined: count, missed: count }),
    }),
  ),
  /** Each queue the user serves: what its callers hear as their expected wait, and today's service level. */
  queues: z.array(
    z.object({
      department_id: z.number().int().nullable(),
      name: z.string(),
      waiting: count,
      longest_wait_seconds: count,
      agents_on_duty: count,
      expected_wait_seconds: count.nullable().meta({ description: "null: no estimate (fewer than three answers in the last 30 minutes, or no agent on duty)" }),
      offered_today: count,
      /** Callers of today taken by an agent, still on the line or ended (issue 45). */
      answered_today: count,
      service_level: share,
    }),
  ),
  /**
   * The summary report's figures for today, plus the inbound calls answered and still on the line
   * (`on_the_line`, also counted in `inbound` and `answered`): once they end, the report's to the call.
   */
  today: z.object({
    date: z.string(),
    inbound: count,
    answered: count,
    abandoned: count,
    on_the_line: count,
    service_level: share,
    service_level_seconds: count,
    scope: z.enum(["organization", "department", "own"]).meta({
      description:
        "Whose callers today's figures (and each queue's offered and answered) count: the organization's (admins), the department's " +
        "(a manager: its queue's callers and those its agents took), or the agent's own. The summary report counts the same.",
    }),
  }),
});
