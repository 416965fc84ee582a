"use client";

import { useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { ErrorAlert } from "@/components/ui/error-alert";

/** An admin resets a user's second factor (a lost phone): where it is required, they set up a new one at their next sign-in. */
export function ResetUserTwoFactor({ userId, name }: { userId: number; name: string }) {
  const token = useApiToken();
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const reset = async () => {
    if (!window.confirm(`Reset ${name}'s two-factor sign-in? Their authenticator app and recovery codes stop working.`)) return;
    setPending(true);
    setFailure(null);
    try {
      await apiSend("delete", "/api/users/{id}/two-factor", token!, { path: { id: userId } });
      setNotice(`${name}'s two-factor sign-in was reset.`);
    } catch (e) {
      setFailure(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="stack" aria-label={`${name}'s two-factor sign-in`}>
      <h3 style={{ margin: 0 }}>Two-factor sign-in</h3>
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <ErrorAlert error={failure} prefix="Could not reset it" />
      <p className="small muted">For a lost phone with no recovery codes left. Where your organization requires a second factor, they set up a new one as they next sign in.</p>
      <div>
        <button type="button" className="button secondary" disabled={pending} onClick={reset}>
          {pending ? "Resetting…" : "Reset two-factor"}
        </button>
      </div>
    </section>
  );
}
