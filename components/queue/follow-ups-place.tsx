"use client";

import { useApiGet } from "@/lib/client/swr/use-api-get";
import { FollowUps } from "./follow-ups";
import { ScheduledCallbacks } from "./scheduled-callbacks";
import { Voicemails } from "./voicemails";

/**
 * Voicemails, missed callers and callbacks coming up, in a place of their own
 * (issue 45, point 5) for everyone who serves a queue, managers included:
 * each says when it came and whom it was for, Call back dials it through the
 * softphone, and a claim or a done shows for everyone at once (the event stream).
 */
export function FollowUpsPlace() {
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } }, { revalidateOnFocus: false });
  const queueName = (departmentId: number | null) => (departmentId === null ? "the general queue" : `${departments.data?.data.find((d) => d.id === departmentId)?.name ?? "a department"}'s queue`);
  return (
    <div className="stack">
      <Voicemails standalone queueName={queueName} />
      <FollowUps standalone />
      <ScheduledCallbacks standalone />
    </div>
  );
}
