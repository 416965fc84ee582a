import "server-only";
import { ownerScope, servesQueue } from "@/lib/auth/scope";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { providerConfig } from "@/lib/twilio/provider-config";
import { simulatorEnabled } from "@/lib/twilio/simulator-enabled";

/** Where the simulator keeps the recording of a call (a path of this service: the pages play it with the session). */
export function simulatedRecordingPath(callSid: string): string {
  return `/api/dev/recordings/${callSid}`;
}

/**
 * A recording as the simulator makes one: a WAV of a few seconds (8 kHz,
 * 16-bit, mono) with a soft two-tone "conversation", so the demo's call
 * history has something to play. Never a real voice: nothing was said.
 */
export function simulatedRecordingAudio(seconds: number): Buffer {
  return toneWav(Math.max(1, Math.min(8, Math.round(seconds))));
}

function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const speaker = Math.floor(t / 0.8) % 2; // two parties taking turns
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 3 * t);
    const value = Math.sin(2 * Math.PI * (speaker ? 220 : 330) * t) * syllable * 0.15;
    wav.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return wav;
}

/** GET /api/dev/recordings/{call_sid}: the simulated recording of a call the caller may read; 404 without the simulator. */
export async function simulatedRecording({ actor, callSid }: { actor: SessionUser; callSid: string }): Promise<Response> {
  if (!simulatorEnabled(await providerConfig(actor.organization_id))) throw AppError.notFound();
  const call = await prisma.callLog.findFirst({ where: { call_sid: callSid, recording_url: simulatedRecordingPath(callSid), ...ownerScope(actor) }, select: { duration: true } });
  // Or a voicemail left on the simulator, in a queue the caller serves.
  const voicemail = call
    ? null
    : await prisma.voicemail.findFirst({
        where: { call_sid: callSid, recording_url: simulatedRecordingPath(callSid), organization_id: actor.organization_id },
        select: { duration_seconds: true, department_id: true },
      });
  if (!call && !(voicemail && servesQueue(actor, voicemail.department_id))) throw AppError.notFound();
  const body = toneWav(Math.max(1, Math.min(8, call?.duration ?? voicemail?.duration_seconds ?? 1)));
  return new Response(new Uint8Array(body), { headers: { "Content-Type": "audio/wav", "Content-Length": String(body.length), "Cache-Control": "private, max-age=86400" } });
}
