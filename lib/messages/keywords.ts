// The carrier keywords every sender must honour (CTIA guidelines, and what the
// provider's own opt-out handling recognizes): a message that is only one of
// these words, in any case, with surrounding spaces or a final full stop or
// exclamation mark, changes the number's consent or asks for help.

export type MessageKeyword = "opt_out" | "opt_in" | "help";

const KEYWORDS: Record<string, MessageKeyword> = {
  STOP: "opt_out",
  STOPALL: "opt_out",
  UNSUBSCRIBE: "opt_out",
  CANCEL: "opt_out",
  END: "opt_out",
  QUIT: "opt_out",
  START: "opt_in",
  UNSTOP: "opt_in",
  YES: "opt_in",
  HELP: "help",
  INFO: "help",
};

export function messageKeyword(body: string): MessageKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  return KEYWORDS[word] ?? null;
}

/** What the sender answers each keyword with (HELP answers the organization's help text). */
export const KEYWORD_REPLIES: Record<Exclude<MessageKeyword, "help">, string> = {
  opt_out: "You have been unsubscribed and will receive no more messages from us. Reply START to subscribe again.",
  opt_in: "You have been subscribed again. Reply STOP to unsubscribe, HELP for help.",
};
