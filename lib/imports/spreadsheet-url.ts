// Spreadsheet imports fetch only the provider's public hosts over https, and
// only from public addresses. Pure functions, unit-tested.

const SHARE_HOST = "docs.google.com";
/** Hosts a CSV export may be served from (the export redirects to googleusercontent.com). */
export function isAllowedFetchHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === SHARE_HOST || h.endsWith(".googleusercontent.com");
}

/**
 * A public share link → its CSV export address, or the reason it is refused.
 * Accepts .../spreadsheets/d/<id>/edit#gid=<gid>, ...?usp=sharing, .../export?...,
 * and published links .../spreadsheets/d/e/<id>/pub?...
 */
export function spreadsheetCsvUrl(raw: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: "The url must be a valid address." };
  }
  if (url.protocol !== "https:") return { error: "Only https spreadsheet links are accepted." };
  if (url.hostname.toLowerCase() !== SHARE_HOST || url.port || url.username || url.password) {
    return { error: "Only public Google Sheets links (https://docs.google.com/spreadsheets/...) are accepted." };
  }
  const gid = /(?:^|[#&?])gid=(\d{1,20})/.exec(`${url.hash}&${url.search}`)?.[1];
  const published = /^\/spreadsheets\/d\/e\/([A-Za-z0-9_-]{10,200})\//.exec(url.pathname);
  if (published) return { url: `https://${SHARE_HOST}/spreadsheets/d/e/${published[1]}/pub?output=csv${gid ? `&gid=${gid}` : ""}` };
  const shared = /^\/spreadsheets\/d\/([A-Za-z0-9_-]{10,200})(?:\/|$)/.exec(url.pathname);
  if (!shared) return { error: "The link is not a Google Sheets spreadsheet link." };
  return { url: `https://${SHARE_HOST}/spreadsheets/d/${shared[1]}/export?format=csv${gid ? `&gid=${gid}` : ""}` };
}
