import { UsersManager } from "@/components/users/users-manager";

export default function UsersPage() {
  return (
    <>
      <h1>Users</h1>
      <UsersManager />
    </>
  );
}
