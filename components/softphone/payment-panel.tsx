"use client";

import { useEffect, useId, useState } from "react";
import { useLive } from "@/components/live/event-stream-provider";
import { useSoftphone, type CallPayment } from "./softphone-provider";

// Taking a card payment on a call (issue 47): the caller keys the card on
// their phone, the provider hands it to the processor, and the agent steers:
// which field to ask for, then Charge. The recording is paused meanwhile (the
// server does it and says so); the panel follows the provider's reports
// through the call's events, and polls while the event stream is down.

const FIELD_LABEL: Record<string, string> = {
  "payment-card-number": "card number",
  "expiration-date": "expiry date",
  "security-code": "security code",
  "postal-code": "postal code",
};

/** The provider's reasons, in words an agent can say to the caller. */
const REASON: Record<string, string> = {
  "invalid-card-number": "the card number was not valid",
  "invalid-card-type": "that card type is not accepted",
  "invalid-date": "the expiry date was not valid",
  "invalid-security-code": "the security code was not valid",
  "invalid-postal-code": "the postal code was not valid",
  "input-timeout": "the caller did not key in time",
  "caller-interrupted-with-star": "the caller pressed *",
  "caller-hung-up": "the caller hung up",
  "call-ended": "the call ended",
  "payment-connector-error": "the payment processor refused it",
  "too-many-failed-attempts": "too many wrong entries",
  not_started: "the provider did not start it",
};
const reason = (code: string | null) => (code ? (REASON[code] ?? code.replace(/[-_]/g, " ")) : "");

function money(payment: Pick<CallPayment, "amount" | "currency">): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency: payment.currency.toUpperCase() }).format(payment.amount);
  } catch {
    return `${payment.amount.toFixed(2)} ${payment.currency.toUpperCase()}`;
  }
}

