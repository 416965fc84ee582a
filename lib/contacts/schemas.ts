import { z } from "zod";
import { tagSchema } from "@/lib/contacts/tags/schemas";
import { intId, intIdQuery } from "@/lib/http/params";
import { isoDayOrInstant } from "@/lib/http/date-params";
import { paginationSchema } from "@/lib/http/pagination";
import { patchSchema } from "@/lib/http/patch-schema";
import { requiredText } from "@/lib/http/required-text";
import { E164_PATTERN } from "./phone";

export const PHONE_FORMAT_MESSAGE = "The phone must be in E.164 format: + and country code, e.g. +14155552671.";

// Shared by the contact routes, the contact form and the import pipeline.
// Phone format (E.164, or national with format_phone) is checked in
// prepare-contact.ts, where the organization's default country is known.

// A contact's address may be internationalized (RFC 6531, IDN): people are
// called José Müller and 李雷, and so are their mailboxes. This is zod's own
// email pattern with letters, marks and digits of any script where it allows
// ASCII ones (zod's unicodeEmail pattern takes "a@b", which no one can write to).
const EMAIL_PATTERN = /^(?:[\p{L}\p{M}\p{N}_'+\-]+\.)*[\p{L}\p{M}\p{N}_'+\-]*[\p{L}\p{M}\p{N}_+-]@(?:[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}\-]*\.)+\p{L}[\p{L}\p{M}]+$/u;
// Built once: a schema made per call costs more than the check itself.
const EMAIL = z.email({ pattern: EMAIL_PATTERN });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `may not be longer than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const contactInputSchema = z.object({
  name: requiredText("name").trim().min(1, "The name field is required.").max(255, "The name may not be longer than 255 characters."),
  phone: requiredText("phone").trim().min(1, "The phone field is required.").max(64, "The phone may not be longer than 20 characters."),
  email: z
    .string()
    .trim()
    .max(255, "The email may not be longer than 255 characters.")
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || EMAIL.safeParse(v).success, "The email must be a valid email address."),
  company: optionalText(255),
  tags: z.array(tagSchema, { error: "The tags must be an array of strings." }).max(100).default([]),
  custom_fields: z.record(z.string(), z.unknown(), { error: "The custom fields must be an object." }).optional(),
  notes: optionalText(65_535),
  department_id: intId.optional(),
  format_phone: z.boolean().optional(),
  /** Opted out of being called: kept, but never dialed by a campaign. */
  opted_out: z.boolean({ error: "The opted out field must be true or false (yes or no in a file)." }).optional(),
});

/** Reports a non-E.164 phone together with the other field errors (format_phone is checked later). */
function phoneFormat<T extends { phone?: string; format_phone?: boolean }>(value: T, ctx: z.RefinementCtx) {
  if (value.phone !== undefined && !value.format_phone && !E164_PATTERN.test(value.phone)) {
    ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_FORMAT_MESSAGE });
  }
}

export const createContactSchema = contactInputSchema.superRefine(phoneFormat);
export const updateContactSchema = patchSchema(contactInputSchema).superRefine(phoneFormat);

export type ContactInput = z.infer<typeof contactInputSchema>;
export type ContactUpdateInput = z.infer<typeof updateContactSchema>;

// Comma-separated (`tags=vip,gold`), and/or repeated (`tags=vip&tags=gold`).
const csv = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(","))
      .map((t) => t.trim())
      .filter(Boolean),
  )
  .optional();
// A whole day (YYYY-MM-DD, UTC) or an exact instant (ISO 8601 with a zone).
const isoDate = isoDayOrInstant().optional();

export const CONTACT_SORTS = ["name", "-name", "created_at", "-created_at", "updated_at", "-updated_at", "last_called_at", "-last_called_at", "total_calls", "-total_calls"] as const;

/**
 * The list's filters without cross-field checks: what saved filters, exports
 * and campaign selections narrow down with omit(), which refined schemas refuse.
 */
export const contactListFilters = paginationSchema.extend({
  q: z.string().trim().max(255).optional(),
  search: z.string().trim().max(255).optional(),
  tags: csv,
  tags_any: csv,
  department_id: intIdQuery.optional(),
  created_from: isoDate,
  created_to: isoDate,
  status: z.enum(["active", "archived", "all"]).default("active"),
  /** true: only contacts who opted out of calls; false: only those who did not. */
  opted_out: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false." })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  sort: z.enum(CONTACT_SORTS).default("-created_at"),
});

/** A start after the end selects nothing: the caller swapped the dates. Days count whole (UTC). */
export function createdRangeInOrder(value: { created_from?: string; created_to?: string }, ctx: z.RefinementCtx): void {
  if (!value.created_from || !value.created_to) return;
  const start = Date.parse(value.created_from.length === 10 ? `${value.created_from}T00:00:00Z` : value.created_from);
  const end = value.created_to.length === 10 ? Date.parse(`${value.created_to}T00:00:00Z`) + 86_400_000 - 1 : Date.parse(value.created_to);
  if (start > end) ctx.addIssue({ code: "custom", path: ["created_to"], message: "must not be before created_from." });
}

export const listContactsQuery = contactListFilters.superRefine(createdRangeInOrder);

export type ListContactsQuery = z.infer<typeof listContactsQuery>;

export const deleteContactQuery = z.object({
  permanent: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export const contactHistoryQuery = z.object({
  history_page: z.coerce.number().int().min(1).catch(1).default(1),
  history_per_page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(50)
    .default(50)
    .transform((n) => Math.min(n, 50)),
});

export const BULK_MAX_ITEMS = 10_000;
export const bulkCreateSchema = z
  .array(z.unknown(), { error: "The body must be a JSON array of contacts." })
  .min(1, "At least one contact is required.")
  .max(BULK_MAX_ITEMS, `At most ${BULK_MAX_ITEMS} contacts per request.`);
