"use client";

import { formatDateTime, formatPhone } from "@/lib/client/format/display";
import { useApiGet } from "@/lib/client/swr/use-api-get";

/** The caller's contact card during a call, found by their number in the organization. */
export function ContactCard({ phone }: { phone: string }) {
  const { data, isLoading } = useApiGet("/api/contacts/lookup", { query: { phone } });
  if (isLoading) return <div className="skeleton" aria-label="Loading the contact" />;
  const contact = data?.data[0];
  if (!contact) return <div className="contact-card muted small">Unknown caller: no contact has this number.</div>;
  return (
    <section className="contact-card" aria-label="Caller's contact card">
      <strong>{contact.name}</strong>
      {contact.opted_out && (
        <span className="badge warn" style={{ marginLeft: 6 }}>
          Opted out of calls
        </span>
      )}
      {contact.company && <div className="small">{contact.company}</div>}
      <div className="small muted">
        {formatPhone(contact.phone)}
        {contact.email ? ` · ${contact.email}` : ""}
      </div>
      {contact.tags && contact.tags.length > 0 && (
        <div>
          {contact.tags.map((t) => (
            <span key={t} className={`tag ${t.toLowerCase() === "dnc" ? "dnc" : ""}`}>
              {t}
            </span>
          ))}
        </div>
      )}
      {contact.total_calls !== undefined && (
        <div className="small muted">
          {contact.total_calls} call{contact.total_calls === 1 ? "" : "s"}
          {contact.last_called_at && `, last ${formatDateTime(contact.last_called_at)} (${contact.last_call_outcome ?? "—"})`}
        </div>
      )}
      {contact.notes && (
        <p className="small" style={{ margin: "6px 0 0", whiteSpace: "pre-wrap" }}>
          {contact.notes.slice(0, 300)}
        </p>
      )}
    </section>
  );
}
