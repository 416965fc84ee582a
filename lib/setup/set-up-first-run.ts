import "server-only";
import { hashPassword } from "@/lib/auth/password";
import type { LoginResult } from "@/lib/sign-in/login";
import { issueToken } from "@/lib/auth/tokens";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { createOrganization } from "@/lib/organizations/create-organization";
import { serializeUser, userSelect } from "@/lib/users/serialize-user";
import { FIRST_USERS_LOCK } from "./first-users-lock";
import type { FirstRunInput } from "./schemas";
import { isSetupNeeded } from "./setup-needed";
import { runSql } from "@/lib/db/run-sql";

const ALREADY_SET_UP = "Setup is already complete: sign in instead.";

/**
 * The organization's first department, so the admin can add managers and
 * agents at once (they need one). The admin is in the organization, in no
 * department, as every account admin is (lib/users/check-assignment.ts).
 */
const FIRST_DEPARTMENT = "Main";

/**
 * The first run of an installation without users: its organization, that
 * organization's first department and an account admin in it, signed in (a
 * bearer token, as a login gives). Allowed once: as soon as any user exists it
 * is refused (409) and nothing changes.
 *
 * Any number of these may arrive at once, on several servers sharing one
 * database: each takes the first-users advisory lock for its transaction and
 * looks for a user again once it holds it, so exactly one creates anything.
 */
export async function setUpFirstRun({ input }: { input: FirstRunInput }): Promise<LoginResult> {
  // After setup every attempt is refused here, before any password is hashed.
  if (!(await isSetupNeeded())) throw AppError.conflict(ALREADY_SET_UP);
  // Hashed before the lock is taken: the lock is held for a few statements, not for bcrypt.
  const passwordHash = await hashPassword(input.admin.password);

  const created = await prisma.$transaction(async (tx) => {
    await runSql(tx).count`SELECT pg_advisory_xact_lock(${FIRST_USERS_LOCK}::bigint)`;
    if (await tx.user.findFirst({ select: { id: true } })) throw AppError.conflict(ALREADY_SET_UP);
    const organization = await createOrganization({
      input: { name: input.organization.name, time_zone: input.organization.time_zone, departments: [FIRST_DEPARTMENT] },
      db: tx,
    });
    const user = await tx.user.create({
      data: {
        name: input.admin.name,
        email: input.admin.email,
        password_hash: passwordHash,
        role: "account_admin",
        organization_id: organization.id,
        department_id: null,
        last_login_at: new Date(),
      },
      select: userSelect,
    });
    const token = await issueToken(user.id, tx);
    return { user: serializeUser(user), token, organization };
  });
  logger.info("first-run setup complete", { organization_id: created.organization.id, user_id: created.user.id });
  return { user: created.user, token: created.token };
}
