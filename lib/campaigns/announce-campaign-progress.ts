import "server-only";
import { publishSelected, throttled } from "@/lib/events/publish-event";

/** "campaign.progress" for whoever may read the campaign (its department's managers, the admins). */
export function announceCampaignProgress(campaignId: number, { final = false }: { final?: boolean } = {}): Promise<void> {
  return throttled(
    `campaign-${campaignId}`,
    () =>
      publishSelected(
        {
          type: "campaign.progress",
          record: { organization_id: "organization_id", department_id: "department_id" },
          data: { campaign_id: "id", status: "status" },
          from: "FROM campaigns WHERE id = $1",
        },
        [campaignId],
      ),
    { immediate: final },
  );
}
