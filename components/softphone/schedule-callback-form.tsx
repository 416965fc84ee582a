"use client";

import { useContext, useState, type FormEvent } from "react";
import { DisplayZone } from "@/components/ui/times-shown-in";
import { displayTimeZone, formatInZone } from "@/lib/client/format/display";
import { zonedInstant } from "@/lib/client/format/time-zone";
import { apiSend } from "@/lib/client/swr/api-send";
import { submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";

/**
 * "Call back later" at wrap-up (issue 44, point 7): a time for this contact,
 * typed on the organization's clock like every time the app shows (issue 61,
 * point 7: it was read on this computer's); the answer says it on the
 * contact's clock and the organization's, and a time outside the contact's calling hours is
 * refused with their local time. The agent is offered the call first when it
 * is due.
 */
export function ScheduleCallbackForm({ contactId }: { contactId: number }) {
  const token = useApiToken();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [scheduled, setScheduled] = useState<string | null>(null);
  const zone = useContext(DisplayZone) ?? displayTimeZone();
  if (!open) {
    return (
      <div>
        <button type="button" className="button ghost small" onClick={() => setOpen(true)}>
          Call back later…
        </button>
        {scheduled && (
          <div className="small" role="status">
            {scheduled}
          </div>
        )}
      </div>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const local = String(form.get("at") ?? "");
    if (!local) return setErrors({ at: ["Choose a day and time."] });
    setPending(true);
    setErrors({});
    try {
      const callback = await apiSend("post", "/api/callbacks", token!, {
        body: { contact_id: contactId, at: zonedInstant(local, zone).toISOString(), note: String(form.get("note") ?? "") || undefined },
      });
      const at = new Date(callback.at);
      setScheduled(`Callback set: ${formatInZone(at, callback.organization_time_zone)}; ${formatInZone(at, callback.contact_time_zone)} for the contact.`);
      setOpen(false);
    } catch (error) {
      setErrors(submitErrors(error));
    } finally {
      setPending(false);
    }
  };
  const error = errors.at?.[0] ?? errors.contact_id?.[0] ?? errors.form?.[0];
  return (
    <form className="stack" onSubmit={submit} aria-label="Schedule a callback" noValidate style={{ gap: 6 }}>
      <div className="field" style={{ margin: 0 }}>
        <label htmlFor="callback-at">Call back at ({zone.replaceAll("_", " ")} time)</label>
        <input id="callback-at" name="at" type="datetime-local" required aria-describedby={error ? "callback-error" : undefined} />
      </div>
      <div className="field" style={{ margin: 0 }}>
        <label htmlFor="callback-note">Note for the callback</label>
        <input id="callback-note" name="note" maxLength={500} placeholder="What to call about" />
      </div>
      {error && (
        <span id="callback-error" className="error small" role="alert">
          {error}
        </span>
      )}
      <div className="row" style={{ gap: 8 }}>
        <button type="submit" className="button small" disabled={pending}>
          {pending ? "Scheduling…" : "Schedule"}
        </button>
        <button type="button" className="button ghost small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
