import { Link } from "@/components/ui/link";

export default function NotFound() {
  return (
    <section className="panel stack" aria-labelledby="missing-title" style={{ maxWidth: 560 }}>
      <h1 id="missing-title">Page not found</h1>
      <p>This address does not lead to a page: it may have been mistyped, or what it showed was removed.</p>
      <p>
        <Link className="button" href="/">
          Back to the start page
        </Link>
      </p>
    </section>
  );
}
