import { Wallboard } from "@/components/reports/wallboard";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/sign-in/current-session";
import { can } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

export default async function WallboardPage() {
  const { user } = await requireSession();
  return (
    <>
      <PageHeader title="Live wallboard" />
      <Wallboard canMonitor={can(user.role, "calls.monitor")} />
    </>
  );
}
