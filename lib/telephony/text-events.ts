// What the provider's messaging callbacks tell the domain, in its words (the
// adapter parses its requests into these: lib/twilio/in/incoming-text.ts).

/** The channels a person writes on through the provider (issue 48); `web` is the site's chat widget. */
export type MessageChannel = "sms" | "whatsapp" | "web";

/** A text someone sent to one of the organization's numbers. */
export interface IncomingText {
  /** The provider's id of the message. */
  sid: string;
  channel: "sms" | "whatsapp";
  /** The sender's and our numbers, E.164 (a WhatsApp address without its "whatsapp:"). */
  from: string;
  to: string;
  /** When it was sent, where a test server plays the clock; null: now. */
  sentAt: Date | null;
  body: string;
  media: { url: string; content_type: string | null }[];
}

/** How a text we sent fared: our message's id when its address names it, the provider's id, its status. */
export interface DeliveryReport {
  sid: string;
  id: bigint | null;
  status: string;
  errorCode: string | null;
}
