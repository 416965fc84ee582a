"use client";

import { LiveStatus, pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatDateTime, formatDuration, formatPhone, outcomeLabel } from "@/lib/client/format/display";
import { CAMPAIGN_CONTACT_STATES } from "@/lib/campaigns/schemas";
import { oneOf } from "@/lib/http/answer-schemas";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ConfirmDialog } from "@/components/ui/modal";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { DryRunPanel, EXCLUSION_REASONS as REASONS } from "./dry-run-panel";
import { MODE_LABEL, STATUS_BADGE } from "./types";
import { LocalTime } from "@/components/ui/local-time";

const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;

function LivePanel({ id }: { id: number }) {
  const live = useLive();
  const { data, mutate } = useApiGet("/api/campaigns/{id}/stats", { path: { id } }, { refreshInterval: pollEvery(live, 2000) });
  useLiveEvents(["campaign.progress"], (event) => {
    if (event.campaign_id === id) void mutate();
  });
  if (!data) return <SkeletonRows rows={2} label="Loading figures" />;
  const s = data.by_state;
  return (
    <section className="panel stack" aria-label="Live figures">
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <LiveStatus live={live} fallbackSeconds={2} />
      </div>
      <div>
        <div className="progress" role="progressbar" aria-label="Campaign progress" aria-valuenow={data.progress} aria-valuemin={0} aria-valuemax={100}>
          <div style={{ width: `${data.progress}%` }} />
        </div>
        <span className="small muted">
          {data.progress}% of {data.contacts} contacts finished
        </span>
      </div>
      <div className="stats">
        <div className="stat">
          <strong>{s.pending ?? 0}</strong>waiting
        </div>
        <div className="stat">
          <strong>{s.dialing ?? 0}</strong>dialing now
        </div>
        <div className="stat">
          <strong>{s.answered ?? 0}</strong>on a call
        </div>
        <div className="stat">
          <strong>{s.retry_wait ?? 0}</strong>to retry
        </div>
        <div className="stat">
          <strong>{s.done ?? 0}</strong>done
        </div>
        <div className="stat">
          <strong>{s.excluded ?? 0}</strong>left out
        </div>
      </div>
      <div className="stats">
        <div className="stat">
          <strong>{data.attempts}</strong>attempts
        </div>
        <div className="stat">
          <strong>{pct(data.answer_rate)}</strong>answer rate
        </div>
        <div className="stat">
          <strong style={{ color: data.abandon_rate > 0.03 ? "var(--danger)" : undefined }}>{pct(data.abandon_rate)}</strong>abandon rate
        </div>
        <div className="stat">
          <strong>{formatDuration(data.average_talk_seconds)}</strong>average talk
        </div>
      </div>
    </section>
  );
}

