import { describe, expect, it } from "vitest";
import { serializePayment } from "@/lib/calls/payments/payment-schemas";
import { paymentReport } from "./voice-callbacks";

// A payment session's report (issue 47): a card number is never kept whole,
// whatever the provider (or someone forging its reports) sends.

const SID = `PK${"a".repeat(32)}`;
const query = (payment = "7") => new URLSearchParams({ payment, org: "1" });

describe("paymentReport", () => {
  it("keeps only the last four digits of a card number, masked or not", () => {
    expect(paymentReport({ Sid: SID, PaymentCardNumber: "4111111111111111", PaymentCardType: "Visa" }, query())?.card).toEqual({ number: "•••• 1111", type: "visa" });
    expect(paymentReport({ Sid: SID, PaymentCardNumber: "xxxx-xxxx-xxxx-4242" }, query())?.card).toEqual({ number: "•••• 4242", type: null });
    expect(paymentReport({ Sid: SID }, query())?.card).toBeNull();
  });

  it("reads the fields still required, an empty list included, and drops names it does not know", () => {
    expect(paymentReport({ Sid: SID, Required: "expiration-date, security-code,pin" }, query())?.required).toEqual(["expiration-date", "security-code"]);
    expect(paymentReport({ Sid: SID, Required: "" }, query())?.required).toEqual([]);
    expect(paymentReport({ Sid: SID }, query())?.required).toBeNull();
  });

  it("takes the end in the domain's words, its reference, and nothing that is not a word or a reference", () => {
    expect(paymentReport({ Sid: SID, Result: "success", PaymentConfirmationCode: "ch_3Q1042" }, query())).toMatchObject({ ended: { succeeded: true, confirmationCode: "ch_3Q1042" }, paymentId: 7n });
    expect(paymentReport({ Sid: SID, Result: "success", PaymentConfirmationCode: "a b" }, query())?.ended).toEqual({ succeeded: true, confirmationCode: null });
    expect(paymentReport({ Sid: SID, Result: "payment-connector-error" }, query())?.ended).toEqual({ succeeded: false, reason: "payment-connector-error" });
    expect(paymentReport({ Sid: SID, Result: "<script>", PaymentConfirmationCode: "a b" }, query())?.ended).toBeNull();
  });

  it("is nothing without a payment session's id or our payment's", () => {
    expect(paymentReport({ Sid: "CA" + "a".repeat(32) }, query())).toBeNull();
    expect(paymentReport({ Sid: SID }, query("x"))).toBeNull();
  });
});

describe("serializePayment", () => {
  it("gives the amount as a number and the fields still required as a list", () => {
    const row = {
      id: 3n,
      call_sid: "CA1",
      amount: "42.50",
      currency: "usd",
      description: null,
      status: "capturing",
      capturing: "expiration-date",
      required: "expiration-date,security-code",
      card_number: "•••• 1111",
      card_type: "visa",
      confirmation_code: null,
      error: null,
      paused_recording: true,
      created_at: new Date(0),
      ended_at: null,
    };
    expect(serializePayment(row)).toMatchObject({
      id: 3,
      amount: 42.5,
      required: ["expiration-date", "security-code"],
      capturing: "expiration-date",
      card: { number: "•••• 1111", type: "visa" },
      recording_paused: true,
    });
    expect(serializePayment({ ...row, required: "", card_number: null, card_type: null }).required).toEqual([]);
  });
});
