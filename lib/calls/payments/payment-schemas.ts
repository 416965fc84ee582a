import { z } from "zod";
import { id, timestamp } from "@/lib/http/answer-schemas";
import { PAYMENT_FIELDS, type PaymentField } from "@/lib/telephony/payment-fields";

// A card payment taken on a call (issue 47, point 2): the caller keys the card
// on their phone's keypad and the provider hands it to the organization's
// payment processor, so the agent never hears it and nothing of it is stored
// here but what the provider shows (a masked number). The request and answer
// shapes, shared by the routes, the call panel and the agent's status.

export { PAYMENT_FIELDS, type PaymentField };

export const PAYMENT_STATUSES = ["capturing", "processing", "succeeded", "failed", "canceled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Card types the provider accepts (its ValidCardTypes). */
export const CARD_TYPES = ["visa", "mastercard", "amex", "maestro", "discover", "optima", "jcb", "diners-club", "enroute"] as const;

const AMOUNT_ERROR = "Enter an amount above 0 and below 1,000,000, with at most two decimals.";

/** POST /api/calls/{call_sid}/payments: start taking a payment; the caller is asked for the card number first. */
export const startPaymentSchema = z.object({
  amount: z
    .number({ error: AMOUNT_ERROR })
    .positive(AMOUNT_ERROR)
    .lt(1_000_000, AMOUNT_ERROR)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, AMOUNT_ERROR),
  description: z.string({ error: "The description is text." }).trim().max(255, "A description is at most 255 characters.").optional(),
});

/** PATCH /api/calls/{call_sid}/payments/{id}: ask the caller for a field, or send the payment to the processor, or call it off. */
export const paymentStepSchema = z.union(
  [
    z.strictObject({ capture: z.enum(PAYMENT_FIELDS, { error: `capture is one of ${PAYMENT_FIELDS.join(", ")}.` }) }),
    z.strictObject({ status: z.enum(["complete", "cancel"], { error: 'status is "complete" (charge the card) or "cancel".' }) }),
  ],
  { error: 'Send either { "capture": field } or { "status": "complete" | "cancel" }.' },
);
export type PaymentStep = z.infer<typeof paymentStepSchema>;

/** The payment settings of an organization (Settings → Telephony; calls settings' `payments`). */
export const paymentSettingsSchema = z.object({
  /** The provider's Pay Connector (its unique name) that sends the card to the processor; null: no payment step. */
  connector: z
    .string({ error: "connector is the Pay Connector's unique name, or null." })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "The connector's unique name has letters, digits, - and _ (at most 64).")
    .nullable(),
  currency: z
    .string({ error: "currency is a three-letter ISO 4217 code such as usd." })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, "currency is a three-letter ISO 4217 code such as usd."),
  security_code: z.boolean({ error: "security_code must be true or false." }),
  postal_code: z.boolean({ error: "postal_code must be true or false." }),
  card_types: z
    .array(z.enum(CARD_TYPES, { error: `Card types are ${CARD_TYPES.join(", ")}.` }))
    .min(1, "Accept at least one card type.")
    .max(CARD_TYPES.length),
});
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

/** The fields the caller must key for these settings, in the usual order. */
export function fieldsFor(settings: Pick<PaymentSettings, "security_code" | "postal_code">): PaymentField[] {
  return ["payment-card-number", "expiration-date", ...(settings.security_code ? (["security-code"] as const) : []), ...(settings.postal_code ? (["postal-code"] as const) : [])];
}

export const paymentAnswer = z
  .object({
    id,
    call_sid: z.string(),
    amount: z.number().meta({ description: "In the currency's units (12.5 is 12.50)" }),
    currency: z.string(),
    description: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES).meta({ description: "capturing: the caller keys a field; processing: sent to the processor; then succeeded, failed or canceled" }),
    capturing: z.enum(PAYMENT_FIELDS).nullable().meta({ description: "The field the caller is asked for now" }),
    required: z.array(z.enum(PAYMENT_FIELDS)).meta({ description: "The fields still to key, as the provider last said" }),
    card: z.object({ number: z.string().nullable(), type: z.string().nullable() }).nullable().meta({ description: "What the provider shows of the card: masked" }),
    confirmation_code: z.string().nullable().meta({ description: "The processor's reference of a succeeded payment" }),
    error: z.string().nullable().meta({ description: "Why the last key entry or the payment failed, in the provider's words (invalid-card-number, payment-connector-error, caller-hung-up…)" }),
    recording_paused: z.boolean().meta({ description: "The payment paused the call's recording; it resumes when the payment ends" }),
    started_at: timestamp,
    ended_at: timestamp.nullable(),
  })
  .meta({ id: "CallPayment" });

interface PaymentRow {
  id: bigint;
  call_sid: string;
  amount: { toString(): string } | number | string;
  currency: string;
  description: string | null;
  status: string;
  capturing: string | null;
  required: string | null;
  card_number: string | null;
  card_type: string | null;
  confirmation_code: string | null;
  error: string | null;
  paused_recording: boolean;
  created_at: Date;
  ended_at: Date | null;
}

const isField = (value: string | null): value is PaymentField => (PAYMENT_FIELDS as readonly string[]).includes(value ?? "");

/** A payment as the API shows it. */
export function serializePayment(row: PaymentRow): z.output<typeof paymentAnswer> {
  return {
    id: Number(row.id),
    call_sid: row.call_sid,
    amount: Number(row.amount.toString()),
    currency: row.currency,
    description: row.description,
    status: (PAYMENT_STATUSES as readonly string[]).includes(row.status) ? (row.status as PaymentStatus) : "failed",
    capturing: isField(row.capturing) ? row.capturing : null,
    required: (row.required ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(isField),
    card: row.card_number || row.card_type ? { number: row.card_number, type: row.card_type } : null,
    confirmation_code: row.confirmation_code,
    error: row.error,
    recording_paused: row.paused_recording,
    started_at: row.created_at,
    ended_at: row.ended_at,
  };
}
