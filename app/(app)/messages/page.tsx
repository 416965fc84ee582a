import { Suspense } from "react";
import { requireSession } from "@/lib/sign-in/current-session";
import { can } from "@/lib/auth/permissions";
import { MessagesWorkspace } from "@/components/messages/messages-workspace";

export const dynamic = "force-dynamic";

export default async function MessagesPage() {
  const { user } = await requireSession();
  return (
    <Suspense fallback={<div className="skeleton" aria-label="Loading" />}>
      <MessagesWorkspace userId={user.id} canOpenContacts={can(user.role, "contacts.read")} canManage={can(user.role, "sms.settings")} />
    </Suspense>
  );
}
