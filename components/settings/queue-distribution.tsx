"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useState } from "react";
import { fieldErrors } from "@/lib/http/validation";
import { updateQueueSchema } from "@/lib/queue/settings/schemas";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { SkillListInput } from "@/components/ui/skill-list-input";

type Queue = GetAnswer<"/api/queues">["data"][number];

/**
 * Settings → Routing, how each queue's callers reach agents (issue 44): a
 * pick queue lists them for agents to choose; an offer queue offers each
 * call to one agent at a time (skills, priority, idle time), then the next.
 */
export function QueueDistribution() {
  const queues = useApiGet("/api/queues", {});
  if (!queues.data) return <SkeletonRows rows={3} label="Loading queues" />;
  const all = queues.data.data;
  return (
    <section className="panel stack" aria-labelledby="distribution-title">
      <h2 id="distribution-title">How calls reach agents</h2>
      <p className="small muted">
        <strong>Pick</strong>: waiting callers are listed on the Queue page and an agent chooses. <strong>Offer</strong>: each call rings one available agent who serves the queue and has its skills
        (the caller&apos;s last agent first, then the one idle longest); no answer within the timeout and the next agent is tried.
      </p>
      {all.map((queue) => (
        <QueueEditor key={queue.id} queue={queue} others={all.filter((q) => q.id !== queue.id)} onSaved={() => queues.mutate()} />
      ))}
    </section>
  );
}

function QueueEditor({ queue, others, onSaved }: { queue: Queue; others: Queue[]; onSaved: () => void }) {
  const token = useApiToken();
  const [draft, setDraft] = useState(() => ({
    distribution: queue.distribution,
    offer_timeout_seconds: queue.offer_timeout_seconds,
    redecline_after_seconds: queue.redecline_after_seconds,
    wrap_up_seconds: queue.wrap_up_seconds,
    disposition_required: queue.disposition_required,
    priority: queue.priority,
    overflow: queue.overflow,
    required_skills: queue.required_skills,
  }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<typeof draft>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };
  const id = (field: string) => `queue-${queue.id}-${field}`;
  const error = (field: string) =>
    errors[field]?.[0] && (
      <span id={`${id(field)}-error`} className="error">
        {errors[field][0]}
      </span>
    );

  const save = async () => {
    const parsed = updateQueueSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await apiFetch(`/api/queues/${queue.id}`, token!, { method: "PATCH", body: JSON.stringify(parsed.data) });
      setSaved(true);
      onSaved();
    } catch (e) {
      setErrors(submitErrors(e));
    } finally {
      setPending(false);
    }
  };

  const offer = draft.distribution === "offer";
  return (
    <details className="panel" aria-label={`${queue.name} queue distribution`} open={offer}>
      <summary>
        <strong>{queue.name}</strong> <span className={offer ? "badge info" : "badge"}>{offer ? "Offer" : "Pick"}</span>{" "}
        <span className="small muted">
          priority {queue.priority} · {queue.waiting} waiting · {queue.agents_available} available
        </span>
      </summary>
      <form
        className="stack"
        style={{ marginTop: 12 }}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {errors.form && (
          <div className="alert" role="alert">
            {errors.form[0]}
          </div>
        )}
        <div className="row">
          <div className="field">
            <label htmlFor={id("distribution")}>Distribution</label>
            <select id={id("distribution")} value={draft.distribution} onChange={(e) => set({ distribution: e.target.value as Queue["distribution"] })}>
              <option value="pick">Pick: agents choose from the list</option>
              <option value="offer">Offer: ring one agent at a time</option>
            </select>
            {error("distribution")}
          </div>
          <NumberField
            id={id("offer_timeout_seconds")}
            label="Offer timeout (seconds)"
            hint="5-120"
            value={draft.offer_timeout_seconds}
            onChange={(n) => set({ offer_timeout_seconds: n })}
            error={error("offer_timeout_seconds")}
            disabled={!offer}
          />
          <NumberField
            id={id("redecline_after_seconds")}
            label="Offer again after a decline (seconds)"
            hint="0-300: to the one who declined, once no one else is free"
            value={draft.redecline_after_seconds}
            onChange={(n) => set({ redecline_after_seconds: n })}
            error={error("redecline_after_seconds")}
            disabled={!offer}
          />
          <NumberField id={id("priority")} label="Priority" hint="0-10: a free agent gets the highest first" value={draft.priority} onChange={(n) => set({ priority: n })} error={error("priority")} />
        </div>
        <div className="row">
          <NumberField
            id={id("wrap_up_seconds")}
            label="Wrap-up (seconds)"
            hint="0: the agent ends wrap-up themselves"
            value={draft.wrap_up_seconds}
            onChange={(n) => set({ wrap_up_seconds: n })}
            error={error("wrap_up_seconds")}
          />
          <div className="field inline">
            <input id={id("disposition_required")} type="checkbox" checked={draft.disposition_required} onChange={(e) => set({ disposition_required: e.target.checked })} />
            <label htmlFor={id("disposition_required")}>A disposition is required to end wrap-up</label>
          </div>
        </div>
        <div className="row">
          <div className="field inline">
            <input
              id={id("overflow")}
              type="checkbox"
              checked={draft.overflow !== null}
              disabled={others.length === 0}
              onChange={(e) => set({ overflow: e.target.checked ? { after_seconds: 60, to_queue_id: others[0].id } : null })}
            />
            <label htmlFor={id("overflow")}>Overflow to another queue&apos;s agents</label>
          </div>
          {draft.overflow && (
            <>
              <NumberField
                id={id("overflow-after")}
                label="After (seconds)"
                value={draft.overflow.after_seconds}
                onChange={(n) => set({ overflow: { ...draft.overflow!, after_seconds: n } })}
                error={error("overflow.after_seconds")}
              />
              <div className="field">
                <label htmlFor={id("overflow-to")}>To the queue</label>
                <select id={id("overflow-to")} value={draft.overflow.to_queue_id} onChange={(e) => set({ overflow: { ...draft.overflow!, to_queue_id: Number(e.target.value) } })}>
                  {others.map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.name}
                    </option>
                  ))}
                </select>
                {error("overflow.to_queue_id")}
              </div>
            </>
          )}
        </div>
        <SkillListInput
          label="Required skills (an offer goes only to agents with each, at its level or above)"
          levelLabel="At least"
          value={draft.required_skills.map((s) => ({ skill: s.skill, level: s.min_level }))}
          onChange={(rows) => set({ required_skills: rows.map((r) => ({ skill: r.skill, min_level: r.level })) })}
          errors={Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/\.min_level$/, ".level"), v]))}
          prefix="required_skills."
        />
        <div className="row" style={{ alignItems: "center" }}>
          <button type="submit" className="button" disabled={pending}>
            {pending ? "Saving…" : `Save the ${queue.name} queue`}
          </button>
          {saved && (
            <span className="small" role="status">
              Saved.
            </span>
          )}
        </div>
      </form>
    </details>
  );
}

function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  hint?: string;
  value: number;
  onChange: (n: number) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        value={Number.isFinite(value) ? value : ""}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === "" ? Number.NaN : Number(e.target.value))}
        aria-describedby={hint ? `${id}-hint` : undefined}
        style={{ width: 140 }}
      />
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error}
    </div>
  );
}
