"use client";

import { useState } from "react";
import { formatCount } from "@/lib/client/format/display";
import { ApiRequestError } from "@/lib/client/swr/api-fetch";
import { apiSend, type SendAnswer } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { ConfirmDialog } from "@/components/ui/modal";

/** What POST /api/contacts/duplicates/auto-merge answers (a dry run or a run). */
type AutoMergeReport = SendAnswer<"post", "/api/contacts/duplicates/auto-merge">;

const contacts = (n: number) => formatCount(n, "contact");
const groups = (n: number) => formatCount(n, "group");

/**
 * "Merge all automatically": asks the API for a dry run first, shows what it
 * would merge, and merges only once confirmed. When the organization keeps
 * merging manual, the API's 409 says so and nothing else happens.
 */
export function AutoMergeButton({ onDone }: { onDone: (message: string, merged: boolean) => void }) {
  const token = useApiToken();
  const [plan, setPlan] = useState<AutoMergeReport | null>(null);
  const [busy, setBusy] = useState(false);
  const call = async (dryRun: boolean) => {
    setBusy(true);
    try {
      return await apiSend("post", "/api/contacts/duplicates/auto-merge", token!, { body: { dry_run: dryRun } });
    } catch (e) {
      // The API's 409 speaks to API clients; on the page, say who can change it and where.
      const off = e instanceof ApiRequestError && e.status === 409;
      onDone(
        off ? "Automatic merging is off for your organization: an account admin turns it on under Settings → Duplicates. Until then, merge the groups below one by one." : (e as Error).message,
        false,
      );
      return null;
    } finally {
      setBusy(false);
    }
  };
  const preview = async () => {
    const report = await call(true);
    if (!report) return;
    if (report.groups_merged === 0)
      onDone(report.skipped.length ? `Nothing can be merged automatically: ${groups(report.skipped.length)} skipped (${report.skipped[0].reason}).` : "Nothing to merge automatically.", false);
    else setPlan(report);
  };
  const confirm = async () => {
    setPlan(null);
    const report = await call(false);
    if (report)
      onDone(
        `Merged ${groups(report.groups_merged)}: ${contacts(report.contacts_removed)} folded into the kept ones.${report.skipped.length ? ` ${groups(report.skipped.length)} skipped.` : ""}`,
        true,
      );
  };
  return (
    <>
      <button type="button" className="button secondary" disabled={busy} onClick={preview}>
        {busy ? "Checking…" : "Merge all automatically…"}
      </button>
      <ConfirmDialog
        open={plan !== null}
        title={`Merge ${groups(plan?.groups_merged ?? 0)}?`}
        message={
          plan && (
            <>
              <p>
                {contacts(plan.contacts_removed)} will be merged into the {plan.conflict_rule === "keep_oldest" ? "oldest" : "newest"} contact of their group; tags, notes and call history are
                combined. Each merge is written to the audit log.
              </p>
              {plan.skipped.length > 0 && (
                <p className="small">
                  {groups(plan.skipped.length)} will be skipped: {plan.skipped[0].reason}
                </p>
              )}
              {!plan.complete && <p className="small">Some similar names could not be compared in time; they are not included.</p>}
            </>
          )
        }
        confirmLabel={`Merge ${groups(plan?.groups_merged ?? 0)}`}
        pending={busy}
        onConfirm={confirm}
        onClose={() => setPlan(null)}
      />
    </>
  );
}
