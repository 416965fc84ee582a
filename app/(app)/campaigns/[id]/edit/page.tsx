import { notFound } from "next/navigation";
import { EditCampaign } from "@/components/campaigns/edit-campaign";

export default async function EditCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <EditCampaign id={Number(id)} />;
}
