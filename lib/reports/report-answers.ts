import { z } from "zod";
import { CALL_DIRECTIONS } from "@/lib/calls/call-log-answer";

// What the report routes answer as JSON (format=csv flattens the same rows):
// summary-report.ts, time-report.ts, grouped-reports.ts and agent-report.ts
// return exactly this.

const count = z.number().int();
/** A fraction from 0 to 1, null when there was nothing to divide by. */
const rate = z.number().nullable();
/** Seconds, rounded to the hundredth; null when no call counted. */
const seconds = z.number().nullable();

export const summaryAnswer = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  total_calls: count,
  by_direction: z.record(z.string(), count),
  by_status: z.record(z.string(), count),
  by_direction_and_status: z.array(z.object({ direction: z.enum(CALL_DIRECTIONS), status: z.string(), calls: count })),
  inbound_calls: count,
  answered: count,
  abandoned: count,
  answer_rate: rate,
  abandon_rate: rate,
  average_wait_seconds: seconds,
  p90_wait_seconds: seconds,
  average_handle_seconds: seconds,
  service_level_seconds: count,
  service_level: rate.meta({ description: "Inbound callers answered within service_level_seconds, of all inbound callers" }),
  hold_seconds: count,
  transfers: count,
  by_disposition: z.array(z.object({ disposition_id: z.number().int(), name: z.string(), is_success: z.boolean(), calls: count })),
});

const bucket = { calls: count, inbound: count, answered: count, abandoned: count, average_handle_seconds: seconds };

export const dailyAnswer = z.object({
  data: z.array(z.object({ day: z.string().meta({ format: "date" }), ...bucket, messages_sent: count, messages_received: count, messages_failed: count, opt_outs: count })),
});

/** Messages per channel (issue 48): every channel, zeros included. */
export const channelAnswer = z.object({
  data: z.array(z.object({ channel: z.enum(["sms", "whatsapp", "web"]), conversations: count, messages_sent: count, messages_received: count, messages_failed: count, opt_outs: count })),
});

export const hourlyAnswer = z.object({ data: z.array(z.object({ hour: z.number().int().min(0).max(23), ...bucket })) });

const group = { calls: count, connected: count, connect_rate: rate, talk_seconds: count, average_handle_seconds: seconds };

export const campaignReportAnswer = z.object({ data: z.array(z.object({ campaign_id: z.number().int(), name: z.string(), ...group })) });

export const tagReportAnswer = z.object({ data: z.array(z.object({ tag: z.string(), ...group })) });

export const agentReportAnswer = z.object({
  data: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      calls: count,
      talk_seconds: count,
      average_handle_seconds: seconds,
      seconds_in_state: z.object({ available: count, busy: count, wrap_up: count, offline: count }),
      messages_sent: count,
      messages_failed: count,
      offers: z
        .object({
          offered: count,
          accepted: count,
          declined: count,
          missed: count,
          average_seconds_to_accept: z.number().nullable().meta({ description: "Mean seconds from an offer to its accept; null with none accepted" }),
          seconds_not_ready: count.meta({ description: "Seconds in the not-ready state `missed` an unanswered offer put the agent in" }),
        })
        .optional()
        .meta({ description: "Calls offered to the agent in the range (issue 44): present once the organization offers calls (an offer queue, or offers in the range)" }),
    }),
  ),
});

export const dispositionReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  calls: count.meta({ description: "The range's calls in the caller's scope" }),
  without_disposition: count,
  dispositions: z.array(z.object({ disposition_id: z.number().int(), name: z.string(), is_success: z.boolean(), archived: z.boolean(), calls: count })),
  /** One row per group and disposition (null: no disposition); format=csv gives these rows. */
  data: z.array(
    z.object({
      group: z.enum(["agent", "campaign", "queue"]),
      id: z.number().int().nullable().meta({ description: "The agent's, campaign's or queue's department id (null: the general queue)" }),
      name: z.string(),
      disposition_id: z.number().int().nullable(),
      disposition: z.string().nullable(),
      calls: count,
    }),
  ),
});
