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
  content_sid: z.string({ error: "content_sid is the template's id at the provider (HX and 32 hex digits)." }).trim().regex(/^HX[0-9a-fA-F]{32}$/, "content_sid is the template's id at the provider (HX and 32 hex digits)."),
  /** Its approved text, with {{1}}, {{2}}… where the variables go: shown to agents and kept in the thread. */
  body: z.string({ error: "Give the template's approved text." }).trim().min(1, "Give the template's approved text.").max(1024, "A template's text is at most 1,024 characters."),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

export const whatsappSettingsSchema = z.object({
  /** The WhatsApp sender at the provider (its number); null: WhatsApp is off. */
  sender: z.string({ error: "sender is the WhatsApp number in E.164, such as +14155238886, or null." }).trim().regex(/^\+[1-9]\d{1,14}$/, "sender is the WhatsApp number in E.164, such as +14155238886, or null.").nullable(),
  templates: z.array(whatsappTemplateSchema).max(100, "At most 100 templates.").refine((list) => new Set(list.map((t) => t.content_sid)).size === list.length, "Each template once."),
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
