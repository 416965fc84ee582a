"use client";

import { useId, useState, type FormEvent } from "react";
import { routingSettingsSchema, WEEKDAYS, type RoutingPlan, type RoutingTarget } from "@/lib/settings/routing-schemas";
import { apiFetch, ApiRequestError } from "@/lib/client/swr/api-fetch";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { SendAnswer } from "@/lib/client/swr/api-send";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { QueueDistribution } from "./queue-distribution";
import { QueueMembers } from "./queue-members";
import { SaveRow, useSettingsForm } from "./use-settings-form";

type Department = { id: number; name: string };
const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };
const NEW_PLAN: RoutingPlan = {
  name: "Main line",
  numbers: [],
  hours: null,
  holidays: [],
  closed_message: "Thank you for calling. We are closed now. Please call again during our opening hours.",
  closed_action: "message",
  no_agents: "queue",
  announce_every_seconds: 60,
  voicemail_prompt: "Please leave your name, number and message after the tone. We will call you back.",
  queue: { type: "queue", department_id: null },
  menu: null,
  callback_offer: null,
};

// A target as one select value: "queue:" (general), "queue:12" (a department), "voicemail:12", "number".
const targetValue = (t: RoutingTarget) => (t.type === "number" ? "number" : `${t.type}:${t.department_id ?? ""}`);
function targetFrom(value: string, number: string): RoutingTarget {
  if (value === "number") return { type: "number", number: number.trim() };
  const [type, id] = value.split(":");
  return { type: type === "voicemail" ? "voicemail" : "queue", department_id: id ? Number(id) : null };
}
// "09:00-12:00, 13:00-17:00" ⇄ intervals; what does not parse goes to the API as typed, which names it.
const hoursText = (intervals: { start: string; end: string }[] | undefined) => (intervals ?? []).map((i) => `${i.start}-${i.end}`).join(", ");
const hoursFrom = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = "", end = ""] = part.split("-").map((x) => x.trim());
      return { start, end };
    });
const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Settings → Routing (issue 23): each plan's numbers, opening hours in the
 * organization's time zone, holidays, the closed message, the queue calls join
 * and the caller menu, with the TwiML a call would be answered with now.
 * Saved as a whole with the API's own schema; errors sit under their fields.
 */
