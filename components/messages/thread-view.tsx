"use client";

import { useEffect, useRef, useState } from "react";
import { formatPhone, formatDate } from "@/lib/client/format/display";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { apiSend, type SendBody } from "@/lib/client/swr/api-send";
import { apiUrl } from "@/lib/client/swr/use-api-get";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { pollEvery, useLive, useLiveEvents } from "@/components/live/event-stream-provider";
import { Composer } from "./composer";
import { ContactCard } from "./contact-card";
import { MessageBubble } from "./message-bubble";
import { CHANNEL_LABEL, conversationName, type MessageRow, type Thread } from "./types";

/**
 * One conversation: the thread (newest at the bottom, older pages on demand),
 * assign and close, the composer and the contact beside it. The newest page
 * polls every 2 s, which also marks new messages read.
 */
export function ThreadView({ id, userId, canOpenContacts, simulator, onChanged }: { id: number; userId: number; canOpenContacts: boolean; simulator: boolean; onChanged: () => void }) {
  const token = useApiToken();
  const live = useLive();
  const { data, error, mutate } = useApiGet("/api/conversations/{id}/messages", { path: { id } }, { refreshInterval: pollEvery(live, 2000) });
  useLiveEvents(["message.received", "message.status", "conversation.updated"], (event) => {
    if (String(event.conversation_id) === String(id)) void mutate();
  });
  const [older, setOlder] = useState<{ messages: MessageRow[]; next: number | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const newestId = data?.data.at(-1)?.id;

  // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup function.
  // A new message was read here: the lists' unread badges follow at once, not at their next poll.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
    if (newestId) onChanged();
  }, [newestId, onChanged]);

  if (error)
    return (
      <div className="alert" role="alert">
        {(error as ApiRequestError).status === 404 ? "This conversation is no longer yours to read." : `Could not load the conversation: ${error.message}`}
      </div>
    );
  if (!data) return <div className="skeleton" aria-label="Loading the conversation" />;
  const { conversation } = data;
  const next = older ? older.next : data.meta.next_before;

  const loadOlder = async () => {
    if (!next) return;
    const page = await apiFetch<Thread>(apiUrl("/api/conversations/{id}/messages", { path: { id }, query: { before: next } }), token!);
    setOlder({ messages: [...page.data, ...(older?.messages ?? [])], next: page.meta.next_before });
  };
  const change = async (body: SendBody<"patch", "/api/conversations/{id}">) => {
    setProblem(null);
    try {
      await apiSend("patch", "/api/conversations/{id}", token!, { path: { id }, body });
      await mutate();
      onChanged();
    } catch (e) {
      setProblem((e as Error).message);
    }
  };
  const simulate = (messageId: number) => async (status: "delivered" | "failed") => {
    await apiSend("post", "/api/dev/simulator", token!, { body: { action: "sms_status", message_id: messageId, status, ...(status === "failed" && { error_code: "30003" }) } });
    await mutate();
  };
  const mine = conversation.assigned_user?.id === userId;
  /** A failed text sent again, as a new message (the failed one stays, with why it failed). */
  const retry = (message: MessageRow) => async () => {
    setProblem(null);
    try {
      await apiSend("post", "/api/messages", token!, {
        body: {
          to: conversation.phone,
          body: message.body ?? "",
          ...(conversation.channel === "whatsapp" && { channel: "whatsapp" as const }),
          ...(message.media.length && { media_urls: message.media.map((m) => m.url) }),
        },
      });
    } catch (e) {
      setProblem((e as Error).message);
    }
    await mutate();
    onChanged();
  };

  return (
    <div className="thread-layout">
      <section className="panel thread" aria-label="Conversation">
        <header className="thread-header">
          <div>
            <h2>{conversationName(conversation, formatPhone)}</h2>
            <span className="small muted">
              <span className={`badge channel-${conversation.channel}`} data-testid="channel">
                {CHANNEL_LABEL[conversation.channel]}
              </span>{" "}
              {conversation.assigned_user ? `Assigned to ${mine ? "you" : conversation.assigned_user.name}` : "Unassigned"} · {conversation.status}
            </span>
          </div>
          <div className="row">
            {!mine && (
              <button type="button" className="button secondary small" onClick={() => change({ assigned_user_id: userId })}>
                Assign to me
              </button>
            )}
            {mine && (
              <button type="button" className="button secondary small" onClick={() => change({ assigned_user_id: null })}>
                Unassign
              </button>
            )}
            {conversation.status === "open" ? (
              <button type="button" className="button secondary small" onClick={() => change({ status: "closed" })}>
                Close
              </button>
            ) : (
              <button type="button" className="button secondary small" onClick={() => change({ status: "open" })}>
                Reopen
              </button>
            )}
          </div>
        </header>
        {problem && (
          <div className="alert" role="alert">
            {problem}
          </div>
        )}
        {next && (
          <button type="button" className="button ghost small" onClick={loadOlder}>
            Load older messages
          </button>
        )}
        <ol className="bubbles" aria-label="Messages">
          {[...(older?.messages ?? []), ...data.data].map((message) => (
            <MessageBubble key={message.id} message={message} simulate={simulator ? simulate(message.id) : undefined} retry={retry(message)} />
          ))}
        </ol>
        <div ref={bottom} />
        <Composer
          key={conversation.id}
          conversationId={conversation.id}
          phone={conversation.phone}
          contact={conversation.contact}
          channel={conversation.channel}
          whatsappWindow={conversation.whatsapp_window}
          disabledReason={
            conversation.sms_opted_out_at
              ? `This number replied STOP on ${formatDate(conversation.sms_opted_out_at)}` +
                `${conversation.channel === "whatsapp" ? " on WhatsApp: nothing can be sent there" : ": it cannot be texted"} until it replies START.`
              : null
          }
          onSent={() => {
            void mutate();
            onChanged();
          }}
        />
      </section>
      <ContactCard conversation={conversation} canOpenContacts={canOpenContacts} onSaved={() => void mutate()} />
    </div>
  );
}
