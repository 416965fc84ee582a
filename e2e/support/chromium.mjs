import { existsSync } from "node:fs";

// Playwright cannot download its browsers here; it drives Debian's builds of
// Chromium. For headless tests it would use Chromium's headless shell, and
// Debian packages that too (chromium-headless-shell): the same version, 38% less
// CPU over the same browser tests than the full browser (issue 42). The full
// browser (`chromium`) stays the fallback. CHROMIUM_PATH names another.
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** The browser the tests drive: CHROMIUM_PATH, else the first Debian build installed (null: none). */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}
