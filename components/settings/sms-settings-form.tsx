"use client";

import type { FormEvent } from "react";
import { smsSettingsSchema } from "@/lib/settings/schemas";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

/** Which numbers text, the answer to HELP, and the quiet hours that hold campaign texts (managers and admins). */
export function SmsSettingsForm() {
  const form = useSettingsForm("/api/settings/sms", smsSettingsSchema.partial());
  if (!form.data) return <SkeletonRows rows={4} />;
  const d = form.data;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    form.save({
      sms_numbers: text("sms_numbers")
        .split(/[\s,]+/)
        .filter(Boolean),
      help_text: text("help_text"),
      quiet_hours: f.get("quiet_enabled") === "on" ? { start: text("quiet_start"), end: text("quiet_end") } : null,
      time_zone: text("time_zone"),
      assign_conversations: f.get("assign_conversations") === "on",
    });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Text message settings" noValidate>
      <h2>Text messages</h2>
      <div className="grid-2 even">
        <div>
          <div className="field">
            <label htmlFor="s-numbers">Numbers that text</label>
            <textarea id="s-numbers" name="sms_numbers" defaultValue={d.sms_numbers.join("\n")} rows={3} />
            <span className="hint">One E.164 number per line. Empty (the default): every inbound number also sends and receives texts; replies go from the number the contact wrote to.</span>
            <FieldError message={form.error("sms_numbers")} />
          </div>
          <div className="field">
            <label htmlFor="s-help">Answer to HELP</label>
            <textarea id="s-help" name="help_text" defaultValue={d.help_text} rows={3} maxLength={320} />
            <span className="hint">Sent when someone texts HELP or INFO. STOP, START and their synonyms are answered and honoured automatically.</span>
            <FieldError message={form.error("help_text")} />
          </div>
          <div className="field inline">
            <input id="s-assign" name="assign_conversations" type="checkbox" defaultChecked={d.assign_conversations} aria-describedby="s-assign-hint" />
            <label htmlFor="s-assign">Give new conversations to agents</label>
          </div>
          <span id="s-assign-hint" className="hint">
            A new text goes to an Available agent who serves its department&apos;s queue and has its skills, the one holding fewest conversations first, up to each agent&apos;s limit (Users).
            Otherwise it waits unassigned for whoever answers.
          </span>
        </div>
        <div>
          <div className="field inline">
            <input id="s-quiet" name="quiet_enabled" type="checkbox" defaultChecked={d.quiet_hours !== null} />
            <label htmlFor="s-quiet">Quiet hours for campaign texts</label>
          </div>
          <div className="row">
            <div className="field">
              <label htmlFor="s-start">From</label>
              <input id="s-start" name="quiet_start" type="time" defaultValue={d.quiet_hours?.start ?? "21:00"} />
            </div>
            <div className="field">
              <label htmlFor="s-end">Until</label>
              <input id="s-end" name="quiet_end" type="time" defaultValue={d.quiet_hours?.end ?? "08:00"} />
            </div>
          </div>
          <span className="hint">At the recipient&apos;s local time (from their number). Campaign texts wait until the end; an agent&apos;s reply always goes. Default 21:00–08:00.</span>
          <FieldError message={form.error("quiet_hours") ?? form.error("quiet_hours.start") ?? form.error("quiet_hours.end")} />
          <div className="field">
            <label htmlFor="s-zone">Time zone for unknown numbers</label>
            <input id="s-zone" name="time_zone" defaultValue={d.time_zone} placeholder="America/New_York" />
            <span className="hint">Used when a number&apos;s own zone cannot be told from it. Default America/New_York.</span>
            <FieldError message={form.error("time_zone")} />
          </div>
        </div>
      </div>
      <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
    </form>
  );
}
