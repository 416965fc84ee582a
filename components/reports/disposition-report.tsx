"use client";

import { Link } from "@/components/ui/link";
import { useContext, useState } from "react";
import { displayTimeZone } from "@/lib/client/format/display";
import { dayInZone } from "@/lib/client/format/time-zone";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { useDownload } from "@/components/contacts/use-download";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { DisplayZone } from "@/components/ui/times-shown-in";

type Report = GetAnswer<"/api/reports/dispositions">;
type Group = Report["data"][number]["group"];

const GROUPS: { group: Group; title: string; who: string }[] = [
  { group: "agent", title: "By agent", who: "Agent" },
  { group: "campaign", title: "By campaign", who: "Campaign" },
  { group: "queue", title: "By queue (inbound calls)", who: "Queue" },
];

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "—");

/** One group's table: a row per agent (campaign, queue), a column per disposition, and the calls without one. */
function Pivot({ report, group, title, who }: { report: Report; group: Group; title: string; who: string }) {
  const rows = report.data.filter((r) => r.group === group);
  const names = [...new Map(rows.map((r) => [`${r.id}`, r.name])).entries()];
  const count = (id: string, disposition: number | null) => rows.find((r) => `${r.id}` === id && r.disposition_id === disposition)?.calls ?? 0;
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {names.length === 0 ? (
        <p className="muted small">No {who.toLowerCase()} calls in this range.</p>
      ) : (
        <div className="table-wrap">
          <table className="data" aria-label={`Dispositions ${title.toLowerCase()}`}>
            <thead>
              <tr>
                <th>{who}</th>
                {report.dispositions.map((d) => (
                  <th key={d.disposition_id} className="num">
                    {d.name}
                  </th>
                ))}
                <th className="num">None recorded</th>
                <th className="num">Calls</th>
              </tr>
            </thead>
            <tbody>
              {names.map(([id, name]) => {
                const total = rows.filter((r) => `${r.id}` === id).reduce((sum, r) => sum + r.calls, 0);
                return (
                  <tr key={id}>
                    <td>{name}</td>
                    {report.dispositions.map((d) => (
                      <td key={d.disposition_id} className="num">
                        {count(id, d.disposition_id) || ""}
                      </td>
                    ))}
                    <td className="num">{count(id, null) || ""}</td>
                    <td className="num">
                      <strong>{total}</strong>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** How calls ended, as agents recorded them: for a date range on the organization's clock, overall and per agent, campaign and queue. */
export function DispositionReport() {
  const zone = useContext(DisplayZone);
  const [from, setFrom] = useState(() => dayInZone(-6, zone));
  const [to, setTo] = useState(() => dayInZone(0, zone));
  const tz = zone ?? displayTimeZone();
  const { data, error } = useApiGet("/api/reports/dispositions", { query: { from, to, tz } });
  const { download, error: downloadError } = useDownload();
  return (
    <div className="stack">
      <form className="filters" aria-label="Report range" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="d-from">From</label>
          <input id="d-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="d-to">To</label>
          <input id="d-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button
          type="button"
          className="button ghost"
          disabled={!data}
          onClick={() => download(`/api/reports/dispositions?${new URLSearchParams({ from, to, tz, format: "csv" })}`, "dispositions.csv")}
        >
          Download CSV
        </button>
        <Link href="/reports" className="button secondary" style={{ marginLeft: "auto" }}>
          All reports
        </Link>
      </form>
      <ErrorAlert error={error} prefix="Could not load the dispositions" />
      {downloadError && (
        <div className="alert" role="alert">
          {downloadError}
        </div>
      )}
      {!data && !error && <SkeletonRows rows={3} label="Loading the dispositions" />}
      {data && data.calls === 0 && <EmptyState title="No calls in this range">Each call’s disposition, picked at wrap-up, is counted here by agent, campaign and queue.</EmptyState>}
      {data && data.calls > 0 && (
        <>
          <section className="panel" aria-label="Outcomes">
            <h2>Outcomes</h2>
            <div className="table-wrap">
              <table className="data" aria-label="Calls by disposition">
                <thead>
                  <tr>
                    <th>Disposition</th>
                    <th className="num">Calls</th>
                    <th className="num">Share</th>
                  </tr>
                </thead>
                <tbody>
                  {data.dispositions.map((d) => (
                    <tr key={d.disposition_id}>
                      <td>
                        {d.name}
                        {d.is_success && (
                          <span className="badge ok" style={{ marginLeft: 6 }}>
                            success
                          </span>
                        )}
                        {d.archived && <span className="muted small"> (archived)</span>}
                      </td>
                      <td className="num">{d.calls}</td>
                      <td className="num">{share(d.calls, data.calls)}</td>
                    </tr>
                  ))}
                  <tr>
                    <td className="muted">None recorded</td>
                    <td className="num">{data.without_disposition}</td>
                    <td className="num">{share(data.without_disposition, data.calls)}</td>
                  </tr>
                </tbody>
                <tfoot>
                  <tr>
                    <td>
                      <strong>All calls</strong>
                    </td>
                    <td className="num">
                      <strong>{data.calls}</strong>
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
          {GROUPS.map((g) => (
            <Pivot key={g.group} report={data} {...g} />
          ))}
        </>
      )}
    </div>
  );
}
