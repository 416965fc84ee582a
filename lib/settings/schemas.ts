import { isSupportedCountry } from "libphonenumber-js";
import { paymentSettingsSchema } from "@/lib/calls/payments/payment-schemas";
import { whatsappSettingsSchema } from "@/lib/messages/whatsapp/whatsapp-schemas";
import { z } from "zod";
import { isTimeZone } from "@/lib/client/format/time-zone";
import { looseKey } from "@/lib/client/format/loose-key";
import { withKeyAliases } from "@/lib/http/key-aliases";
import { routingSettingsSchema } from "@/lib/settings/routing-schemas";

// Shared by the settings routes and the admin settings pages.
export const importSettingsSchema = z.object({
  max_import_size: z.number().int().min(1).max(1_000_000),
  duplicate_handling: z.enum(["skip", "update", "ask"]),
  auto_tag: z.string().trim().min(1).max(100).nullable(),
  strictness: z.enum(["strict", "lenient"]),
  phone_formatting: z.boolean(),
  default_country: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be a two-letter country code")
    .refine((code: string): boolean => isSupportedCountry(code), "is not a country with a phone numbering plan we know"),
});

export const duplicateSettingsSchema = z.object({
  fuzzy_name_threshold: z.number().int().min(0).max(100),
  email_matching: z.boolean(),
  merge_behavior: z.enum(["automatic", "manual"]),
  conflict_rule: z.enum(["keep_newest", "keep_oldest"]),
  /** false (default): a similar name alone is not enough; the company or the phone's last digits must match too. */
  similar_name_alone: z.boolean(),
});

export const retentionSettingsSchema = z.object({
  inactive_contact_days: z.number().int().min(1).max(36_500).nullable(),
  keep_opted_out: z.boolean(),
});

/**
 * POST /api/settings/retention/run. It deletes for good, so it deletes only
 * when told so in words: `dry_run` is required (false runs the policy, true
 * reports what it would remove), and a key it does not know (`dryRun`) is
 * refused, never ignored (issue 40).
 */
export const retentionRunSchema = z.strictObject({
  dry_run: z.boolean({ error: (issue) => (issue.input === undefined ? "is required: true reports what a run would remove, false removes it." : "must be true or false.") }),
});

export const timeZoneSchema = z.string().trim().min(1).max(64).refine(isTimeZone, "must be an IANA time zone such as America/New_York");

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (24-hour)");
const e164 = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{0,14}$/, "must be an E.164 number");

export const smsSettingsSchema = z.object({
  /** The organization's numbers that send and receive text messages; empty: all of them (Settings → Telephony). */
  sms_numbers: z.array(e164).max(100),
  /** The answer to HELP or INFO. */
  help_text: z.string().trim().min(1).max(320),
  /** No campaign text goes out between start and end at the recipient's local time (held until end); agents' replies still go. null: no quiet hours. */
  quiet_hours: z.object({ start: clock, end: clock }).strict().nullable(),
  /** The time zone quiet hours are read in when a number's own zone is not known. */
  time_zone: timeZoneSchema,
  /** A new inbound conversation is given to an available agent who serves its department's queue (issue 44), up to each agent's max_conversations. */
  assign_conversations: z.boolean({ error: "assign_conversations is true or false." }),
  /** WhatsApp through the provider (issue 48): the sender and the approved templates sent outside the 24-hour window. */
  whatsapp: whatsappSettingsSchema,
});

/** The organization's own settings (Settings → Organization; the default country lives with import, where the API always had it). */
export const organizationSettingsSchema = z.object({
  /** Times in lists and reports are shown in it. */
  time_zone: timeZoneSchema,
});

/** How calls end (Settings → Dispositions). */
const OPT_OUT_DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/** What a caller hears before a recorded call (issue 47, point 1): words said, or an audio file played, and the key that declines. */
const consentAnnouncement = z.strictObject({
  text: z.string().trim().min(1, "Enter the words callers hear, or leave it empty.").max(500, "Keep the announcement under 500 characters.").nullable().default(null),
  audio_url: z
    .url({ protocol: /^https$/, error: "audio_url must be an https address of an audio file (mp3 or wav), or null." })
    .max(2048)
    .nullable()
    .default(null),
  opt_out_digit: z.enum(OPT_OUT_DIGITS, { error: "opt_out_digit must be a key from 1 to 9, or null." }).nullable().default(null),
});

export const recordingConsentSchema = consentAnnouncement
  .extend({
    /** Outbound calls (manual and campaign): the called person hears the same announcement when they answer. */
    outbound: z.boolean({ error: "outbound must be true or false." }).default(false),
    /** Per number the organization answers: its own announcement instead (a number serving a state where both parties must consent). */
    numbers: z
      .record(z.string().regex(/^\+[1-9]\d{1,14}$/, "Each number must be E.164, such as +14155550100."), consentAnnouncement)
      .refine((numbers) => Object.keys(numbers).length <= 100, "At most 100 numbers.")
      .default({}),
  })
  .superRefine((consent, context) => {
    const check = (announcement: z.infer<typeof consentAnnouncement>, path: (string | number)[]) => {
      if (announcement.opt_out_digit && !announcement.text && !announcement.audio_url)
        context.addIssue({ code: "custom", path: [...path, "opt_out_digit"], message: "An opt-out key needs an announcement (text or audio) that offers it." });
    };
    check(consent, []);
    for (const [number, announcement] of Object.entries(consent.numbers)) check(announcement, ["numbers", number]);
  });
export type RecordingConsentSettings = z.output<typeof recordingConsentSchema>;

