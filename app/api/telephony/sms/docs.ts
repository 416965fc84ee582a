import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: { POST: "An incoming text message: store it once per MessageSid, honour STOP/START/HELP" },
  form: {
    MessageSid: "The message's SID (SM… or MM…); a repeated delivery stores nothing more",
    AccountSid: "The provider account",
    From: "The sender's number",
    To: "The organization's number: it decides the organization",
    Body: prose`The text (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT alone opt the number out; START, UNSTOP, YES opt it back
      in; HELP, INFO get the help text)`,
    NumMedia: "How many media files",
    "MediaUrl{N}": "The N-th media file (https)",
    "MediaContentType{N}": "Its content type",
  },
};
