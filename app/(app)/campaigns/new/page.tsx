import { CampaignForm } from "@/components/campaigns/campaign-form";
import { FirstAnswers } from "@/components/first-answers";
import { PageHeader } from "@/components/ui/page-header";
import { GET as departments } from "@/app/api/departments/route";
import { GET as savedFilters } from "@/app/api/saved-filters/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function NewCampaignPage() {
  const { apiToken } = await requireSession();
  const first = await firstAnswers(apiToken, [
    ["/api/departments?per_page=100", departments],
    ["/api/saved-filters", savedFilters],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="New campaign" />
      <CampaignForm />
    </FirstAnswers>
  );
}
