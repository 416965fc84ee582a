import { DispositionReport } from "@/components/reports/disposition-report";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { GET as dispositions } from "@/app/api/reports/dispositions/route";
import { dayInZone } from "@/lib/client/format/time-zone";
import { getSettings } from "@/lib/settings/get-settings";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export const dynamic = "force-dynamic";

export default async function DispositionsReportPage() {
  const { user, apiToken } = await requireSession();
  // The default range (the last 7 days on the organization's clock) comes with the HTML, asked as the page asks it.
  const { time_zone } = await getSettings(user.organization_id, "organization");
  const range = new URLSearchParams({ from: dayInZone(-6, time_zone), to: dayInZone(0, time_zone), tz: time_zone }).toString();
  const first = await firstAnswers(apiToken, [[`/api/reports/dispositions?${range}`, dispositions]]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Dispositions" />
      <DispositionReport />
    </FirstAnswers>
  );
}
