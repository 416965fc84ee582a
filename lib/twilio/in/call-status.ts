import type { CallLogStatus } from "@/lib/telephony/call-status";

// The provider's call statuses → the call log's four final ones. Anything not
// final (queued, ringing, in-progress) is not a log status at all.
const FINAL: Record<string, CallLogStatus> = {
  completed: "completed",
  failed: "failed",
  busy: "busy",
  "no-answer": "no-answer",
  canceled: "no-answer",
};

export function finalCallStatus(providerStatus: string | undefined): CallLogStatus | null {
  const status = providerStatus?.toLowerCase();
  // Own entries only: a status spelled "constructor" is not the inherited function.
  return status !== undefined && Object.hasOwn(FINAL, status) ? FINAL[status] : null;
}
