import { CampaignForm } from "@/components/campaigns/campaign-form";
import { PageHeader } from "@/components/ui/page-header";

export default function NewCampaignPage() {
  return (
    <>
      <PageHeader title="New campaign" />
      <CampaignForm />
    </>
  );
}
