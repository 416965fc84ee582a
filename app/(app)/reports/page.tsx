import { seesOwnCallsOnly, seesWholeOrganization } from "@/lib/auth/scope";
import { ReportsView } from "@/components/reports/reports-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/sign-in/current-session";
import { getSettings } from "@/lib/settings/get-settings";
import { dayInZone } from "@/lib/client/format/time-zone";
import { FirstAnswers } from "@/components/first-answers";
import { GET as summary } from "@/app/api/reports/summary/route";
import { GET as daily } from "@/app/api/reports/daily/route";
import { GET as channels } from "@/app/api/reports/channels/route";
import { GET as hourly } from "@/app/api/reports/hourly/route";
import { GET as agents } from "@/app/api/reports/agents/route";
import { GET as campaigns } from "@/app/api/reports/campaigns/route";
import { GET as tags } from "@/app/api/reports/tags/route";
import { GET as departments } from "@/app/api/departments/route";
import { firstAnswers } from "../first-answers";

export const dynamic = "force-dynamic";

export default async function ReportsPage() {
  const { user, apiToken } = await requireSession();
  const showDepartments = seesWholeOrganization(user);
  // The default range (the last 30 days on the organization's clock) comes with the HTML, asked as the page asks it.
  const { time_zone } = await getSettings(user.organization_id, "organization");
  const range = new URLSearchParams({ from: dayInZone(-29, time_zone), to: dayInZone(0, time_zone), tz: time_zone }).toString();
  const first = await firstAnswers(apiToken, [
    [`/api/reports/summary?${range}`, summary],
    [`/api/reports/daily?${range}`, daily],
    [`/api/reports/hourly?${range}`, hourly],
    [`/api/reports/agents?${range}`, agents],
    [`/api/reports/campaigns?${range}`, campaigns],
    [`/api/reports/tags?${range}`, tags],
    [`/api/reports/channels?${range}`, channels],
    ...(showDepartments ? [["/api/departments?per_page=100", departments] as const] : []),
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title={seesOwnCallsOnly(user) ? "My numbers" : "Reports"} />
      <ReportsView showDepartments={showDepartments} />
    </FirstAnswers>
  );
}
