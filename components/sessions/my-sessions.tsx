"use client";

import { useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { SessionTable, type Session } from "./session-table";

/**
 * The signed-in user's sessions (issue 46, point 5): every browser and API
 * login that is still open, the one in use marked. Ending another one signs
 * that browser out at its next request and closes its live updates at once;
 * this one ends with Sign out.
 */
export function MySessions() {
  const token = useApiToken();
  const { data, error, isLoading, mutate } = useApiGet("/api/sessions", {});
  const [pending, setPending] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const onEnd = async (session: Session) => {
    setPending(session.id);
    setNotice(null);
    setFailure(null);
    try {
      await apiSend("delete", "/api/sessions/{id}", token!, { path: { id: session.id } });
      setNotice(`The session on ${session.device} was ended: it is signed out.`);
      await mutate();
    } catch (e) {
      setFailure(e);
    } finally {
      setPending(null);
    }
  };
  return (
    <section className="panel stack" aria-label="Your sessions">
      <p className="muted small" style={{ margin: 0 }}>
        Every place you are signed in. End any you do not recognise; to end this one, sign out.
      </p>
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <ErrorAlert error={failure ?? error} prefix="Could not end the session" />
      {isLoading && !data ? <SkeletonRows label="Loading your sessions" rows={3} /> : <SessionTable sessions={data?.data ?? []} label="Your sessions" end={{ pending, onEnd }} />}
    </section>
  );
}
