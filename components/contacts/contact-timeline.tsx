"use client";

import { LocalTime } from "@/components/ui/local-time";
import { DispositionBadge } from "@/components/calls/disposition-badge";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { CALL_STATUS_BADGE, DIRECTION_LABEL, formatDateTime, formatDuration, outcomeLabel } from "@/lib/client/format/display";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";

/** An entry of GET /api/contacts/{id}/timeline; `details` depends on `type` (see the API reference). */
type Entry = GetAnswer<"/api/contacts/{id}/timeline">["data"][number];

const FILTERS = [
  { label: "Everything", types: "" },
  { label: "Calls", types: "call" },
  { label: "Texts", types: "message" },
  { label: "Campaigns", types: "campaign" },
  { label: "Changes", types: "created,import,merge,opt_out" },
] as const;

const CAMPAIGN_STATE: Record<string, string> = {
  pending: "waiting to be called",
  retry_wait: "waiting for a retry",
  dialing: "being dialed",
  preview: "with an agent (preview)",
  completed: "done",
  excluded: "left out",
  removed: "removed",
};

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function Describe({ entry }: { entry: Entry }) {
  const d = entry.details;
  switch (entry.type) {
    case "call":
      return (
        <span>
          📞 {DIRECTION_LABEL[text(d.direction)] ?? text(d.direction)} call{d.user_name ? ` · ${text(d.user_name)}` : ""}
          {d.campaign_name ? (
            <>
              {" "}
              · campaign <Link href={`/campaigns/${text(d.campaign_id)}`}>{text(d.campaign_name)}</Link>
            </>
          ) : null}{" "}
          <span className={`badge ${CALL_STATUS_BADGE[text(d.status)] ?? ""}`}>{outcomeLabel(text(d.status))}</span> <span className="mono">{formatDuration(Number(d.duration ?? 0))}</span>
          {d.disposition ? (
            <>
              {" "}
              <DispositionBadge disposition={{ name: text(d.disposition), is_success: d.disposition_is_success === true }} />
            </>
          ) : null}
          {d.notes ? <span className="small muted"> · {text(d.notes)}</span> : null}
          {d.recording_url ? <audio controls preload="none" src={text(d.recording_url)} aria-label="Recording" style={{ display: "block", height: 32, marginTop: 4, maxWidth: "100%" }} /> : null}
        </span>
      );
    case "message":
      return (
        <span>
          💬 {d.direction === "inbound" ? "Received" : `Sent${d.user_name ? ` by ${text(d.user_name)}` : ""}`}
          {d.channel === "whatsapp" ? " on WhatsApp" : d.channel === "web" ? " in web chat" : ""}: “{text(d.body) || "(media)"}” <span className="small muted">{text(d.status)}</span> ·{" "}
          <Link href={`/messages?c=${text(d.conversation_id)}`}>Open the conversation</Link>
        </span>
      );
    case "campaign":
      return (
        <span>
          📣 Campaign <Link href={`/campaigns/${text(d.campaign_id)}`}>{text(d.campaign_name)}</Link>: {CAMPAIGN_STATE[text(d.state)] ?? text(d.state)}
          {Number(d.attempts) > 0 && `, ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`}
          {d.last_outcome ? `, last: ${outcomeLabel(text(d.last_outcome))}` : ""}
          {d.exclusion_reason ? ` (${text(d.exclusion_reason).replace(/_/g, " ")})` : ""}
          {d.next_attempt_at && d.state === "retry_wait" ? (
            <>
              , next try <LocalTime format={() => formatDateTime(text(d.next_attempt_at))} />
            </>
          ) : (
            ""
          )}
        </span>
      );
    case "import":
      return (
        <span>
          📥 {d.action === "updated" ? "Updated" : "Matched (and left unchanged)"} by the import of <Link href="/contacts/import">{text(d.import_file) || "a file"}</Link>, row {text(d.row)}
          {d.user_name ? ` · ${text(d.user_name)}` : ""}
        </span>
      );
    case "merge": {
      const names = (d.merged_names as string[] | undefined) ?? [];
      return (
        <span>
          🔗 Merged {names.length ? names.join(", ") : "a duplicate"} into this contact{d.mode === "automatic" ? " automatically" : d.user_name ? ` · ${text(d.user_name)}` : ""}
          {d.undone_at ? (
            <span className="badge warn" style={{ marginLeft: 6 }}>
              undone <LocalTime format={() => formatDateTime(text(d.undone_at))} />
            </span>
          ) : null}
        </span>
      );
    }
    case "opt_out":
      if (d.channel === "calls") return <span>🚫 Opted out of calls</span>;
      return <span>{d.opted_out ? `🚫 Opted out of texts (replied ${text(d.keyword)})` : `✅ Opted back in to texts (replied ${text(d.keyword)})`}</span>;
    case "created":
      return (
        <span>
          ✨ Created{" "}
          {d.import_id ? (
            <>
              by the import of <Link href="/contacts/import">{text(d.import_file) || "a file"}</Link>
            </>
          ) : d.user_name ? (
            `by ${text(d.user_name)}`
          ) : (
            "through the API"
          )}
        </span>
      );
  }
}

/** Everything that happened to a contact, newest first, a page at a time, narrowed by kind. */
export function ContactTimeline({ contactId }: { contactId: number }) {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>(FILTERS[0]);
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useApiGet("/api/contacts/{id}/timeline", { path: { id: contactId }, query: { page, per_page: 15, types: filter.types || undefined } }, { keepPreviousData: true });
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Show in the timeline">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            role="tab"
            aria-selected={f === filter}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      <ErrorAlert error={error} prefix="Could not load the timeline" />
      {!data && isLoading && <SkeletonRows label="Loading the timeline" />}
      {data && data.data.length === 0 && <EmptyState title="Nothing here yet">Calls, texts, campaigns, imports, merges and opt-outs of this contact appear here.</EmptyState>}
      {data && data.data.length > 0 && (
        <ol className="timeline" aria-label="Timeline" aria-busy={isLoading}>
          {data.data.map((entry) => (
            <li key={entry.id} data-testid="timeline-entry" data-type={entry.type}>
              <span className="small muted when">
                <LocalTime format={() => formatDateTime(entry.at)} />
              </span>
              <Describe entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </>
  );
}
