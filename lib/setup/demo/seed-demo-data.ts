import "server-only";
import { simulatedRecordingPath } from "@/lib/twilio/simulator/simulated-recording";
import { hashPassword } from "@/lib/auth/password";
import type { Db, Tx } from "@/lib/db/client";
import { DEFAULT_SETTINGS } from "@/lib/settings/defaults";
import { FIRST_USERS_LOCK } from "@/lib/setup/first-users-lock";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from "./demo-accounts";
import { fakePerson, pick, seededRandom } from "./fake-people";
import { runSql } from "@/lib/db/run-sql";

const CONTACTS_PER_DEPARTMENT: Record<string, number> = { "Acme/Sales": 160, "Acme/Support": 110, "Globex/Main": 70 };
const TAGS = ["customer", "lead", "prospect", "vip", "newsletter", "renewal"];
const STATUSES = ["completed", "completed", "completed", "no-answer", "busy", "failed"] as const;

/**
 * Loads the contract's demo organizations and accounts, plus a few hundred
 * contacts and a month of call history, into a database without users. Does
 * nothing (returns null) when any user exists. Set-based: a handful of queries.
 */
const DEMO_DISPOSITIONS: [string, boolean][] = [
  ["Sale", true],
  ["Appointment booked", true],
  ["Callback requested", false],
  ["Not interested", false],
  ["Wrong number", false],
];

export async function seedDemoData(db: Db) {
  if ((await db.user.count()) > 0) return null;
  const random = seededRandom(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.$transaction(
    async (tx) => {
      // Several servers may start on one empty database at once (or someone
      // runs the first-run setup meanwhile): the first to take this lock
      // fills it, the others find users and do nothing.
      await runSql(tx).count`SELECT pg_advisory_xact_lock(${FIRST_USERS_LOCK}::bigint)`;
      if ((await tx.user.count()) > 0) return null;
      const departments = new Map<string, { id: number; organization_id: number }>();
      const organizations = new Map<string, number>();
      for (const org of DEMO_ORGANIZATIONS) {
        const created = await tx.organization.create({
          data: { name: org.name, departments: { create: org.departments.map((name) => ({ name })) } },
          select: { id: true, departments: { select: { id: true, name: true } } },
        });
        organizations.set(org.name, created.id);
        for (const dept of created.departments) departments.set(`${org.name}/${dept.name}`, { id: dept.id, organization_id: created.id });
        await tx.setting.createMany({
          data: [
            // The demo's agents hear their own calls' recordings (off by default: Settings → Dispositions).
            ...Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ organization_id: created.id, key, value: key === "calls" ? { ...value, agents_play_own_recordings: true } : value })),
            { organization_id: created.id, key: "telephony", value: { phone_numbers: [org.phone_number], caller_id: org.phone_number, recording_enabled: true } },
          ],
        });
        // The wrap-up codes a team starts with (Settings → Dispositions); not required until an admin says so.
        await tx.disposition.createMany({
          data: DEMO_DISPOSITIONS.map(([name, is_success], position) => ({ organization_id: created.id, name, is_success, position })),
        });
      }

      const users = await tx.user.createManyAndReturn({
        data: DEMO_ACCOUNTS.map((account) => ({
          email: account.email,
          name: account.name,
          role: account.role,
          password_hash: passwordHash,
          organization_id: organizations.get(account.organization)!,
          department_id: account.department ? departments.get(`${account.organization}/${account.department}`)!.id : null,
        })),
        select: { id: true, role: true, organization_id: true, department_id: true },
      });
      const agents = users.filter((user) => user.role === "agent");
      await tx.agentStatus.createMany({
        data: agents.map((agent) => ({ user_id: agent.id, organization_id: agent.organization_id })),
      });

      await tx.customFieldDefinition.createMany({
        data: [...organizations.values()].flatMap((organization_id) => [
          { organization_id, name: "lead_source", label: "Lead source", field_type: "dropdown", options: ["Web", "Referral", "Trade show", "Cold call", "Partner"], display_order: 1 },
          { organization_id, name: "birthday", label: "Birthday", field_type: "date", display_order: 2 },
          { organization_id, name: "account_value", label: "Account value", field_type: "decimal", display_order: 3, visible_to: ["super_admin", "account_admin", "dept_manager"] },
        ]),
      });

      let index = 0;
      const contactRows = [];
      for (const [key, count] of Object.entries(CONTACTS_PER_DEPARTMENT)) {
        const department = departments.get(key)!;
        const creator = users.find((user) => user.department_id === department.id && user.role === "dept_manager");
        for (let i = 0; i < count; i++, index++) {
          const person = fakePerson(index, random);
          const tags = TAGS.filter(() => random() < 0.18);
          if (random() < 0.04) tags.push("DNC");
          contactRows.push({
            ...person,
            organization_id: department.organization_id,
            department_id: department.id,
            created_by_user_id: creator?.id ?? null,
            tags,
            custom_fields: {
              lead_source: pick(random, ["Web", "Referral", "Trade show", "Cold call", "Partner"]),
              ...(random() < 0.4 && { account_value: Math.round(random() * 50_000) / 1 }),
            },
            created_at: new Date(Date.now() - Math.floor(random() * 120) * 86_400_000),
          });
        }
      }
      const contacts = await tx.contact.createManyAndReturn({
        data: contactRows,
        select: { id: true, organization_id: true, department_id: true, phone: true },
      });

      const callRows = [];
      for (let i = 0; i < 600; i++) {
        const contact = pick(random, contacts);
        const candidates = agents.filter((agent) => agent.department_id === contact.department_id);
        const agent = candidates.length ? pick(random, candidates) : null;
        const status = pick(random, STATUSES);
        const inbound = random() < 0.45;
        const created = new Date(Date.now() - Math.floor(random() * 30 * 86_400_000));
        callRows.push({
          organization_id: contact.organization_id,
          department_id: contact.department_id,
          user_id: inbound && status === "no-answer" ? null : (agent?.id ?? null),
          contact_id: contact.id,
          direction: inbound ? "inbound" : "outbound-manual",
          phone_number: contact.phone,
          call_sid: `CAdemo${String(i).padStart(28, "0")}`,
          status,
          // The simulator records answered calls (the organization records calls): a third of them have a recording to play.
          recording_url: status === "completed" && i % 3 === 0 ? simulatedRecordingPath(`CAdemo${String(i).padStart(28, "0")}`) : null,
          duration: status === "completed" ? 30 + Math.floor(random() * 600) : 0,
          wait_seconds: inbound ? Math.floor(random() * 90) : null,
          created_at: created,
          started_at: created,
          ended_at: created,
        });
      }
      await tx.callLog.createMany({ data: callRows });
      // Contact call summaries, derived from the call log in one statement.
      await runSql(tx).count`
        UPDATE contacts c SET total_calls = s.total, last_called_at = s.last_at, last_call_outcome = s.outcome
        FROM (
          SELECT DISTINCT ON (contact_id) contact_id, count(*) OVER (PARTITION BY contact_id) AS total,
                 created_at AS last_at, status AS outcome
          FROM call_logs WHERE contact_id IS NOT NULL ORDER BY contact_id, created_at DESC
        ) s
        WHERE c.id = s.contact_id`;

      const texts = await seedDemoTexts(tx, contacts, random);

      return { organizations: organizations.size, users: users.length, contacts: contacts.length, call_logs: callRows.length, text_messages: texts };
    },
    { timeout: 60_000 },
  );
}

