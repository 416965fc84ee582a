import { seesOwnCallsOnly, seesWholeOrganization } from "@/lib/auth/scope";
import { ReportsView } from "@/components/reports/reports-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/sign-in/current-session";

export const dynamic = "force-dynamic";

export default async function ReportsPage() {
  const { user } = await requireSession();
  return (
    <>
      <PageHeader title={seesOwnCallsOnly(user) ? "My numbers" : "Reports"} />
      <ReportsView showDepartments={seesWholeOrganization(user)} />
    </>
  );
}
