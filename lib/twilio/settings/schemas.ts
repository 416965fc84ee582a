import { z } from "zod";

// Shared by the telephony settings route and the admin settings page. Secrets
// are write-only: accepted here, never part of an answer.
const sid = (prefix: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), `must look like ${prefix} followed by 32 hex characters`);

export const telephonySettingsSchema = z.object({
  account_sid: sid("AC").nullable(),
  api_key_sid: sid("SK").nullable(),
  twiml_app_sid: sid("AP").nullable(),
  caller_id: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{0,14}$/, "must be an E.164 number")
    .nullable(),
  phone_numbers: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{0,14}$/, "must be an E.164 number"),
    )
    .max(100),
  recording_enabled: z.boolean(),
  auth_token: z.string().trim().min(16).max(128).nullable(),
  api_key_secret: z.string().trim().min(16).max(128).nullable(),
});

/** PUT /api/settings/telephony: some of the settings; a key it does not know is refused (422), never ignored. */
export const updateTelephonySettingsSchema = telephonySettingsSchema.partial().strict();
export type UpdateTelephonySettingsInput = z.infer<typeof updateTelephonySettingsSchema>;

/** What Settings → Telephony reads back: the secrets only as set or not, never their values. */
export const telephonySettingsAnswer = z.object({
  account_sid: z.string().nullable(),
  api_key_sid: z.string().nullable(),
  twiml_app_sid: z.string().nullable(),
  caller_id: z.string().nullable(),
  phone_numbers: z.array(z.string()),
  recording_enabled: z.boolean(),
  auth_token_set: z.boolean(),
  api_key_secret_set: z.boolean(),
});
