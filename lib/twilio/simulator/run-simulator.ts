import "server-only";
import type { SimulatorResult } from "./simulator-answer";
import type { SessionUser } from "@/lib/auth/session-user";
import { randomBytes } from "node:crypto";
import { paymentStatusPath, recordingStatusPath } from "@/lib/calls/live-call";
import { conferencedCall } from "@/lib/calls/move-call-to-conference";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { identityFor } from "@/lib/twilio/identity";
import { providerConfig, type ProviderConfig } from "@/lib/twilio/provider-config";
import { ensureSigningSecret } from "@/lib/telephony/signing-secret";
import { newCallSid, newMessageSid, ProviderSimulator } from "@/lib/twilio/simulator/simulator";
import { simulatorEnabled } from "@/lib/twilio/simulator-enabled";
import { telephonyReadiness } from "@/lib/twilio/softphone-readiness";
import type { SimulatorAction } from "./simulator-schemas";
import { simulatedRecordingPath } from "./simulated-recording";
import { runSql } from "@/lib/db/run-sql";
import { getSettings } from "@/lib/settings/get-settings";
import { CALLBACK_PATHS } from "@/lib/telephony/callback-paths";

// Development without a provider account: the browser's simulated device asks
// the server to play the provider, and the server sends the provider's exact
// signed callbacks to itself (its own loopback port, never an address from the
// request), so the queue, accept, dial and call-log code paths are the real ones.
// When it is on: lib/twilio/simulator-enabled.ts.

/** The number callers dial: the organization's first number, else its caller ID. */
function organizationNumber(config: ProviderConfig): string | null {
  return config.phone_numbers[0] ?? config.caller_id ?? null;
}

export async function simulatorStatus({ actor }: { actor: SessionUser }) {
  const { enabled, voice_ready, config } = await telephonyReadiness(actor.organization_id);
  return { enabled, number: organizationNumber(config), identity: identityFor(actor.id), voice_ready };
}

function expectOk(response: { status: number; body: string }, what: string) {
  if (response.status >= 400) throw AppError.conflict(`The simulated provider's ${what} was refused (${response.status}).`);
}

