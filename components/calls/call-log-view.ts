import type { serializeCallLog } from "@/lib/calls/serialize-call-log";

/** A call log as the API sends it (dates as strings). */
export type CallLogView = Omit<ReturnType<typeof serializeCallLog>, "created_at"> & { created_at: string };
