"use client";

import { useEffect, useRef, useState } from "react";
import { formatDateTime, formatPhone } from "@/lib/client/format/display";
import { apiSend } from "@/lib/client/swr/api-send";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useAgentStatus } from "@/components/queue/availability-switch";
import { useSoftphone } from "@/components/softphone/softphone-provider";
import { startRing } from "./ring";
import { useOffer, type Offer } from "./use-offer";

/** Keys typed into a field are the field's: Enter in a note must not take a call. */
function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName));
}

/**
 * A call offered to this agent (issue 44), on whatever page they are: who is
 * calling and their contact card, the queue, a countdown, Accept (Enter) and
 * Decline (Escape), a ring, the tab's title, and a desktop notification when
 * the browser allows one. The server decides everything: a withdrawn or
 * missed offer simply disappears when its event arrives.
 */
export function OfferBanner() {
  const status = useAgentStatus();
  const { offer, reload } = useOffer(status.data !== undefined);
  if (!offer) return null;
  return (
    <OfferShown
      key={offer.id}
      offer={offer}
      onDone={() => {
        void reload();
        void status.mutate();
      }}
    />
  );
}

function OfferShown({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const token = useApiToken();
  const { acceptQueueCall, dial } = useSoftphone();
  const [pending, setPending] = useState<"accept" | "decline" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const acceptButton = useRef<HTMLButtonElement>(null);
  const who = offer.caller.name ?? formatPhone(offer.caller.number);
  const left = Math.max(0, Math.ceil((new Date(offer.expires_at).getTime() - now) / 1000));

  const accept = async () => {
    if (pending) return;
    setPending("accept");
    setProblem(null);
    try {
      const accepted = await apiSend("post", "/api/offers/{id}/accept", token!, { path: { id: offer.id } });
      const contact = offer.contact && { id: offer.contact.id, name: offer.contact.name };
      if (accepted.action === "call_back") await dial(accepted.number, contact, { callbackEntryId: offer.call.queue_entry_id });
      else await acceptQueueCall({ id: offer.call.queue_entry_id, call_sid: accepted.call_sid, queue: accepted.queue, from: offer.caller.number, contact });
      onDone();
    } catch (e) {
      setProblem((e as Error).message);
      setPending(null);
      onDone();
    }
  };
  const decline = async () => {
    if (pending) return;
    setPending("decline");
    try {
      await apiSend("post", "/api/offers/{id}/decline", token!, { path: { id: offer.id } });
    } catch (e) {
      setProblem((e as Error).message);
    }
    onDone();
  };

  // The countdown, the ring, the tab title and the desktop notification live as long as the offer.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    const stopRing = startRing();
    const title = document.title;
    document.title = `Call from ${who} · ${title}`;
    let notification: Notification | undefined;
    if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.visibilityState !== "visible") {
      notification = new Notification(`Call from ${who}`, { body: `${offer.queue.name} queue: answer in the Contact Center`, tag: `offer-${offer.id}`, requireInteraction: true });
      notification.onclick = () => window.focus();
    }
    acceptButton.current?.focus({ preventScroll: true });
    return () => {
      clearInterval(timer);
      stopRing();
      document.title = title;
      notification?.close();
    };
  }, [offer.id, offer.queue.name, who]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        void decline();
      } else if (event.key === "Enter" && (!typingIn(event.target) || event.target === acceptButton.current)) {
        event.preventDefault();
        void accept();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const contact = offer.contact;
  return (
    <section className="offer-banner" role="alertdialog" aria-label={`Call offered: ${who}`} aria-describedby={`offer-${offer.id}-details`}>
      <div className="offer-who">
        <span className="offer-ringing" aria-hidden="true">
          ☎
        </span>
        <div>
          <strong className="offer-name">{offer.call.callback ? `Call back ${who}` : who}</strong>
          <div id={`offer-${offer.id}-details`} className="small">
            {formatPhone(offer.caller.number)} · {offer.queue.name} queue · waiting {offer.call.wait_seconds}s
          </div>
          {contact && (
            <div className="small muted" aria-label="Caller's contact card">
              {contact.company && <span>{contact.company} · </span>}
              {contact.total_calls} call{contact.total_calls === 1 ? "" : "s"}
              {contact.last_called_at && `, last ${formatDateTime(contact.last_called_at)} (${contact.last_call_outcome ?? "—"})`}
              {contact.tags.length > 0 && (
                <span>
                  {" "}
                  ·{" "}
                  {contact.tags.map((t) => (
                    <span key={t} className="tag">
                      {t}
                    </span>
                  ))}
                </span>
              )}
              {contact.notes && <div className="offer-notes">{contact.notes.slice(0, 140)}</div>}
            </div>
          )}
          {!contact && <div className="small muted">Unknown caller: no contact has this number.</div>}
        </div>
      </div>
      <div className="offer-actions">
        <span className="offer-countdown mono" aria-label="Seconds left to answer" role="timer">
          {left}s
        </span>
        <button ref={acceptButton} type="button" className="button ok" disabled={pending !== null} onClick={() => void accept()} aria-keyshortcuts="Enter">
          {pending === "accept" ? "Connecting…" : "Accept"} <kbd>Enter</kbd>
        </button>
        <button type="button" className="button secondary" disabled={pending !== null} onClick={() => void decline()} aria-keyshortcuts="Escape">
          Decline <kbd>Esc</kbd>
        </button>
      </div>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
    </section>
  );
}
