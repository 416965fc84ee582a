import type { serializeCampaign } from "@/lib/campaigns/serialize-campaign";

export type CampaignView = Omit<ReturnType<typeof serializeCampaign>, "started_at" | "finished_at" | "created_at" | "updated_at" | "selection" | "pacing" | "calling_window"> & {
  selection: { tags?: string[]; tags_any?: string[]; saved_filter_id?: number; contact_ids?: number[] };
  pacing: { max_ratio: number; max_calls_per_minute: number };
  calling_window: { start: string; end: string; days: number[]; timezone?: string | null };
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  contacts?: number;
  progress?: number;
};

export const STATUS_BADGE: Record<string, string> = { draft: "", running: "ok", paused: "warn", completed: "info", stopped: "danger" };
export const MODE_LABEL: Record<string, string> = { preview: "Preview", progressive: "Progressive", predictive: "Predictive" };
