import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

// WhatsApp through the provider (issue 48): the organization's sender, its
// approved content templates, and the 24-hour customer service window. Shared
// by the settings, the send route and the composer.

/** Free-form messages may follow the person's last message for this long; after it, only approved templates. */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000;

/** {{1}}, {{2}}…: a content template's variables, as the provider numbers them. */
export const TEMPLATE_VARIABLE = /\{\{\s*(\d{1,2})\s*\}\}/g;

/** The variables a template's text names, in order, once each. */
export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(TEMPLATE_VARIABLE)].map((m) => m[1]))].sort((a, b) => Number(a) - Number(b));
}

/** The template's text with its variables filled (what the thread shows of a template sent). */
export function fillTemplateVariables(body: string, values: Record<string, string>): string {
  return body.replace(TEMPLATE_VARIABLE, (_, n: string) => values[n] ?? `{{${n}}}`);
}

export const whatsappTemplateSchema = z.strictObject({
  name: z.string({ error: "Name the template." }).trim().min(1, "Name the template.").max(100, "A template's name is at most 100 characters."),
  content_sid: z
    .string({ error: "content_sid is the template's id at the provider (HX and 32 hex digits)." })
    .trim()
    .regex(/^HX[0-9a-fA-F]{32}$/, "content_sid is the template's id at the provider (HX and 32 hex digits)."),
  /** Its approved text, with {{1}}, {{2}}… where the variables go: shown to agents and kept in the thread. */
  body: z.string({ error: "Give the template's approved text." }).trim().min(1, "Give the template's approved text.").max(1024, "A template's text is at most 1,024 characters."),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

/**
 * A WhatsApp sender however it is written (the provider's address
 * "whatsapp:+14155550100", "+1 415 555 0100", the digits "14155550100") as
 * E.164, or null when it is no phone number. A sender is always written with
 * its country code, so bare digits are read as the international number, never
 * as a national one. One sender, one spelling: it is claimed (owned_numbers)
 * and matched to incoming messages in this form.
 */
export function whatsappSenderNumber(written: string): string | null {
  const bare = written
    .trim()
    .replace(/^whatsapp:/i, "")
    .trim();
  if (!/^\+?[\d\s().-]+$/.test(bare)) return null;
  const parsed = parsePhoneNumberFromString(bare.startsWith("+") ? bare : `+${bare.replace(/^00/, "")}`);
  return parsed?.isPossible() && /^\+[1-9]\d{1,14}$/.test(parsed.number) ? parsed.number : null;
}

const SENDER_RULE = "sender is the WhatsApp number with its country code, such as +14155238886 (or whatsapp:+14155238886), or null.";

export const whatsappSettingsSchema = z.object({
  /** The WhatsApp sender at the provider (its number, kept in E.164 however it is written); null: WhatsApp is off. */
  sender: z.preprocess(
    (value) => (typeof value === "string" ? (whatsappSenderNumber(value) ?? value) : value),
    z
      .string({ error: SENDER_RULE })
      .regex(/^\+[1-9]\d{1,14}$/, SENDER_RULE)
      .nullable(),
  ),
  templates: z
    .array(whatsappTemplateSchema)
    .max(100, "At most 100 templates.")
    .refine((list) => new Set(list.map((t) => t.content_sid)).size === list.length, "Each template once."),
});
export type WhatsappSettings = z.output<typeof whatsappSettingsSchema>;

/** What the composer may send now: free-form text until the window closes, then only templates. */
export function whatsappWindow(lastInboundAt: Date | null, now = Date.now()): { open: boolean; closes_at: Date | null } {
  if (!lastInboundAt) return { open: false, closes_at: null };
  const closes = lastInboundAt.getTime() + WHATSAPP_WINDOW_MS;
  return { open: closes > now, closes_at: new Date(closes) };
}

/** GET /api/whatsapp/templates: what the composer offers outside the window. */
export const whatsappTemplatesAnswer = z.object({
  enabled: z.boolean().meta({ description: "A WhatsApp sender is set: WhatsApp conversations can be answered" }),
  sender: z.string().nullable(),
  data: z.array(whatsappTemplateSchema.extend({ variables: z.array(z.string()).meta({ description: "The numbers of its variables, in order" }) })),
});
