import { requireSession } from "@/lib/sign-in/current-session";
import { navigationFor, ROLE_LABELS } from "@/lib/navigation";
import { AppProviders } from "@/components/app-providers";
import { AppSidebar } from "@/components/app-sidebar";
import { AgentStateBar } from "@/components/agent/agent-state-bar";
import { can } from "@/lib/auth/permissions";
import { getSettings } from "@/lib/settings/get-settings";
import { telephonyReadiness } from "@/lib/twilio/simulator/run-simulator";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const { user } = session;
  const [{ time_zone }, { enabled, voice_ready }] = await Promise.all([getSettings(user.organization_id, "organization"), telephonyReadiness(user.organization_id)]);
  return (
    <AppProviders session={session} timeZone={time_zone} telephony={{ enabled, voice_ready }}>
      <div className="shell">
        <AppSidebar items={navigationFor(user.role)} name={user.name} roleLabel={ROLE_LABELS[user.role]} />
        <main className="content">
          {/* Whoever takes or places calls sees their state on every page. */}
          {can(user.role, "calls.place") && <AgentStateBar />}
          {children}
        </main>
      </div>
    </AppProviders>
  );
}
