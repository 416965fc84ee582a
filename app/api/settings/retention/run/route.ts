import { runRetention } from "@/lib/contacts/run-retention";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { retentionRunAnswer } from "@/lib/contacts/retention-answer";
import { retentionRunSchema } from "@/lib/settings/schemas";

/** Runs the caller's organization's retention policy now (or, with dry_run, reports what it would remove). */
export const POST = route({ permission: "settings.manage", body: retentionRunSchema, answers: retentionRunAnswer }, ({ user, body }) =>
  runRetention({ organizationId: user.organization_id, userId: user.id, dryRun: body.dry_run }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
