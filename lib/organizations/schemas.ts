import { z } from "zod";
import { importSettingsSchema, timeZoneSchema } from "@/lib/settings/schemas";

export const createOrganizationSchema = z.object({
  name: z.string().trim().min(1, "The name field is required.").max(255),
  departments: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
  /** Times in lists and reports are shown in it; without it, the default (Settings → Organization). */
  time_zone: timeZoneSchema.optional(),
});

export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;

/** PATCH /api/organization and Settings → Organization: the caller's organization. */
export const organizationProfileSchema = z
  .object({
    name: z.string().trim().min(1, "The name field is required.").max(255),
    /** Phone numbers people type without "+" or "00" are read in it (ISO 3166 alpha-2). */
    default_country: importSettingsSchema.shape.default_country,
    time_zone: timeZoneSchema,
  })
  .partial()
  .strict();

export type OrganizationProfileInput = z.infer<typeof organizationProfileSchema>;

/** GET /api/organization: what every page needs (the country numbers are read in, the zone times are shown in). */
export const organizationProfileAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  default_country: z.string(),
  time_zone: z.string(),
});