export function RoutingSettingsForm() {
  const form = useSettingsForm("/api/settings/routing", routingSettingsSchema);
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const [plans, setPlans] = useState<RoutingPlan[] | null>(null);
  if (!form.data || !departments.data) return <SkeletonRows rows={6} />;
  const current = plans ?? form.data.plans;
  const change = (index: number, plan: RoutingPlan) => setPlans(current.map((p, i) => (i === index ? plan : p)));
  const error = (prefix: string) => Object.entries(form.errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`))?.[1]?.[0];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.save({ plans: current });
  };

  return (
    <div className="stack">
      <form className="stack" onSubmit={submit} aria-label="Routing" noValidate>
        <p className="small muted">
          A plan answers the numbers it names (or every other number when it names none). With no plan, every call waits in the general queue at any hour, as before. Hours are read in the
          organization&apos;s time zone (Settings → Organization). Changes apply to the next call.
        </p>
        {current.length === 0 && <p className="muted">No routing plan: callers go straight to the general queue. Add a plan to set hours, a menu or a department queue.</p>}
        {current.map((plan, index) => (
          <PlanEditor
            key={index}
            index={index}
            plan={plan}
            departments={departments.data!.data}
            error={(field) => error(`plans.${index}.${field}`)}
            onChange={(p) => change(index, p)}
            onRemove={() => setPlans(current.filter((_, i) => i !== index))}
          />
        ))}
        <div className="row">
          <button type="button" className="button secondary" onClick={() => setPlans([...current, { ...NEW_PLAN, name: current.length ? `Plan ${current.length + 1}` : NEW_PLAN.name }])}>
            Add a plan
          </button>
        </div>
        <FieldError message={form.error("plans")} />
        <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
      </form>
      <QueueDistribution />
      <QueueMembers />
    </div>
  );
}

function PlanEditor({
  index,
  plan,
  departments,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  plan: RoutingPlan;
  departments: Department[];
  error: (field: string) => string | undefined;
  onChange: (plan: RoutingPlan) => void;
  onRemove: () => void;
}) {
  const id = (field: string) => `plan-${index}-${field}`;
  const set = (patch: Partial<RoutingPlan>) => onChange({ ...plan, ...patch });
  const targets = [
    { value: "queue:", label: "General queue" },
    ...departments.map((d) => ({ value: `queue:${d.id}`, label: `${d.name} queue` })),
    { value: "voicemail:", label: "Voicemail (general)" },
    ...departments.map((d) => ({ value: `voicemail:${d.id}`, label: `${d.name} voicemail` })),
  ];
  return (
    <fieldset className="panel stack" aria-label={`Plan ${plan.name}`}>
      <legend>
        <strong>{plan.name || "Unnamed plan"}</strong>
      </legend>
      <div className="grid-2 even">
        <div className="field">
          <label htmlFor={id("name")}>Name</label>
          <input id={id("name")} value={plan.name} onChange={(e) => set({ name: e.target.value })} aria-invalid={!!error("name")} />
          <FieldError message={error("name")} />
        </div>
        <div className="field">
          <label htmlFor={id("numbers")}>Numbers</label>
          <input id={id("numbers")} defaultValue={plan.numbers.join(", ")} onBlur={(e) => set({ numbers: list(e.target.value) })} placeholder="+14155550100" aria-invalid={!!error("numbers")} />
          <span className="hint">E.164, separated by commas. Empty: every number no other plan names.</span>
          <FieldError message={error("numbers")} />
        </div>
      </div>

      <div className="field inline">
        <input
          id={id("always")}
          type="checkbox"
          checked={plan.hours === null}
          onChange={(e) => set({ hours: e.target.checked ? null : Object.fromEntries(WEEKDAYS.slice(0, 5).map((d) => [d, [{ start: "09:00", end: "17:00" }]])) })}
        />
        <label htmlFor={id("always")}>Open around the clock</label>
      </div>
      {plan.hours !== null && (
        <div className="grid-2" style={{ gridTemplateColumns: "repeat(auto-fill, minmax(min(220px, 100%), 1fr))" }}>
          {WEEKDAYS.map((day) => (
            <div className="field" key={day}>
              <label htmlFor={id(day)}>{DAY_NAMES[day]}</label>
              <input
                id={id(day)}
                defaultValue={hoursText(plan.hours?.[day])}
                placeholder="Closed"
                onBlur={(e) => set({ hours: { ...plan.hours, [day]: hoursFrom(e.target.value) } })}
                aria-invalid={!!error(`hours.${day}`)}
              />
              <FieldError message={error(`hours.${day}`)} />
            </div>
          ))}
          <span className="hint">Such as 09:00-17:00, or 09:00-12:00, 13:00-17:00. Empty: closed that day.</span>
        </div>
      )}
      <div className="grid-2 even">
        <div className="field">
          <label htmlFor={id("holidays")}>Holidays</label>
          <textarea
            id={id("holidays")}
            rows={2}
            defaultValue={plan.holidays.join("\n")}
            onBlur={(e) => set({ holidays: list(e.target.value) })}
            placeholder="2026-12-25"
            aria-invalid={!!error("holidays")}
          />
          <span className="hint">Dates (YYYY-MM-DD) closed all day.</span>
          <FieldError message={error("holidays")} />
        </div>
        <div className="field">
          <label htmlFor={id("closed")}>When closed, callers hear</label>
          <textarea id={id("closed")} rows={2} value={plan.closed_message} onChange={(e) => set({ closed_message: e.target.value })} aria-invalid={!!error("closed_message")} />
          <FieldError message={error("closed_message")} />
          <div className="field inline">
            <input id={id("closed-vm")} type="checkbox" checked={plan.closed_action === "voicemail"} onChange={(e) => set({ closed_action: e.target.checked ? "voicemail" : "message" })} />
            <label htmlFor={id("closed-vm")}>then let them leave a voicemail</label>
          </div>
        </div>
      </div>
      <div className="grid-2 even">
        <div className="field">
          <label htmlFor={id("vm-prompt")}>Before the voicemail tone, callers hear</label>
          <textarea id={id("vm-prompt")} rows={2} value={plan.voicemail_prompt} onChange={(e) => set({ voicemail_prompt: e.target.value })} aria-invalid={!!error("voicemail_prompt")} />
          <FieldError message={error("voicemail_prompt")} />
        </div>
        <div className="field">
          <label htmlFor={id("announce")}>Tell waiting callers their place and expected wait every (seconds)</label>
          <input
            id={id("announce")}
            type="number"
            min={15}
            max={600}
            value={plan.announce_every_seconds}
            onChange={(e) => set({ announce_every_seconds: Number(e.target.value) })}
            aria-invalid={!!error("announce_every_seconds")}
          />
          <span className="hint">15 to 600; default 60. Hold music plays in between.</span>
          <FieldError message={error("announce_every_seconds")} />
        </div>
        <div className="field inline">
          <input id={id("no-agents")} type="checkbox" checked={plan.no_agents === "voicemail"} onChange={(e) => set({ no_agents: e.target.checked ? "voicemail" : "queue" })} />
          <label htmlFor={id("no-agents")}>When nobody who serves the queue is signed in, offer voicemail instead of waiting</label>
        </div>
        <div className="stack">
          <div className="field inline">
            <input id={id("callback")} type="checkbox" checked={plan.callback_offer !== null} onChange={(e) => set({ callback_offer: e.target.checked ? { after_seconds: 60, digit: "1" } : null })} />
            <label htmlFor={id("callback")}>Offer waiting callers a callback (they hang up and keep their place)</label>
          </div>
          {plan.callback_offer && (
            <div className="row">
              <div className="field">
                <label htmlFor={id("callback-after")}>after waiting (seconds)</label>
                <input
                  id={id("callback-after")}
                  type="number"
                  min={0}
                  max={3600}
                  value={plan.callback_offer.after_seconds}
                  onChange={(e) => set({ callback_offer: { ...plan.callback_offer!, after_seconds: Number(e.target.value) } })}
                  aria-invalid={!!error("callback_offer.after_seconds")}
                />
                <FieldError message={error("callback_offer.after_seconds")} />
              </div>
              <div className="field">
                <label htmlFor={id("callback-digit")}>by pressing</label>
                <input
                  id={id("callback-digit")}
                  value={plan.callback_offer.digit}
                  maxLength={1}
                  size={2}
                  onChange={(e) => set({ callback_offer: { ...plan.callback_offer!, digit: e.target.value } })}
                  aria-invalid={!!error("callback_offer.digit")}
                />
                <FieldError message={error("callback_offer.digit")} />
              </div>
            </div>
          )}
        </div>
      </div>

      <div className="field inline">
        <input
          id={id("menu")}
          type="checkbox"
          checked={plan.menu !== null}
          onChange={(e) =>
            set({
              menu: e.target.checked
                ? {
                    greeting: "Thank you for calling.",
                    default_digit: "1",
                    options: [{ digit: "1", label: departments[0]?.name ?? "Sales", words: [], target: { type: "queue", department_id: departments[0]?.id ?? null } }],
                  }
                : null,
            })
          }
        />
        <label htmlFor={id("menu")}>Ask callers to choose (a menu)</label>
      </div>
      {plan.menu === null ? (
        <div className="field">
          <label htmlFor={id("queue")}>Callers wait in</label>
          <select id={id("queue")} value={targetValue(plan.queue)} onChange={(e) => set({ queue: targetFrom(e.target.value, "") })}>
            {targets.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <FieldError message={error("queue")} />
        </div>
      ) : (
        <MenuEditor id={id} menu={plan.menu} targets={targets} error={(field) => error(`menu.${field}`)} onChange={(menu) => set({ menu })} />
      )}
      <div className="row">
        <Preview plan={plan} />
        <button type="button" className="button secondary" style={{ marginLeft: "auto" }} onClick={onRemove}>
          Remove this plan
        </button>
      </div>
    </fieldset>
  );
}

function MenuEditor({
  id,
  menu,
  targets,
  error,
  onChange,
}: {
  id: (f: string) => string;
  menu: NonNullable<RoutingPlan["menu"]>;
  targets: { value: string; label: string }[];
  error: (field: string) => string | undefined;
  onChange: (menu: NonNullable<RoutingPlan["menu"]>) => void;
}) {
  type Option = (typeof menu.options)[number];
  const setOption = (i: number, patch: Partial<Option>) => onChange({ ...menu, options: menu.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  const free = "1234567890".split("").find((d) => !menu.options.some((o) => o.digit === d)) ?? "*";
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={id("greeting")}>Greeting</label>
        <textarea id={id("greeting")} rows={2} value={menu.greeting} onChange={(e) => onChange({ ...menu, greeting: e.target.value })} aria-invalid={!!error("greeting")} />
        <span className="hint">Followed by each option: “For Sales, press 1.” Callers may press the key or say the option&apos;s name or words.</span>
        <FieldError message={error("greeting")} />
      </div>
      <div className="table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th>Key</th>
              <th>Option</th>
              <th>Words callers may say</th>
              <th>Goes to</th>
              <th>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {menu.options.map((o, i) => (
              <tr key={i}>
                <td>
                  <input
                    aria-label={`Key of option ${i + 1}`}
                    value={o.digit}
                    maxLength={1}
                    size={2}
                    onChange={(e) => setOption(i, { digit: e.target.value })}
                    aria-invalid={!!error(`options.${i}.digit`)}
                  />
                  <FieldError message={error(`options.${i}.digit`)} />
                </td>
                <td>
                  <input aria-label={`Name of option ${i + 1}`} value={o.label} onChange={(e) => setOption(i, { label: e.target.value })} aria-invalid={!!error(`options.${i}.label`)} />
                  <FieldError message={error(`options.${i}.label`)} />
                </td>
                <td>
                  <input
                    aria-label={`Words for option ${i + 1}`}
                    defaultValue={o.words.join(", ")}
                    onBlur={(e) =>
                      setOption(i, {
                        words: e.target.value
                          .split(",")
                          .map((w) => w.trim())
                          .filter(Boolean),
                      })
                    }
                  />
                </td>
                <td>
                  <select
                    aria-label={`Where option ${i + 1} goes`}
                    value={targetValue(o.target)}
                    onChange={(e) => setOption(i, { target: targetFrom(e.target.value, o.target.type === "number" ? o.target.number : "") })}
                  >
                    {targets.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                    <option value="number">An outside number</option>
                  </select>
                  {o.target.type === "number" && (
                    <input
                      aria-label={`Number for option ${i + 1}`}
                      type="tel"
                      value={o.target.number}
                      placeholder="+14155550100"
                      onChange={(e) => setOption(i, { target: { type: "number", number: e.target.value } })}
                    />
                  )}
                  <FieldError message={error(`options.${i}.target`)} />
                </td>
                <td>
                  <button type="button" className="button secondary small" disabled={menu.options.length === 1} onClick={() => onChange({ ...menu, options: menu.options.filter((_, j) => j !== i) })}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError message={error("options")} />
      <div className="row" style={{ alignItems: "end" }}>
        <button
          type="button"
          className="button secondary"
          disabled={menu.options.length >= 10}
          onClick={() => onChange({ ...menu, options: [...menu.options, { digit: free, label: "", words: [], target: { type: "queue", department_id: null } }] })}
        >
          Add an option
        </button>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor={id("default")}>With no usable answer (asked twice)</label>
          <select id={id("default")} value={menu.default_digit} onChange={(e) => onChange({ ...menu, default_digit: e.target.value })} aria-invalid={!!error("default_digit")}>
            {menu.options.map((o) => (
              <option key={o.digit} value={o.digit}>
                {o.digit}: {o.label || "unnamed"}
              </option>
            ))}
          </select>
          <FieldError message={error("default_digit")} />
        </div>
      </div>
    </div>
  );
}

type Walk = SendAnswer<"post", "/api/settings/routing/preview">;
type Move = { digits?: string; speech?: string; hang_up?: boolean };

/**
 * What a caller to this plan hears and where they go, now or at a time on the
 * organization's clock, as steps in words (POST /api/settings/routing/preview,
 * issue 45). The caller can be played through the menu: a key, words, hanging
 * up. The provider's instructions stay one click away.
 */
function Preview({ plan }: { plan: RoutingPlan }) {
  const token = useApiToken();
  const [at, setAt] = useState("");
  const [said, setSaid] = useState("");
  const atId = useId();
  const [shown, setShown] = useState<{ walk: Walk; move: Move } | string | null>(null);
  const preview = async (move: Move = {}) => {
    const query = new URLSearchParams({ ...(at && { at }), ...(move.digits && { digits: move.digits }), ...(move.speech && { speech: move.speech }), ...(move.hang_up && { hang_up: "true" }) });
    try {
      const walk = await apiFetch<Walk>(`/api/settings/routing/preview${query.size ? `?${query}` : ""}`, token!, { method: "POST", body: JSON.stringify(plan) });
      setShown({ walk, move });
    } catch (e) {
      setShown(
        e instanceof ApiRequestError
          ? `Fix the plan first: ${
              Object.entries(e.body?.errors ?? {})
                .map(([k, v]) => `${k} ${v[0]}`)
                .join("; ") || e.message
            }`
          : (e as Error).message,
      );
    }
  };
  const walk = shown && typeof shown === "object" ? shown.walk : null;
  return (
    <div className="stack" style={{ flex: 1 }}>
      <div className="row" style={{ alignItems: "end", gap: 8, flexWrap: "wrap" }}>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor={atId}>At (the organization’s clock; empty: now)</label>
          <input id={atId} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </div>
        <button type="button" className="button secondary" onClick={() => void preview()}>
          Preview the greeting
        </button>
      </div>
      {typeof shown === "string" && (
        <div className="alert" role="alert">
          {shown}
        </div>
      )}
      {walk && (
        <div role="region" aria-label="Greeting preview" className="stack" style={{ gap: 6 }}>
          <div className="small muted">
            {walk.open_now ? "Open" : "Closed"} {at ? "then" : "now"} ({walk.time_zone.replaceAll("_", " ")}): a caller
          </div>
          <ol aria-label="What the caller hears and where they go" className="stack" style={{ gap: 4, margin: 0 }}>
            {walk.steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
          {plan.menu && walk.open_now && (
            <div className="row" role="group" aria-label="Play the caller" style={{ gap: 6, flexWrap: "wrap", alignItems: "end" }}>
              {plan.menu.options.map((o) => (
                <button key={o.digit} type="button" className="button ghost small" onClick={() => void preview({ digits: o.digit })}>
                  Press {o.digit}
                </button>
              ))}
              <input aria-label="Words the caller says" placeholder="Say…" value={said} onChange={(e) => setSaid(e.target.value)} style={{ maxWidth: 160 }} />
              <button type="button" className="button ghost small" disabled={!said.trim()} onClick={() => void preview({ speech: said })}>
                Say it
              </button>
              <button type="button" className="button ghost small" onClick={() => void preview({ hang_up: true })}>
                Hang up
              </button>
              {(shown as { move: Move }).move && Object.keys((shown as { move: Move }).move).length > 0 && (
                <button type="button" className="button ghost small" onClick={() => void preview()}>
                  Start over
                </button>
              )}
            </div>
          )}
          <details>
            <summary className="small">Show the provider’s instructions</summary>
            <pre className="mono small" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
              {walk.twiml}
            </pre>
          </details>
        </div>
      )}
    </div>
  );
}
