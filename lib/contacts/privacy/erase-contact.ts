import "server-only";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { StepOperationKind } from "@/lib/contacts/operations/operation-kind";
import { startOperation } from "@/lib/contacts/operations/start-operation";
import { erasePersonRecords } from "./erase-person-records";
import { eraseRecordings, personRecordings } from "./erase-recordings";
import { findPerson, type Person } from "./find-person";
import { assertUploadsSettled, uploadsNaming } from "./person-uploads";

export interface ContactErasure {
  organization_id: number;
  /** As a string: the operation's input is JSON. */
  contact_id: string;
}

/**
 * Erasure on request (GDPR article 17, CCPA; issue 47, point 5): refused while
 * something must keep the person's records (a legal hold on them or one of
 * their calls, a call in progress, an import still reading a file that names
 * them), else started as an operation whose progress the caller follows. The
 * operation's input holds only the ids.
 */
export async function eraseContact({ actor, id, dryRun }: { actor: SessionUser; id: bigint; dryRun: boolean }) {
  const contact = await prisma.contact.findFirst({ where: { id, ...departmentScope(actor) }, select: { id: true, organization_id: true } });
  if (!contact) throw AppError.notFound();
  const person = await findPerson(prisma, contact.organization_id, contact.id);
  if (!person) throw AppError.notFound();
  if (dryRun) return previewErasure(person);
  await assertErasable(person);
  const { count } = await personRecordings(person);
  const input: ContactErasure = { organization_id: person.organizationId, contact_id: String(person.contactId) };
  return startOperation({ actor, kind: "contact.erase", input: { ...input }, total: count + 1 });
}

/** What an erasure of this person would reach, erasing nothing. */
async function previewErasure(person: Person) {
  const { count } = await personRecordings(person);
  const erasable = await assertErasable(person).then(
    () => true,
    (error) => (error instanceof AppError && error.code === "conflict" ? false : Promise.reject(error)),
  );
  return { dry_run: true as const, contact_id: String(person.contactId), calls: person.callSids.length, recordings: count, phones: person.phones.length, emails: person.emails.length, erasable };
}

async function assertErasable(person: Person): Promise<void> {
  const held = await prisma.contact.count({ where: { id: person.contactId, legal_hold_at: { not: null } } });
  const heldCalls = await prisma.callLog.count({ where: { organization_id: person.organizationId, call_sid: { in: person.callSids }, legal_hold_at: { not: null } } });
  if (held || heldCalls) {
    throw AppError.conflict("A legal hold keeps this person's records: release it (on the contact or on each held call) before erasing them.", { extra: { legal_hold: true } });
  }
  const live = await prisma.liveCall.count({ where: { organization_id: person.organizationId, ended_at: null, OR: [{ contact_id: person.contactId }, { number: { in: person.phones } }] } });
  if (live) throw AppError.conflict("This person is on a call now: erase them once it has ended.");
  assertUploadsSettled(await uploadsNaming(prisma, person));
}

/**
 * The erasure's steps: the recordings, one by one at the provider (progress
 * moves with each), then every record here in one transaction, with the
 * audit entry that says what was erased and by whom (counts, no content).
 * Run again after a takeover, it finds the recordings already gone; a contact
 * already gone means the transaction committed.
 */
export const contactErasureOperation: StepOperationKind<ContactErasure> = {
  async run(operation, actor, progress) {
    const person = await findPerson(prisma, operation.input.organization_id, BigInt(operation.input.contact_id));
    if (!person) return { erased: true, already: true };
    const { count } = await personRecordings(person);
    const recordings = await eraseRecordings(person, (done) => progress(done, count + 1));
    await assertErasable(person);
    const counts = await prisma.$transaction(
      async (tx) => {
        const erased = await erasePersonRecords(tx, person);
        await writeAuditLog(tx, {
          organization_id: person.organizationId,
          department_id: person.departmentId,
          user_id: actor.id,
          action: "contact.erased",
          subject_type: "contact",
          subject_id: person.contactId,
          details: { operation_id: operation.id, recordings, ...erased },
        });
        return erased;
      },
      { timeout: 120_000 },
    );
    return { erased: true, recordings, ...counts };
  },
};
