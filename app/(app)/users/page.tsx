import { PageHeader } from "@/components/ui/page-header";
import { UsersManager } from "@/components/users/users-manager";
import { FirstAnswers } from "@/components/first-answers";
import { GET as users } from "@/app/api/users/route";
import { GET as departments } from "@/app/api/departments/route";
import { requireSession } from "@/lib/sign-in/current-session";
import { firstAnswers } from "../first-answers";

export default async function UsersPage() {
  const { apiToken } = await requireSession();
  const first = await firstAnswers(apiToken, [
    ["/api/users?page=1&per_page=25", users],
    ["/api/departments?per_page=100", departments],
  ]);
  return (
    <FirstAnswers answers={first} inertUntilHydrated>
      <PageHeader title="Users" />
      <UsersManager />
    </FirstAnswers>
  );
}
