"use client";

import { isolateBidi } from "@/lib/client/format/isolate-bidi";
import { Link } from "@/components/ui/link";
import { memo, useCallback, useState } from "react";
import { CALL_STATUS_BADGE, DIRECTION_LABEL, formatDateTime, formatDuration, formatPhone, formatShortDateTime } from "@/lib/client/format/display";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApi, useApiToken } from "@/lib/client/swr/use-api";
import { LocalTime, useLocalText } from "@/components/ui/local-time";
import { apiUrl, useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { toE164 } from "@/lib/contacts/phone";
import { useOrganization } from "@/lib/client/swr/use-organization";
import type { CallLogView } from "./call-log-view";
import { CallDetails } from "./call-details";
import { DispositionBadge } from "./disposition-badge";

interface Filters {
  direction: string;
  status: string;
  disposition_id: string;
  user_id: string;
  from: string;
  to: string;
}

function NotesCell({ call, onSaved }: { call: CallLogView; onSaved: () => void }) {
  const token = useApiToken();
  const [editing, setEditing] = useState(false);
  const [notes, setNotes] = useState(call.notes ?? "");
  const [error, setError] = useState<string | null>(null);
  const at = useLocalText(() => formatDateTime(call.created_at));
  if (!editing) {
    return (
      <span>
        {/* One line in the list (the row stays one line tall: a screenful of calls); the whole note in its title and in Details. */}
        <span className="one-line" title={call.notes ?? undefined}>
          {call.notes ?? <span className="muted">—</span>}
        </span>{" "}
        <button type="button" className="button ghost small" onClick={() => setEditing(true)} aria-label={at ? `Edit notes of the call at ${at}` : "Edit notes"}>
          Edit
        </button>
      </span>
    );
  }
  const save = async () => {
    try {
      await apiFetch(`/api/voice/call-logs/${call.id}`, token!, { method: "PATCH", body: JSON.stringify({ notes: notes.trim() || null }) });
      setEditing(false);
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <span className="stack" style={{ gap: 4 }}>
      <textarea aria-label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} className="input" />
      {error && <span className="error small">{error}</span>}
      <span className="row" style={{ gap: 4 }}>
        <button type="button" className="button small" onClick={save}>
          Save
        </button>
        <button type="button" className="button secondary small" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </span>
    </span>
  );
}

/**
 * One call's row (and its details when opened). Memoized: the list is read
 * again on every live event and poll, and SWR hands back the same call object
 * when nothing in it changed, so only changed rows are drawn again (a row
 * formats a time and a phone number, which a phone feels over 25 rows).
 */
const CallRow = memo(function CallRow({ call, showAgent, opened, onToggle, onSaved }: { call: CallLogView; showAgent: boolean; opened: boolean; onToggle: (id: number) => void; onSaved: () => void }) {
  return (
    <>
      <tr>
        {/* Two lines, as the contact's name and number beside it: the row is no taller for it, and the column narrower. */}
        <td className="small nowrap">
          <time dateTime={call.created_at}>
            <LocalTime format={() => formatShortDateTime(call.created_at)} />
          </time>
          <br />
          <button type="button" className="button ghost small" aria-expanded={opened} onClick={() => onToggle(call.id)}>
            {opened ? "Hide details" : "Details"}
          </button>
        </td>
        <td>{DIRECTION_LABEL[call.direction] ?? call.direction}</td>
        <td>
          {call.contact_id && call.contact_name && showAgent ? (
            <Link href={`/contacts/${call.contact_id}`}>{isolateBidi(call.contact_name)}</Link>
          ) : (
            call.contact_name && isolateBidi(call.contact_name)
          )}
          <div className="small muted mono nowrap">{formatPhone(call.phone_number)}</div>
        </td>
        {showAgent && <td>{call.user_name ?? <span className="muted">—</span>}</td>}
        <td>
          <span className={`badge ${CALL_STATUS_BADGE[call.status] ?? ""}`}>{call.status}</span>
        </td>
        <td>
          <DispositionBadge disposition={call.disposition} />
        </td>
        <td className="num mono">{formatDuration(call.duration)}</td>
        <td className="num mono">{formatDuration(call.wait_seconds)}</td>
        <td>{call.recording_url ? <audio controls preload="none" src={call.recording_url} style={{ maxWidth: 140 }} aria-label="Recording" /> : <span className="muted small">—</span>}</td>
        <td>
          <NotesCell call={call} onSaved={onSaved} />
        </td>
      </tr>
      {opened && (
        <tr className="details-row">
          <td colSpan={showAgent ? 10 : 9}>
            <CallDetails call={call} />
          </td>
        </tr>
      )}
    </>
  );
});

/** Call history, scoped by the API exactly as the caller's role allows. */
export function CallHistory({ showAgent }: { showAgent: boolean }) {
  const [filters, setFilters] = useState<Filters>({ direction: "", status: "", disposition_id: "", user_id: "", from: "", to: "" });
  const [number, setNumber] = useState("");
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const country = useOrganization().default_country;
  // A whole number typed nationally is asked for as the E.164 it is stored as; a fragment as its digits.
  const phone = number.replace(/\D/g, "").length >= 3 ? (toE164(number, country) ?? number.replace(/[^\d+]/g, "")) : "";
  // The agents the caller's reports cover: the same scope as the calls they may read (a manager cannot list users).
  const agents = useApiGet("/api/reports/agents", showAgent ? {} : null, { revalidateOnFocus: false });
  const dispositions = useApiGet("/api/dispositions", {}, { revalidateOnFocus: false });
  // The filters are the form's text values, passed on as typed (apiUrl leaves the empty ones out).
  const { data, error, isLoading, mutate } = useApi<GetAnswer<"/api/voice/call-logs">>(apiUrl("/api/voice/call-logs", { query: { page, per_page: 25, ...filters, phone } }));
  // Stable, so a row whose call did not change is not drawn again when the list is read again.
  const toggle = useCallback((id: number) => setOpened((open) => (open === id ? null : id)), []);
  const reload = useCallback(() => void mutate(), [mutate]);
  const set = (key: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setFilters({ ...filters, [key]: e.target.value });
    setPage(1);
  };

  return (
    <>
      <form className="filters" aria-label="Call filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="f-direction">Direction</label>
          <select id="f-direction" value={filters.direction} onChange={set("direction")}>
            <option value="">All</option>
            <option value="inbound">Inbound</option>
            <option value="outbound-manual">Outbound</option>
            <option value="outbound-campaign">Campaign</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-status">Status</label>
          <select id="f-status" value={filters.status} onChange={set("status")}>
            <option value="">All</option>
            <option value="completed">Completed</option>
            <option value="no-answer">No answer</option>
            <option value="busy">Busy</option>
            <option value="failed">Failed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-disposition">Disposition</label>
          <select id="f-disposition" value={filters.disposition_id} onChange={set("disposition_id")}>
            <option value="">All</option>
            <option value="none">None recorded</option>
            {dispositions.data?.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        {showAgent && (
          <div className="field">
            <label htmlFor="f-agent">Agent</label>
            <select id="f-agent" value={filters.user_id} onChange={set("user_id")}>
              <option value="">Everyone</option>
              {agents.data?.data.map((u) => (
                <option key={u.user_id} value={u.user_id}>
                  {u.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="f-number">Number</label>
          <input
            id="f-number"
            type="search"
            inputMode="tel"
            placeholder="Number or some digits"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="f-from">From</label>
          <input id="f-from" type="date" value={filters.from} max={filters.to || undefined} onChange={set("from")} />
        </div>
        <div className="field">
          <label htmlFor="f-to">To</label>
          <input id="f-to" type="date" value={filters.to} min={filters.from || undefined} onChange={set("to")} />
        </div>
      </form>
      <ErrorAlert error={error} prefix="Could not load calls" />
      {isLoading && !data && <SkeletonRows label="Loading calls" />}
      {data && data.data.length === 0 && <EmptyState title="No calls match">Calls you take or place appear here with their status, duration and notes.</EmptyState>}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <table className="data compact calls" aria-label="Calls">
            <thead>
              <tr>
                {/* Column widths (globals.css, table.calls): the table is as wide as its box whatever a call's names or notes. */}
                <th className="when">When</th>
                <th className="direction">Direction</th>
                <th>Contact / number</th>
                {showAgent && <th className="agent">Agent</th>}
                <th className="status">Status</th>
                <th className="disposition">Disposition</th>
                <th className="num duration">Duration</th>
                <th className="num wait">Wait</th>
                <th className="recording">Recording</th>
                <th className="notes">Notes</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((call) => (
                <CallRow key={call.id} call={call} showAgent={showAgent} opened={opened === call.id} onToggle={toggle} onSaved={reload} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </>
  );
}
