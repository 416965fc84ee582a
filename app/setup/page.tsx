import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "@/lib/sign-in/next-auth-options";
import { isSetupNeeded } from "@/lib/setup/setup-needed";
import { SetupForm } from "@/components/setup-form";

export const dynamic = "force-dynamic";

/** The first run of an installation without users; once anyone exists, never again. */
export default async function SetupPage() {
  if (!(await isSetupNeeded())) {
    const session = await getServerSession(authOptions());
    redirect(session?.apiToken ? "/" : "/login");
  }
  return (
    <div className="signin">
      <div className="panel setup">
        <h1>Set up Contact Center</h1>
        <p className="muted">Name your organization and create its first administrator. You sign in as them when you are done.</p>
        <SetupForm />
      </div>
    </div>
  );
}
