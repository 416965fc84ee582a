import { notFound } from "next/navigation";

// Any address no page answers, signed in: the 404 inside the app's frame (./not-found.tsx), with the navigation still there.
export default function MissingPage() {
  notFound();
}
