import { Prisma } from "@/lib/generated/prisma/client";
import type { Person } from "./find-person";

// A JSON column (an event's data, a webhook's body, an audit entry's details,
// an import row) "mentions" a person when it names their contact id, or holds
// one of their numbers, addresses, names or call sids as a whole JSON string.
// Names match only whole ("Dora Diaz", quotes included): a name inside other
// text is not a way to find the person again, and a loose match would erase
// other people's records.

function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE patterns of a JSON document's text that give the person away. */
export function mentionPatterns(person: Person): string[] {
  const strings = [...person.phones, ...person.emails, ...person.names, ...person.callSids];
  return strings.map((value) => `%${likeLiteral(JSON.stringify(value))}%`);
}

/** `column` (jsonb) mentions the person: their contact id at its top or under `data` (an event, a webhook body), or one of their strings anywhere. */
export function mentions(column: Prisma.Sql, person: Person): Prisma.Sql {
  const id = String(person.contactId);
  return Prisma.sql`(${column}->>'contact_id' = ${id} OR ${column}->'data'->>'contact_id' = ${id} OR ${column}::text LIKE ANY(${mentionPatterns(person)}::text[]))`;
}
