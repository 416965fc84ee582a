"use client";

import { isolateBidi } from "@/lib/client/format/isolate-bidi";
import { formatShortDateTime, formatTime } from "@/lib/client/format/display";
import { explainDeliveryError } from "@/lib/messages/delivery-errors";
import type { MessageRow } from "./types";

const STATUS_LABELS: Record<string, string> = {
  held: "Held for quiet hours",
  queued: "Sending…",
  accepted: "Sending…",
  sending: "Sending…",
  sent: "✓ Sent",
  delivered: "✓✓ Delivered",
  read: "✓✓ Read",
  undelivered: "✗ Not delivered",
  failed: "✗ Failed",
  canceled: "Canceled",
};

/**
 * One message as a bubble: theirs on the left, ours on the right with its
 * delivery status. A failed one says what its error means and what to do,
 * with Retry where sending it again can succeed (issue 45).
 */
export function MessageBubble({ message, simulate, retry }: { message: MessageRow; simulate?: (status: "delivered" | "failed") => void; retry?: () => void }) {
  const ours = message.direction === "outbound";
  const time = formatShortDateTime(message.created_at);
  const failed = message.status === "failed" || message.status === "undelivered";
  return (
    <li className={`bubble ${ours ? "ours" : "theirs"}${failed ? " failed" : ""}`} data-testid="message" data-status={message.status}>
      {message.body && <p>{isolateBidi(message.body)}</p>}
      {message.media.map((media) => (
        <Attachment key={media.url} media={media} />
      ))}
      <span className="meta small">
        {time}
        {ours && message.user && ` · ${message.user.name}`}
        {ours && message.origin === "auto" && " · automatic reply"}
        {ours && (
          <span className="status" aria-label={`Status: ${message.status}`}>
            {" "}
            · {STATUS_LABELS[message.status] ?? message.status}
          </span>
        )}
        {failed && message.error_code && ` (error ${message.error_code})`}
        {message.status === "held" && message.send_after && ` until ${formatTime(message.send_after)}`}
      </span>
      {failed && ours && <DeliveryProblem code={message.error_code} detail={message.error_message} retry={retry} />}
      {simulate && ours && ["queued", "sending", "sent"].includes(message.status) && (
        <span className="meta small">
          Simulator:{" "}
          <button type="button" className="button ghost small" onClick={() => simulate("delivered")}>
            mark delivered
          </button>
          <button type="button" className="button ghost small" onClick={() => simulate("failed")}>
            mark failed
          </button>
        </span>
      )}
    </li>
  );
}

function DeliveryProblem({ code, detail, retry }: { code: string | null; detail: string | null; retry?: () => void }) {
  const problem = explainDeliveryError(code);
  return (
    <span className="meta small delivery-problem" role="note" aria-label="Why it failed" title={detail ?? undefined}>
      <strong>{problem.meaning}</strong> {problem.advice}
      {problem.retry && retry && (
        <button type="button" className="button ghost small" onClick={retry}>
          Retry
        </button>
      )}
    </span>
  );
}

/**
 * A file of a message. A received one is this service's copy (fetched from the
 * provider when it arrived): shown once kept, said when it is still on its way
 * or could not be fetched. A sent one is the public address it was sent from.
 */
function Attachment({ media }: { media: MessageRow["media"][number] }) {
  if (media.stored === "pending")
    return (
      <span className="small muted" data-testid="attachment">
        Attachment on its way…
      </span>
    );
  if (media.stored === "failed")
    return (
      <span className="small muted" data-testid="attachment">
        An attachment could not be fetched from the provider (too large, or refused).
      </span>
    );
  const type = media.content_type ?? "";
  // A plain <img>: the file is served by our own route to whoever may read the conversation (the
  // session cookie); next/image's optimizer would fetch it server-side without that cookie.
  // eslint-disable-next-line @next/next/no-img-element
  if (type.startsWith("image/")) return <img src={media.url} alt="Picture sent with the message" className="media" data-testid="attachment" />;
  if (type.startsWith("audio/")) return <audio controls preload="none" src={media.url} aria-label="Voice note sent with the message" data-testid="attachment" />;
  return (
    <a href={media.url} target="_blank" rel="noreferrer noopener" data-testid="attachment">
      Attachment{type ? ` (${type})` : ""}
    </a>
  );
}
