import { Wallboard } from "@/components/reports/wallboard";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/sign-in/current-session";
import { can } from "@/lib/auth/permissions";
import { getSettings } from "@/lib/settings/get-settings";
import { GET as live } from "@/app/api/reports/live/route";
import { firstAnswers } from "../../first-answers";

export const dynamic = "force-dynamic";

export default async function WallboardPage() {
  const { user, apiToken } = await requireSession();
  // The figures come with the HTML, on the organization's clock as the wallboard asks for them.
  const { time_zone } = await getSettings(user.organization_id, "organization");
  const first = await firstAnswers(apiToken, [[`/api/reports/live?${new URLSearchParams({ tz: time_zone })}`, live]]);
  return (
    <FirstAnswers answers={first}>
      <PageHeader title="Live wallboard" />
      <Wallboard canMonitor={can(user.role, "calls.monitor")} />
    </FirstAnswers>
  );
}
