import type { CallerMenu } from "@/lib/settings/routing-schemas";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

type Option = CallerMenu["options"][number];

const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N} ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The option a caller chose: the key they pressed, or words they said (the
 * option's label or one of its words, anywhere in what was heard). Anything
 * else is no choice: the menu is asked again, never an error.
 */
export function menuChoice(menu: CallerMenu, { digits, speech }: { digits: string | null; speech: string | null }): Option | null {
  if (digits) return menu.options.find((o) => o.digit === digits.trim().slice(0, 1)) ?? null;
  if (!speech) return null;
  const heard = ` ${normalize(speech)} `;
  return menu.options.find((o) => [o.label, ...o.words].some((w) => normalize(w) && heard.includes(` ${normalize(w)} `))) ?? null;
}

/** What the caller hears: the greeting, then each option. */
export function menuPrompt(menu: CallerMenu): string {
  return [menu.greeting, ...menu.options.map((o) => `For ${o.label}, press ${o.digit === "*" ? "star" : o.digit === "#" ? "pound" : o.digit}.`)].join(" ");
}

/** Where silence, or a second answer the menu cannot place, takes the caller: the default option, else the first. */
export function menuDefault(menu: CallerMenu): Option {
  return menu.options.find((o) => o.digit === menu.default_digit) ?? menu.options[0];
}

/** The menu's address; `try` counts the caller's attempts (signed with the address, so a caller cannot skip ahead). */
export const menuPath = (attempt: number) => `${CALLBACK_PATHS.menu}?try=${attempt}`;
