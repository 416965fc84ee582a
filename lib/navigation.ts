import type { Role } from "@/lib/generated/prisma/enums";

export interface NavItem {
  href: string;
  label: string;
}

const QUEUE = { href: "/queue", label: "Queue" };
const DIALER = { href: "/dialer", label: "Dialer" };
/** Voicemails, missed callers and callbacks (issue 45): for everyone who serves a queue. */
const FOLLOW_UPS = { href: "/follow-ups", label: "Follow-ups" };
const MY_CALLS = { href: "/calls", label: "My calls" };
const CALLS = { href: "/calls", label: "Call history" };
const MESSAGES = { href: "/messages", label: "Messages" };
const CONTACTS = { href: "/contacts", label: "Contacts" };
const CAMPAIGNS = { href: "/campaigns", label: "Campaigns" };
const REPORTS = { href: "/reports", label: "Reports" };
const MY_NUMBERS = { href: "/reports", label: "My numbers" };
const USERS = { href: "/users", label: "Users" };
const SETTINGS = { href: "/settings", label: "Settings" };

// What each role finds in the sidebar: agents handle calls, managers run
// contacts, campaigns and reports, admins also manage users and settings.
const NAVIGATION: Record<Role, NavItem[]> = {
  agent: [QUEUE, FOLLOW_UPS, MESSAGES, DIALER, MY_CALLS, MY_NUMBERS],
  dept_manager: [CONTACTS, CAMPAIGNS, REPORTS, MESSAGES, FOLLOW_UPS, DIALER, CALLS],
  account_admin: [CONTACTS, CAMPAIGNS, REPORTS, USERS, SETTINGS, MESSAGES, FOLLOW_UPS, DIALER, CALLS],
  super_admin: [CONTACTS, CAMPAIGNS, REPORTS, USERS, SETTINGS, MESSAGES, FOLLOW_UPS, DIALER, CALLS],
};

export function navigationFor(role: Role): NavItem[] {
  return NAVIGATION[role];
}

export function homeFor(role: Role): string {
  return NAVIGATION[role][0].href;
}

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super admin",
  account_admin: "Account admin",
  dept_manager: "Department manager",
  agent: "Agent",
};