export async function runSimulator({ actor, input }: { actor: SessionUser; input: SimulatorAction }): Promise<SimulatorResult> {
  const config = await providerConfig(actor.organization_id);
  if (!simulatorEnabled(config)) throw AppError.notFound();
  const number = organizationNumber(config);
  if (!number) throw AppError.conflict("Give the organization a phone number in Settings → Telephony to simulate calls.");
  const e = env();
  const sim = new ProviderSimulator({
    baseUrl: `http://127.0.0.1:${e.PORT}`,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    authToken: config.signing_key ?? (await ensureSigningSecret(actor.organization_id)),
    accountSid: config.account_sid ?? `AC${"0".repeat(32)}`,
    organizationId: actor.organization_id,
  });
  const identity = identityFor(actor.id);

  switch (input.action) {
    case "inbound": {
      const from = input.from ?? (await randomContactPhone(actor.organization_id)) ?? "+14155550100";
      const call = await sim.inboundCall({ from, to: number, clock: input.at });
      expectOk(call, "inbound call");
      // A caller menu: the caller presses the key (or stays silent twice, and the menu takes its default).
      let answer = call.body;
      for (let attempt = 0; attempt < 2 && answer.includes("<Gather"); attempt++) {
        const reply = await sim.menuAnswer({ path: ownPath(answer, "Gather", "action"), callSid: call.callSid, from, to: number, digits: attempt === 0 ? input.digits : undefined });
        expectOk(reply, "menu answer");
        answer = reply.body;
      }
      // A voicemail: the simulated caller leaves a short message, which the simulator records and transcribes.
      if (answer.includes("<Record")) {
        const recorded = await sim.voicemail({
          path: ownPath(answer, "Record", "action"),
          transcriptionPath: ownPath(answer, "Record", "transcribeCallback"),
          callSid: call.callSid,
          from,
          to: number,
          recordingUrl: simulatedRecordingPath(call.callSid),
          seconds: 6,
          transcription: "Hi, this is a simulated caller. Please call me back about my order.",
        });
        expectOk(recorded, "voicemail");
        return { call_sid: call.callSid, from, to: number, routed: "voicemail" };
      }
      return { call_sid: call.callSid, from, to: number, routed: answer.includes("<Enqueue") ? "queued" : answer.includes("<Dial") ? "forwarded" : "closed" };
    }
    case "caller_callback": {
      await ownQueueEntry(actor, input.call_sid);
      // The hold loop plays, offering the callback (its <Gather>); the caller presses the key it names and leaves the line.
      const hold = await sim.queueWait({ callSid: input.call_sid, to: number });
      expectOk(hold, "hold loop");
      const key = /press (\d|star|pound)\b/.exec(hold.body)?.[1];
      if (!hold.body.includes("<Gather") || !key) throw AppError.conflict("The number's plan offers this caller no callback now.");
      const pressed = await sim.menuAnswer({ path: ownPath(hold.body, "Gather", "action"), callSid: input.call_sid, from: "", to: number, digits: key === "star" ? "*" : key === "pound" ? "#" : key });
      expectOk(pressed, "callback key");
      if (!pressed.body.includes("<Leave")) throw AppError.conflict("The caller could not leave the line for a callback.");
      const left = await sim.dequeue({ callSid: input.call_sid, to: number, result: "leave", queueTime: 0 });
      expectOk(left, "dequeue");
      return { call_sid: input.call_sid, callback: true, heard: left.body };
    }
    case "caller_hangup": {
      await ownQueueEntry(actor, input.call_sid);
      expectOk(await sim.callStatus({ callSid: input.call_sid, to: number, status: "completed" }), "status callback");
      return { call_sid: input.call_sid };
    }
    case "connect": {
      const response = await sim.agentConnects({ identity, to: number, queueEntryId: String(input.queue_entry_id), path: CALLBACK_PATHS.handleCall });
      expectOk(response, "device connection");
      // A caller transferred to the queue waits in their call's conference: the device joins it there.
      const connected = response.body.includes("<Queue") || response.body.includes("<Conference");
      if (!connected) throw AppError.conflict("This call is no longer waiting.");
      return { connected };
    }
    case "hangup": {
      // A part of a call handed over (a transfer's target, a caller taken from the queue again): its end is the caller's final status.
      const part = await prisma.liveCall.findFirst({
        where: { organization_id: actor.organization_id, call_sid: input.call_sid, user_id: actor.id, ended_at: null, parent_call_sid: { not: null } },
        select: { customer_leg_sid: true },
      });
      if (part?.customer_leg_sid) {
        expectOk(await sim.callStatus({ callSid: part.customer_leg_sid, to: number, status: "completed" }), "end of call callback");
        return { call_sid: input.call_sid, call_log_id: await callLogId(actor, input.call_sid) };
      }
      const entry = await ownQueueEntry(actor, input.call_sid);
      const queueTime = entry.accepted_at ? Math.round((entry.accepted_at.getTime() - entry.enqueued_at.getTime()) / 1000) : 0;
      // A call moved into a conference (held, transferred) has left its queue: its end is the caller's final status.
      const conferenced = await conferencedCall(actor.organization_id, input.call_sid);
      const ended = conferenced ? sim.callStatus({ callSid: input.call_sid, to: number, status: "completed" }) : sim.dequeue({ callSid: input.call_sid, to: number, result: "bridged", queueTime });
      expectOk(await ended, "end of call callback");
      // The simulator records as the provider would when the organization records calls: the caller's leg, reported after the call.
      if (config.recording_enabled && entry.accepted_at) await simulatedRecording(sim, input.call_sid, input.call_sid, Math.round((Date.now() - entry.accepted_at.getTime()) / 1000));
      return { call_sid: input.call_sid, call_log_id: await callLogId(actor, input.call_sid) };
    }
    case "payment_input": {
      const payment = await prisma.callPayment.findFirst({ where: { organization_id: actor.organization_id, call_sid: input.call_sid, ended_at: null }, orderBy: { id: "desc" } });
      if (!payment?.payment_sid) throw AppError.conflict("No payment is being taken on this call.");
      const card = { PaymentCardNumber: "xxxxxxxxxxxx1111", PaymentCardType: "visa" };
      const keyed = payment.capturing;
      const fields =
        payment.status === "processing"
          ? { ...card, Result: "success", PaymentConfirmationCode: `ch_sim_${randomBytes(8).toString("hex")}` }
          : keyed
            ? {
                ...card,
                Capture: keyed,
                PartialResult: "false",
                Required: (payment.required ?? "")
                  .split(",")
                  .filter((f) => f && f !== keyed)
                  .join(","),
              }
            : null;
      if (!fields) throw AppError.conflict("The payment asks the caller for nothing now.");
      expectOk(await sim.paymentStatus({ path: paymentStatusPath(payment.id), callSid: input.call_sid, paymentSid: payment.payment_sid, fields }), "payment report");
      const after = await prisma.callPayment.findUniqueOrThrow({ where: { id: payment.id }, select: { status: true } });
      return { call_sid: input.call_sid, status: after.status };
    }
    case "manual": {
      const call = await sim.manualCall({
        identity,
        to: input.to,
        contactId: input.contact_id,
        campaignContactId: input.campaign_contact_id,
        callbackEntryId: input.callback_entry_id,
        path: CALLBACK_PATHS.handleCall,
      });
      expectOk(call, "manual call");
      return { call_sid: call.callSid, dialing: call.body.includes("<Dial"), twiml: call.body };
    }
    case "manual_answered": {
      expectOk(await sim.manualAnswered({ callSid: input.call_sid, identity, to: input.to, record: config.recording_enabled }), "answered callback");
      return { call_sid: input.call_sid };
    }
    case "sms_inbound": {
      const from = input.from ?? (await randomContactPhone(actor.organization_id)) ?? "+14155550100";
      const media = input.media_url ? [{ url: input.media_url, contentType: "image/jpeg" }] : [];
      const to = input.channel === "whatsapp" ? (await getSettings(actor.organization_id, "sms")).whatsapp.sender : number;
      if (!to) throw AppError.conflict("Set the WhatsApp sender in Settings → Telephony to simulate WhatsApp messages.");
      const text = await sim.incomingSms({ from, to, body: input.body, media, whatsapp: input.channel === "whatsapp", sentAt: input.at });
      expectOk(text, "incoming message");
      return { message_sid: text.messageSid, from, to, reply: text.body };
    }
    case "sms_status": {
      const message = await prisma.message.findFirst({
        where: { id: BigInt(input.message_id), organization_id: actor.organization_id, direction: "outbound" },
        select: { provider_sid: true, from_number: true, to_number: true },
      });
      if (!message) throw AppError.notFound();
      const response = await sim.smsStatus({
        messageSid: message.provider_sid ?? newMessageSid(),
        messageId: input.message_id,
        from: message.from_number,
        to: message.to_number,
        status: input.status,
        errorCode: input.error_code,
      });
      expectOk(response, "message status callback");
      return { message_id: input.message_id, status: input.status };
    }
    case "manual_end": {
      const response = await sim.manualStatus({
        callSid: input.call_sid,
        identity,
        to: input.to,
        status: input.status,
        duration: input.duration,
        contactId: input.contact_id,
        campaignContactId: input.campaign_contact_id,
      });
      expectOk(response, "status callback");
      // A recorded call that was answered: its recording (of the dialed leg) is reported after the call, for the agent's log.
      if (config.recording_enabled && input.status === "completed" && input.duration > 0) await simulatedRecording(sim, input.call_sid, newCallSid(), input.duration);
      return { call_sid: input.call_sid, call_log_id: await callLogId(actor, input.call_sid) };
    }
  }
}

