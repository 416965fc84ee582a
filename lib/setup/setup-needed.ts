import "server-only";
import { prisma } from "@/lib/db/client";

// Once a database has a user it never goes back to needing setup (users are
// deactivated, never deleted), so each process remembers "done" and the
// sign-in page, GET /api/setup and every refused POST after that cost no query.
// On globalThis: the pages and the route handlers may be bundled apart.
const DONE = Symbol.for("contact-center.setup-done");
const holder = globalThis as typeof globalThis & { [DONE]?: true };

/** True while the database holds no user at all: nobody could sign in, so the first administrator is still to be created. */
export async function isSetupNeeded(): Promise<boolean> {
  if (holder[DONE]) return false;
  const anyUser = await prisma.user.findFirst({ select: { id: true } });
  if (anyUser) holder[DONE] = true;
  return !anyUser;
}
