"use client";

import { useEffect, useState } from "react";
import { apiSend } from "@/lib/client/swr/api-send";
import { formatCount } from "@/lib/client/format/display";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { AutoMergeButton } from "./auto-merge-button";
import { DUPLICATE_REASONS } from "@/lib/contacts/duplicate-schemas";
import { oneOf } from "@/lib/http/answer-schemas";
import { MergeGroup, type MergeOutcome } from "./merge-group";

export function DuplicatesView() {
  const [reason, setReason] = useState<(typeof DUPLICATE_REASONS)[number] | "">("");
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 300);
    return () => clearTimeout(t);
  }, [q]);
  const [page, setPage] = useState(1);
  const token = useApiToken();
  const [notice, setNotice] = useState<{ text: string; ok: boolean; mergeId?: number } | null>(null);
  const { data, error, isLoading, mutate } = useApiGet(
    "/api/contacts/duplicates",
    { query: { page, per_page: 10, reason: reason || undefined, q: debounced || undefined } },
    { keepPreviousData: true },
  );
  const undo = async (mergeId: number) => {
    try {
      const result = await apiSend("post", "/api/contacts/merges/{id}/undo", token!, { path: { id: mergeId } });
      setNotice({ text: `Merge undone: ${formatCount(result.restored_ids.length, "contact")} restored.`, ok: true });
      mutate();
    } catch (e) {
      setNotice({ text: `The merge could not be undone: ${(e as Error).message}`, ok: false });
    }
  };
  return (
    <div className="stack">
      <div className="row" style={{ alignItems: "center" }}>
        <input
          type="search"
          className="input"
          aria-label="Find duplicates of"
          placeholder="Name, phone or email"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          style={{ minWidth: 260 }}
        />
        <label htmlFor="dup-reason" className="small muted">
          Show
        </label>
        <select
          id="dup-reason"
          className="input"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value && oneOf(DUPLICATE_REASONS, e.target.value, "name"));
            setPage(1);
          }}
        >
          <option value="">Every kind of duplicate</option>
          <option value="email">Same email</option>
          <option value="name">Similar name</option>
        </select>
        <span style={{ marginLeft: "auto" }}>
          <AutoMergeButton
            onDone={(text, merged) => {
              setNotice({ text, ok: merged });
              if (merged) mutate();
            }}
          />
        </span>
      </div>
      {notice && (
        <div className={notice.ok ? "success" : "notice"} role="status">
          {notice.text}{" "}
          {notice.mergeId && (
            <button type="button" className="button secondary" onClick={() => undo(notice.mergeId!)}>
              Undo
            </button>
          )}
        </div>
      )}
      {data?.meta.complete === false && (
        <div className="notice" role="status">
          There are too many contacts to compare every name in one go: some similar names may be missing. Type part of a name above to compare just those.
        </div>
      )}
      {error && <ErrorAlert error={error} prefix="Could not look for duplicates" />}
      {/* The previous groups stay while a search loads: a group found in both keeps what the manager chose in it. */}
      {isLoading && !data && <SkeletonRows label="Looking for duplicates" />}
      {data && data.data.length === 0 && <EmptyState title="No duplicates found">Contacts sharing an email (when email matching is on) or a very similar name appear here to merge.</EmptyState>}
      {data?.data.map((group) => (
        <MergeGroup
          key={`${group.reason}-${group.contact_ids.join("-")}`}
          group={group}
          onDone={(outcome: MergeOutcome) => {
            setNotice({ text: outcome.text, ok: true, mergeId: outcome.mergeId });
            mutate();
          }}
        />
      ))}
      {data && <Pager meta={data.meta} onPage={setPage} />}
    </div>
  );
}
