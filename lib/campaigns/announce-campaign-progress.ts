import "server-only";
import { publishSelected, throttled } from "@/lib/events/publish-event";

/** "campaign.progress" for whoever may read the campaign (its department's managers, the admins). */
export function announceCampaignProgress(campaignId: number, { final = false }: { final?: boolean } = {}): Promise<void> {
  return throttled(`campaign-${campaignId}`, () =>
    publishSelected(
      `SELECT organization_id, department_id, NULL::int, NULL::int, 'department', 'campaign.progress', jsonb_build_object('campaign_id', id, 'status', status) FROM campaigns WHERE id = $1`,
      [campaignId],
    ), { immediate: final });
}
