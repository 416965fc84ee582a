"use client";

import { useState } from "react";
import { formatCount } from "@/lib/format/display";
import { apiFetch } from "@/lib/swr/api-fetch";
import { useApiToken } from "@/lib/swr/use-api";
import { ConfirmDialog } from "@/components/ui/modal";
import { knownTags } from "@/lib/tags/known-tag";
import { useRefreshTagNames, useTagNames } from "./use-tag-names";

/** Actions on the selected contacts: tag, untag, opt out, archive or restore, in one request. */
export function BulkBar({ ids, archived, onDone }: { ids: number[]; archived: boolean; onDone: (message: string) => void }) {
  const token = useApiToken();
  const [tag, setTag] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (body: object, describe: (n: number) => string) => {
    setPending(true);
    setError(null);
    try {
      const result = await apiFetch<{ updated: number }>("/api/contacts/bulk-actions", token!, { method: "POST", body: JSON.stringify({ ...body, ids }) });
      setTag("");
      await refreshTagNames();
      onDone(describe(result.updated));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };
  // Typed in any case, a tag that exists is written (or removed) with the organization's spelling.
  const names = useTagNames();
  const refreshTagNames = useRefreshTagNames();
  const tags = knownTags(tag, names);
  const plural = (n: number) => formatCount(n, "contact");

  return (
    <div className="bulkbar" role="region" aria-label="Bulk actions">
      <strong>{ids.length} selected</strong>
      <input className="input" aria-label="Tag for the selected contacts" placeholder="tag" value={tag} onChange={(e) => setTag(e.target.value)} style={{ width: 160 }} />
      <button type="button" className="button small" disabled={pending || tags.length === 0} onClick={() => run({ action: "add_tags", tags }, (n) => `Tagged ${plural(n)} with ${tags.join(", ")}.`)}>Add tag</button>
      <button type="button" className="button secondary small" disabled={pending || tags.length === 0} onClick={() => run({ action: "remove_tags", tags }, (n) => `Removed ${tags.join(", ")} from ${plural(n)}.`)}>Remove tag</button>
      <button type="button" className="button secondary small" disabled={pending} onClick={() => run({ action: "opt_out" }, (n) => `Marked ${plural(n)} as opted out${n < ids.length ? `; ${ids.length - n} already ${ids.length - n === 1 ? "was" : "were"} (or ${ids.length - n === 1 ? "is" : "are"} outside your department)` : ""}.`)}>Mark opted out</button>
      {archived ? (
        <button type="button" className="button secondary small" disabled={pending} onClick={() => run({ action: "restore" }, (n) => `Restored ${plural(n)}.`)}>Restore</button>
      ) : (
        <button type="button" className="button danger small" disabled={pending} onClick={() => setConfirming(true)}>Delete</button>
      )}
      {error && <span className="error small" role="alert">{error}</span>}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(ids.length)}?`}
        message="They are archived: hidden from the list and from campaigns, and can be restored from the Archived filter."
        confirmLabel="Archive them"
        pending={pending}
        onConfirm={() => run({ action: "archive" }, (n) => `Archived ${plural(n)}.`)}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
