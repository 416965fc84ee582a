import { ReportsView } from "@/components/reports/reports-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/auth/current-session";

export const dynamic = "force-dynamic";

export default async function ReportsPage() {
  const { user } = await requireSession();
  return (
    <>
      <PageHeader title={user.role === "agent" ? "My numbers" : "Reports"} />
      <ReportsView showDepartments={user.role === "account_admin" || user.role === "super_admin"} />
    </>
  );
}
