import { requireSession } from "@/lib/sign-in/current-session";
import { navigationFor, ROLE_LABELS } from "@/lib/navigation";
import { AppProviders } from "@/components/app-providers";
import { AppSidebar } from "@/components/app-sidebar";
import { AgentStateBar } from "@/components/agent/agent-state-bar";
import { can } from "@/lib/auth/permissions";
import { getSettings } from "@/lib/settings/get-settings";
import { telephony } from "@/lib/telephony/port";
import { FirstAnswers } from "@/components/first-answers";
import { GET as agentStatus } from "@/app/api/agent/status/route";
import { GET as organization } from "@/app/api/organization/route";
import { firstAnswers } from "./first-answers";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const { user } = session;
  const takesCalls = can(user.role, "calls.place");
  const [{ time_zone }, { payments }, { enabled, voice_ready }, first] = await Promise.all([
    getSettings(user.organization_id, "organization"),
    getSettings(user.organization_id, "calls"),
    telephony().softphoneReadiness(user.organization_id),
    // The state bar is drawn with the agent's state (it is on every page they open); phone fields,
    // the dialer and the call history read numbers with the organization's country.
    firstAnswers(session.apiToken, [["/api/organization", organization], ...(takesCalls && can(user.role, "queue.handle") ? [["/api/agent/status", agentStatus] as const] : [])]),
  ]);
  return (
    <AppProviders session={session} timeZone={time_zone} telephony={{ enabled, voice_ready, payments: payments.connector !== null }}>
      <FirstAnswers answers={first}>
        <div className="shell">
          <AppSidebar items={navigationFor(user.role)} name={user.name} roleLabel={ROLE_LABELS[user.role]} />
          <main className="content">
            {/* Whoever takes or places calls sees their state on every page. */}
            {takesCalls && <AgentStateBar />}
            {children}
          </main>
        </div>
      </FirstAnswers>
    </AppProviders>
  );
}
