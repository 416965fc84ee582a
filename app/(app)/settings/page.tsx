import { SettingsTabs } from "@/components/settings/settings-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { FirstAnswers } from "@/components/first-answers";
import { GET as organization } from "@/app/api/organization/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../first-answers";

export default async function SettingsPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const { apiToken } = await requireSession();
  // The first tab (the organization) comes with the HTML when it is the one opened.
  const { tab } = await searchParams;
  const first = await firstAnswers(apiToken, !tab || tab === "organization" ? [["/api/organization", organization]] : []);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Settings" />
      {/* No Suspense boundary: the tabs are drawn in the page's first flush (see the Contacts page). */}
      <SettingsTabs />
    </FirstAnswers>
  );
}
