"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { formatDateTime, formatTime } from "@/lib/client/format/display";
import { useState, type FormEvent } from "react";
import { fieldErrors } from "@/lib/http/validation";
import { createWebhookSchema, WEBHOOK_EVENTS } from "@/lib/webhooks/schemas";
import { submitErrors } from "@/lib/client/swr/api-fetch";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SecretShownOnce } from "./secret-shown-once";

/**
 * Settings → Integrations, outgoing webhooks (issue 24): register an endpoint
 * for some events (its signing secret shown once), see each endpoint's health
 * and its deliveries, replay one, enable a disabled endpoint again.
 */
export function WebhooksManager() {
  const token = useApiToken();
  const endpoints = useApiGet("/api/webhooks", {}, { refreshInterval: 10_000 });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  if (!endpoints.data) return <SkeletonRows rows={3} />;

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const parsed = createWebhookSchema.safeParse({ url: String(f.get("url") ?? "").trim(), events: f.getAll("events").map(String), description: String(f.get("description") ?? "").trim() || null });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    setErrors({});
    try {
      const made = await apiSend("post", "/api/webhooks", token!, { body: parsed.data });
      setSecret(made.secret);
      form.reset();
      await endpoints.mutate();
    } catch (error) {
      setErrors(submitErrors(error));
    } finally {
      setPending(false);
    }
  };
  const act = async (id: number, change: "enable" | "delete") => {
    // Its deliveries stop being read before it goes (a read after would find nothing: a 404 in the console).
    if (change === "delete" && open === id) {
      setOpen(null);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await (change === "enable" ? apiSend("post", "/api/webhooks/{id}/enable", token!, { path: { id } }) : apiSend("delete", "/api/webhooks/{id}", token!, { path: { id } }));
    await endpoints.mutate();
  };

  return (
    <div className="stack">
      <section className="panel stack" aria-labelledby="new-webhook-title">
        <h2 id="new-webhook-title">New webhook</h2>
        <p className="small muted">
          The service POSTs each event you pick to your address, signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), and tries again for 24 hours until it answers 2xx.
        </p>
        {secret && <SecretShownOnce label="New webhook secret" title="Copy the signing secret now: it is not shown again." value={secret} />}
        <form className="stack" onSubmit={create} noValidate aria-label="New webhook">
          <div className="field">
            <label htmlFor="webhook-url">Address</label>
            <input id="webhook-url" name="url" type="url" placeholder="https://crm.example.com/hooks/contact-center" aria-invalid={!!errors.url} />
            <span className="hint">https, on a public address.</span>
            <FieldError message={errors.url?.[0]} />
          </div>
          <div className="field">
            <label htmlFor="webhook-description">Description (optional)</label>
            <input id="webhook-description" name="description" placeholder="CRM" />
          </div>
          <fieldset className="field">
            <legend>Events</legend>
            <div className="grid-2" style={{ gridTemplateColumns: "repeat(auto-fill, minmax(min(190px, 100%), 1fr))" }}>
              {WEBHOOK_EVENTS.map((event) => (
                <div className="field inline" key={event}>
                  <input id={`webhook-event-${event}`} type="checkbox" name="events" value={event} />
                  <label htmlFor={`webhook-event-${event}`} className="mono small">
                    {event}
                  </label>
                </div>
              ))}
            </div>
            <FieldError message={errors.events?.[0] ?? Object.entries(errors).find(([k]) => k.startsWith("events."))?.[1]?.[0]} />
          </fieldset>
          <FieldError message={errors.form?.[0]} />
          <div>
            <button type="submit" className="button" disabled={pending}>
              {pending ? "Adding…" : "Add webhook"}
            </button>
          </div>
        </form>
      </section>

      <section className="panel stack" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhooks</h2>
        {endpoints.data.data.length === 0 && <p className="muted">No webhooks yet. Add one above to send events to another system.</p>}
        {endpoints.data.data.map((endpoint) => (
          <article key={endpoint.id} className="stack" aria-label={`Webhook ${endpoint.url}`} style={{ borderTop: "1px solid var(--border)", paddingTop: 10 }}>
            <div className="row" style={{ alignItems: "baseline", flexWrap: "wrap", gap: 8 }}>
              <strong className="mono small" style={{ wordBreak: "break-all" }}>
                {endpoint.url}
              </strong>
              {endpoint.description && <span className="muted small">{endpoint.description}</span>}
              <span className={`badge ${endpoint.enabled ? (endpoint.failing_since ? "warn" : "ok") : "danger"}`}>
                {endpoint.enabled ? (endpoint.failing_since ? "failing" : "enabled") : "disabled"}
              </span>
            </div>
            {!endpoint.enabled && endpoint.disabled_reason && (
              <div className="alert" role="alert">
                {endpoint.disabled_reason}
              </div>
            )}
            <div className="small muted">
              {endpoint.events.join(", ")} · last 24 hours: {endpoint.last_24h.delivered} delivered, {endpoint.last_24h.pending} waiting, {endpoint.last_24h.failed} failed
            </div>
            <div className="row">
              <button type="button" className="button secondary small" aria-expanded={open === endpoint.id} onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>
                {open === endpoint.id ? "Hide deliveries" : "Deliveries"}
              </button>
              {!endpoint.enabled && (
                <button type="button" className="button secondary small" onClick={() => void act(endpoint.id, "enable")}>
                  Enable again
                </button>
              )}
              <button type="button" className="button secondary small" onClick={() => window.confirm(`Delete the webhook to ${endpoint.url}?`) && void act(endpoint.id, "delete")}>
                Delete
              </button>
            </div>
            {open === endpoint.id && <Deliveries endpointId={endpoint.id} />}
          </article>
        ))}
      </section>
    </div>
  );
}

function Deliveries({ endpointId }: { endpointId: number }) {
  const token = useApiToken();
  const list = useApiGet("/api/webhooks/{id}/deliveries", { path: { id: endpointId } }, { refreshInterval: 3000 });
  if (!list.data) return <SkeletonRows rows={3} />;
  if (list.data.data.length === 0) return <p className="muted small">Nothing sent yet: deliveries appear here as the events happen.</p>;
  const replay = async (id: number) => {
    await apiSend("post", "/api/webhooks/{id}/deliveries/{delivery_id}/replay", token!, { path: { id: endpointId, delivery_id: id } });
    await list.mutate();
  };
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Deliveries">
        <thead>
          <tr>
            <th>Event</th>
            <th>When</th>
            <th>State</th>
            <th className="num">Tries</th>
            <th>Answer</th>
            <th className="num">Time</th>
            <th>
              <span className="sr-only">Replay</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.data.data.map((d) => (
            <tr key={d.id}>
              <td className="mono small">{d.event_type}</td>
              <td className="small">{formatDateTime(d.created_at)}</td>
              <td>
                <span className={`badge ${d.status === "delivered" ? "ok" : d.status === "failed" ? "danger" : "warn"}`}>{d.status}</span>
                {d.next_attempt_at && <div className="small muted">next try {formatTime(d.next_attempt_at)}</div>}
              </td>
              <td className="num">{d.attempts}</td>
              <td className="small">
                {d.last_status_code ?? "—"}
                {d.last_error && d.status !== "delivered" ? ` · ${d.last_error}` : ""}
              </td>
              <td className="num small">{d.last_latency_ms === null ? "—" : `${d.last_latency_ms} ms`}</td>
              <td>
                <button type="button" className="button secondary small" onClick={() => void replay(d.id)} aria-label={`Replay delivery ${d.id}`}>
                  Replay
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
