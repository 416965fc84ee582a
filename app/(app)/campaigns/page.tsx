import { Link } from "@/components/ui/link";
import { CampaignList } from "@/components/campaigns/campaign-list";
import { PageHeader } from "@/components/ui/page-header";
import { FirstAnswers } from "@/components/first-answers";
import { GET as campaigns } from "@/app/api/campaigns/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../first-answers";

export default async function CampaignsPage() {
  const { apiToken } = await requireSession();
  const first = await firstAnswers(apiToken, [["/api/campaigns?page=1&per_page=25", campaigns]]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Campaigns">
        <Link className="button" href="/campaigns/new">
          New campaign
        </Link>
      </PageHeader>
      <CampaignList />
    </FirstAnswers>
  );
}
