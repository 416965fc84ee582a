import "server-only";
import type { Tx } from "@/lib/db/client";
import type { DraftKind } from "./schemas";

/** The notes were saved onto the call's log, or the reply went: its draft goes with the same write (any tab's). */
export async function dropDraft(tx: Tx, { userId, kind, ref }: { userId: number; kind: DraftKind; ref: string }): Promise<void> {
  await tx.draft.deleteMany({ where: { user_id: userId, kind, ref } });
}
