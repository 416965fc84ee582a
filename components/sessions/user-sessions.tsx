"use client";

import { useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SessionTable } from "./session-table";

/** An admin sees a user's open sessions and can end them all at once (a lost laptop, a person who left). */
export function UserSessions({ userId, name }: { userId: number; name: string }) {
  const token = useApiToken();
  const { data, error, mutate } = useApiGet("/api/users/{id}/sessions", { path: { id: userId } });
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const endAll = async () => {
    setPending(true);
    setFailure(null);
    try {
      const { ended } = await apiSend("delete", "/api/users/{id}/sessions", token!, { path: { id: userId } });
      setNotice(ended === 1 ? `${name}'s one session was ended.` : `${name}'s ${ended} sessions were ended.`);
      await mutate();
    } catch (e) {
      setFailure(e);
    } finally {
      setPending(false);
    }
  };
  const open = data?.data ?? [];
  return (
    <section className="stack" aria-label={`${name}'s sessions`}>
      <h3 style={{ margin: 0 }}>Sessions</h3>
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <ErrorAlert error={failure ?? error} prefix="Could not end the sessions" />
      {data && <SessionTable sessions={open} label={`${name}'s sessions`} />}
      {open.length > 0 && (
        <div>
          <button type="button" className="button danger" disabled={pending} onClick={endAll}>
            {pending ? "Ending…" : "End all sessions"}
          </button>
        </div>
      )}
    </section>
  );
}
