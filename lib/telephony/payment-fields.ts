// The details of a card the provider asks a caller to key, one at a time, in
// the order the agent chooses (issue 47): the port's words for a payment step.
export const PAYMENT_FIELDS = ["payment-card-number", "expiration-date", "security-code", "postal-code"] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];
