import Link from "next/link";
import { CampaignList } from "@/components/campaigns/campaign-list";
import { PageHeader } from "@/components/ui/page-header";

export default function CampaignsPage() {
  return (
    <>
      <PageHeader title="Campaigns">
        <Link className="button" href="/campaigns/new">New campaign</Link>
      </PageHeader>
      <CampaignList />
    </>
  );
}
