import type { Campaign } from "@/lib/generated/prisma/client";

export function serializeCampaign(c: Campaign) {
  return {
    id: c.id,
    organization_id: c.organization_id,
    department_id: c.department_id,
    name: c.name,
    status: c.status,
    caller_id: c.caller_id,
    selection: c.selection,
    exclude_dnc: c.exclude_dnc,
    dialing_mode: c.dialing_mode,
    pacing: c.pacing,
    calling_window: c.calling_window,
    timezone_policy: c.timezone_policy,
    max_attempts: c.max_attempts,
    retry_delay_minutes: c.retry_delay_minutes,
    retry_outcomes: c.retry_outcomes,
    amd_enabled: c.amd_enabled,
    voicemail_message: c.voicemail_message,
    recording_enabled: c.recording_enabled,
    started_at: c.started_at,
    finished_at: c.finished_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}
