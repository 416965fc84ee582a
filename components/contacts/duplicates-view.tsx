"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { formatCount, formatDateTime, formatPhone } from "@/lib/format/display";
import type { PageMeta } from "@/lib/http/pagination";
import { apiFetch } from "@/lib/swr/api-fetch";
import { useApi, useApiToken } from "@/lib/swr/use-api";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { AutoMergeButton } from "./auto-merge-button";

interface GroupContact {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  tags: string[];
  total_calls: number;
  last_called_at: string | null;
  created_at: string;
  updated_at: string;
}
interface Group {
  reason: "phone" | "email" | "name";
  key: string;
  contact_ids: number[];
  contacts: GroupContact[];
}

const REASON = { phone: "Same phone", email: "Same email", name: "Similar name" };

/** One group side by side: pick the contact to keep, choose what the others hand over, merge. */
function MergeGroup({ group, onMerged }: { group: Group; onMerged: (message: string) => void }) {
  const token = useApiToken();
  const newest = [...group.contacts].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
  const [primary, setPrimary] = useState(newest?.id);
  const [options, setOptions] = useState({ merge_tags: true, merge_notes: true, merge_call_history: true });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const merge = async () => {
    setPending(true);
    setError(null);
    try {
      const duplicateIds = group.contacts.map((c) => c.id).filter((id) => id !== primary);
      await apiFetch("/api/contacts/merge", token!, { method: "POST", body: JSON.stringify({ primary_id: primary, duplicate_ids: duplicateIds, ...options }) });
      onMerged(`Merged ${formatCount(duplicateIds.length, "contact")} into ${group.contacts.find((c) => c.id === primary)?.name}.`);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="panel stack" aria-label={`Duplicates: ${group.key}`}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h2 style={{ margin: 0 }}>{group.key} <span className="badge info">{REASON[group.reason]}</span></h2>
      </div>
      <ErrorAlert error={error} />
      <div className="compare" role="radiogroup" aria-label="Contact to keep">
        {group.contacts.map((c) => (
          <label key={c.id} className={`panel ${c.id === primary ? "primary" : ""}`} style={{ cursor: "pointer" }}>
            <span className="row" style={{ alignItems: "center", gap: 6 }}>
              <input type="radio" name={`primary-${group.key}`} checked={c.id === primary} onChange={() => setPrimary(c.id)} aria-label={`Keep ${c.name} (#${c.id})`} />
              <strong>{c.name}</strong>
              {c.id === primary && <span className="badge ok">Keep</span>}
            </span>
            <dl className="kv small" style={{ gridTemplateColumns: "80px 1fr", marginTop: 8 }}>
              <dt>Phone</dt><dd className="mono">{formatPhone(c.phone)}</dd>
              <dt>Email</dt><dd>{c.email ?? "—"}</dd>
              <dt>Company</dt><dd>{c.company ?? "—"}</dd>
              <dt>Tags</dt><dd>{c.tags.length ? c.tags.map((t) => <span key={t} className="tag">{t}</span>) : "—"}</dd>
              <dt>Calls</dt><dd>{c.total_calls}</dd>
              <dt>Updated</dt><dd>{formatDateTime(c.updated_at)}</dd>
            </dl>
            <Link href={`/contacts/${c.id}`} className="small">Open</Link>
          </label>
        ))}
      </div>
      <div className="row" style={{ alignItems: "center" }}>
        {(["merge_tags", "merge_notes", "merge_call_history"] as const).map((key) => (
          <label key={key} className="field inline" style={{ margin: 0 }}>
            <input type="checkbox" checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} />
            {key === "merge_tags" ? "Combine tags" : key === "merge_notes" ? "Combine notes" : "Move call history"}
          </label>
        ))}
        <button type="button" className="button" style={{ marginLeft: "auto" }} disabled={pending} onClick={merge}>
          {pending ? "Merging…" : `Merge ${group.contacts.length - 1} into the kept contact`}
        </button>
      </div>
    </section>
  );
}

export function DuplicatesView() {
  const [reason, setReason] = useState("");
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 300);
    return () => clearTimeout(t);
  }, [q]);
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const { data, error, isLoading, mutate } = useApi<{ data: Group[]; meta: PageMeta & { complete?: boolean } }>(`/api/contacts/duplicates?page=${page}&per_page=10${reason ? `&reason=${reason}` : ""}${debounced ? `&q=${encodeURIComponent(debounced)}` : ""}`);
  return (
    <div className="stack">
      <div className="row" style={{ alignItems: "center" }}>
        <input type="search" className="input" aria-label="Find duplicates of" placeholder="Name, phone or email" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} style={{ minWidth: 260 }} />
        <label htmlFor="dup-reason" className="small muted">Show</label>
        <select id="dup-reason" className="input" value={reason} onChange={(e) => { setReason(e.target.value); setPage(1); }}>
          <option value="">Every kind of duplicate</option>
          <option value="email">Same email</option>
          <option value="name">Similar name</option>
        </select>
        <span style={{ marginLeft: "auto" }}><AutoMergeButton onDone={(text, merged) => { setNotice({ text, ok: merged }); if (merged) mutate(); }} /></span>
      </div>
      {notice && <div className={notice.ok ? "success" : "notice"} role="status">{notice.text}</div>}
      {data?.meta.complete === false && (
        <div className="notice" role="status">
          There are too many contacts to compare every name in one go: some similar names may be missing. Type part of a name above to compare just those.
        </div>
      )}
      {error && <ErrorAlert error={error} prefix="Could not look for duplicates" />}
      {isLoading && <SkeletonRows label="Looking for duplicates" />}
      {data && data.data.length === 0 && <EmptyState title="No duplicates found">Contacts sharing an email (when email matching is on) or a very similar name appear here to merge.</EmptyState>}
      {data?.data.map((group) => <MergeGroup key={`${group.reason}-${group.contact_ids.join("-")}`} group={group} onMerged={(m) => { setNotice({ text: m, ok: true }); mutate(); }} />)}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </div>
  );
}