export function PaymentPanel() {
  const { call, api, device, paymentsEnabled, setPayment, refreshCall } = useSoftphone();
  const live = useLive();
  const [form, setForm] = useState(false);
  const [amount, setAmount] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const payment = call?.payment ?? null;
  const open = payment !== null && payment.ended_at === null;

  // Without the event stream the provider's reports reach the panel by asking.
  useEffect(() => {
    if (!open || live) return;
    const timer = setInterval(() => void refreshCall(), 2000);
    return () => clearInterval(timer);
  }, [open, live, refreshCall]);

  if (!call || !api || call.phase !== "connected" || call.participant || !call.callSid || !paymentsEnabled) return null;
  const callSid = call.callSid;

  const act = async (request: () => Promise<CallPayment>) => {
    setBusy(true);
    setError(null);
    try {
      setPayment(await request());
      void refreshCall();
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const step = (body: { capture: CallPayment["required"][number] } | { status: "complete" | "cancel" }) =>
    act(() => api.send("patch", "/api/calls/{call_sid}/payments/{id}", { path: { call_sid: callSid, id: payment!.id }, body }));
  const start = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(",", "."));
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) return setError("Enter the amount to charge.");
    if (await act(() => api.send("post", "/api/calls/{call_sid}/payments", { path: { call_sid: callSid }, body: { amount: value, ...(description.trim() && { description: description.trim() }) } }))) {
      setForm(false);
      setAmount("");
      setDescription("");
    }
  };
  const simulate = () =>
    act(async () => {
      await api.send("post", "/api/dev/simulator", { body: { action: "payment_input", call_sid: callSid } });
      const { call: server } = await api.get("/api/agent/status", {});
      if (!server?.payment) throw new Error("The payment is gone.");
      return server.payment;
    });

  if (!open) {
    return (
      <div className="stack" style={{ gap: 6 }}>
        {payment && (
          <div className={payment.status === "succeeded" ? "call-badge" : "small muted"} role="status" data-testid="payment-outcome">
            {payment.status === "succeeded"
              ? `Paid ${money(payment)}${payment.card?.number ? ` with ${payment.card.type ?? "card"} ${payment.card.number}` : ""}` +
                `${payment.confirmation_code ? ` · reference ${payment.confirmation_code}` : ""}`
              : payment.status === "canceled"
                ? `Payment of ${money(payment)} canceled.`
                : `Payment of ${money(payment)} failed: ${reason(payment.error)}.`}
          </div>
        )}
        {error && (
          <div className="alert" role="alert" style={{ margin: 0 }}>
            {error}
          </div>
        )}
        {form ? (
          <form className="transfer-panel stack" aria-label="Take a card payment" onSubmit={start} onKeyDown={(e) => e.key === "Escape" && setForm(false)}>
            <strong>Take a card payment</strong>
            <p className="small muted" style={{ margin: 0 }}>
              The caller keys their card on the phone; you will not hear it, and the recording pauses until the payment ends.
            </p>
            <div className="field" style={{ margin: 0 }}>
              <label htmlFor={`${id}-amount`}>Amount</label>
              <input id={`${id}-amount`} inputMode="decimal" autoFocus required value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="25.00" />
            </div>
            <div className="field" style={{ margin: 0 }}>
              <label htmlFor={`${id}-description`}>What for (optional)</label>
              <input id={`${id}-description`} maxLength={255} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Invoice 1042" />
            </div>
            <div className="controls">
              <button type="submit" className="button" disabled={busy}>
                {busy ? "Starting…" : "Ask for the card"}
              </button>
              <button type="button" className="button secondary" onClick={() => setForm(false)}>
                Close
              </button>
            </div>
          </form>
        ) : (
          <div className="controls">
            <button type="button" className="button secondary" disabled={call.onHold} title={call.onHold ? "Take the caller off hold first" : undefined} onClick={() => setForm(true)}>
              {payment ? "Take another payment" : "Take a payment"}
            </button>
          </div>
        )}
      </div>
    );
  }

  const toAsk = payment.required.filter((field) => field !== payment.capturing);
  return (
    <div className="transfer-panel stack" role="group" aria-label="Card payment" data-testid="payment">
      <div>
        <strong>Card payment · {money(payment)}</strong>
        {payment.description && <span className="small muted"> · {payment.description}</span>}
      </div>
      {payment.recording_paused && <div className="small muted">The recording is paused until the payment ends.</div>}
      {payment.status === "processing" ? (
        <div role="status">Sent to the payment processor; waiting for its answer…</div>
      ) : (
        <div role="status">
          {payment.capturing && payment.required.includes(payment.capturing)
            ? `The caller is keying the ${FIELD_LABEL[payment.capturing]}.`
            : payment.required.length === 0
              ? "Every detail is keyed: charge the card."
              : "Ask the caller for the next detail."}
          {payment.card?.number && (
            <span className="small muted">
              {" "}
              · {payment.card.type ?? "card"} {payment.card.number}
            </span>
          )}
        </div>
      )}
      {payment.error && (
        <div className="alert" role="alert" style={{ margin: 0 }}>
          Not accepted: {reason(payment.error)}. Ask again.
        </div>
      )}
      {toAsk.length > 0 && payment.status === "capturing" && <div className="small muted">Still to key: {toAsk.map((f) => FIELD_LABEL[f]).join(", ")}</div>}
      {error && (
        <div className="alert" role="alert" style={{ margin: 0 }}>
          {error}
        </div>
      )}
      <div className="controls">
        {payment.status === "capturing" &&
          toAsk.map((field) => (
            <button key={field} type="button" className="button secondary" disabled={busy} onClick={() => void step({ capture: field })}>
              Ask for the {FIELD_LABEL[field]}
            </button>
          ))}
        {payment.status === "capturing" && payment.error && payment.capturing && (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void step({ capture: payment.capturing! })}>
            Ask again
          </button>
        )}
        {payment.status === "capturing" && (
          <button type="button" className="button" disabled={busy || payment.required.length > 0} onClick={() => void step({ status: "complete" })}>
            Charge {money(payment)}
          </button>
        )}
        {payment.status === "capturing" && (
          <button type="button" className="button secondary" disabled={busy} onClick={() => void step({ status: "cancel" })}>
            Cancel payment
          </button>
        )}
        {device.simulator && (
          <button type="button" className="button secondary small" disabled={busy} onClick={() => void simulate()}>
            {payment.status === "processing" ? "Simulate the processor's answer" : "Simulate the caller's keys"}
          </button>
        )}
      </div>
    </div>
  );
}
