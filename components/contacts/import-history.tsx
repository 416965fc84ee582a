"use client";

import { formatDateTime } from "@/lib/client/format/display";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { LocalTime } from "@/components/ui/local-time";

const STATUS_BADGE: Record<string, string> = { completed: "ok", failed: "danger", awaiting_review: "warn", importing: "info", validating: "info", queued: "" };

export function ImportHistory() {
  const { data } = useApiGet("/api/imports", { query: { per_page: 10 } }, { refreshInterval: 5000 });
  if (!data || data.data.length === 0) return null;
  return (
    <section className="panel" aria-label="Recent imports">
      <h2>Recent imports</h2>
      <div className="table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th>Started</th>
              <th>File</th>
              <th>Status</th>
              <th className="num">Rows</th>
              <th className="num">Created</th>
              <th className="num">Updated</th>
              <th className="num">Rejected</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((job) => (
              <tr key={job.id}>
                <td className="small">
                  <LocalTime format={() => formatDateTime(job.created_at)} />
                </td>
                <td>{job.file_name ?? job.source}</td>
                <td>
                  <span className={`badge ${STATUS_BADGE[job.status] ?? ""}`}>{job.status.replace("_", " ")}</span> {job.status === "importing" && `${job.progress}%`}
                </td>
                <td className="num">{job.totals.rows}</td>
                <td className="num">{job.totals.created}</td>
                <td className="num">{job.totals.updated}</td>
                <td className="num">{job.totals.invalid}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
