"use client";

import { Link } from "@/components/ui/link";
import { useContext, useState } from "react";
import { displayTimeZone, formatDuration } from "@/lib/client/format/display";
import { dayInZone } from "@/lib/client/format/time-zone";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useDownload } from "@/components/contacts/use-download";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { SortableTable } from "./sortable-table";
import { DisplayZone } from "@/components/ui/times-shown-in";

const CHANNEL_NAMES = { sms: "SMS", whatsapp: "WhatsApp", web: "Web chat" } as const;
import { DailyChart, HourlyChart } from "./report-charts";

const pct = (n: number | null) => (n === null ? "—" : `${Math.round(n * 1000) / 10}%`);
const dur = (n: unknown) => formatDuration(typeof n === "number" ? n : null);

function Tile({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div className="stat" title={hint}>
      <strong>{value}</strong>
      {label}
    </div>
  );
}

/** Reports for a date range on the caller's clock: agents see their own numbers, managers their department, admins everything. */
export function ReportsView({ showDepartments }: { showDepartments: boolean }) {
  const zone = useContext(DisplayZone);
  // Days counted from today on the organization's clock (the report's days are its days); the zone comes from the app frame, so the server's render agrees.
  const [from, setFrom] = useState(() => dayInZone(-29, zone));
  const [to, setTo] = useState(() => dayInZone(0, zone));
  const [department, setDepartment] = useState("");
  // Days and hours on the organization's clock, as every time the app shows.
  const tz = zone ?? displayTimeZone();
  const range = { query: { from, to, tz, ...(department && { department_id: Number(department) }) } };
  const query = new URLSearchParams({ from, to, tz, ...(department && { department_id: department }) }).toString();
  const departments = useApiGet("/api/departments", showDepartments ? { query: { per_page: 100 } } : null);
  const summary = useApiGet("/api/reports/summary", range);
  const daily = useApiGet("/api/reports/daily", range);
  const hourly = useApiGet("/api/reports/hourly", range);
  const agents = useApiGet("/api/reports/agents", range);
  const campaigns = useApiGet("/api/reports/campaigns", range);
  const tags = useApiGet("/api/reports/tags", range);
  const channels = useApiGet("/api/reports/channels", range);
  const { download, error: downloadError } = useDownload();
  const csv = (name: string) => download(`/api/reports/${name}?${query}&format=csv`, `${name}.csv`);
  const s = summary.data;

  return (
    <div className="stack">
      <form className="filters" aria-label="Report range" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="r-from">From</label>
          <input id="r-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="r-to">To</label>
          <input id="r-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
        {/* Shown from the first render (departments fill it in): the page does not move when they arrive. */}
        {showDepartments && (departments.data?.data.length ?? 2) > 1 && (
          <div className="field">
            <label htmlFor="r-dept">Department</label>
            <select id="r-dept" value={department} disabled={!departments.data} onChange={(e) => setDepartment(e.target.value)}>
              <option value="">All</option>
              {(departments.data?.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <Link href="/reports/dispositions" className="button secondary" style={{ marginLeft: "auto" }}>
          Dispositions
        </Link>
        <Link href="/reports/live" className="button secondary">
          Live wallboard
        </Link>
      </form>
      <ErrorAlert error={summary.error} prefix="Could not load the reports" />
      {downloadError && (
        <div className="alert" role="alert">
          {downloadError}
        </div>
      )}
      {/* The tiles stand in place while the figures load: the page does not move when they arrive. */}
      {!summary.error && (
        <section className="panel" aria-label="Summary" aria-busy={!s}>
          <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
            <h2 style={{ margin: 0 }}>Summary</h2>
            <button type="button" className="button ghost small" disabled={!s} onClick={() => csv("summary")}>
              Download CSV
            </button>
          </div>
          <div className="stats" style={{ marginTop: 12 }}>
            <Tile label="calls" value={s ? s.total_calls : "…"} />
            <Tile label="inbound" value={s ? s.inbound_calls : "…"} />
            <Tile label="answer rate" value={s ? pct(s.answer_rate) : "…"} />
            <Tile label="abandon rate" value={s ? pct(s.abandon_rate) : "…"} />
            <Tile label={`service level (${s?.service_level_seconds ?? 20} s)`} value={s ? pct(s.service_level) : "…"} hint="Share of inbound calls answered within the target" />
            <Tile label="average wait" value={s ? dur(s.average_wait_seconds) : "…"} />
            <Tile label="90% waited less than" value={s ? dur(s.p90_wait_seconds) : "…"} />
            <Tile label="average handle time" value={s ? dur(s.average_handle_seconds) : "…"} />
          </div>
        </section>
      )}
      <div className="grid-halves">
        <section className="panel" aria-label="Calls per day">
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h2>Calls per day</h2>
            <button type="button" className="button ghost small" onClick={() => csv("daily")}>
              CSV
            </button>
          </div>
          {daily.data ? <DailyChart data={daily.data.data} /> : <div className="skeleton" style={{ height: 260 }} />}
        </section>
        <section className="panel" aria-label="Calls by hour">
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h2>By hour of day</h2>
            <button type="button" className="button ghost small" onClick={() => csv("hourly")}>
              CSV
            </button>
          </div>
          {hourly.data ? <HourlyChart data={hourly.data.data} /> : <div className="skeleton" style={{ height: 260 }} />}
        </section>
      </div>
      <section className="panel" aria-label="Agents">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2>Agents</h2>
          <button type="button" className="button ghost small" onClick={() => csv("agents")}>
            CSV
          </button>
        </div>
        {agents.data ? (
          <SortableTable
            label="Agent figures"
            empty="No agents in this scope."
            rows={agents.data.data.map((a) => ({
              ...a,
              available: a.seconds_in_state.available,
              busy: a.seconds_in_state.busy,
              wrap_up: a.seconds_in_state.wrap_up,
              offers_accepted: a.offers?.accepted ?? null,
              offers_declined: a.offers?.declined ?? null,
              offers_missed: a.offers?.missed ?? null,
              to_accept: a.offers?.average_seconds_to_accept ?? null,
            }))}
            columns={[
              { key: "name", label: "Agent" },
              { key: "calls", label: "Calls", numeric: true },
              { key: "talk_seconds", label: "Talk time", numeric: true, format: dur },
              { key: "average_handle_seconds", label: "Avg handle", numeric: true, format: dur },
              { key: "available", label: "Available", numeric: true, format: dur },
              { key: "busy", label: "Busy", numeric: true, format: dur },
              { key: "wrap_up", label: "Wrap-up", numeric: true, format: dur },
              // Offer queues' columns (issue 44), once the organization offers calls.
              ...(agents.data.data.some((a) => a.offers)
                ? [
                    { key: "offers_accepted" as const, label: "Offers accepted", numeric: true },
                    { key: "offers_declined" as const, label: "Declined", numeric: true },
                    { key: "offers_missed" as const, label: "Missed", numeric: true },
                    { key: "to_accept" as const, label: "Avg to accept (s)", numeric: true },
                  ]
                : []),
            ]}
          />
        ) : (
          <SkeletonRows rows={2} />
        )}
      </section>
      <div className="grid-halves">
        <section className="panel" aria-label="Campaigns report">
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h2>Campaigns</h2>
            <button type="button" className="button ghost small" onClick={() => csv("campaigns")}>
              CSV
            </button>
          </div>
          {campaigns.data && (
            <SortableTable
              label="Campaign figures"
              empty="No campaign calls in this range."
              rows={campaigns.data.data}
              columns={[
                { key: "name", label: "Campaign" },
                { key: "calls", label: "Calls", numeric: true },
                { key: "connected", label: "Connected", numeric: true },
                { key: "connect_rate", label: "Rate", numeric: true, format: (v) => pct(v as number | null) },
                { key: "average_handle_seconds", label: "Avg handle", numeric: true, format: dur },
              ]}
            />
          )}
        </section>
        <section className="panel" aria-label="Tags report">
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h2>Contact tags</h2>
            <button type="button" className="button ghost small" onClick={() => csv("tags")}>
              CSV
            </button>
          </div>
          {tags.data && (
            <SortableTable
              label="Tag figures"
              empty="No calls with tagged contacts in this range."
              rows={tags.data.data}
              columns={[
                { key: "tag", label: "Tag" },
                { key: "calls", label: "Calls", numeric: true },
                { key: "connected", label: "Connected", numeric: true },
                { key: "talk_seconds", label: "Talk time", numeric: true, format: dur },
              ]}
            />
          )}
        </section>
      </div>
      <section className="panel" aria-label="Messages by channel">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2>Messages by channel</h2>
          <button type="button" className="button ghost small" onClick={() => csv("channels")}>
            CSV
          </button>
        </div>
        {channels.data ? (
          <SortableTable
            label="Channel figures"
            empty="No messages in this range."
            rows={channels.data.data.map((c) => ({ ...c, name: CHANNEL_NAMES[c.channel] }))}
            columns={[
              { key: "name", label: "Channel" },
              { key: "conversations", label: "Conversations", numeric: true },
              { key: "messages_received", label: "Received", numeric: true },
              { key: "messages_sent", label: "Sent", numeric: true },
              { key: "messages_failed", label: "Failed", numeric: true },
              { key: "opt_outs", label: "Opt-outs", numeric: true },
            ]}
          />
        ) : (
          <SkeletonRows rows={3} />
        )}
      </section>
    </div>
  );
}
