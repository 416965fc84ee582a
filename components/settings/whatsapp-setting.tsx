"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { whatsappSettingsSchema, type WhatsappTemplate } from "@/lib/messages/whatsapp/whatsapp-schemas";
import { FieldError } from "./field-error";

/**
 * WhatsApp through the provider (issue 48): the organization's WhatsApp
 * sender, and the templates the provider approved, which are all that may be
 * sent once a person's 24-hour window has closed. Checked with the API's own
 * schema before it is sent.
 */
export function WhatsappSetting() {
  const token = useApiToken();
  const settings = useApiGet("/api/settings/sms", {});
  const [rows, setRows] = useState<WhatsappTemplate[] | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (!settings.data) return <SkeletonRows rows={3} />;
  const whatsapp = settings.data.whatsapp;
  const templates = rows ?? whatsapp.templates;
  const setRow = (index: number, change: Partial<WhatsappTemplate>) => setRows(templates.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sender = String(new FormData(event.currentTarget).get("sender") ?? "").trim();
    const checked = whatsappSettingsSchema.safeParse({ sender: sender || null, templates });
    setSaved(false);
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join(".") || "form", [issue.message]])));
    setPending(true);
    setErrors({});
    try {
      await settings.mutate(await apiFetch("/api/settings/sms", token!, { method: "PUT", body: JSON.stringify({ whatsapp: checked.data }) }), { revalidate: false });
      setRows(null);
      setSaved(true);
    } catch (e) {
      setErrors(Object.fromEntries(Object.entries(submitErrors(e)).map(([key, messages]) => [key.replace(/^whatsapp\.?/, "") || "form", messages])));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="panel stack" aria-labelledby="whatsapp-title" onSubmit={submit} noValidate>
      <h2 id="whatsapp-title">WhatsApp</h2>
      <p className="small muted">
        WhatsApp messages arrive in Messages beside texts, through the same provider account. Replies are free-form for 24 hours after the person&apos;s last message; after that only a template
        WhatsApp approved can be sent. Point the sender&apos;s incoming-message address at this service&apos;s
        <code> /api/telephony/sms</code>, as for texts.
      </p>
      <div className="field">
        <label htmlFor="whatsapp-sender">WhatsApp sender (its number)</label>
        <input id="whatsapp-sender" name="sender" defaultValue={whatsapp.sender ?? ""} placeholder="+14155238886" autoComplete="off" />
        <FieldError message={errors.sender?.[0]} />
      </div>
      <fieldset className="stack">
        <legend>Approved templates</legend>
        {templates.length === 0 && (
          <p className="small muted" style={{ margin: 0 }}>
            None yet: outside the 24-hour window nothing can be sent.
          </p>
        )}
        {templates.map((row, index) => (
          <div key={index} className="stack" style={{ gap: 4 }}>
            <div className="row" style={{ alignItems: "end", flexWrap: "wrap" }}>
              <div className="field" style={{ margin: 0 }}>
                <label htmlFor={`whatsapp-name-${index}`}>Name</label>
                <input id={`whatsapp-name-${index}`} value={row.name} onChange={(e) => setRow(index, { name: e.target.value })} />
              </div>
              <div className="field" style={{ margin: 0, minWidth: 300 }}>
                <label htmlFor={`whatsapp-sid-${index}`}>Content SID</label>
                <input id={`whatsapp-sid-${index}`} className="mono" value={row.content_sid} placeholder="HX…" onChange={(e) => setRow(index, { content_sid: e.target.value })} />
              </div>
              <button type="button" className="button ghost small" onClick={() => setRows(templates.filter((_, i) => i !== index))}>
                Remove {row.name || "this template"}
              </button>
            </div>
            <div className="field" style={{ margin: 0 }}>
              <label htmlFor={`whatsapp-body-${index}`}>
                Its approved text ({"{{1}}"}, {"{{2}}"}… where the variables go)
              </label>
              <textarea id={`whatsapp-body-${index}`} rows={2} value={row.body} onChange={(e) => setRow(index, { body: e.target.value })} />
            </div>
            <FieldError message={Object.entries(errors).find(([key]) => key.startsWith(`templates.${index}`))?.[1][0]} />
          </div>
        ))}
        <button type="button" className="button secondary small" onClick={() => setRows([...templates, { name: "", content_sid: "", body: "" }])}>
          Add a template
        </button>
        <FieldError message={errors.templates?.[0]} />
      </fieldset>
      <div className="row" style={{ alignItems: "center" }}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Save WhatsApp"}
        </button>
        {saved && (
          <span className="success small" role="status">
            Saved.
          </span>
        )}
        {errors.form && (
          <span className="error small" role="alert">
            {errors.form[0]}
          </span>
        )}
      </div>
    </form>
  );
}
