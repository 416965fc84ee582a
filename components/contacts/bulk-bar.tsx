"use client";

import { useCallback, useState } from "react";
import { formatCount, formatNumber } from "@/lib/client/format/display";
import { apiSend, type SendBody } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { OperationView } from "@/components/operations/operation-progress";
import { OperationProgress } from "@/components/operations/operation-progress";
import { ConfirmDialog } from "@/components/ui/modal";
import { knownTags } from "@/lib/contacts/tags/known-tag";
import { useRefreshTagNames, useTagNames } from "./use-tag-names";

/** What the actions apply to: contacts ticked on this page, or every contact the list's filters match. */
export type BulkSelection = { ids: number[] } | { filter: Record<string, string>; count: number };

/**
 * Actions on the selected contacts: tag, untag, opt out, archive or restore.
 * Ticked contacts change in one request; "every contact matching" runs as an
 * operation on the server, whose progress shows here until it ends.
 */
type BulkRequest = SendBody<"post", "/api/contacts/bulk-actions">;
/** One action of the request, without its selection (ids or filter). */
type BulkAction = BulkRequest extends infer A ? (A extends unknown ? Omit<A, "ids" | "filter"> : never) : never;

export function BulkBar({ selection, archived, onDone }: { selection: BulkSelection; archived: boolean; onDone: (message: string) => void }) {
  const token = useApiToken();
  const refreshTagNames = useRefreshTagNames();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = "ids" in selection ? selection.ids : [];
  const size = "ids" in selection ? selection.ids.length : selection.count;
  const [following, setFollowing] = useState<{ operation: OperationView; describe: (n: number) => string } | null>(null);
  const describeFollowed = following?.describe;
  const finished = useCallback(
    async (operation: OperationView) => {
      setFollowing(null);
      if (operation.status === "failed") return setError(`Stopped after ${formatNumber(operation.done)} contacts: ${operation.error ?? "unknown error"}`);
      await refreshTagNames();
      onDone(describeFollowed!(operation.changed));
    },
    [describeFollowed, onDone, refreshTagNames],
  );
  const [tag, setTag] = useState("");

  const run = async (body: BulkAction, describe: (n: number) => string) => {
    setPending(true);
    setError(null);
    try {
      // A filter is the list's query parameters as the address bar spells them; the route reads them as the list does.
      const target = "ids" in selection ? { ids } : { filter: selection.filter as BulkRequest["filter"] };
      const result = await apiSend("post", "/api/contacts/bulk-actions", token!, { body: { ...body, ...target } as BulkRequest });
      setTag("");
      if ("operation" in result) return setFollowing({ operation: result.operation, describe });
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
  const tags = knownTags(tag, names);
  const plural = (n: number) => formatCount(n, "contact");

  return (
    <div className="bulkbar" role="region" aria-label="Bulk actions">
      {following && <OperationProgress operation={following.operation} label="Updating the matching contacts" onFinished={finished} />}
      <strong>{"ids" in selection ? `${ids.length} selected` : `All ${formatCount(size, "matching contact")} selected`}</strong>
      <input className="input" aria-label="Tag for the selected contacts" placeholder="tag" value={tag} onChange={(e) => setTag(e.target.value)} style={{ width: 160 }} />
      <button
        type="button"
        className="button small"
        disabled={pending || following !== null || tags.length === 0}
        onClick={() => run({ action: "add_tags", tags }, (n) => `Tagged ${plural(n)} with ${tags.join(", ")}.`)}
      >
        Add tag
      </button>
      <button
        type="button"
        className="button secondary small"
        disabled={pending || following !== null || tags.length === 0}
        onClick={() => run({ action: "remove_tags", tags }, (n) => `Removed ${tags.join(", ")} from ${plural(n)}.`)}
      >
        Remove tag
      </button>
      <button
        type="button"
        className="button secondary small"
        disabled={pending}
        onClick={() =>
          run(
            { action: "opt_out" },
            (n) => `Marked ${plural(n)} as opted out${n < size ? `; ${size - n} already ${size - n === 1 ? "was" : "were"} (or ${size - n === 1 ? "is" : "are"} outside your department)` : ""}.`,
          )
        }
      >
        Mark opted out
      </button>
      {archived ? (
        <button type="button" className="button secondary small" disabled={pending} onClick={() => run({ action: "restore" }, (n) => `Restored ${plural(n)}.`)}>
          Restore
        </button>
      ) : (
        <button type="button" className="button danger small" disabled={pending} onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {error && (
        <span className="error small" role="alert">
          {error}
        </span>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(size)}?`}
        message={
          `They are archived: hidden from the list and from campaigns, and can be restored from the Archived filter.` +
          `${"ids" in selection ? "" : " Contacts in a running or paused campaign are left as they are."}`
        }
        confirmLabel="Archive them"
        pending={pending}
        onConfirm={() => run({ action: "archive" }, (n) => `Archived ${plural(n)}.`)}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