function Members({ id }: { id: number }) {
  const [state, setState] = useState<(typeof CAMPAIGN_CONTACT_STATES)[number] | "">("");
  const [page, setPage] = useState(1);
  const { data } = useApiGet("/api/campaigns/{id}/contacts", { path: { id }, query: { page, per_page: 25, state: state || undefined } }, { refreshInterval: 4000 });
  return (
    <section className="panel" aria-label="Campaign contacts">
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h2 style={{ margin: 0 }}>Contacts</h2>
        <select
          aria-label="Contact state"
          className="input"
          value={state}
          onChange={(e) => {
            setState(e.target.value && oneOf(CAMPAIGN_CONTACT_STATES, e.target.value, "pending"));
            setPage(1);
          }}
        >
          <option value="">Every state</option>
          {CAMPAIGN_CONTACT_STATES.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")}
            </option>
          ))}
        </select>
      </div>
      {data && data.data.length === 0 && <p className="muted small">No contacts in this state.</p>}
      {data && data.data.length > 0 && (
        <div className="table-wrap">
          <table className="data" style={{ marginTop: 12 }}>
            <thead>
              <tr>
                <th>Contact</th>
                <th>State</th>
                <th className="num">Attempts</th>
                <th>Last outcome</th>
                <th>Next attempt</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link href={`/contacts/${m.contact_id}`}>{m.name}</Link>
                    <div className="small muted mono">{formatPhone(m.phone)}</div>
                  </td>
                  <td>
                    <span className="badge">{m.state.replace("_", " ")}</span>
                  </td>
                  <td className="num">{m.attempts}</td>
                  <td>{m.last_outcome ?? "—"}</td>
                  <td className="small">{m.next_attempt_at ? <LocalTime format={() => formatDateTime(m.next_attempt_at)} /> : "—"}</td>
                  <td className="small">
                    {m.exclusion_reason
                      ? (REASONS[m.exclusion_reason] ?? m.exclusion_reason)
                      : m.decision
                        ? m.decision.allowed
                          ? `Allowed at ${m.decision.local_time}`
                          : (m.decision.detail ?? m.decision.reason)
                        : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </section>
  );
}

export function CampaignDetail({ id }: { id: number }) {
  const router = useRouter();
  const token = useApiToken();
  const { data: campaign, error, mutate } = useApiGet("/api/campaigns/{id}", { path: { id } }, { refreshInterval: 5000 });
  const [confirm, setConfirm] = useState<"stop" | "delete" | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  if (error) return <ErrorAlert error={error} prefix="Could not load the campaign" />;
  if (!campaign) return <SkeletonRows />;

  const act = async (move: "start" | "pause" | "resume" | "stop" | "delete") => {
    setPending(true);
    setProblem(null);
    try {
      if (move === "delete") {
        await apiSend("delete", "/api/campaigns/{id}", token!, { path: { id } });
        return router.push("/campaigns");
      }
      await mutate(await apiSend("post", `/api/campaigns/{id}/${move}`, token!, { path: { id } }), { revalidate: false });
    } catch (e) {
      setProblem(e);
    } finally {
      setPending(false);
      setConfirm(null);
    }
  };
  const w = campaign.calling_window;
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].filter((_, i) => w.days.includes(i + 1)).join(", ");

  return (
    <>
      <PageHeader title={campaign.name}>
        <span className={`badge ${STATUS_BADGE[campaign.status] ?? ""}`} style={{ alignSelf: "center" }}>
          {campaign.status}
        </span>
        {campaign.status === "draft" && (
          <button type="button" className="button ok" disabled={pending} onClick={() => act("start")}>
            Start
          </button>
        )}
        {campaign.status === "running" && (
          <button type="button" className="button secondary" disabled={pending} onClick={() => act("pause")}>
            Pause
          </button>
        )}
        {campaign.status === "paused" && (
          <button type="button" className="button ok" disabled={pending} onClick={() => act("resume")}>
            Resume
          </button>
        )}
        {["running", "paused"].includes(campaign.status) && (
          <button type="button" className="button danger" onClick={() => setConfirm("stop")}>
            Stop
          </button>
        )}
        {["draft", "paused"].includes(campaign.status) && (
          <Link className="button secondary" href={`/campaigns/${id}/edit`}>
            Edit
          </Link>
        )}
        {campaign.status === "draft" && (
          <button type="button" className="button secondary" onClick={() => setConfirm("delete")}>
            Delete
          </button>
        )}
      </PageHeader>
      <ErrorAlert error={problem} />
      <div className="grid-2">
        <div className="stack">
          {campaign.status === "draft" ? <DryRunPanel id={id} /> : <LivePanel id={id} />}
          {campaign.status !== "draft" ? <Members id={id} /> : <EmptyState title="Not started">Starting freezes the contacts the selection names; the list above says who would be called.</EmptyState>}
        </div>
        <section className="panel" aria-label="Campaign settings">
          <dl className="kv">
            <dt>Mode</dt>
            <dd>
              {MODE_LABEL[campaign.dialing_mode]}
              {campaign.dialing_mode === "predictive" && ` (up to ${campaign.pacing.max_ratio} lines per agent)`}
            </dd>
            <dt>Contacts</dt>
            <dd>
              {[
                campaign.selection.tags?.length && `tagged ${campaign.selection.tags.join(", ")}`,
                campaign.selection.saved_filter_id && "a saved filter",
                campaign.selection.contact_ids?.length && `${campaign.selection.contact_ids.length} chosen`,
              ]
                .filter(Boolean)
                .join(" · ") || "—"}
            </dd>
            <dt>DNC</dt>
            <dd>{campaign.exclude_dnc ? "Left out" : "Included"}</dd>
            <dt>Caller ID</dt>
            <dd className="mono">{campaign.caller_id ? formatPhone(campaign.caller_id) : "Organization default"}</dd>
            <dt>Hours</dt>
            <dd>
              {w.start}–{w.end}, {days} ({campaign.timezone_policy === "contact" ? "contact's time" : w.timezone})
            </dd>
            <dt>Attempts</dt>
            <dd>
              {campaign.max_attempts}, {campaign.retry_delay_minutes} min apart, after {campaign.retry_outcomes.map(outcomeLabel).join(", ").toLowerCase() || "nothing"}
            </dd>
            <dt>Pacing</dt>
            <dd>at most {campaign.pacing.max_calls_per_minute} calls a minute</dd>
            <dt>Machines</dt>
            <dd>{campaign.amd_enabled ? (campaign.voicemail_message ? "Detected, message left" : "Detected, hung up") : "Not detected"}</dd>
            <dt>Recording</dt>
            <dd>{campaign.recording_enabled ? "On" : "Off"}</dd>
            <dt>Started</dt>
            <dd>
              <LocalTime format={() => formatDateTime(campaign.started_at)} />
            </dd>
            <dt>Finished</dt>
            <dd>
              <LocalTime format={() => formatDateTime(campaign.finished_at)} />
            </dd>
          </dl>
        </section>
      </div>
      <ConfirmDialog
        open={confirm === "stop"}
        title="Stop the campaign?"
        message="Contacts not yet reached will not be called. A stopped campaign cannot be started again."
        confirmLabel="Stop campaign"
        pending={pending}
        onConfirm={() => act("stop")}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        title="Delete this draft?"
        message="The draft campaign is removed."
        confirmLabel="Delete"
        pending={pending}
        onConfirm={() => act("delete")}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
