"use client";

import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { can } from "@/lib/auth/permissions";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { OperationProgress, type OperationView } from "@/components/operations/operation-progress";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Modal } from "@/components/ui/modal";
import { useDownload } from "./use-download";

/**
 * A person's requests about their data (issue 47): an export of everything
 * held about them, an erasure, and the legal hold that keeps their records.
 * Admins only; the erasure asks for the contact's name typed out, then shows
 * its progress and leaves for the contact list when it is done.
 */
export function PersonalDataPanel({ contact, onChanged }: { contact: { id: number; name: string; legal_hold: boolean }; onChanged: () => void }) {
  const router = useRouter();
  const token = useApiToken();
  const { data: session } = useSession();
  const { download, pending: exporting, error: exportError } = useDownload();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [erasing, setErasing] = useState<OperationView | null>(null);
  const role = session?.user?.role;
  if (!role || !can(role, "personal_data.manage")) return null;

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };
  const hold = () =>
    run(async () => {
      await apiFetch(`/api/contacts/${contact.id}/legal-hold`, token!, { method: "POST", body: JSON.stringify({ on: !contact.legal_hold }) });
      onChanged();
    });
  const erase = () =>
    run(async () => {
      const answer = await apiFetch<{ operation: OperationView }>(`/api/contacts/${contact.id}/erase`, token!, { method: "POST", body: JSON.stringify({ dry_run: false }) });
      setAsking(false);
      setErasing(answer.operation);
    });
  const finished = (operation: OperationView) => {
    if (operation.status === "completed") router.push("/contacts?erased=1");
    else {
      setErasing(null);
      setError(new Error(`The erasure stopped: ${operation.error ?? "unknown reason"}. Nothing after that step was erased; erase again to resume.`));
    }
  };

  return (
    <section aria-labelledby="personal-data-heading" style={{ marginTop: 16 }}>
      <h2 id="personal-data-heading">Personal data</h2>
      <p className="muted small" style={{ marginTop: 0 }}>
        When this person asks for their data, or for it to be erased.
      </p>
      <div className="row" style={{ gap: 8, flexWrap: "wrap" }}>
        <button type="button" className="button secondary" disabled={exporting} onClick={() => void download(`/api/contacts/${contact.id}/export`, `contact-${contact.id}.zip`)}>
          {exporting ? "Preparing the export…" : "Export their data"}
        </button>
        {can(role, "legal_hold.manage") && (
          <button type="button" className="button secondary" disabled={pending} onClick={() => void hold()}>
            {contact.legal_hold ? "Release legal hold" : "Place legal hold"}
          </button>
        )}
        <button type="button" className="button danger" disabled={pending || contact.legal_hold || erasing !== null} onClick={() => setAsking(true)}>
          Erase on request
        </button>
      </div>
      {contact.legal_hold && (
        <p className="small" style={{ marginBottom: 0 }}>
          A legal hold keeps this person&apos;s records (and their recordings past retention): they cannot be erased until it is released.
        </p>
      )}
      {exportError && (
        <p className="error" role="alert">
          {exportError}
        </p>
      )}
      <ErrorAlert error={error} />
      {erasing && <OperationProgress operation={erasing} label="Erasing this person's data" unit="steps" onFinished={finished} />}
      <Modal
        open={asking}
        title={`Erase ${contact.name}?`}
        onClose={() => setAsking(false)}
        actions={
          <>
            <button type="button" className="button secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="button" className="button danger" disabled={pending || typed.trim() !== contact.name.trim()} onClick={() => void erase()}>
              {pending ? "Starting…" : "Erase everything"}
            </button>
          </>
        }
      >
        <p style={{ marginTop: 0 }}>
          This cannot be undone. The contact, their texts, voicemails and recordings (here and at the telephony provider) are deleted, and their calls stay in the reports without their number or
          notes. The audit log keeps who erased them and how many records, nothing of what they held.
        </p>
        <label htmlFor="erase-confirm">Type their name to confirm</label>
        <input id="erase-confirm" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} placeholder={contact.name} />
      </Modal>
    </section>
  );
}