// A few text conversations, so the Messages page has something to show on a
// fresh machine: a contact writes, an agent answers (delivered), some wait.
const DEMO_THREADS: [string, string | null][] = [
  ["Hi, is my order shipping this week?", "Yes! It leaves the warehouse on Thursday."],
  ["Can I move my appointment to Friday morning?", "Friday at 10:00 is booked for you."],
  ["Do you have the spring catalogue as a PDF?", null],
  ["Thanks for the call earlier, all sorted.", "Glad to hear it. Have a good day!"],
  ["What are your opening hours on Saturday?", null],
  ["Please call me back after 5pm.", null],
];

async function seedDemoTexts(tx: Tx, contacts: { id: bigint; organization_id: number; department_id: number; phone: string }[], random: () => number): Promise<number> {
  const numbers = new Map<string, string>(DEMO_ORGANIZATIONS.map((org) => [org.name, org.phone_number]));
  const organizationNumber = async (organizationId: number) => {
    const [org] = await runSql(tx).rows<{ name: string }>`SELECT name FROM organizations WHERE id = ${organizationId}`;
    return numbers.get(org.name) ?? null;
  };
  let count = 0;
  for (const [i, [question, answer]] of DEMO_THREADS.entries()) {
    const contact = contacts[Math.floor(random() * contacts.length)];
    const ours = await organizationNumber(contact.organization_id);
    if (!ours) continue;
    const at = Date.now() - (DEMO_THREADS.length - i) * 3_600_000;
    const [conversation] = await runSql(tx).rows<{ id: bigint }>`
      INSERT INTO conversations (organization_id, department_id, contact_id, phone, our_number, last_message_at)
      VALUES (${contact.organization_id}, ${contact.department_id}, ${contact.id}, ${contact.phone}, ${ours}, ${new Date(at)})
      ON CONFLICT (organization_id, channel, phone) DO NOTHING RETURNING id`;
    if (!conversation) continue;
    await runSql(tx).count`
      INSERT INTO messages (organization_id, conversation_id, direction, body, status, provider_sid, from_number, to_number, encoding, segments, origin, created_at)
      VALUES (${contact.organization_id}, ${conversation.id}, 'inbound', ${question}, 'received', ${`SMdemo${String(i).padStart(28, "0")}`}, ${contact.phone}, ${ours}, 'GSM-7', 1,
        'provider', ${new Date(at)})`;
    count += 1;
    if (answer) {
      await runSql(tx).count`
        INSERT INTO messages (organization_id, conversation_id, direction, body, status, provider_sid, from_number, to_number, encoding, segments, origin, created_at)
        VALUES (${contact.organization_id}, ${conversation.id}, 'outbound', ${answer}, 'delivered', ${`SMdemo${String(i + 100).padStart(28, "0")}`}, ${ours}, ${contact.phone}, 'GSM-7',
          1, 'agent', ${new Date(at + 600_000)})`;
      count += 1;
    }
    await runSql(tx).count`UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = ${conversation.id}),
      last_message_at = ${new Date(at + (answer ? 600_000 : 0))} WHERE id = ${conversation.id}`;
  }
  return count;
}
