import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { z } from "zod";
import { departmentScope, organizationScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { contactCardAnswer } from "./contact-answer";
import { CONTACT_CARD_COLUMNS_SQL, contactCardSelect, type ContactCardRow } from "./contact-columns";
import { contactOrderBy, contactWhere, type ContactFilters } from "./contact-filters";

export const lookupContactsQuery = z
  .object({
    q: z.string().trim().min(1).max(255).optional(),
    phone: z.string().trim().min(1).max(20).optional(),
  })
  .refine((v) => v.q || v.phone, { message: "Give q (name, phone, email or company) or phone.", path: ["q"] });

/**
 * What GET /api/contacts/lookup answers: the softphone's caller card and the
 * dialer's suggestions. A caller's contact of a department the user does not
 * see comes restricted: who is calling (name, company, phone), nothing of what
 * that department keeps about them (email, tags, notes, call history).
 */
export const contactLookupAnswer = z.object({
  data: z.array(
    contactCardAnswer.partial({ email: true, tags: true, notes: true, last_called_at: true, last_call_outcome: true, total_calls: true }).extend({
      /** The contact asked not to be called: the agent is told before dialing. */
      opted_out: z.boolean(),
      restricted: z.boolean().meta({ description: "The contact belongs to a department the caller does not see: only id, name, company, phone and opted_out are given" }),
    }),
  ),
});
type LookupCard = z.output<typeof contactLookupAnswer>["data"][number];

type CardRow = ContactCardRow;

// opted_out: the agent is told before dialing someone who asked not to be called.
const card = ({ opted_out_at, ...c }: CardRow): LookupCard => ({ ...c, id: Number(c.id), opted_out: opted_out_at !== null, restricted: false });

/** A caller's card from another department: enough to greet them, nothing that department keeps. */
const restrictedCard = (c: CardRow): LookupCard => ({ id: Number(c.id), name: c.name, company: c.company, phone: c.phone, opted_out: c.opted_out_at !== null, restricted: true });

/**
 * The softphone's contact lookup (every role that places calls, agents
 * included, who cannot open the contact manager): a few fields of at most ten
 * active contacts. By `q` within the contacts the caller's department sees; by
 * exact `phone` (the caller card of a ringing call) within the organization,
 * restricted when the contact is outside the caller's department.
 */
export async function lookupContacts({ actor, query }: { actor: SessionUser; query: z.infer<typeof lookupContactsQuery> }) {
  if (query.phone) {
    const rows = await prisma.contact.findMany({ where: { phone: query.phone, status: "active", ...organizationScope(actor) }, select: { ...contactCardSelect, department_id: true }, take: 1 });
    const department = departmentScope(actor).department_id;
    return { data: rows.map(({ department_id, ...row }) => (department === undefined || department === department_id ? card(row) : restrictedCard(row))) };
  }
  const { sql } = contactWhere(actor, { q: query.q, status: "active" } as ContactFilters);
  const statement = Prisma.sql`
    SELECT ${Prisma.raw(CONTACT_CARD_COLUMNS_SQL)}
    FROM contacts c WHERE ${sql} ORDER BY ${contactOrderBy("name")} LIMIT 10`;
  const rows = await runSql().rows<CardRow>(statement.text, statement.values);
  return { data: rows.map(card) };
}
