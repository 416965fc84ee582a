import { z } from "zod";
import { contactCardAnswer } from "@/lib/contacts/contact-answer";
import { id, page, timestamp } from "@/lib/http/answer-schemas";
import { CAMPAIGN_CONTACT_STATES, CAMPAIGN_STATUSES, DIALING_MODES, RETRY_OUTCOMES } from "./schemas";

// What the campaign routes answer: serialize-campaign.ts, campaign-stats.ts,
// campaign-contacts.ts and dry-run-contacts.ts return exactly this, and the
// OpenAPI document and the campaign pages' types are read off it.

/** The stored selection (validated by selectionSchema when it was written). */
const selectionAnswer = z.object({
  tags: z.array(z.string()).optional(),
  tags_any: z.array(z.string()).optional(),
  saved_filter_id: z.number().int().optional(),
  contact_ids: z.array(z.number().int()).optional(),
});

export const campaignAnswer = z.object({
  id,
  organization_id: z.number().int(),
  department_id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  caller_id: z.string().nullable(),
  selection: selectionAnswer,
  exclude_dnc: z.boolean(),
  dialing_mode: z.enum(DIALING_MODES),
  pacing: z.object({ max_ratio: z.number(), max_calls_per_minute: z.number().int() }),
  calling_window: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()), timezone: z.string().nullish() }),
  timezone_policy: z.enum(["contact", "campaign"]),
  max_attempts: z.number().int(),
  retry_delay_minutes: z.number().int(),
  retry_outcomes: z.array(z.enum(RETRY_OUTCOMES)),
  amd_enabled: z.boolean(),
  voicemail_message: z.string().nullable(),
  recording_enabled: z.boolean(),
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CampaignAnswer = z.output<typeof campaignAnswer>;

/** The list adds each campaign's contact count and progress (done or excluded, in percent). */
export const campaignPageAnswer = page(campaignAnswer.extend({ contacts: z.number().int(), progress: z.number().int() }));

const count = z.number().int();
const counts = z.record(z.string(), count);

export const campaignStatsAnswer = z.object({
  campaign_id: id,
  status: z.enum(CAMPAIGN_STATUSES),
  contacts: z.number().int(),
  by_state: z.object({ pending: count, dialing: count, answered: count, retry_wait: count, done: count, excluded: count }),
  /** Last outcome → contacts (answered, no-answer, busy, voicemail, abandoned, …). */
  by_outcome: counts,
  excluded_by_reason: counts,
  attempts: z.number().int(),
  calls: z.number().int(),
  /** Fractions from 0 to 1. */
  answer_rate: z.number(),
  abandon_rate: z.number(),
  average_talk_seconds: z.number().int(),
  progress: z.number().int(),
});

export const campaignDryRunAnswer = z.object({
  eligible: z.number().int(),
  excluded: z.number().int(),
  excluded_by_reason: counts,
  callable_now: z.number().int(),
  outside_window: z.number().int(),
  unknown_timezone: z.number().int(),
  first_callable_at: timestamp.nullable(),
  agents_on_duty: z.number().int(),
  average_handle_seconds: z.number().int(),
  /** null when no agent of the department is on duty. */
  estimated_seconds: z.number().int().nullable(),
  warning: z.string().nullable(),
  message: z.string().nullable(),
});

/** The engine's last decision about a contact, as recorded (claim-contacts.ts). */
const decisionAnswer = z.object({
  allowed: z.boolean(),
  at: z.string().meta({ format: "date-time" }),
  checks: z.array(z.string()).optional(),
  reason: z.string().optional(),
  detail: z.string().optional(),
  local_time: z.string().optional(),
  zones: z.array(z.string()).optional(),
  attempt: z.number().int().optional(),
  retry_at: z.string().meta({ format: "date-time" }).optional(),
});
export type DialDecisionAnswer = z.output<typeof decisionAnswer>;

export const campaignContactPageAnswer = page(
  z.object({
    id,
    contact_id: id,
    name: z.string(),
    phone: z.string(),
    state: z.enum(CAMPAIGN_CONTACT_STATES),
    exclusion_reason: z.string().nullable(),
    attempts: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    last_attempt_at: timestamp.nullable(),
    last_outcome: z.string().nullable(),
    assigned_user_id: z.number().int().nullable(),
    decision: decisionAnswer.nullable(),
  }),
);

/** A left-out contact carries `reason`; one the campaign would call, the rest. */
export const dryRunContactPageAnswer = page(
  z.object({
    contact_id: id,
    name: z.string(),
    phone: z.string(),
    reason: z.string().optional(),
    local_time: z.string().nullable().optional(),
    callable_now: z.boolean().optional(),
    next_callable_at: timestamp.nullable().optional(),
    not_callable_because: z.enum(["outside_window", "unknown_timezone"]).nullable().optional(),
  }),
);

export const addedContactsAnswer = z.object({ added: z.number().int() });
export const removedContactsAnswer = z.object({ removed: z.number().int() });

/** POST /api/campaigns/preview/next (preview-contact.ts): the contact to call, or why there is none now. */
export const previewNextAnswer = z.object({
  data: z
    .object({
      campaign_contact_id: z.number().int().meta({ description: "Skip it with POST /api/campaigns/preview/{id}/skip" }),
      campaign: z.object({ id: z.number().int(), name: z.string() }),
      attempt: z.number().int().meta({ description: "Attempts made before this one" }),
      decision: z
        .object({ checks: z.array(z.string()).optional(), local_time: z.string().optional(), zones: z.array(z.string()).optional() })
        .nullable()
        .meta({ description: "The compliance check that let the dial through: what it checked, the contact's local time and time zones" }),
      contact: contactCardAnswer,
    })
    .nullable(),
  reason: z.enum(["no_department", "paused", "no_running_campaign", "all_attempted", "outside_calling_hours", "retry_later"]).optional().meta({ description: "data null: why" }),
  message: z.string().optional(),
  next_at: timestamp.nullable().optional().meta({ description: "When a contact falls due again, if known" }),
});

export const previewSkippedAnswer = z.object({ skipped: z.literal(true) });
