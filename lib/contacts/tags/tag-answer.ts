import { z } from "zod";

// What the tag routes answer (list-tags.ts and tag-change.ts return exactly this).

/** GET /api/tags: every tag the caller can see, with how many active contacts carry it. */
export const tagListAnswer = z.array(
  z.object({
    name: z.string(),
    contact_count: z.number().int(),
    is_dnc: z.boolean().meta({ description: "The Do Not Call tag: contacts carrying it are never dialed" }),
  }),
);

/** A rename or merge done inside the request (the operation's result when it ran as one). */
export const tagChangeAnswer = z.object({
  name: z.string().meta({ description: "The tag the contacts now carry" }),
  contacts_updated: z.number().int(),
});
