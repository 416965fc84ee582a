import { requireSession } from "@/lib/auth/current-session";
import { navigationFor, ROLE_LABELS } from "@/lib/navigation";
import { AppProviders } from "@/components/app-providers";
import { NavLinks } from "@/components/nav-links";
import { SignOutButton } from "@/components/sign-out-button";
import { AgentStateBar } from "@/components/agent/agent-state-bar";
import { can } from "@/lib/auth/permissions";
import { getSettings } from "@/lib/settings/get-settings";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const { user } = session;
  const { time_zone } = await getSettings(user.organization_id, "organization");
  return (
    <AppProviders session={session} timeZone={time_zone}>
      <div className="shell">
        <nav className="sidebar" aria-label="Main">
          <div className="brand">Contact Center</div>
          <NavLinks items={navigationFor(user.role)} />
          <div className="who">
            <strong>{user.name}</strong>
            <small data-testid="role">{ROLE_LABELS[user.role]}</small>
            <SignOutButton />
          </div>
        </nav>
        <main className="content">
          {/* Whoever takes or places calls sees their state on every page. */}
          {can(user.role, "calls.place") && <AgentStateBar />}
          {children}
        </main>
      </div>
    </AppProviders>
  );
}
