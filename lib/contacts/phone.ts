import { AsYouType, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** E.164 as the contract states it: "+", then 1–15 digits, the first 1–9. */
export const E164_PATTERN = /^\+[1-9]\d{0,14}$/;

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/** "00 44 …" is how much of the world writes "+44 …": an explicit international prefix, like "+". */
function withPlus(typed: string): string {
  const trimmed = typed.trim();
  return trimmed.startsWith("00") ? `+${trimmed.slice(2)}` : trimmed;
}

function country(code: string): CountryCode | undefined {
  const upper = code.toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

/**
 * A phone number written any common way ("(415) 555-2671", "020 7946 0958",
 * "+44 20 7946 0958", "0044 20 7946 0958") as E.164: an explicit "+" or "00"
 * says the country; anything else is a national number of `defaultCountry`.
 * Null when it is not a valid number (a national "2125550" is not a Moroccan one).
 * Already E.164 is kept as written.
 * The pages run it on what people type; the API keeps its strict E.164 rule.
 */
export function toE164(raw: string, defaultCountry: string): string | null {
  const typed = withPlus(raw);
  // Already E.164 (the rule stored values follow): kept as written, as the API keeps it.
  if (isE164(typed)) return typed;
  const parsed = typed.startsWith("+") ? parsePhoneNumberFromString(typed) : parsePhoneNumberFromString(typed, country(defaultCountry));
  return parsed?.isValid() ? parsed.number : null;
}

/** What a person typed, grouped as they would write it ("(212) 555-0199", "+44 20 7946 0958") while they type. */
export function formatAsTyped(typed: string, defaultCountry: string): string {
  if (typed.trim() === "") return typed;
  const international = withPlus(typed).startsWith("+");
  return new AsYouType(international ? undefined : country(defaultCountry)).input(international ? withPlus(typed) : typed);
}

/** Only the digits: what quick search compares a typed phone fragment with. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Does a search text look like (part of) a phone number rather than a name? */
export function looksLikePhone(query: string): boolean {
  return /^[+\d\s().-]+$/.test(query) && phoneDigits(query).length >= 3;
}