/** The recording the simulator "made" of a call: reported where a recording started by the service reports (recordingStatusPath), playable from the simulator's own path. */
async function simulatedRecording(sim: ProviderSimulator, callSid: string, legSid: string, seconds: number) {
  const reported = await sim.recordingStatus({ path: recordingStatusPath(callSid), callSid: legSid, recordingUrl: simulatedRecordingPath(callSid), seconds: Math.max(1, seconds) });
  expectOk(reported, "recording callback");
}

async function ownQueueEntry(actor: SessionUser, callSid: string) {
  const entry = await prisma.queueEntry.findFirst({
    where: { call_sid: callSid, organization_id: actor.organization_id },
    select: { id: true, enqueued_at: true, accepted_at: true },
  });
  if (!entry) throw AppError.notFound();
  return entry;
}

async function callLogId(actor: SessionUser, callSid: string) {
  const log = await prisma.callLog.findFirst({ where: { call_sid: callSid, organization_id: actor.organization_id }, select: { id: true } });
  return log ? Number(log.id) : null;
}

async function randomContactPhone(organizationId: number): Promise<string | null> {
  const [row] = await runSql(prisma).rows<{ phone: string }>`
    SELECT phone FROM contacts WHERE organization_id = ${organizationId} AND status = 'active'
    OFFSET floor(random() * LEAST(50, (SELECT count(*) FROM contacts WHERE organization_id = ${organizationId} AND status = 'active')))::int LIMIT 1`;
  return row?.phone ?? null;
}

/** The path of a callback address a TwiML answer names (a Gather's action, a Record's), without the organization (the simulator adds it). */
function ownPath(twiml: string, element: string, attribute: string): string {
  const action = new RegExp(`<${element}\\b[^>]*\\s${attribute}="([^"]*)"`).exec(twiml)?.[1]?.replace(/&amp;/g, "&");
  if (!action) throw AppError.conflict(`The ${element} named no ${attribute}.`);
  const url = new URL(action);
  url.searchParams.delete("org");
  return `${url.pathname}${url.search}`;
}
