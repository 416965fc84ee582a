import "server-only";
import { provideTelephony } from "@/lib/telephony/port";
import { twilioTelephony } from "@/lib/twilio/rest/twilio-telephony";
import { prisma } from "@/lib/db/client";
import { databaseKind, migrateDatabase, warmDatabase } from "@/lib/db/database-facts";
import { publishOperatorAccess } from "@/lib/db/operator-access";
import { startCampaignWorker } from "@/lib/campaigns/campaign-worker";
import { contactRetentionJob } from "@/lib/contacts/retention-job";
import { recordingRetentionJob } from "@/lib/recordings/recording-retention-job";
import { scheduleDaily } from "@/lib/jobs/daily-organization-job";
import { DEMO_PASSWORD } from "@/lib/setup/demo/demo-accounts";
import { seedDemoData } from "@/lib/setup/demo/seed-demo-data";
import { isSetupNeeded } from "@/lib/setup/setup-needed";

const DEMO_ADMIN_EMAIL = "admin@acme.example.com";
import { env } from "@/lib/env";
import { sweepOldEvents } from "@/lib/events/event-bus";
import { openFrontDoor, type FrontDoor } from "@/lib/server/front-door";
import type { OperationGroup } from "@/lib/routes/operation-group";
import { runImport } from "@/lib/imports/run-import";
import { QUEUES, workOn } from "@/lib/jobs/job-queue";
import { runOperation } from "@/lib/contacts/operations/run-operation";
import { OPERATION_KINDS } from "./operation-kinds";
import { logger } from "@/lib/logger";
import { releaseHeldMessage } from "@/lib/messages/release-held-message";
import { storeMessageMedia } from "@/lib/messages/store-message-media";
import { watchUnconnectedCalls } from "@/lib/agents/return-unconnected-calls";
import { startOfferEngine } from "@/lib/offers/offer-engine";
import { startWebhookSender } from "@/lib/webhooks/send-webhooks";
import { scheduleDeliverySweep } from "@/lib/webhooks/sweep-old-deliveries";
import { ensureAllSigningSecrets } from "@/lib/telephony/signing-secret";
import { markMigrationsApplied, markWorkersRegistered } from "@/lib/metrics/readiness/readiness-state";
import { registerScrapeGauges } from "@/lib/scrape-gauges";

/**
 * Runs once per server process before it answers requests (instrumentation.ts):
 * validates the environment, applies pending migrations under an advisory lock,
 * and loads the demo data into an empty database when that is wanted.
 */
export async function startService({ operations }: { operations: OperationGroup[] }): Promise<void> {
  // The provider every bundle's domain code talks to (lib/telephony/port.ts), before anything can ask it.
  provideTelephony(twilioTelephony);
  try {
    // GET /api/ready answers from now on (503 until prepare() is done), past Next.js, which holds requests until start-up ends.
    const door = openFrontDoor(operations);
    door.admit("probe");
    await prepare(door);
  } catch (error) {
    // A server that cannot reach or migrate its database must not serve.
    logger.error("start-up failed", { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
}

async function prepare(door: FrontDoor): Promise<void> {
  const config = env();
  const applied = await migrateDatabase();
  markMigrationsApplied();
  await warmDatabase();
  const kind = databaseKind();
  // `npm run backup` asks this server for a copy of the folder it owns (lib/db/operator-access.ts).
  if (kind === "embedded") publishOperatorAccess(config.DATA_DIR);
  logger.info("database ready", { database: kind, migrations_applied: applied });

  const wantDemo = config.SEED_DEMO_DATA === "always" || (config.SEED_DEMO_DATA === "auto" && kind === "embedded");
  if (wantDemo) {
    const seeded = await seedDemoData(prisma);
    if (seeded) logger.info("demo data loaded", seeded);
    await greetNewcomer(config.APP_URL);
  }
  // No demo data and no user yet (PostgreSQL, or SEED_DEMO_DATA=never): say where the first administrator is made.
  if (await isSetupNeeded()) console.log(`Setup needed: open ${config.APP_URL}/setup to create the organization and its first administrator.`);
  await giveEveryOrganizationASigningSecret();
  scheduleDaily(contactRetentionJob);
  scheduleDaily(recordingRetentionJob);
  sweepOldEvents();
  door.admit("stream", "callback");
  watchUnconnectedCalls();
  // Calls in offer queues are offered to one agent at a time, on every server (issue 44).
  startOfferEngine();
  // …and sends outgoing webhooks (each delivery claimed by one process at a time).
  await startWebhookSender();
  scheduleDeliverySweep();
  // Every server process works on imports; pg-boss hands each job to one of them.
  await workOn<{ import_id: string }>(QUEUES.contactImport, ({ import_id }) => runImport(import_id));
  // …and on long operations over many contacts (tag renames, field erasures, bulk actions by filter).
  await workOn<{ operation_id: string }>(QUEUES.contactOperation, ({ operation_id }) => runOperation(operation_id, OPERATION_KINDS));
  // …and on campaign dispatch ticks, and on campaign texts held through quiet hours.
  await startCampaignWorker();
  await workOn<{ organization_id: number; message_id: string }>(QUEUES.messageRelease, releaseHeldMessage);
  // …and on the files people send with messages, fetched from the provider and kept here.
  await workOn<{ organization_id: number; message_id: string }>(QUEUES.messageMedia, storeMessageMedia);
  markWorkersRegistered();
  registerScrapeGauges();
}

/** Where to go and who to be, in plain words, when the demo accounts are there to sign in with. */
async function greetNewcomer(appUrl: string): Promise<void> {
  const demo = await prisma.user.findFirst({ where: { email: DEMO_ADMIN_EMAIL, active: true }, select: { id: true } });
  if (!demo) return;
  console.log(
    `\nContact Center is starting at ${appUrl}\n` +
      `  Sign in as ${DEMO_ADMIN_EMAIL} (admin), sales.manager@acme.example.com (manager) or agent1@acme.example.com (agent); password: ${DEMO_PASSWORD}\n`,
  );
}

/** Callbacks are never taken unsigned: every organization has a key before the first one arrives. */
async function giveEveryOrganizationASigningSecret(): Promise<void> {
  try {
    const created = await ensureAllSigningSecrets();
    if (created) logger.info("callback signing secrets created", { organizations: created });
  } catch (error) {
    // Without ENCRYPTION_KEY nothing secret can be stored: callbacks of
    // organizations with no provider auth token are refused (403) until it is set.
    logger.error("callback signing secrets could not be created", { error: error instanceof Error ? error.message : String(error) });
  }
}
