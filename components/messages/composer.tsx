"use client";

import { useState } from "react";
import { draftNote, useServerDraft } from "@/components/drafts/use-server-draft";
import { fillTemplate, TEMPLATE_PLACEHOLDERS, unfilledFields } from "@/lib/messages/render-template";
import { countSegments, MAX_MESSAGE_CHARACTERS } from "@/lib/messages/segments";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { formatDateTime } from "@/lib/client/format/display";
import { WhatsappTemplateForm } from "./whatsapp-template-form";

/**
 * Writes and sends a reply: the segment counter counts like the provider
 * (encoding and segments), a saved reply fills in from the contact, and
 * Ctrl/⌘+Enter sends. A field the contact has no value for stays in the text
 * as its placeholder, named above it, and Send waits until the agent fills
 * or removes it (issue 45: never a blank where a name should be). A refusal
 * (opt-out, provider) is shown as its reason.
 */
export function Composer({
  conversationId,
  phone,
  contact,
  disabledReason,
  onSent,
  channel = "sms",
  whatsappWindow = null,
}: {
  conversationId?: number;
  phone: string;
  contact: { name: string; company: string | null; email: string | null } | null;
  disabledReason: React.ReactNode;
  onSent: () => void;
  /** The conversation's channel: a WhatsApp reply goes from the WhatsApp sender, within its window. */
  channel?: "sms" | "whatsapp" | "web";
  whatsappWindow?: { open: boolean; closes_at: string | null } | null;
}) {
  const token = useApiToken();
  const templates = useApiGet("/api/message-templates", {});
  const customFields = useApiGet("/api/custom-fields", {});
  const fieldNames = (customFields.data?.data ?? []).map((f) => f.name);
  const [body, setBody] = useState("");
  // An unsent reply is kept on the server as it is typed (issue 45): it comes back after a reload or in another tab.
  // Its conversation names it; the contact page's first text has none yet.
  const draft = useServerDraft({ kind: "reply", ref: conversationId === undefined ? null : String(conversationId), value: body, restore: setBody });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const count = countSegments(body);
  const tooLong = count.characters > MAX_MESSAGE_CHARACTERS;
  const known = new Set<string>([...TEMPLATE_PLACEHOLDERS, ...fieldNames.map((f) => f.toLowerCase())]);
  const gaps = unfilledFields(body).filter((field) => known.has(field));

  const send = async () => {
    if (!body.trim() || tooLong || sending || gaps.length) return;
    setSending(true);
    setProblem(null);
    try {
      // A website visitor has no number: the answer goes into their conversation, on their open chat.
      if (channel === "web" && conversationId !== undefined) await apiFetch(`/api/conversations/${conversationId}/messages`, token!, { method: "POST", body: JSON.stringify({ body }) });
      else await apiFetch("/api/messages", token!, { method: "POST", body: JSON.stringify({ to: phone, body, ...(channel === "whatsapp" && { channel }) }) });
      await draft.discard();
      setBody("");
      onSent();
    } catch (e) {
      const error = e as ApiRequestError;
      setProblem(error.body?.errors ? Object.values(error.body.errors).flat().join(" ") : error.message);
      onSent();
    } finally {
      setSending(false);
    }
  };

  if (disabledReason)
    return (
      <div className="notice" role="status">
        {disabledReason}
      </div>
    );
  // WhatsApp: free-form replies for 24 hours after the person's last message; then approved templates only.
  if (channel === "whatsapp" && !whatsappWindow?.open) {
    return (
      <div className="composer stack">
        <div className="notice" role="status" data-testid="whatsapp-window">
          {whatsappWindow?.closes_at
            ? `WhatsApp's 24-hour window closed at ${formatDateTime(whatsappWindow.closes_at)}: only an approved template can be sent until they write again.`
            : "They have not written on WhatsApp yet: start with an approved template."}
        </div>
        <WhatsappTemplateForm phone={phone} onSent={onSent} />
      </div>
    );
  }
  return (
    <form className="composer" onSubmit={(e) => (e.preventDefault(), send())}>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {channel === "whatsapp" && whatsappWindow?.closes_at && (
        <div className="small muted" role="status" data-testid="whatsapp-window">
          WhatsApp: free-form replies until {formatDateTime(whatsappWindow.closes_at)} (24 hours after their last message); then approved templates only.
        </div>
      )}
      <div className="field">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <label htmlFor="composer-body">Reply</label>
          <span className="small muted" aria-live="polite" data-testid="reply-draft">
            {draftNote(draft.state)}
          </span>
        </div>
        <textarea
          id="composer-body"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void send();
            }
          }}
          placeholder="Write a message… (Ctrl+Enter sends)"
        />
        {gaps.length > 0 && (
          <div className="template-gaps" role="alert" aria-label="Gaps to fill">
            This contact has no {gaps.join(", ")}: replace{" "}
            {gaps.map((g) => (
              <mark key={g}>{`{{${g}}}`}</mark>
            ))}{" "}
            in the text, or remove it, to send.
          </div>
        )}
        <span className={`hint${tooLong ? " error" : ""}`} aria-live="polite" data-testid="segment-counter">
          {count.characters}/{MAX_MESSAGE_CHARACTERS} characters · {count.encoding} · {count.segments} segment{count.segments === 1 ? "" : "s"}
          {count.segments > 0 && ` · ${count.remaining} left in this segment`}
        </span>
      </div>
      <div className="row" style={{ alignItems: "center" }}>
        {templates.data && templates.data.data.length > 0 && (
          <select
            className="input"
            aria-label="Insert a saved reply"
            value=""
            onChange={(e) => {
              const template = templates.data!.data.find((t) => String(t.id) === e.target.value);
              if (template) setBody(fillTemplate(template.body, contact && { ...contact, phone }, fieldNames).text);
            }}
          >
            <option value="">Saved replies…</option>
            {templates.data.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        )}
        <button type="submit" className="button" disabled={sending || !body.trim() || tooLong || gaps.length > 0}>
          {sending ? "Sending…" : "Send"}
        </button>
      </div>
    </form>
  );
}
