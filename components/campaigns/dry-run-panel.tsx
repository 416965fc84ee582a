"use client";

import { useState } from "react";
import { formatDateTime, formatDuration, formatPhone } from "@/lib/client/format/display";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { LocalTime } from "@/components/ui/local-time";

export const EXCLUSION_REASONS: Record<string, string> = {
  dnc: "Tagged DNC",
  archived: "Archived",
  opted_out: "Opted out",
  duplicate_phone: "Same phone as another",
  removed: "Removed by hand",
  campaign_stopped: "Campaign stopped",
  max_attempts: "Out of attempts",
};

/** Before a start: how many would be called, who, whether anyone can be called right now (and when), and who is left out and why. */
export function DryRunPanel({ id }: { id: number }) {
  const { data, error } = useApiGet("/api/campaigns/{id}/dry-run", { path: { id: Number(id) } });
  const [list, setList] = useState<"will_call" | "left_out">("will_call");
  const [page, setPage] = useState(1);
  const contacts = useApiGet("/api/campaigns/{id}/dry-run/contacts", { path: { id }, query: { list, page, per_page: 10 } }, { keepPreviousData: true });
  if (error) return <ErrorAlert error={error} prefix="Dry run failed" />;
  if (!data) return <SkeletonRows rows={2} label="Counting contacts" />;
  const choose = (next: typeof list) => {
    setList(next);
    setPage(1);
  };
  return (
    <section className="panel stack" aria-label="Dry run">
      <h2>Before you start</h2>
      <div className="stats">
        <div className="stat">
          <strong style={{ color: "var(--ok)" }}>{data.eligible}</strong>will be called
        </div>
        <div className="stat">
          <strong>{data.callable_now}</strong>callable right now
        </div>
        <div className="stat">
          <strong>{data.excluded}</strong>left out
        </div>
        <div className="stat">
          <strong>{data.agents_on_duty}</strong>agents on duty
        </div>
        <div className="stat">
          <strong>{data.estimated_seconds === null ? "—" : formatDuration(data.estimated_seconds)}</strong>estimated time
        </div>
      </div>
      {data.warning && (
        <div className="alert" role="alert" data-testid="dry-run-warning">
          {data.warning}
        </div>
      )}
      {data.message && <p className="notice small">{data.message}</p>}
      {data.excluded > 0 && (
        <p className="small">
          {Object.entries(data.excluded_by_reason)
            .map(([r, n]) => `${EXCLUSION_REASONS[r] ?? r}: ${n}`)
            .join(" · ")}
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Dry run lists">
        <button type="button" role="tab" aria-selected={list === "will_call"} onClick={() => choose("will_call")}>
          Will be called ({data.eligible})
        </button>
        <button type="button" role="tab" aria-selected={list === "left_out"} onClick={() => choose("left_out")}>
          Left out ({data.excluded})
        </button>
      </div>
      <div role="tabpanel" aria-label={list === "will_call" ? "Will be called" : "Left out"}>
        {contacts.data && contacts.data.data.length === 0 && (
          <p className="muted small">{list === "will_call" ? "Nobody would be called: the selection is empty or everyone is left out." : "Nobody is left out."}</p>
        )}
        {contacts.data && contacts.data.data.length > 0 && (
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Contact</th>
                  <th scope="col">Phone</th>
                  {list === "will_call" ? (
                    <>
                      <th scope="col">Their time</th>
                      <th scope="col">Callable</th>
                    </>
                  ) : (
                    <th scope="col">Why</th>
                  )}
                </tr>
              </thead>
              <tbody>
                {contacts.data.data.map((c) => (
                  <tr key={c.contact_id}>
                    <td>
                      <a href={`/contacts/${c.contact_id}`}>{c.name}</a>
                    </td>
                    <td className="mono">{formatPhone(c.phone)}</td>
                    {list === "will_call" ? (
                      <>
                        <td>{c.local_time ?? "unknown zone"}</td>
                        <td>
                          {c.callable_now ? (
                            <span className="badge ok">now</span>
                          ) : c.next_callable_at ? (
                            <>
                              from <LocalTime format={() => formatDateTime(c.next_callable_at)} />
                            </>
                          ) : c.not_callable_because === "unknown_timezone" ? (
                            "never (time zone unknown)"
                          ) : (
                            "not within a week"
                          )}
                        </td>
                      </>
                    ) : (
                      <td>{EXCLUSION_REASONS[c.reason ?? ""] ?? c.reason}</td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {contacts.data && <Pager meta={contacts.data.meta} onPage={setPage} />}
      </div>
    </section>
  );
}
