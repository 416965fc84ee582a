import type { GetAnswer } from "@/lib/client/swr/use-api-get";

/** A campaign as GET /api/campaigns/{id} answers it. */
export type CampaignView = GetAnswer<"/api/campaigns/{id}">;

export const STATUS_BADGE: Record<string, string> = { draft: "", running: "ok", paused: "warn", completed: "info", stopped: "danger" };
export const MODE_LABEL: Record<string, string> = { preview: "Preview", progressive: "Progressive", predictive: "Predictive" };
