import { RequirePermission } from "@/components/require-permission";

export const dynamic = "force-dynamic";

export default function Layout({ children }: { children: React.ReactNode }) {
  return <RequirePermission permission="campaigns.manage">{children}</RequirePermission>;
}
