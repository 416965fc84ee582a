import { notFound } from "next/navigation";
import { CampaignDetail } from "@/components/campaigns/campaign-detail";

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <CampaignDetail id={Number(id)} />;
}
