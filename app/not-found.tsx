import { Link } from "@/components/ui/link";

export default function NotFound() {
  return (
    <div className="signin">
      <div className="panel stack">
        <h1>Page not found</h1>
        <p>This address does not lead to a page.</p>
        <Link className="button" href="/">
          Back to Contact Center
        </Link>
      </div>
    </div>
  );
}
