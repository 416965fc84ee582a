import { Link } from "@/components/ui/link";
import { requireSession } from "@/lib/sign-in/current-session";
import { can, type Permission } from "@/lib/auth/permissions";
import { homeFor } from "@/lib/navigation";

/** A section of the app only some roles may open: others see why, not a broken page. */
export async function RequirePermission({ permission, children }: { permission: Permission; children: React.ReactNode }) {
  const { user } = await requireSession();
  if (can(user.role, permission)) return <>{children}</>;
  return (
    <div className="panel empty" role="alert" style={{ marginTop: 40 }}>
      <h1>No access</h1>
      <p>Your role does not include this part of the contact center.</p>
      <Link className="button" href={homeFor(user.role)}>
        Back to your work
      </Link>
    </div>
  );
}
