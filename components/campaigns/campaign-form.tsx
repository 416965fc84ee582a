"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { outcomeLabel } from "@/lib/client/format/display";
import { fieldErrors as fieldErrorsOf } from "@/components/ui/field-errors";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createCampaignSchema, DIALING_MODES, RETRY_OUTCOMES, updateCampaignSchema } from "@/lib/campaigns/schemas";
import { oneOf } from "@/lib/http/answer-schemas";
import { fieldErrors } from "@/lib/http/validation";
import { ApiRequestError } from "@/lib/client/swr/api-fetch";
import { apiSend, type SendBody } from "@/lib/client/swr/api-send";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { CampaignView } from "./types";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const split = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** Create or edit a campaign; checked with the API's own schema before it is sent. */
export function CampaignForm({ campaign }: { campaign?: CampaignView }) {
  const router = useRouter();
  const token = useApiToken();
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const presets = useApiGet("/api/saved-filters", {});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [mode, setMode] = useState(campaign?.dialing_mode ?? "progressive");
  const [amd, setAmd] = useState(campaign?.amd_enabled ?? false);
  const [policy, setPolicy] = useState(campaign?.timezone_policy ?? "contact");
  const started = campaign && campaign.status !== "draft";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const department = text("department_id");
    const savedFilter = text("saved_filter_id");
    const input = {
      name: text("name"),
      ...(department && !started && { department_id: Number(department) }),
      caller_id: text("caller_id") || null,
      ...(!started && {
        selection: {
          ...(split(text("tags")).length && { tags: split(text("tags")) }),
          ...(savedFilter && { saved_filter_id: Number(savedFilter) }),
          ...(campaign?.selection.contact_ids?.length && { contact_ids: campaign.selection.contact_ids }),
        },
      }),
      exclude_dnc: f.get("exclude_dnc") === "on",
      dialing_mode: mode,
      pacing: { max_ratio: Number(text("max_ratio") || 2), max_calls_per_minute: Number(text("max_calls_per_minute") || 60) },
      calling_window: { start: text("window_start"), end: text("window_end"), days: DAYS.map((_, i) => i + 1).filter((d) => f.get(`day_${d}`) === "on"), timezone: text("timezone") || null },
      timezone_policy: policy,
      max_attempts: Number(text("max_attempts")),
      retry_delay_minutes: Number(text("retry_delay_minutes")),
      retry_outcomes: ["no-answer", "busy", "failed"].filter((o) => f.get(`retry_${o}`) === "on"),
      amd_enabled: amd,
      voicemail_message: text("voicemail_message") || null,
      recording_enabled: f.get("recording_enabled") === "on",
    };
    const parsed = (campaign ? updateCampaignSchema : createCampaignSchema).safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    try {
      const saved = campaign
        ? await apiSend("patch", "/api/campaigns/{id}", token!, { path: { id: campaign.id }, body: parsed.data })
        : await apiSend("post", "/api/campaigns", token!, { body: parsed.data as SendBody<"post", "/api/campaigns"> });
      router.push(`/campaigns/${saved.id}`);
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? (e.body?.errors ?? { form: [e.message] }) : { form: [(e as Error).message] });
    } finally {
      setPending(false);
    }
  };
  // A nested error ("calling_window.start") belongs to its group's field.
  const grouped = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.split(".")[0], v]));
  const { message: error, linked } = fieldErrorsOf(grouped, "k");
  const w = campaign?.calling_window;

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={campaign ? "Edit campaign" : "New campaign"}>
      {errors.form && (
        <div className="alert" role="alert">
          {errors.form[0]}
        </div>
      )}
      <section className="panel">
        <h2>Who to call</h2>
        <div className="row">
          <div className="field" style={{ minWidth: 280 }}>
            <label htmlFor="k-name">Name</label>
            <input id="k-name" name="name" defaultValue={campaign?.name} maxLength={255} autoFocus {...linked("name")} />
            {error("name")}
          </div>
          {(departments.data?.data.length ?? 0) > 1 && (
            <div className="field">
              <label htmlFor="k-dept">Department</label>
              <select id="k-dept" name="department_id" defaultValue={campaign?.department_id ?? ""} disabled={started}>
                {!campaign && <option value="">Choose…</option>}
                {departments.data!.data.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
              {error("department_id")}
            </div>
          )}
          <div className="field">
            <label htmlFor="k-caller">Caller ID</label>
            <input id="k-caller" name="caller_id" defaultValue={campaign?.caller_id ?? ""} placeholder="+15005550006" {...linked("caller_id")} />
            {error("caller_id")}
          </div>
        </div>
        <div className="row">
          <div className="field">
            <label htmlFor="k-tags">Contacts tagged (all of)</label>
            <input id="k-tags" name="tags" defaultValue={campaign?.selection.tags?.join(", ")} placeholder="spring-fair, prospect" disabled={started} />
          </div>
          <div className="field">
            <label htmlFor="k-filter">or matching a saved filter</label>
            <select id="k-filter" name="saved_filter_id" defaultValue={campaign?.selection.saved_filter_id ?? ""} disabled={started}>
              <option value="">None</option>
              {presets.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <label className="field inline" style={{ marginBottom: 20 }}>
            <input type="checkbox" name="exclude_dnc" defaultChecked={campaign?.exclude_dnc ?? true} />
            Leave out contacts tagged DNC
          </label>
        </div>
        {error("selection")}
      </section>
      <section className="panel">
        <h2>How to dial</h2>
        <div className="row">
          <div className="field">
            <label htmlFor="k-mode">Dialing mode</label>
            <select id="k-mode" value={mode} onChange={(e) => setMode(oneOf(DIALING_MODES, e.target.value, "progressive"))}>
              <option value="preview">Preview: the agent sees the contact, then calls</option>
              <option value="progressive">Progressive: one call per free agent</option>
              <option value="predictive">Predictive: dials ahead, abandon rate kept under 3%</option>
            </select>
          </div>
          {mode === "predictive" && (
            <div className="field">
              <label htmlFor="k-ratio">Most lines per agent</label>
              <input id="k-ratio" name="max_ratio" type="number" step="0.5" min={1} max={5} defaultValue={campaign?.pacing.max_ratio ?? 2} />
            </div>
          )}
          <div className="field">
            <label htmlFor="k-cpm">Most new calls per minute</label>
            <input id="k-cpm" name="max_calls_per_minute" type="number" min={1} max={6000} defaultValue={campaign?.pacing.max_calls_per_minute ?? 60} />
          </div>
          <div className="field">
            <label htmlFor="k-attempts">Attempts per contact</label>
            <input id="k-attempts" name="max_attempts" type="number" min={1} max={10} defaultValue={campaign?.max_attempts ?? 3} {...linked("max_attempts")} />
            {error("max_attempts")}
          </div>
          <div className="field">
            <label htmlFor="k-delay">Minutes between attempts</label>
            <input id="k-delay" name="retry_delay_minutes" type="number" min={1} defaultValue={campaign?.retry_delay_minutes ?? 60} {...linked("retry_delay_minutes")} />
            {error("retry_delay_minutes")}
          </div>
        </div>
        <fieldset className="row" style={{ border: 0, padding: 0 }}>
          <legend className="small" style={{ fontWeight: 600 }}>
            Try again after
          </legend>
          {RETRY_OUTCOMES.map((o) => (
            <label key={o} className="field inline" style={{ margin: 0 }}>
              <input type="checkbox" name={`retry_${o}`} defaultChecked={(campaign?.retry_outcomes ?? ["no-answer", "busy"]).includes(o)} />
              {outcomeLabel(o)}
            </label>
          ))}
        </fieldset>
        <div className="row" style={{ marginTop: 12 }}>
          <label className="field inline" style={{ margin: 0 }}>
            <input type="checkbox" checked={amd} onChange={(e) => setAmd(e.target.checked)} />
            Detect answering machines
          </label>
          <label className="field inline" style={{ margin: 0 }}>
            <input type="checkbox" name="recording_enabled" defaultChecked={campaign?.recording_enabled} />
            Record calls
          </label>
        </div>
        {amd && (
          <div className="field" style={{ marginTop: 12 }}>
            <label htmlFor="k-vm">Voicemail message</label>
            <textarea id="k-vm" name="voicemail_message" defaultValue={campaign?.voicemail_message ?? ""} maxLength={1000} placeholder="Hello, this is Acme. Please call us back at…" />
          </div>
        )}
      </section>
      <section className="panel">
        <h2>When to call</h2>
        <div className="row">
          <div className="field">
            <label htmlFor="k-start">From</label>
            <input id="k-start" name="window_start" type="time" defaultValue={w?.start ?? "09:00"} />
          </div>
          <div className="field">
            <label htmlFor="k-end">Until</label>
            <input id="k-end" name="window_end" type="time" defaultValue={w?.end ?? "20:00"} />
            {error("calling_window")}
          </div>
          <div className="field">
            <label htmlFor="k-policy">On whose clock</label>
            <select id="k-policy" value={policy} onChange={(e) => setPolicy(e.target.value === "campaign" ? "campaign" : "contact")}>
              <option value="contact">The contact&apos;s local time</option>
              <option value="campaign">The campaign&apos;s time zone</option>
            </select>
          </div>
          {policy === "campaign" && (
            <div className="field">
              <label htmlFor="k-tz">Time zone</label>
              <input id="k-tz" name="timezone" defaultValue={w?.timezone ?? "America/New_York"} />
            </div>
          )}
        </div>
        <fieldset className="row" style={{ border: 0, padding: 0 }}>
          <legend className="small" style={{ fontWeight: 600 }}>
            Days
          </legend>
          {DAYS.map((d, i) => (
            <label key={d} className="field inline" style={{ margin: 0 }}>
              <input type="checkbox" name={`day_${i + 1}`} defaultChecked={(w?.days ?? [1, 2, 3, 4, 5]).includes(i + 1)} />
              {d}
            </label>
          ))}
        </fieldset>
        <p className="small muted" style={{ marginBottom: 0 }}>
          Whatever the window, nobody is called before 08:00 or after 21:00 in their own time zone (from their number, or a “timezone” custom field).
        </p>
      </section>
      <div className="row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : campaign ? "Save campaign" : "Create campaign"}
        </button>
        <button type="button" className="button secondary" onClick={() => router.back()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
