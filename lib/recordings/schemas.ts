import { z } from "zod";

/** ?download=1: the recording as a file to keep (logged as a download, not a play). */
export const recordingQuery = z.object({ download: z.enum(["0", "1", "true", "false"]).optional() });
export const wantsDownload = (query: z.infer<typeof recordingQuery>) => query.download === "1" || query.download === "true";
