import { EmptyState } from "@/components/ui/empty-state";

export default function CampaignsPage() {
  return (
    <>
      <h1>Campaigns</h1>
      <EmptyState title="Not available yet">Outbound campaigns arrive with the campaign dialer (issue 7).</EmptyState>
    </>
  );
}
