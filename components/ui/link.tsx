import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * next/link, without prefetching what it shows. Every signed-in page is
 * rendered on request, so a prefetch brings only the route's frame, and each
 * link that scrolls into view asks for one: a contact list of 25 rows and the
 * sidebar sent 30 requests and spent a fifth of a phone's page load on them
 * (issue 45, point 11). A click loads the page as it would anyway.
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
