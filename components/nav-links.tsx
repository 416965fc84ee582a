"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { NavItem } from "@/lib/navigation";

export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <>
      {items.map((item) => (
        <Link key={item.label} href={item.href} aria-current={pathname.startsWith(item.href) ? "page" : undefined}>
          {item.label}
        </Link>
      ))}
    </>
  );
}
