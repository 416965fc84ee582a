import { methodsNotAllowed } from "@/lib/http/methods-not-allowed";
import { route } from "@/lib/routes/route";
import { firstRunAnswer, firstRunSchema, setupStatusAnswer } from "@/lib/setup/schemas";
import { setUpFirstRun } from "@/lib/setup/set-up-first-run";
import { isSetupNeeded } from "@/lib/setup/setup-needed";

// Public: on an installation without users nobody has a token yet.
export const GET = route({ auth: false, answers: setupStatusAnswer }, async () => ({ needed: await isSetupNeeded() }));

export const POST = route({ auth: false, body: firstRunSchema, status: 201, answers: firstRunAnswer }, ({ body }) => setUpFirstRun({ input: body }));

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET", "POST"]);
