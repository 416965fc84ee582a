import { Link } from "@/components/ui/link";

const TABS = [
  { href: "/contacts", label: "All contacts" },
  { href: "/contacts/tags", label: "Tags" },
  { href: "/contacts/duplicates", label: "Duplicates" },
  { href: "/contacts/import", label: "Import" },
];

export function ContactsNav({ current }: { current: string }) {
  return (
    <nav className="tabs" aria-label="Contact manager">
      {TABS.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={tab.href === current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
