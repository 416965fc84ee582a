"use client";

import { useId, useState } from "react";
import { fillTemplateVariables } from "@/lib/messages/whatsapp/whatsapp-schemas";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";

/**
 * Outside WhatsApp's 24-hour window only an approved template may be sent
 * (issue 48): the agent picks one of the organization's, fills its numbered
 * variables, sees the text the person will read, and sends it.
 */
export function WhatsappTemplateForm({ phone, onSent }: { phone: string; onSent: () => void }) {
  const token = useApiToken();
  const templates = useApiGet("/api/whatsapp/templates", {});
  const [contentSid, setContentSid] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const list = templates.data?.data ?? [];
  const template = list.find((t) => t.content_sid === contentSid) ?? null;
  const missing = template ? template.variables.filter((n) => !values[n]?.trim()) : [];

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!template || missing.length || sending) return;
    setSending(true);
    setProblem(null);
    try {
      await apiFetch("/api/messages", token!, {
        method: "POST",
        body: JSON.stringify({ to: phone, channel: "whatsapp", content_sid: template.content_sid, content_variables: Object.fromEntries(template.variables.map((n) => [n, values[n].trim()])) }),
      });
      setContentSid("");
      setValues({});
      onSent();
    } catch (e) {
      const error = e as ApiRequestError;
      setProblem(error.body?.errors ? Object.values(error.body.errors).flat().join(" ") : error.message);
    } finally {
      setSending(false);
    }
  };

  if (templates.data && list.length === 0)
    return (
      <div className="notice" role="status">
        No WhatsApp templates are set up: an admin adds the approved ones in Settings → Telephony.
      </div>
    );
  return (
    <form className="stack" aria-label="Send a WhatsApp template" onSubmit={send}>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      <div className="field" style={{ margin: 0 }}>
        <label htmlFor={`${id}-template`}>Approved template</label>
        <select id={`${id}-template`} className="input" value={contentSid} onChange={(e) => (setContentSid(e.target.value), setValues({}))}>
          <option value="">Pick a template…</option>
          {list.map((t) => (
            <option key={t.content_sid} value={t.content_sid}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {template?.variables.map((n) => (
        <div key={n} className="field" style={{ margin: 0 }}>
          <label htmlFor={`${id}-var-${n}`}>{`{{${n}}}`}</label>
          <input id={`${id}-var-${n}`} maxLength={1024} value={values[n] ?? ""} onChange={(e) => setValues({ ...values, [n]: e.target.value })} />
        </div>
      ))}
      {template && (
        <p className="small muted" data-testid="template-preview" style={{ margin: 0, whiteSpace: "pre-wrap" }}>
          {fillTemplateVariables(template.body, values)}
        </p>
      )}
      <div className="row" style={{ alignItems: "center" }}>
        <button type="submit" className="button" disabled={!template || missing.length > 0 || sending}>
          {sending ? "Sending…" : "Send template"}
        </button>
        {template && missing.length > 0 && <span className="small muted">Fill in {missing.map((n) => `{{${n}}}`).join(", ")}.</span>}
      </div>
    </form>
  );
}
