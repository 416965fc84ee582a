"use client";

import { useState } from "react";
import { usePathname } from "next/navigation";
import type { NavItem } from "@/lib/navigation";
import { NavLinks } from "@/components/nav-links";
import { Link } from "@/components/ui/link";
import { SignOutButton } from "@/components/sign-out-button";

/**
 * The main navigation. Wide screens show it as a sidebar; under 768 px it is a
 * top bar whose "Menu" button opens the links. The menu remembers the page it
 * was opened on, so arriving on another page closes it without an effect.
 */
export function AppSidebar({ items, name, roleLabel }: { items: NavItem[]; name: string; roleLabel: string }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <nav className="sidebar" aria-label="Main" data-open={open} onKeyDown={(e) => e.key === "Escape" && setOpenOn(null)}>
      <div className="sidebar-top">
        <div className="brand">Contact Center</div>
        <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpenOn(open ? null : pathname)}>
          {open ? "Close" : "Menu"}
        </button>
      </div>
      {/* A link followed closes the menu, the page's own link included. */}
      <div id="main-menu" className="sidebar-menu" onClick={(e) => (e.target as HTMLElement).closest("a") && setOpenOn(null)}>
        <NavLinks items={items} />
        <div className="who">
          <strong>{name}</strong>
          <small data-testid="role">{roleLabel}</small>
          <Link href="/account" className="small" aria-current={pathname === "/account" ? "page" : undefined}>
            Your account
          </Link>
          <SignOutButton />
        </div>
      </div>
    </nav>
  );
}
