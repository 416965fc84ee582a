import type { RouteDocs } from "@/lib/routes/operation-group";

export const docs: RouteDocs = {
  tag: "Provider callbacks",
  ahead: "callback",
  summary: { POST: "A sent message's delivery status; statuses only move forward" },
  form: {
    MessageSid: "The message's SID",
    MessageStatus: "queued, sending, sent, delivered, undelivered, failed or read",
    ErrorCode: "The provider's error code on failure",
    message: "(query) our message id, named in the address we gave the provider",
  },
};
