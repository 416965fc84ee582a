"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { recordingConsentSchema } from "@/lib/settings/schemas";
import { FieldError } from "./field-error";

type Announcement = { text: string | null; audio_url: string | null; opt_out_digit: string | null };
type NumberRow = Announcement & { number: string };
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const blank = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * The recording announcement (issue 47, point 1): what callers hear before a
 * recorded call, the key that lets them go on unrecorded, whether the people
 * agents call hear it too, and numbers with words of their own. Checked with
 * the API's own schema before it is sent.
 */
export function RecordingConsentSetting() {
  const token = useApiToken();
  const settings = useApiGet("/api/settings/calls", {});
  const [rows, setRows] = useState<NumberRow[] | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (!settings.data) return <SkeletonRows rows={3} />;
  const consent = settings.data.recording_consent;
  const numbers = rows ?? Object.entries(consent.numbers).map(([number, a]) => ({ number, ...a }));
  const setRow = (index: number, change: Partial<NumberRow>) => setRows(numbers.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const candidate = {
      text: blank(String(form.get("text") ?? "")),
      audio_url: blank(String(form.get("audio_url") ?? "")),
      opt_out_digit: blank(String(form.get("opt_out_digit") ?? "")),
      outbound: form.get("outbound") === "on",
      numbers: Object.fromEntries(
        numbers.filter((row) => row.number.trim()).map((row) => [row.number.trim(), { text: blank(row.text ?? ""), audio_url: blank(row.audio_url ?? ""), opt_out_digit: row.opt_out_digit || null }]),
      ),
    };
    const checked = recordingConsentSchema.safeParse(candidate);
    setSaved(false);
    if (!checked.success) {
      return setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join(".") || "form", [issue.message]])));
    }
    setPending(true);
    setErrors({});
    try {
      await settings.mutate(await apiFetch("/api/settings/calls", token!, { method: "PUT", body: JSON.stringify({ recording_consent: checked.data }) }), { revalidate: false });
      setRows(null);
      setSaved(true);
    } catch (e) {
      setErrors(Object.fromEntries(Object.entries(submitErrors(e)).map(([key, messages]) => [key.replace(/^recording_consent\.?/, "") || "form", messages])));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="panel stack" aria-labelledby="recording-consent-title" onSubmit={submit} noValidate>
      <h2 id="recording-consent-title">Recording announcement</h2>
      <p className="small muted">
        When calls are recorded, callers hear this before they reach an agent. Where the law asks both parties to agree, offer a key that lets them go on unrecorded: their call is then never recorded,
        and its log says why.
      </p>
      <div className="field">
        <label htmlFor="consent-text">What callers hear</label>
        <textarea id="consent-text" name="text" rows={2} maxLength={500} defaultValue={consent.text ?? ""} placeholder="This call may be recorded for quality and training." />
        <FieldError message={errors.text?.[0]} />
      </div>
      <div className="field">
        <label htmlFor="consent-audio">Or an audio file to play instead (https address)</label>
        <input id="consent-audio" name="audio_url" type="url" defaultValue={consent.audio_url ?? ""} placeholder="https://example.com/recording-notice.mp3" />
        <FieldError message={errors.audio_url?.[0]} />
      </div>
      <div className="field">
        <label htmlFor="consent-digit">Key to continue without recording</label>
        <select id="consent-digit" name="opt_out_digit" defaultValue={consent.opt_out_digit ?? ""}>
          <option value="">None: the announcement only</option>
          {DIGITS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <FieldError message={errors.opt_out_digit?.[0]} />
      </div>
      <label className="row" style={{ alignItems: "center" }}>
        <input type="checkbox" name="outbound" defaultChecked={consent.outbound} />
        People agents call hear it too, when they answer (manual and campaign calls)
      </label>
      <fieldset className="stack">
        <legend>Numbers with their own announcement</legend>
        {numbers.length === 0 && (
          <p className="small muted" style={{ margin: 0 }}>
            None: every number uses the announcement above.
          </p>
        )}
        {numbers.map((row, index) => (
          <div key={index} className="row" style={{ alignItems: "end", flexWrap: "wrap" }}>
            <div className="field" style={{ margin: 0 }}>
              <label htmlFor={`consent-number-${index}`}>Number</label>
              <input id={`consent-number-${index}`} value={row.number} placeholder="+14155550100" onChange={(e) => setRow(index, { number: e.target.value })} />
            </div>
            <div className="field" style={{ margin: 0, flex: 1, minWidth: 220 }}>
              <label htmlFor={`consent-number-text-${index}`}>What its callers hear</label>
              <input id={`consent-number-text-${index}`} value={row.text ?? ""} onChange={(e) => setRow(index, { text: e.target.value })} />
            </div>
            <div className="field" style={{ margin: 0 }}>
              <label htmlFor={`consent-number-digit-${index}`}>Key</label>
              <select id={`consent-number-digit-${index}`} value={row.opt_out_digit ?? ""} onChange={(e) => setRow(index, { opt_out_digit: e.target.value || null })}>
                <option value="">None</option>
                {DIGITS.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="button ghost small" onClick={() => setRows(numbers.filter((_, i) => i !== index))}>
              Remove {row.number || "this number"}
            </button>
            <FieldError message={Object.entries(errors).find(([key]) => key.startsWith(`numbers.${row.number.trim()}`))?.[1][0]} />
          </div>
        ))}
        <button type="button" className="button secondary small" onClick={() => setRows([...numbers, { number: "", text: "", audio_url: null, opt_out_digit: null }])}>
          Add a number
        </button>
      </fieldset>
      <div className="row" style={{ alignItems: "center" }}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Save the announcement"}
        </button>
        {saved && (
          <span className="success small" role="status">
            Saved.
          </span>
        )}
      </div>
      {errors.form && (
        <p className="error" role="alert">
          {errors.form[0]}
        </p>
      )}
    </form>
  );
}
