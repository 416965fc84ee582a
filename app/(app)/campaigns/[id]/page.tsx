import { notFound } from "next/navigation";
import { CampaignDetail } from "@/components/campaigns/campaign-detail";
import { FirstAnswers } from "@/components/first-answers";
import { GET as campaign } from "@/app/api/campaigns/[id]/route";
import { GET as stats } from "@/app/api/campaigns/[id]/stats/route";
import { GET as members } from "@/app/api/campaigns/[id]/contacts/route";
import { GET as dryRun } from "@/app/api/campaigns/[id]/dry-run/route";
import { GET as dryRunContacts } from "@/app/api/campaigns/[id]/dry-run/contacts/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../../first-answers";

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const { apiToken } = await requireSession();
  // The campaign comes with the HTML (one the user may not see is not among the answers), and with
  // it what its page shows first: a draft's dry run, or a started campaign's figures and contacts.
  const shown = await firstAnswers(apiToken, [[`/api/campaigns/${id}`, campaign, { id }]]);
  const status = (Object.values(shown)[0] as { status?: string } | undefined)?.status;
  const panels = await firstAnswers(
    apiToken,
    status === undefined
      ? []
      : status === "draft"
        ? [
            [`/api/campaigns/${id}/dry-run`, dryRun, { id }],
            [`/api/campaigns/${id}/dry-run/contacts?list=will_call&page=1&per_page=10`, dryRunContacts, { id }],
          ]
        : [
            [`/api/campaigns/${id}/stats`, stats, { id }],
            [`/api/campaigns/${id}/contacts?page=1&per_page=25`, members, { id }],
          ],
  );
  const first = { ...shown, ...panels };
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <CampaignDetail id={Number(id)} />
    </FirstAnswers>
  );
}
