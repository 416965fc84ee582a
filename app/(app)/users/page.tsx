import { UsersManager } from "@/components/users/users-manager";
import { PageHeader } from "@/components/ui/page-header";

export default function UsersPage() {
  return (
    <>
      <PageHeader title="Users" />
      <UsersManager />
    </>
  );
}
