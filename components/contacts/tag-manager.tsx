"use client";

import { Link } from "@/components/ui/link";
import { useCallback, useState, type FormEvent } from "react";
import { formatCount } from "@/lib/client/format/display";
import type { OperationView } from "@/components/operations/operation-progress";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { OperationProgress } from "@/components/operations/operation-progress";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ConfirmDialog, Modal } from "@/components/ui/modal";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import type { TagView } from "./types";

type Editing = { tag: TagView; mode: "rename" | "merge" } | null;

/** Tags with their contact counts: rename on every contact, merge into another, delete when unused. */
export function TagManager() {
  const token = useApiToken();
  const { data, error, isLoading, mutate } = useApiGet("/api/tags", {});
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TagView | null>(null);
  const [target, setTarget] = useState("");
  const [problem, setProblem] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // A tag on many contacts changes as an operation (202): its progress shows until it ends.
  const [following, setFollowing] = useState<{ operation: OperationView; message: string } | null>(null);
  const message = following?.message;
  const finished = useCallback(
    async (operation: OperationView) => {
      setFollowing(null);
      if (operation.status === "failed") setProblem(new Error(`The change stopped: ${operation.error ?? "unknown error"}. Contacts done so far keep it; try again to finish.`));
      else setNotice(`${message ?? "Done."} ${formatCount(operation.changed, "contact")} changed.`);
      await mutate();
    },
    [mutate, message],
  );
  const run = async (call: () => Promise<unknown>, message: string) => {
    setProblem(null);
    try {
      const answer = await call();
      setEditing(null);
      setDeleting(null);
      if (answer && typeof answer === "object" && "operation" in answer) {
        setFollowing({ operation: (answer as { operation: OperationView }).operation, message });
        return;
      }
      setNotice(message);
      await mutate();
    } catch (e) {
      setProblem(e);
      setDeleting(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing || !target.trim()) return;
    const path = `/api/tags/${encodeURIComponent(editing.tag.name)}`;
    if (editing.mode === "rename") run(() => apiFetch(path, token!, { method: "PATCH", body: JSON.stringify({ name: target.trim() }) }), `Renamed "${editing.tag.name}" to "${target.trim()}".`);
    else run(() => apiFetch(`${path}/merge`, token!, { method: "POST", body: JSON.stringify({ into: target.trim() }) }), `Merged "${editing.tag.name}" into "${target.trim()}".`);
  };

  return (
    <div className="stack">
      {following && <OperationProgress operation={following.operation} label="Updating the contacts that carry the tag" onFinished={finished} />}
      {notice && !following && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <ErrorAlert error={problem} />
      {error && <ErrorAlert error={error} prefix="Could not load tags" />}
      {isLoading && !data && <SkeletonRows label="Loading tags" />}
      {data && data.length === 0 && <EmptyState title="No tags yet">Tag contacts in their form, in bulk from the list, or with an import.</EmptyState>}
      {data && data.length > 0 && (
        <div className="table-wrap">
          <table className="data" aria-label="Tags">
            <thead>
              <tr>
                <th>Tag</th>
                <th className="num">Contacts</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.map((tag) => (
                <tr key={tag.name}>
                  <td>
                    <span className={`tag ${tag.is_dnc ? "dnc" : ""}`}>{tag.name}</span>
                    {tag.is_dnc && <span className="small muted"> Do Not Call: excluded from campaigns</span>}
                  </td>
                  <td className="num">
                    <Link href={`/contacts?tags=${encodeURIComponent(tag.name)}`}>{tag.contact_count}</Link>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={() => {
                        setTarget(tag.name);
                        setEditing({ tag, mode: "rename" });
                      }}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={() => {
                        setTarget("");
                        setEditing({ tag, mode: "merge" });
                      }}
                    >
                      Merge
                    </button>
                    <button
                      type="button"
                      className="button ghost small"
                      disabled={tag.contact_count > 0}
                      title={tag.contact_count > 0 ? "Only unused tags can be deleted: merge or rename it instead." : undefined}
                      onClick={() => setDeleting(tag)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal open={editing !== null} title={editing?.mode === "rename" ? `Rename "${editing.tag.name}"` : `Merge "${editing?.tag.name}" into another tag`} onClose={() => setEditing(null)}>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="tag-target">{editing?.mode === "rename" ? "New name" : "Merge into"}</label>
            <input id="tag-target" list="tag-names" value={target} onChange={(e) => setTarget(e.target.value)} autoFocus maxLength={100} />
            <datalist id="tag-names">
              {data
                ?.filter((t) => t.name !== editing?.tag.name)
                .map((t) => (
                  <option key={t.name} value={t.name} />
                ))}
            </datalist>
            <span className="hint">Applies to every contact carrying the tag ({editing?.tag.contact_count ?? 0}).</span>
          </div>
          <div className="row">
            <button type="submit" className="button" disabled={!target.trim()}>
              {editing?.mode === "rename" ? "Rename" : "Merge"}
            </button>
            <button type="button" className="button secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the tag "${deleting?.name}"?`}
        message="No contact carries it; it disappears from the tag list."
        confirmLabel="Delete tag"
        onConfirm={() => deleting && run(() => apiFetch(`/api/tags/${encodeURIComponent(deleting.name)}`, token!, { method: "DELETE" }), `Deleted "${deleting.name}".`)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
