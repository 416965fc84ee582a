import type { Role } from "@/lib/generated/prisma/enums";

// The contract's demo organizations and accounts (all passwords: "password").
export const DEMO_PASSWORD = "password";

export const DEMO_ORGANIZATIONS = [
  // Each demo organization has a number of its own, so simulated inbound calls
  // (no provider account needed) ring the right organization.
  { name: "Acme", departments: ["Sales", "Support"], phone_number: "+15005550006" },
  { name: "Globex", departments: ["Main"], phone_number: "+15005550007" },
] as const;

export const DEMO_ACCOUNTS: { email: string; name: string; role: Role; organization: string; department: string | null }[] = [
  { email: "super@example.com", name: "Sam Super", role: "super_admin", organization: "Acme", department: null },
  { email: "admin@acme.example.com", name: "Alice Admin", role: "account_admin", organization: "Acme", department: null },
  { email: "sales.manager@acme.example.com", name: "Sally Sales", role: "dept_manager", organization: "Acme", department: "Sales" },
  { email: "support.manager@acme.example.com", name: "Steve Support", role: "dept_manager", organization: "Acme", department: "Support" },
  { email: "agent1@acme.example.com", name: "Andy Agent", role: "agent", organization: "Acme", department: "Sales" },
  { email: "agent2@acme.example.com", name: "Bea Agent", role: "agent", organization: "Acme", department: "Sales" },
  { email: "agent3@acme.example.com", name: "Cal Agent", role: "agent", organization: "Acme", department: "Support" },
  { email: "admin@globex.example.com", name: "Greta Admin", role: "account_admin", organization: "Globex", department: null },
  { email: "manager@globex.example.com", name: "Gus Manager", role: "dept_manager", organization: "Globex", department: "Main" },
  { email: "agent@globex.example.com", name: "Gil Agent", role: "agent", organization: "Globex", department: "Main" },
];
