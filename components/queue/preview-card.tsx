"use client";

import { useState } from "react";
import { formatDateTime, formatPhone } from "@/lib/client/format/display";
import { apiSend, type SendAnswer } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useSoftphone } from "@/components/softphone/softphone-provider";

type Preview = NonNullable<SendAnswer<"post", "/api/campaigns/preview/next">["data"]>;

/** Preview-mode campaigns: the agent asks for the next contact, reads the card, then calls or skips. */
export function PreviewCard() {
  const token = useApiToken();
  const { call, dial, device } = useSoftphone();
  const [preview, setPreview] = useState<Preview | null | undefined>(undefined);
  const [why, setWhy] = useState<{ message: string; next_at?: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const next = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await apiSend("post", "/api/campaigns/preview/next", token!, {});
      setWhy(answer.data ? null : { message: answer.message ?? "No preview campaign has a contact to call now.", next_at: answer.next_at });
      setPreview(answer.data);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };
  const skip = async () => {
    if (!preview) return;
    await apiSend("post", "/api/campaigns/preview/{id}/skip", token!, { path: { id: preview.campaign_contact_id } });
    setPreview(undefined);
  };
  const place = async () => {
    if (!preview) return;
    await dial(preview.contact.phone, { id: preview.contact.id, name: preview.contact.name }, { campaignContactId: preview.campaign_contact_id });
    setPreview(undefined);
  };

  return (
    <section className="panel" aria-label="Campaign preview">
      <h2>Campaign calls</h2>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      {preview === undefined && (
        <button type="button" className="button secondary" onClick={next} disabled={pending || !!call}>
          {pending ? "Looking…" : "Get the next campaign contact"}
        </button>
      )}
      {preview === null && (
        <p className="muted small" role="status" data-testid="preview-empty">
          Nothing to call now. {why?.message}
          {why?.next_at && <> The dialer looks again {formatDateTime(why.next_at)}.</>}{" "}
          <button type="button" className="button ghost small" onClick={next}>
            Look again
          </button>
        </p>
      )}
      {preview && (
        <div className="stack" style={{ gap: 10 }}>
          <div className="contact-card">
            <div className="small muted">
              {preview.campaign.name} · attempt {preview.attempt}
            </div>
            <strong>{preview.contact.name}</strong>
            {preview.contact.company && <div className="small">{preview.contact.company}</div>}
            <div className="small mono">{formatPhone(preview.contact.phone)}</div>
            {preview.decision?.local_time && <div className="small muted">Their time: {preview.decision.local_time}</div>}
            <div className="small muted">
              {preview.contact.total_calls} calls{preview.contact.last_called_at && `, last ${formatDateTime(preview.contact.last_called_at)} (${preview.contact.last_call_outcome ?? "—"})`}
            </div>
            {preview.contact.notes && (
              <p className="small" style={{ margin: "6px 0 0", whiteSpace: "pre-wrap" }}>
                {preview.contact.notes.slice(0, 300)}
              </p>
            )}
          </div>
          <div className="row">
            <button type="button" className="button ok" onClick={place} disabled={!device.registered || !!call}>
              Call {preview.contact.name.split(" ")[0]}
            </button>
            <button type="button" className="button secondary" onClick={skip}>
              Skip
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
