import type { Campaign } from "@/lib/generated/prisma/client";
import { oneOf } from "@/lib/http/answer-schemas";
import type { CampaignAnswer } from "./campaign-answer";
import { CAMPAIGN_STATUSES, DIALING_MODES, RETRY_OUTCOMES } from "./schemas";

/** The campaign object of the API; its JSON columns hold what createCampaignSchema validated. */
export function serializeCampaign(c: Campaign): CampaignAnswer {
  return {
    id: c.id,
    organization_id: c.organization_id,
    department_id: c.department_id,
    name: c.name,
    status: oneOf(CAMPAIGN_STATUSES, c.status, "draft"),
    caller_id: c.caller_id,
    selection: c.selection as CampaignAnswer["selection"],
    exclude_dnc: c.exclude_dnc,
    dialing_mode: oneOf(DIALING_MODES, c.dialing_mode, "preview"),
    pacing: c.pacing as CampaignAnswer["pacing"],
    calling_window: c.calling_window as CampaignAnswer["calling_window"],
    timezone_policy: c.timezone_policy === "campaign" ? "campaign" : "contact",
    max_attempts: c.max_attempts,
    retry_delay_minutes: c.retry_delay_minutes,
    retry_outcomes: c.retry_outcomes.map((outcome) => oneOf(RETRY_OUTCOMES, outcome, "no-answer")),
    amd_enabled: c.amd_enabled,
    voicemail_message: c.voicemail_message,
    recording_enabled: c.recording_enabled,
    started_at: c.started_at,
    finished_at: c.finished_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
