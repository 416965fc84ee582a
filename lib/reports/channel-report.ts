import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { channelMessageFigures } from "./message-figures";
import type { ReportQuery } from "./schemas";

/** Messages per channel over the range, in the conversations the caller may read. */
export async function channelReport({ actor, query }: { actor: SessionUser; query: ReportQuery }) {
  return { data: await channelMessageFigures(actor, query) };
}
