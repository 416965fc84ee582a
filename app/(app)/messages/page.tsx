import { requireSession } from "@/lib/sign-in/current-session";
import { can } from "@/lib/auth/permissions";
import { MessagesWorkspace } from "@/components/messages/messages-workspace";
import { FirstAnswers } from "@/components/first-answers";
import { GET as conversations } from "@/app/api/conversations/route";
import { GET as simulator } from "@/app/api/dev/simulator/route";
import { firstAnswers } from "../first-answers";

export const dynamic = "force-dynamic";

export default async function MessagesPage() {
  const { user, apiToken } = await requireSession();
  // The open conversations (the list's first filter) come with the HTML; the page is rendered per request, so ?c= is read on the server too.
  const first = await firstAnswers(apiToken, [
    ["/api/conversations?per_page=50&status=open", conversations],
    ["/api/dev/simulator", simulator],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <MessagesWorkspace userId={user.id} canOpenContacts={can(user.role, "contacts.read")} canManage={can(user.role, "sms.settings")} />
    </FirstAnswers>
  );
}
