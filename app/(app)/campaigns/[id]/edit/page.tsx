import { notFound } from "next/navigation";
import { EditCampaign } from "@/components/campaigns/edit-campaign";
import { FirstAnswers } from "@/components/first-answers";
import { GET as campaign } from "@/app/api/campaigns/[id]/route";
import { GET as departments } from "@/app/api/departments/route";
import { GET as savedFilters } from "@/app/api/saved-filters/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../../first-answers";

export default async function EditCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const { apiToken } = await requireSession();
  // The campaign and the form's lists come with the HTML (a campaign the user may not see is not among them).
  const first = await firstAnswers(apiToken, [
    [`/api/campaigns/${id}`, campaign, { id }],
    ["/api/departments?per_page=100", departments],
    ["/api/saved-filters", savedFilters],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <EditCampaign id={Number(id)} />
    </FirstAnswers>
  );
}
