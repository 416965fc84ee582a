import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { runRecordingRetention } from "@/lib/recordings/run-recording-retention";
import { recordingRetentionAnswer, recordingRetentionRunSchema } from "@/lib/recordings/schemas";
import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";

export const POST = route({ permission: "settings.manage", body: recordingRetentionRunSchema, answers: recordingRetentionAnswer }, ({ user, body }) => {
  // A test server plays days passing; in production "now" is now.
  if (body.as_of && env().SIMULATED_CLOCK !== "on") throw AppError.validation({ as_of: ["as_of is for test servers (SIMULATED_CLOCK=on)."] });
  return runRecordingRetention({ organizationId: user.organization_id, userId: user.id, dryRun: body.dry_run, asOf: body.as_of ? new Date(body.as_of) : undefined });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
