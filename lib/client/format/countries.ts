import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";

// Country names from the runtime's own data (Intl.DisplayNames), codes and
// calling codes from the phone-number library: nothing hand-maintained.
const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;

/** "United States" for "US"; the code itself when the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface CountryChoice {
  code: string;
  name: string;
  callingCode: string;
}

let choices: CountryChoice[] | null = null;

/** Every country with a numbering plan, by name. */
export function countryChoices(): CountryChoice[] {
  choices ??= getCountries()
    .map((code: CountryCode) => ({ code, name: countryName(code), callingCode: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return choices;
}
