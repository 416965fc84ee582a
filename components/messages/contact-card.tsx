"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { formatPhone, formatDate } from "@/lib/client/format/display";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { ConversationRow } from "./types";

/** Who the conversation is with; an unknown number is saved as a contact in one step. */
export function ContactCard({ conversation, canOpenContacts, onSaved }: { conversation: ConversationRow; canOpenContacts: boolean; onSaved: () => void }) {
  const token = useApiToken();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { contact } = conversation;

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      await apiFetch(`/api/conversations/${conversation.id}/contact`, token!, { method: "POST", body: JSON.stringify({ name }) });
      onSaved();
    } catch (e) {
      const error = e as ApiRequestError;
      setProblem(error.body?.errors ? Object.values(error.body.errors).flat().join(" ") : error.message);
    } finally {
      setSaving(false);
    }
  };

  if (conversation.channel === "web" && !contact) {
    return (
      <aside className="panel" aria-label="Contact">
        <h2>Website visitor</h2>
        <p className="small muted">A visitor of the organization&apos;s website chat: they see your answers while their chat is open. If they left an email, it is in the conversation.</p>
      </aside>
    );
  }
  return (
    <aside className="panel" aria-label="Contact">
      <h2>{contact ? contact.name : "Unknown number"}</h2>
      <dl className="kv narrow">
        <dt>Number</dt>
        <dd className="mono">{formatPhone(conversation.phone)}</dd>
        {contact?.company && (
          <>
            <dt>Company</dt>
            <dd>{contact.company}</dd>
          </>
        )}
        {contact?.email && (
          <>
            <dt>Email</dt>
            <dd>{contact.email}</dd>
          </>
        )}
        <dt>Texts</dt>
        <dd>{conversation.sms_opted_out_at ? <span className="badge danger">Opted out {formatDate(conversation.sms_opted_out_at)}</span> : <span className="badge ok">Subscribed</span>}</dd>
      </dl>
      {contact && canOpenContacts && (
        <p>
          <Link href={`/contacts/${contact.id}`}>Open the contact</Link>
        </p>
      )}
      {!contact && (
        <form onSubmit={(e) => (e.preventDefault(), save())} style={{ marginTop: 12 }}>
          {problem && (
            <div className="alert" role="alert">
              {problem}
            </div>
          )}
          <div className="field">
            <label htmlFor="new-contact-name">Save as a contact</label>
            <input id="new-contact-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Full name" required maxLength={255} />
          </div>
          <button type="submit" className="button secondary small" disabled={saving || !name.trim()}>
            {saving ? "Saving…" : "Save contact"}
          </button>
        </form>
      )}
    </aside>
  );
}
