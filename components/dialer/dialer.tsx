"use client";

import { formatAsTyped, toE164 } from "@/lib/contacts/phone";
import { countryName } from "@/lib/client/format/countries";
import { useOrganization } from "@/lib/client/swr/use-organization";
import { useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { formatPhone } from "@/lib/client/format/display";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { Keypad } from "@/components/softphone/keypad";
import { useSoftphone } from "@/components/softphone/softphone-provider";

/** A contact the dialer suggests, as GET /api/contacts/lookup answers it. */
type Suggestion = GetAnswer<"/api/contacts/lookup">["data"][number];

/** Why this contact should not be called unprompted, or null. Dialing stays possible: they may have asked for the call. */
function doNotCallReason(s: Suggestion): string | null {
  if (s.opted_out) return "opted out of calls";
  if (s.tags?.some((t) => t.toLowerCase() === "dnc")) return "tagged DNC";
  return null;
}

export function Dialer() {
  const params = useSearchParams();
  const { device, call, dial } = useSoftphone();
  // National numbers are read in the organization's country; "+" or "00" names another.
  const country = useOrganization().default_country;
  const [number, setNumber] = useState(() => (params.get("to") ? formatAsTyped(params.get("to")!, country) : ""));
  const [contact, setContact] = useState<{ id: number; name: string; warning?: string | null } | null>(() =>
    params.get("contact") ? { id: Number(params.get("contact")), name: params.get("name") ?? "Contact" } : null,
  );
  const [search, setSearch] = useState("");
  const [touched, setTouched] = useState(false);
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const suggestions = useApiGet("/api/contacts/lookup", debounced.length >= 2 ? { query: { q: debounced } } : null);

  const e164 = toE164(number, country);
  // Empty is said only once Call was pressed (a field left on its way elsewhere is no mistake); half a number, once touched.
  const [submitted, setSubmitted] = useState(false);
  const empty = number.trim() === "";
  const invalid = (touched && !empty && !e164) || (submitted && empty);

  const onType = (value: string) => {
    setContact(null);
    setSubmitted(false);
    // Format as typed, but never fight the user deleting a formatting character.
    setNumber(value.length < number.length ? value : formatAsTyped(value, country));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setSubmitted(true);
    if (!e164) return;
    await dial(e164, contact);
  };

  const pick = (s: Suggestion) => {
    setContact({ id: s.id, name: s.name, warning: doNotCallReason(s) });
    setNumber(formatAsTyped(s.phone, country));
    setSearch("");
    setDebounced("");
  };

  return (
    <div className="grid-2">
      <form className="panel" onSubmit={onSubmit} aria-label="Dial a number" noValidate>
        <div className="field">
          <label htmlFor="dial-number">Number</label>
          <input
            id="dial-number"
            className="dial-number"
            inputMode="tel"
            autoComplete="off"
            placeholder={country === "US" ? "(415) 555-2671" : "+1 415 555 2671"}
            value={number}
            onChange={(e) => onType(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={invalid}
            aria-describedby="dial-hint"
          />
          <span id="dial-hint" className={invalid ? "error" : "hint"} aria-live="polite">
            {invalid && empty
              ? "Enter a number to call, or pick a contact."
              : invalid
                ? `Not a whole number yet: a national number of ${countryName(country)}, or + (or 00) and the country code.`
                : contact
                  ? `Calling ${contact.name}`
                  : e164
                    ? `Calls ${e164}`
                    : `A national number of ${countryName(country)}, or + and the country code for another.`}
          </span>
          {contact?.warning && (
            <span className="error" role="alert">
              {contact.name} is {contact.warning}: call only if they asked you to.
            </span>
          )}
        </div>
        <Keypad label="Dial pad" onDigit={(d) => onType(number + d)} />
        <div className="row" style={{ marginTop: 12 }}>
          <button type="submit" className="button ok" disabled={!device.registered || !!call}>
            Call
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setNumber("");
              setContact(null);
            }}
          >
            Clear
          </button>
          {!device.registered && <span className="small error">{device.reason}</span>}
        </div>
      </form>
      <div className="panel">
        <div className="field">
          <label htmlFor="dial-search">Find a contact</label>
          <input id="dial-search" type="search" placeholder="Name, company or number" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {debounced.length >= 2 && suggestions.data && suggestions.data.data.length === 0 && <p className="muted small">No contact matches “{debounced}”.</p>}
        {suggestions.data && suggestions.data.data.length > 0 && (
          <ul className="suggestions" aria-label="Matching contacts">
            {suggestions.data.data.map((s) => (
              <li key={s.id}>
                <button type="button" onClick={() => pick(s)}>
                  <span>
                    <strong>{s.name}</strong>
                    {s.company && <span className="muted small"> · {s.company}</span>}
                    {doNotCallReason(s) && (
                      <span className="badge warn" style={{ marginLeft: 6 }}>
                        {doNotCallReason(s)}
                      </span>
                    )}
                  </span>
                  <span className="mono small">{formatPhone(s.phone)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
