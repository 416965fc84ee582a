import type { TWO_FACTOR_POLICIES } from "@/lib/settings/schemas";

type Policy = (typeof TWO_FACTOR_POLICIES)[number];

const COVERED: Record<Policy, readonly string[]> = {
  nobody: [],
  admins: ["super_admin", "account_admin"],
  managers: ["super_admin", "account_admin", "dept_manager"],
  everyone: ["super_admin", "account_admin", "dept_manager", "agent"],
};

/** Whether the organization's policy (Settings → Security) makes this role sign in with a second factor. */
export function twoFactorRequired(role: string, policy: Policy): boolean {
  return COVERED[policy].includes(role);
}
