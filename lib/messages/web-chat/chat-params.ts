import { z } from "zod";

/** A widget's public key as the script tag names it (a wrong one is no widget: 404). */
export const widgetParams = z.object({ key: z.string().max(64) });
/** Where a visitor's reading resumes: after this line (0: from the start). */
export const afterQuery = z.object({
  after: z.coerce
    .bigint()
    .min(0n)
    .max(2n ** 62n)
    .default(0n),
});
export const streamQuery = z.object({
  token: z.string().max(100).optional(),
  last_id: z.coerce
    .bigint()
    .min(0n)
    .max(2n ** 62n)
    .optional(),
});

export const visitorToken = (request: Request) => request.headers.get("x-visitor-token");
