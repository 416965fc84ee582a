"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { CARD_TYPES, paymentSettingsSchema } from "@/lib/calls/payments/payment-schemas";
import { FieldError } from "./field-error";

/**
 * The payment step (issue 47, point 2): the provider's Pay Connector that
 * takes card payments on calls, the currency, what the caller keys and the
 * cards accepted. With a connector named, agents see Take a payment on a call;
 * the recording pauses while one runs. Checked with the API's own schema.
 */
export function PaymentStepSetting() {
  const token = useApiToken();
  const settings = useApiGet("/api/settings/calls", {});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (!settings.data) return <SkeletonRows rows={3} />;
  const payments = settings.data.payments;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const connector = String(form.get("connector") ?? "").trim();
    const candidate = {
      connector: connector === "" ? null : connector,
      currency: String(form.get("currency") ?? ""),
      security_code: form.get("security_code") === "on",
      postal_code: form.get("postal_code") === "on",
      card_types: form.getAll("card_types").map(String),
    };
    const checked = paymentSettingsSchema.safeParse(candidate);
    setSaved(false);
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? "form"), [issue.message]])));
    setPending(true);
    setErrors({});
    try {
      await settings.mutate(await apiFetch("/api/settings/calls", token!, { method: "PUT", body: JSON.stringify({ payments: checked.data }) }), { revalidate: false });
      setSaved(true);
    } catch (e) {
      setErrors(Object.fromEntries(Object.entries(submitErrors(e)).map(([key, messages]) => [key.replace(/^payments\.?/, "").split(".")[0] || "form", messages])));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="panel stack" aria-labelledby="payment-step-title" onSubmit={submit} noValidate>
      <h2 id="payment-step-title">Card payments on calls</h2>
      <p className="small muted">
        Agents take a card payment during a call: the caller keys the card on their phone, the provider sends it to your payment processor through its Pay Connector, and the agent never hears it. The
        call&apos;s recording pauses while the payment runs and resumes when it ends. Leave the connector empty to turn payments off.
      </p>
      <div className="field">
        <label htmlFor="payment-connector">Pay Connector (its unique name at the provider)</label>
        <input id="payment-connector" name="connector" defaultValue={payments.connector ?? ""} placeholder="Stripe_Connector" autoComplete="off" />
        <FieldError message={errors.connector?.[0]} />
      </div>
      <div className="field">
        <label htmlFor="payment-currency">Currency</label>
        <input id="payment-currency" name="currency" defaultValue={payments.currency} maxLength={3} style={{ maxWidth: 100 }} placeholder="usd" />
        <FieldError message={errors.currency?.[0]} />
      </div>
      <label className="row" style={{ alignItems: "center" }}>
        <input type="checkbox" name="security_code" defaultChecked={payments.security_code} /> The caller keys the card&apos;s security code
      </label>
      <label className="row" style={{ alignItems: "center" }}>
        <input type="checkbox" name="postal_code" defaultChecked={payments.postal_code} /> The caller keys the card&apos;s postal code
      </label>
      <fieldset className="row" style={{ flexWrap: "wrap" }}>
        <legend>Cards accepted</legend>
        {CARD_TYPES.map((type) => (
          <label key={type} className="row" style={{ alignItems: "center" }}>
            <input type="checkbox" name="card_types" value={type} defaultChecked={payments.card_types.includes(type)} /> {type}
          </label>
        ))}
        <FieldError message={errors.card_types?.[0]} />
      </fieldset>
      <div className="row" style={{ alignItems: "center" }}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Save card payments"}
        </button>
        {saved && (
          <span className="success small" role="status">
            Saved.
          </span>
        )}
        {errors.form && (
          <span className="error small" role="alert">
            {errors.form[0]}
          </span>
        )}
      </div>
    </form>
  );
}
