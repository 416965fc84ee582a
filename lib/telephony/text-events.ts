// What the provider's messaging callbacks tell the domain, in its words (the
// adapter parses its requests into these: lib/twilio/in/incoming-text.ts).

/** A text someone sent to one of the organization's numbers. */
export interface IncomingText {
  /** The provider's id of the message. */
  sid: string;
  from: string;
  to: string;
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
