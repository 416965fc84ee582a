"use client";

import { useState } from "react";
import { apiFetch, submitErrors } from "@/lib/swr/api-fetch";
import { useApiToken } from "@/lib/swr/use-api";
import { useApiGet } from "@/lib/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";

/** Who may play call recordings (issue 47): admins and the department's managers always; agents their own calls when this is on. */
export function RecordingAccessSetting() {
  const token = useApiToken();
  const settings = useApiGet("/api/settings/calls", {});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!settings.data) return <SkeletonRows rows={1} />;
  const change = async (on: boolean) => {
    setPending(true);
    setError(null);
    try {
      await settings.mutate(await apiFetch("/api/settings/calls", token!, { method: "PUT", body: JSON.stringify({ agents_play_own_recordings: on }) }), { revalidate: false });
    } catch (e) {
      setError(Object.values(submitErrors(e))[0]?.[0] ?? "Not saved.");
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="panel stack" aria-labelledby="recording-access-title">
      <h2 id="recording-access-title">Who may play recordings</h2>
      <p className="small muted">Admins and each department&apos;s managers play and download the recordings of their calls. Recordings always play through this service; every play and download is in the audit log.</p>
      <label className="row" style={{ alignItems: "center" }}>
        <input type="checkbox" checked={settings.data.agents_play_own_recordings} disabled={pending} onChange={(e) => void change(e.target.checked)} />
        Agents may play the recordings of their own calls (default: off)
      </label>
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}
