import { LIST_NOTE, type RouteDocs } from "@/lib/routes/operation-group";
import { prose } from "@/lib/routes/prose";

export const docs: RouteDocs = {
  tag: "Contacts",
  summary: { GET: "List and search contacts", POST: "Create a contact" },
  description: {
    GET: prose`Filters: q (quick search over name, phone digits, email, company), search (full text over notes and the
      quick-search fields), tags (all of) and tags_any (any of), each comma-separated or repeated (tags=a&tags=b,
      tags[]=a), department_id, created_from and created_to (a date YYYY-MM-DD counts whole days in UTC; an ISO 8601
      date-time is an exact, inclusive bound), status (active, archived, all), opted_out (true: only contacts who opted
      out of calls; false: only those who did not). ${LIST_NOTE} A filtered list counts its matches exactly up to
      10,000; above that, or when the planner expects 15,000 or more, meta.total is the planner's estimate and
      meta.total_exact = false. Unfiltered lists are always exact.`,
    POST: prose`The phone must be E.164 unless format_phone is true (a national number is then normalized with the organization's
      default country).`,
  },
  responses: { POST: { "409": "The phone already belongs to a contact of the organization (duplicate_id)" } },
};
