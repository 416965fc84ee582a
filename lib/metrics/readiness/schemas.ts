import { z } from "zod";

/** One check of GET /api/ready. */
const check = z.enum(["ok", "pending", "failing"]);

export const readinessSchema = z
  .object({
    /** ready (200); starting, not_ready or stopping (503). */
    status: z.enum(["ready", "starting", "not_ready", "stopping"]),
    checks: z.object({
      /** A SELECT 1 answered within the check's time limit. */
      database: check,
      /** Every migration file of this build applied (checked once, at start-up). */
      migrations: check,
      /** pg-boss running here with this process's workers registered. */
      workers: check,
    }),
  })
  .meta({ id: "Readiness" });

export type Readiness = z.infer<typeof readinessSchema>;
