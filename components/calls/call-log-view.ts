import type { components } from "@/lib/client/api/schema";

/** A call log as the API sends it (the document's CallLog: dates as strings). */
export type CallLogView = components["schemas"]["CallLog"];
