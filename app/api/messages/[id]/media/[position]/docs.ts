import type { RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Messages",
  file: { GET: ["image/*", "audio/*", "video/*", "application/octet-stream"] },
  summary: {
    GET: prose`A file someone sent with a message (a WhatsApp picture, voice note or document; an MMS picture), as this service
      kept it: fetched from the provider with the account's credentials when it arrived, up to 16 MB. Whoever may read
      the conversation`,
  },
  description: {
    GET: prose`The thread's <img> and <audio> elements ask with the web session cookie; API clients with their bearer token.
      Pictures, audio and video are served inline; anything else as a download (application/octet-stream), with
      X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy. The provider's own address never leaves
      the service.`,
  },
  responses: { GET: { "502": "The provider would not give the file, or it is over 16 MB" } },
};
