"use client";

import { LocalTime, useLocalText } from "@/components/ui/local-time";
import { Link } from "@/components/ui/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Fragment, useState } from "react";
import { useSWRConfig } from "swr";
import { formatDateTime, formatPhone } from "@/lib/client/format/display";
import { apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { Composer } from "@/components/messages/composer";
import { ContactTimeline } from "./contact-timeline";
import { PersonalDataPanel } from "./personal-data-panel";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ConfirmDialog } from "@/components/ui/modal";
import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton-rows";

function fieldValue(value: unknown): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  return value === null || value === undefined || value === "" ? "—" : String(value);
}

/** "opted out", saying since when on the organization's clock. */
function OptedOutBadge({ at }: { at: string | null }) {
  const since = useLocalText(() => (at ? `Opted out ${formatDateTime(at)}` : ""));
  return (
    <span className="badge warn" style={{ marginLeft: 4 }} title={since || undefined}>
      opted out
    </span>
  );
}

export function ContactDetail({ id }: { id: number }) {
  const router = useRouter();
  const params = useSearchParams();
  const token = useApiToken();
  const { mutate: mutateAny } = useSWRConfig();
  const { data: contact, error, mutate } = useApiGet("/api/contacts/{id}", { path: { id }, query: { history_per_page: 1 } });
  const fields = useApiGet("/api/custom-fields", {});
  const [confirm, setConfirm] = useState<"archive" | "permanent" | null>(null);
  const [pending, setPending] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);

  if (error) return <ErrorAlert error={error} prefix="Could not load the contact" />;
  if (!contact) return <SkeletonRows label="Loading the contact" />;

  const act = async (run: () => Promise<unknown>, after: () => void) => {
    setPending(true);
    setActionError(null);
    try {
      await run();
      after();
    } catch (e) {
      setActionError(e);
    } finally {
      setPending(false);
      setConfirm(null);
    }
  };
  const archive = () =>
    act(
      () => apiFetch(`/api/contacts/${id}`, token!, { method: "DELETE" }),
      () => mutate(),
    );
  const destroy = () =>
    act(
      () => apiFetch(`/api/contacts/${id}?permanent=true`, token!, { method: "DELETE" }),
      () => router.push("/contacts"),
    );
  const restore = () =>
    act(
      () => apiFetch(`/api/contacts/${id}/restore`, token!, { method: "POST", body: "{}" }),
      () => mutate(),
    );
  const dialHref = `/dialer?${new URLSearchParams({ to: contact.phone, contact: String(contact.id), name: contact.name })}`;
  const labels = new Map((fields.data?.data ?? []).map((f) => [f.name, f.label]));
  // A text just sent shows in the timeline at once.
  const refreshTimeline = () => mutateAny((key) => Array.isArray(key) && String(key[0]).startsWith(`/api/contacts/${id}/timeline`));

  return (
    <>
      <PageHeader title={contact.name}>
        {contact.status === "active" && (
          <Link className="button ok" href={dialHref}>
            Call
          </Link>
        )}
        <Link className="button secondary" href={`/contacts/${id}/edit`}>
          Edit
        </Link>
        {contact.status === "active" ? (
          <button type="button" className="button secondary" onClick={() => setConfirm("archive")}>
            Archive
          </button>
        ) : (
          <button type="button" className="button secondary" onClick={restore} disabled={pending}>
            Restore
          </button>
        )}
        <button type="button" className="button danger" onClick={() => setConfirm("permanent")}>
          Delete permanently
        </button>
      </PageHeader>
      {params.get("saved") && (
        <div className="success" role="status" style={{ marginBottom: 12 }}>
          Contact saved.
        </div>
      )}
      {contact.status === "archived" && (
        <div className="notice" style={{ marginBottom: 12 }}>
          Archived <LocalTime format={() => formatDateTime(contact.archived_at)} />: hidden from the list and from campaigns.
        </div>
      )}
      <ErrorAlert error={actionError} />
      <div className="grid-2">
        <section className="panel" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">
            Timeline <span className="muted small">({contact.call_history_total} calls)</span>
          </h2>
          <ContactTimeline contactId={id} />
          {contact.status === "active" && (
            <div style={{ marginTop: 16 }}>
              <Composer
                phone={contact.phone}
                contact={contact}
                disabledReason={
                  contact.sms_opted_out_at ? (
                    <>
                      This number replied STOP on <LocalTime format={() => formatDateTime(contact.sms_opted_out_at)} />: it cannot be texted until it replies START.
                    </>
                  ) : null
                }
                onSent={() => {
                  void mutate();
                  void refreshTimeline();
                }}
              />
            </div>
          )}
        </section>
        <section className="panel" aria-label="Contact details">
          <dl className="kv">
            <dt>Phone</dt>
            <dd className="mono">{formatPhone(contact.phone)}</dd>
            <dt>Email</dt>
            <dd>{contact.email ?? "—"}</dd>
            <dt>Company</dt>
            <dd>{contact.company ?? "—"}</dd>
            <dt>Tags</dt>
            <dd>
              {contact.tags.length
                ? contact.tags.map((t) => (
                    <span key={t} className={`tag ${t.toLowerCase() === "dnc" ? "dnc" : ""}`}>
                      {t}
                    </span>
                  ))
                : "—"}
            </dd>
            <dt>Status</dt>
            <dd>
              <span className={`badge ${contact.status === "active" ? "ok" : ""}`}>{contact.status}</span>
              {contact.opted_out && <OptedOutBadge at={contact.opted_out_at} />}
            </dd>
            <dt>Calls</dt>
            <dd>{contact.total_calls}</dd>
            <dt>Last called</dt>
            <dd>
              {contact.last_called_at ? (
                <>
                  <LocalTime format={() => formatDateTime(contact.last_called_at)} /> ({contact.last_call_outcome ?? "—"})
                </>
              ) : (
                "Never"
              )}
            </dd>
            {Object.entries(contact.custom_fields as Record<string, unknown>).map(([name, value]) => (
              // A keyed fragment: a <dl> holds only <dt>/<dd> pairs (or <div> groups), never a <span>.
              <Fragment key={name}>
                <dt>{labels.get(name) ?? name}</dt>
                <dd>{fieldValue(value)}</dd>
              </Fragment>
            ))}
            <dt>Created</dt>
            <dd>
              <LocalTime format={() => formatDateTime(contact.created_at)} />
            </dd>
            <dt>Updated</dt>
            <dd>
              <LocalTime format={() => formatDateTime(contact.updated_at)} />
            </dd>
          </dl>
          {contact.notes && (
            <>
              <h2 style={{ marginTop: 16 }}>Notes</h2>
              <p style={{ whiteSpace: "pre-wrap", margin: 0 }}>{contact.notes}</p>
            </>
          )}
          <PersonalDataPanel contact={contact} onChanged={() => void mutate()} />
        </section>
      </div>
      <ConfirmDialog
        open={confirm === "archive"}
        title={`Archive ${contact.name}?`}
        message="The contact is hidden from the list and from campaigns; you can restore it later."
        confirmLabel="Archive"
        pending={pending}
        onConfirm={archive}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "permanent"}
        title={`Delete ${contact.name} permanently?`}
        message="This cannot be undone. The contact is removed; its call logs stay in the call history without the link."
        confirmLabel="Delete permanently"
        pending={pending}
        onConfirm={destroy}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
