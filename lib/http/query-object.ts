/**
 * The query string as the route's schema reads it. A parameter given more than
 * once (`tags=a&tags=b`) or in PHP's list form (`tags[]=a&tags[]=b`) becomes
 * an array of its values: a list filter reads every one, and a single-valued
 * parameter refuses the array (422) rather than silently keeping the last.
 */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const listForm = name.endsWith("[]");
    const key = listForm ? name.slice(0, -2) : name;
    const seen = query[key];
    if (seen === undefined) query[key] = listForm ? [value] : value;
    else query[key] = [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}
