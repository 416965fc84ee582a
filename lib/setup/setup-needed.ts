import "server-only";
import { prisma } from "@/lib/db/client";
import { processSingleton } from "@/lib/process/process-registry";

// Once a database has a user it never goes back to needing setup (users are
// deactivated, never deleted), so each process remembers "done" and the
// sign-in page, GET /api/setup and every refused POST after that cost no query.
// In the process registry: the pages and the route handlers may be bundled apart.
const setup = processSingleton("setup-done", () => ({ done: false }));

/** True while the database holds no user at all: nobody could sign in, so the first administrator is still to be created. */
export async function isSetupNeeded(): Promise<boolean> {
  if (setup.done) return false;
  const anyUser = await prisma.user.findFirst({ select: { id: true } });
  if (anyUser) setup.done = true;
  return !anyUser;
}
