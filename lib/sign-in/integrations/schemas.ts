import { z } from "zod";
import { KEY_FAMILIES } from "@/lib/auth/permissions";
import { timestamp } from "@/lib/http/answer-schemas";

/** POST /api/integration-keys, shared by the route and Settings → Integrations. */
export const createIntegrationKeySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** Per resource family: read, or write (which reads too); a family left out is closed to the key. */
    scopes: z.partialRecord(z.enum(KEY_FAMILIES), z.enum(["read", "write"])).refine((scopes) => Object.keys(scopes).length > 0, "must open at least one resource family"),
    /**
     * true: the organization's key, not its maker's: it keeps working after they
     * are deactivated or stop being an admin (a directory's key, say). false (the
     * default): it stops with them.
     */
    organization_key: z.boolean().default(false),
    /** Optional: after this instant the key is refused. */
    expires_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .default(null)
      .refine((at) => at === null || Date.parse(at) > Date.now(), "must be in the future"),
  })
  .strict();
export type CreateIntegrationKeyInput = z.infer<typeof createIntegrationKeySchema>;

/** What the integration-key routes answer (integration-keys.ts's serializer returns exactly this). */
export const integrationKeyAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.partialRecord(z.enum(KEY_FAMILIES), z.enum(["read", "write"])),
  /** The organization's key (it outlives its maker's access), or its maker's (it stops with it). */
  organization_key: z.boolean(),
  /** revoked, expired (past expires_at), or active. */
  status: z.enum(["active", "expired", "revoked"]),
  expires_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
  created_at: timestamp,
  created_by: z.object({ id: z.number().int(), name: z.string() }),
});
export const integrationKeyListAnswer = z.object({ data: z.array(integrationKeyAnswer) });
/** The 201 of a creation: the key and, this once, its secret. */
export const createdIntegrationKeyAnswer = integrationKeyAnswer.extend({ secret: z.string() });
