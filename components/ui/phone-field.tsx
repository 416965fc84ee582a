"use client";

import { useState } from "react";
import { formatAsTyped, toE164 } from "@/lib/contacts/phone";
import { countryName } from "@/lib/client/format/countries";
import { useOrganization } from "@/lib/client/swr/use-organization";

/**
 * A phone number as people type it: grouped while typed, read in the
 * organization's country unless it starts with "+" or "00", and sent as
 * E.164 (a hidden input named `name` holds what the form submits). The hint
 * says what will be saved, so nobody has to know the format.
 */
export function PhoneField({ id, name, label, defaultValue = "", required = false, error }: { id: string; name: string; label: string; defaultValue?: string; required?: boolean; error?: string }) {
  const country = useOrganization().default_country;
  const [typed, setTyped] = useState(() => formatAsTyped(defaultValue, country));
  const e164 = toE164(typed, country);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && " *"}
      </label>
      <input
        id={id}
        value={typed}
        onChange={(e) => setTyped(e.target.value.length < typed.length ? e.target.value : formatAsTyped(e.target.value, country))}
        required={required}
        inputMode="tel"
        autoComplete="tel"
        placeholder={country === "US" ? "(415) 555-2671" : "+1 415 555 2671"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      {/* Not a number the library knows (a new range, a test number): sent without its spaces, and the API's E.164 rule decides. */}
      <input type="hidden" name={name} value={e164 ?? typed.replace(/[\s().-]/g, "")} />
      <span id={hintId} className="hint">
        {e164 ? `Saved as ${e164}` : `A national number of ${countryName(country)}, or + (or 00) and the country code.`}
      </span>
      {error && (
        <span id={errorId} className="error">
          {error}
        </span>
      )}
    </div>
  );
}
