"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { formatCount, formatDateTime, formatPhone } from "@/lib/client/format/display";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { DuplicateGroupView } from "./duplicate-types";
import { MergeSignals } from "./merge-signals";
import { LocalTime } from "@/components/ui/local-time";

const REASON = { phone: "Same phone", email: "Same email", name: "Similar name" };
const OPTIONS = { merge_tags: "Combine tags", merge_notes: "Combine notes", merge_call_history: "Move call history" } as const;

export interface MergeOutcome {
  text: string;
  mergeId?: number;
}

/**
 * One group side by side with the evidence for it. Nothing is preselected: the
 * manager picks the contact to keep, sees what the merge will do and confirms
 * it; or says the contacts are not the same person.
 */
export function MergeGroup({ group, onDone }: { group: DuplicateGroupView; onDone: (outcome: MergeOutcome) => void }) {
  const token = useApiToken();
  const [primary, setPrimary] = useState<number | null>(null);
  const [options, setOptions] = useState({ merge_tags: true, merge_notes: true, merge_call_history: true });
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const kept = group.contacts.find((c) => c.id === primary) ?? null;
  const removed = group.contacts.filter((c) => c.id !== primary);

  const run = async (action: () => Promise<MergeOutcome>) => {
    setPending(true);
    setError(null);
    try {
      onDone(await action());
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  const merge = () =>
    run(async () => {
      const result = await apiSend("post", "/api/contacts/merge", token!, { body: { primary_id: primary!, duplicate_ids: removed.map((c) => c.id), ...options } });
      return { text: `Merged ${formatCount(removed.length, "contact")} into ${kept?.name}.`, mergeId: result.merge_id };
    });
  const dismiss = () =>
    run(async () => {
      await apiSend("post", "/api/contacts/duplicates/dismiss", token!, { body: { contact_ids: group.contacts.map((c) => c.id) } });
      return { text: `${group.contacts.map((c) => c.name).join(" and ")} are kept apart and will not be offered again.` };
    });

  return (
    <section className="panel stack" aria-label={`Duplicates: ${group.key}`}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h2 style={{ margin: 0 }}>
          {group.key} <span className="badge info">{REASON[group.reason]}</span>
        </h2>
        <button type="button" className="button secondary" disabled={pending} onClick={dismiss}>
          Not a duplicate
        </button>
      </div>
      <MergeSignals group={group} />
      <ErrorAlert error={error} />
      <div className="compare" role="radiogroup" aria-label="Contact to keep">
        {group.contacts.map((c) => (
          <label key={c.id} className={`panel ${c.id === primary ? "primary" : ""}`} style={{ cursor: "pointer" }}>
            <span className="row" style={{ alignItems: "center", gap: 6 }}>
              <input
                type="radio"
                name={`primary-${group.key}`}
                checked={c.id === primary}
                onChange={() => {
                  setPrimary(c.id);
                  setConfirming(false);
                }}
                aria-label={`Keep ${c.name} (#${c.id})`}
              />
              <strong>{c.name}</strong>
              {c.id === primary && <span className="badge ok">Keep</span>}
            </span>
            <dl className="kv small" style={{ gridTemplateColumns: "80px 1fr", marginTop: 8 }}>
              <dt>Phone</dt>
              <dd className="mono">{formatPhone(c.phone)}</dd>
              <dt>Email</dt>
              <dd>{c.email ?? "—"}</dd>
              <dt>Company</dt>
              <dd>{c.company ?? "—"}</dd>
              <dt>Tags</dt>
              <dd>
                {c.tags.length
                  ? c.tags.map((t) => (
                      <span key={t} className="tag">
                        {t}
                      </span>
                    ))
                  : "—"}
              </dd>
              <dt>Calls</dt>
              <dd>{c.total_calls}</dd>
              <dt>Updated</dt>
              <dd>
                <LocalTime format={() => formatDateTime(c.updated_at)} />
              </dd>
            </dl>
            <Link href={`/contacts/${c.id}`} className="small">
              Open
            </Link>
          </label>
        ))}
      </div>
      <div className="row" style={{ alignItems: "center" }}>
        {(Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]).map((key) => (
          <label key={key} className="field inline" style={{ margin: 0 }}>
            <input type="checkbox" checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} />
            {OPTIONS[key]}
          </label>
        ))}
        <button
          type="button"
          className="button"
          style={{ marginLeft: "auto" }}
          disabled={pending || !kept}
          onClick={() => setConfirming(true)}
          title={kept ? undefined : "Choose the contact to keep first"}
        >
          {kept ? `Merge ${removed.length} into ${kept.name}…` : "Choose the contact to keep"}
        </button>
      </div>
      {confirming && kept && (
        <div className="notice stack" role="alertdialog" aria-label="Confirm the merge">
          <strong>
            {kept.name} (#{kept.id}) stays.
          </strong>
          <span>
            Removed: {removed.map((c) => `${c.name} (#${c.id}, ${formatPhone(c.phone)})`).join(", ")}.{" "}
            {[
              options.merge_tags && "their tags are added",
              options.merge_notes && "their notes are appended",
              options.merge_call_history &&
                `${formatCount(
                  removed.reduce((n, c) => n + c.total_calls, 0),
                  "call",
                )} move over`,
              "empty email, company and custom fields are filled from them",
            ]
              .filter(Boolean)
              .join("; ")}
            . You can undo this for 30 days.
          </span>
          <div className="row">
            <button type="button" className="button" disabled={pending} onClick={merge} autoFocus>
              {pending ? "Merging…" : "Merge"}
            </button>
            <button type="button" className="button secondary" disabled={pending} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
