import type { GetAnswer } from "@/lib/client/swr/use-api-get";

/** An import as GET /api/imports/{id} answers it: totals, and the rejected and duplicate rows. */
export type ImportJobView = GetAnswer<"/api/imports/{id}">;

export const SETTLED = ["awaiting_review", "completed", "failed"];
