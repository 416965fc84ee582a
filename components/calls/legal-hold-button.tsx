"use client";

import { useSession } from "next-auth/react";
import { useState } from "react";
import { can } from "@/lib/auth/permissions";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";

/** A call's legal hold (issue 47): shown to everyone who opens the call; placed and released by admins. */
export function LegalHold({ callSid, held: initially }: { callSid: string; held: boolean }) {
  const token = useApiToken();
  const { data: session } = useSession();
  const [held, setHeld] = useState(initially);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mayChange = Boolean(session?.user && can(session.user.role, "legal_hold.manage"));
  const change = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await apiFetch<{ legal_hold: boolean }>(`/api/calls/${callSid}/legal-hold`, token!, { method: "POST", body: JSON.stringify({ on: !held }) });
      setHeld(answer.legal_hold);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="row" style={{ alignItems: "center", gap: 8 }}>
      <span>{held ? "On hold: its recording is kept past retention" : "None"}</span>
      {mayChange && (
        <button type="button" className="button ghost small" disabled={pending} onClick={() => void change()}>
          {held ? "Release legal hold" : "Place legal hold"}
        </button>
      )}
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
