import "server-only";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Tx } from "@/lib/db/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Person } from "./find-person";
import { mentions } from "./mentions";

// An import keeps the file it was given (import_chunks) as bytes, so a row of
// the person stays readable there after their contact and staged rows are
// gone. Those bytes are read only while the import is validated (queued,
// validating: the rows are staged from them, and a restarted validation starts
// over from them); from then on the import works from its staged rows, and its
// record (who ran it, what it counted, what it did) is the job's. So the raw
// file of a validated import that names the person is dropped whole: cutting
// one record out of a CSV in any of four encodings, across 1 MB chunk edges,
// would keep bytes that nothing reads. An import still being validated holds
// the erasure back (409), as a call in progress does.

/** Statuses in which the import still reads its raw file. */
const READING = ["queued", "validating"];

export interface UploadNaming {
  id: string;
  status: string;
}

/**
 * The organization's imports whose raw file names the person: the import
 * that created their contact, those with a staged row of theirs, and any whose
 * bytes hold one of their numbers (as stored, as digits, in national and
 * international writing), addresses or names, in UTF-8 or UTF-16. `lock`: the
 * jobs are locked, so none starts reading its file before the transaction ends.
 */
export function uploadsNaming(db: Tx, person: Person, { lock = false } = {}): Promise<UploadNaming[]> {
  const needles = byteNeedles(person);
  // A string cut by a chunk's edge is found in the seam: the end of one chunk and the start of the next.
  const seam = Math.max(1, ...needles.map((n) => n.length / 2)) - 1;
  const found = Prisma.sql`position(decode(s, 'hex') IN c.data) > 0
    OR position(decode(s, 'hex') IN substring(c.data FROM greatest(length(c.data) - ${seam} + 1, 1)) || substring(n.data FROM 1 FOR ${seam})) > 0`;
  return runSql(db).rows<UploadNaming>`
    SELECT j.id::text AS id, j.status FROM import_jobs j
    WHERE j.organization_id = ${person.organizationId} AND (
      j.id = (SELECT import_id FROM contacts WHERE id = ${person.contactId})
      OR EXISTS (SELECT 1 FROM import_rows r WHERE r.import_id = j.id
                   AND (r.duplicate_id = ${person.contactId} OR ${mentions(Prisma.sql`r.contact`, person)} OR ${mentions(Prisma.sql`r.errors`, person)}))
      OR EXISTS (SELECT 1 FROM import_chunks c LEFT JOIN import_chunks n ON n.import_id = c.import_id AND n.seq = c.seq + 1
                 WHERE c.import_id = j.id AND EXISTS (SELECT 1 FROM unnest(${needles}::text[]) s WHERE ${found})))
    ${lock ? Prisma.sql`FOR UPDATE OF j` : Prisma.empty}`;
}

/** Refuses (409) while an import that names the person still reads its raw file. */
export function assertUploadsSettled(uploads: UploadNaming[]): void {
  if (uploads.some((u) => READING.includes(u.status))) {
    throw AppError.conflict("An import that names this person is being validated: erase them once it has been (the import's page shows when).");
  }
}

/**
 * Drops the raw files of the validated imports that name the person, in the
 * erasure's transaction (before their staged rows go: those find the imports).
 * Their jobs and the other people's staged rows stay.
 */
export async function eraseUploads(tx: Tx, person: Person): Promise<number> {
  const uploads = await uploadsNaming(tx, person, { lock: true });
  assertUploadsSettled(uploads);
  if (uploads.length === 0) return 0;
  await runSql(tx).count`DELETE FROM import_chunks WHERE import_id = ANY(${uploads.map((u) => u.id)}::uuid[])`;
  return uploads.length;
}

/** The person's strings as a file may hold them, hex-encoded bytes (UTF-8, UTF-16 LE and BE). */
export function byteNeedles(person: Pick<Person, "phones" | "emails" | "names">): string[] {
  const strings = new Set<string>([...person.names, ...person.emails, ...person.emails.map((e) => e.toLowerCase())]);
  for (const phone of person.phones) {
    strings.add(phone);
    const parsed = parsePhoneNumberFromString(phone);
    if (!parsed) continue;
    strings.add(`${parsed.countryCallingCode}${parsed.nationalNumber}`);
    strings.add(parsed.nationalNumber);
    strings.add(parsed.formatNational());
    strings.add(parsed.formatInternational());
  }
  const bytes = [...strings]
    .filter((s) => s.length >= 4)
    .flatMap((s) => {
      const utf16le = Buffer.from(s, "utf16le");
      return [Buffer.from(s, "utf8"), utf16le, Buffer.from(utf16le).swap16()];
    });
  return [...new Set(bytes.map((b) => b.toString("hex")))];
}
