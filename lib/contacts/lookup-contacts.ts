import "server-only";
import { rawQuery } from "@/lib/db/raw-sql";
import { z } from "zod";
import { organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { contactCardAnswer } from "./contact-answer";
import { contactOrderBy, contactWhere, type ContactFilters } from "./contact-filters";

export const lookupContactsQuery = z
  .object({
    q: z.string().trim().min(1).max(255).optional(),
    phone: z.string().trim().min(1).max(20).optional(),
  })
  .refine((v) => v.q || v.phone, { message: "Give q (name, phone, email or company) or phone.", path: ["q"] });

/** What GET /api/contacts/lookup answers: the softphone's caller card and the dialer's suggestions. */
export const contactLookupAnswer = z.object({
  data: z.array(contactCardAnswer.extend({
    /** The contact asked not to be called: the agent is told before dialing. */
    opted_out: z.boolean(),
  })),
});

const CARD = { id: true, name: true, phone: true, email: true, company: true, tags: true, notes: true, last_called_at: true, last_call_outcome: true, total_calls: true, opted_out_at: true } as const;

interface CardRow {
  id: bigint;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  tags: string[];
  notes: string | null;
  last_called_at: Date | null;
  last_call_outcome: string | null;
  total_calls: number;
  opted_out_at: Date | null;
}

// opted_out: the agent is told before dialing someone who asked not to be called.
const card = ({ opted_out_at, ...c }: CardRow): z.output<typeof contactLookupAnswer>["data"][number] => ({ ...c, id: Number(c.id), opted_out: opted_out_at !== null });

/**
 * The softphone's contact lookup (every role that places calls, agents
 * included, who cannot open the contact manager): a few fields of at most ten
 * active contacts. By `q` within the contacts the caller's department sees; by
 * exact `phone` (the caller card of a ringing call) within the organization.
 */
export async function lookupContacts({ actor, query }: { actor: SessionUser; query: z.infer<typeof lookupContactsQuery> }) {
  if (query.phone) {
    const rows = await prisma.contact.findMany({ where: { phone: query.phone, status: "active", ...organizationScope(actor) }, select: CARD, take: 1 });
    return { data: rows.map(card) };
  }
  const { sql } = contactWhere(actor, { q: query.q, status: "active" } as ContactFilters);
  const statement = Prisma.sql`
    SELECT c.id, c.name, c.phone, c.email, c.company, c.tags, c.notes, c.last_called_at, c.last_call_outcome, c.total_calls, c.opted_out_at
    FROM contacts c WHERE ${sql} ORDER BY ${contactOrderBy("name")} LIMIT 10`;
  const rows = await rawQuery<CardRow>(statement.text, statement.values);
  return { data: rows.map(card) };
}
