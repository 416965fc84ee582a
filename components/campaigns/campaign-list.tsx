"use client";

import { LocalTime } from "@/components/ui/local-time";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { formatDateTime } from "@/lib/client/format/display";
import { CAMPAIGN_STATUSES } from "@/lib/campaigns/schemas";
import { oneOf } from "@/lib/http/answer-schemas";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { MODE_LABEL, STATUS_BADGE } from "./types";

export function CampaignList() {
  const [status, setStatus] = useState<(typeof CAMPAIGN_STATUSES)[number] | "">("");
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useApiGet("/api/campaigns", { query: { page, per_page: 25, status: status || undefined } }, { refreshInterval: 5000 });
  return (
    <div className="stack">
      <div className="row" style={{ alignItems: "center" }}>
        <label htmlFor="c-status" className="small muted">
          Status
        </label>
        <select
          id="c-status"
          className="input"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value && oneOf(CAMPAIGN_STATUSES, e.target.value, "draft"));
            setPage(1);
          }}
        >
          <option value="">All</option>
          {CAMPAIGN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <ErrorAlert error={error} prefix="Could not load campaigns" />
      {isLoading && !data && <SkeletonRows label="Loading campaigns" />}
      {data && data.data.length === 0 && (
        <EmptyState title="No campaigns yet">Create one to call a list of contacts: pick them by tag or saved filter, set the calling hours, and the dialer does the rest within the rules.</EmptyState>
      )}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <table className="data" aria-label="Campaigns">
            <thead>
              <tr>
                <th>Name</th>
                <th>Status</th>
                <th>Mode</th>
                <th className="num">Contacts</th>
                <th>Progress</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/campaigns/${c.id}`}>{c.name}</Link>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[c.status] ?? ""}`}>{c.status}</span>
                  </td>
                  <td>{MODE_LABEL[c.dialing_mode]}</td>
                  <td className="num">{c.contacts ?? "—"}</td>
                  <td style={{ minWidth: 160 }}>
                    <div className="progress" role="progressbar" aria-label={`Progress of ${c.name}`} aria-valuenow={c.progress ?? 0} aria-valuemin={0} aria-valuemax={100}>
                      <div style={{ width: `${c.progress ?? 0}%` }} />
                    </div>
                    <span className="small muted">{c.progress ?? 0}%</span>
                  </td>
                  <td className="small">
                    <LocalTime format={() => formatDateTime(c.created_at)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </div>
  );
}