export const callSettingsSchema = z.object({
  /** An agent must pick a disposition for a call before leaving its wrap-up. */
  disposition_required: z.boolean(),
  /** Offer queues (issue 44) offer a caller to the agent they last talked to within this many days first; 0: never. */
  sticky_agent_days: z
    .number({ error: "sticky_agent_days must be a whole number from 0 to 90." })
    .int("sticky_agent_days must be a whole number from 0 to 90.")
    .min(0, "sticky_agent_days must be a whole number from 0 to 90.")
    .max(90, "sticky_agent_days must be a whole number from 0 to 90."),
  /** Agents may play and download the recordings of their own calls (issue 47); admins and the department's managers always may. */
  agents_play_own_recordings: z.boolean({ error: "agents_play_own_recordings must be true or false." }),
  /** Recordings (calls' and voicemails') are deleted, here and at the provider, this many days after the call; null: kept. A legal hold keeps them (issue 47). */
  recording_retention_days: z
    .number({ error: "recording_retention_days must be a whole number of days from 1 to 3650, or null to keep recordings." })
    .int("recording_retention_days must be a whole number of days from 1 to 3650, or null to keep recordings.")
    .min(1, "recording_retention_days must be a whole number of days from 1 to 3650, or null to keep recordings.")
    .max(3650, "recording_retention_days must be a whole number of days from 1 to 3650, or null to keep recordings.")
    .nullable(),
  /** The announcement before recorded calls, and the key that declines (issue 47, point 1). */
  recording_consent: recordingConsentSchema,
  /** The payment step (issue 47, point 2): the provider's Pay Connector and what the caller keys; the recording pauses while it runs. */
  payments: paymentSettingsSchema,
});

/** Who must sign in with a second factor (Settings → Security; issue 46). */
export const TWO_FACTOR_POLICIES = ["nobody", "admins", "managers", "everyone"] as const;

/** How people sign in (Settings → Security). */
export const securitySettingsSchema = z.object({
  /** nobody; admins (account and super admins); managers (department managers and admins); everyone. Those covered who have no factor set one up at their next sign-in. */
  two_factor_required: z.enum(TWO_FACTOR_POLICIES, { error: `two_factor_required is one of ${TWO_FACTOR_POLICIES.join(", ")}.` }),
});

export const SETTINGS_SCHEMAS = {
  import: importSettingsSchema,
  duplicates: duplicateSettingsSchema,
  retention: retentionSettingsSchema,
  sms: smsSettingsSchema,
  organization: organizationSettingsSchema,
  calls: callSettingsSchema,
  routing: routingSettingsSchema,
  security: securitySettingsSchema,
} as const;

export type SettingsKey = keyof typeof SETTINGS_SCHEMAS;
export type SettingsValue<K extends SettingsKey> = z.infer<(typeof SETTINGS_SCHEMAS)[K]>;

// Other names for the same settings: the spec's own wording snake_cased
// ("Auto-Tagging", "Validation Strictness", "Fuzzy name matching threshold")
// and the usual variants. A key nobody knows is refused (422), never ignored:
// a client that spelled a setting its own way must not believe it saved it.
const KEY_ALIASES: Record<SettingsKey, Record<string, string>> = {
  import: { auto_tagging: "auto_tag", validation_strictness: "strictness", phone_format: "phone_formatting", country: "default_country" },
  duplicates: {
    fuzzy_name_matching_threshold: "fuzzy_name_threshold",
    fuzzy_threshold: "fuzzy_name_threshold",
    fuzzy_match_threshold: "fuzzy_name_threshold",
    name_matching_threshold: "fuzzy_name_threshold",
    check_email: "email_matching",
    merge_mode: "merge_behavior",
    conflict_rules: "conflict_rule",
    conflict_resolution: "conflict_rule",
  },
  organization: { timezone: "time_zone" },
  calls: { require_disposition: "disposition_required", dispositions_required: "disposition_required" },
  routing: { routing_plans: "plans" },
  security: { require_two_factor: "two_factor_required", two_factor: "two_factor_required", mfa_required: "two_factor_required" },
  sms: { numbers: "sms_numbers", help: "help_text", help_message: "help_text", timezone: "time_zone" },
  retention: { inactive_days: "inactive_contact_days", retention_days: "inactive_contact_days", delete_after_days: "inactive_contact_days", keep_opted_out_contacts: "keep_opted_out" },
};

// Choice values as people write them: "Keep newest", "Manual review", "Skip".
const VALUE_ALIASES: Record<string, string> = { manualreview: "manual", auto: "automatic", newest: "keep_newest", oldest: "keep_oldest" };

function canonicalChoices(key: SettingsKey, input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const shape = SETTINGS_SCHEMAS[key].shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(input).map(([name, value]) => {
      // Own entries only: a key or value named "constructor" is not the one every object inherits.
      const field = Object.hasOwn(shape, name) ? shape[name] : undefined;
      const choices = field instanceof z.ZodEnum ? field.options.map(String) : undefined;
      if (!choices || typeof value !== "string") return [name, value];
      const typed = looseKey(value);
      return [name, choices.find((choice) => looseKey(choice) === typed) ?? (Object.hasOwn(VALUE_ALIASES, typed) ? VALUE_ALIASES[typed] : value)];
    }),
  );
}

/** What PUT /api/settings/{key} takes: some of the settings, under their names or the usual other ones. */
export function settingsInputSchema<K extends SettingsKey>(key: K) {
  return withKeyAliases(
    KEY_ALIASES[key],
    z.preprocess((input) => canonicalChoices(key, input), SETTINGS_SCHEMAS[key].partial().strict()),
  );
}
