import "server-only";
import { Readable } from "node:stream";
import archiver from "archiver";
import { departmentScope } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { writeAuditLog } from "@/lib/audit/write-audit-log";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import { telephony } from "@/lib/telephony/port";
import { personRecordings } from "./erase-recordings";
import { findPerson, type Person } from "./find-person";
import { personExportData } from "./person-export-data";

/**
 * Export on request (GDPR article 15 and 20, CCPA; issue 47, point 6):
 * everything held about the person as a zip, one JSON file per kind of
 * record and their recordings as audio, streamed as it is written (a person
 * with years of recorded calls is not held in memory). A recording the
 * provider will not give is named in manifest.json, never silently left out.
 * Audited: who exported whom, and how much.
 */
export async function exportContact({ actor, id }: { actor: SessionUser; id: bigint }): Promise<Response> {
  const contact = await prisma.contact.findFirst({ where: { id, ...departmentScope(actor) }, select: { id: true, organization_id: true } });
  const person = contact && (await findPerson(prisma, contact.organization_id, contact.id));
  if (!person) throw AppError.notFound();
  const files = await personExportData(person);
  const { calls, voicemails } = await personRecordings(person);
  await writeAuditLog(prisma, {
    organization_id: person.organizationId,
    department_id: person.departmentId,
    user_id: actor.id,
    action: "contact.exported",
    subject_type: "contact",
    subject_id: person.contactId,
    details: { records: Object.fromEntries(Object.entries(files).map(([name, rows]) => [name, rows.length])), recordings: calls.length + voicemails.length },
  });

  const zip = archiver("zip", { zlib: { level: 6 } });
  zip.on("warning", (error) => logger.warn("personal data export", { error: error.message }));
  const recordings: Recording[] = [
    ...calls.map((c) => ({ file: `call-${c.call_sid}`, callSid: c.call_sid, recording: { callSid: c.call_sid, url: c.recording_url, sid: c.recording_sid, seconds: null } })),
    ...voicemails.map((v) => ({ file: `voicemail-${v.call_sid}`, callSid: v.call_sid, recording: { callSid: v.call_sid, url: v.recording_url, sid: null, seconds: null } })),
  ];
  void writeArchive(zip, person, files, recordings).catch((error: Error) => zip.destroy(error));
  const name = `contact-${person.contactId}-${new Date().toISOString().slice(0, 10)}.zip`;
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "private, no-store" },
  });
}

type Recording = { file: string; callSid: string; recording: { callSid: string; url: string | null; sid: string | null; seconds: number | null } };

/** The recordings first (each JSON file then names the file its recording is in), then one JSON file per kind of record, then the manifest. */
async function writeArchive(zip: archiver.Archiver, person: Person, files: Record<string, Record<string, unknown>[]>, recordings: Recording[]): Promise<void> {
  const written = new Map<string, string>();
  const missing: { file: string; reason: string }[] = [];
  for (const { file, callSid, recording } of recordings) {
    const media = await telephony()
      .recordingMedia(person.organizationId, recording, null)
      .catch((error: Error) => ({ ok: false, status: 0, statusText: error.message, body: null, headers: new Headers() }) as const);
    if (!media || !media.ok || !media.body) {
      missing.push({ file, reason: media ? `the provider answered ${media.status || media.statusText}` : "no address to fetch it from" });
      continue;
    }
    const name = `recordings/${file}.${media.headers.get("content-type")?.includes("wav") ? "wav" : "mp3"}`;
    // Audio is already compressed: stored, not deflated again. One recording at
    // a time: the next is asked for once this one is in the archive.
    const archived = new Promise<void>((resolve) => {
      const onEntry = (entry: archiver.EntryData) => {
        if (entry.name !== name) return;
        zip.off("entry", onEntry);
        resolve();
      };
      zip.on("entry", onEntry);
      zip.once("close", resolve); // the reader went away: nothing more is written
    });
    zip.append(Readable.fromWeb(media.body as import("node:stream/web").ReadableStream), { name, store: true });
    await archived;
    written.set(`${file.startsWith("voicemail-") ? "voicemails" : "calls"}:${callSid}`, name);
  }
  for (const [kind, rows] of Object.entries(files)) {
    const filled = rows.map((row) => ("recording_file" in row ? { ...row, recording_file: written.get(`${kind}:${String(row.call_sid)}`) ?? null } : row));
    zip.append(json(kind === "contact" ? (filled[0] ?? null) : filled), { name: `${kind}.json` });
  }
  const manifest = {
    contact_id: String(person.contactId),
    generated_at: new Date().toISOString(),
    files: [...Object.keys(files).map((kind) => `${kind}.json`), ...written.values()],
    missing_recordings: missing,
  };
  zip.append(json(manifest), { name: "manifest.json" });
  await zip.finalize();
}

function json(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? String(v) : v), 2);
}
