// The npm registry this project is built against lacks the builds of some
// native packages for other platforms (darwin/win32 @next/swc-*, most
// @unrs/resolver-binding-*). `npm install` then leaves them out of
// package-lock.json and a later `npm ci` refuses the lock ("Missing: ... from
// lock file"). This script adds an entry for every optional dependency that a
// locked package declares but the lock lacks, tagged with the os/cpu/libc read
// from its name, so npm skips it on other machines and fetches it from the
// public registry on the machine it is built for. `npm install` runs it
// afterwards (the "postinstall" script); it only ever adds entries.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const OS = ["darwin", "linux", "win32", "freebsd", "android", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPU = ["x64", "arm64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"];

/** Platform fields npm uses to decide whether an optional package applies here. */
export function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const entry = { os: [os ?? "none"], cpu: [cpu ?? "none"] };
  if (parts.some((p) => p === "gnu" || p === "gnueabihf")) entry.libc = ["glibc"];
  if (parts.some((p) => p === "musl" || p === "musleabihf")) entry.libc = ["musl"];
  return entry;
}

/** Adds the missing entries to a parsed lock file; returns how many. */
export function completeLock(lock) {
  const packages = lock.packages ?? {};
  let added = 0;
  for (const [path, pkg] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = `${path}/node_modules/${name}`;
      const top = `node_modules/${name}`;
      if (packages[nested] || packages[top]) continue;
      const version = String(range).replace(/^[\^~]/, "");
      packages[top] = {
        version,
        resolved: `https://registry.npmjs.org/${name}/-/${name.split("/").pop()}-${version}.tgz`,
        ...platformOf(name),
        optional: true,
      };
      added++;
    }
  }
  return added;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = new URL("../package-lock.json", import.meta.url);
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const added = completeLock(lock);
  if (added) {
    writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
    console.log(`complete-lockfile: added ${added} platform-specific optional entries`);
  }
}
