// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded by Node at run time, not bundled: PGlite ships WebAssembly and data
  // files next to its code; the database drivers are plain Node packages.
  experimental: {
    // Next.js buffers request bodies for proxy.ts (CORS). Room for the largest
    // JSON body (bulk create, 10 MB) so the route itself answers 413 above it;
    // CSV uploads bypass the proxy and stream (see proxy.ts).
    proxyClientMaxBodySize: "11mb",
    // Turbopack keeps a 270 MB cache of each build for the next one: a rebuild
    // while working takes 16 s instead of 47, but writing it costs a one-off
    // build 10 s and 18 CPU-seconds (an installation's, the gate's, and the
    // README suite's in its clone). CI=1 (.ci/run) builds without it.
    turbopackFileSystemCacheForBuild: process.env.CI !== "1",
    // A server loads every route's code as it starts, so no user waits for the
    // first load of a page. PRELOAD_ROUTES=0 loads each when first asked for:
    // the test servers (e2e/support/server.mjs), which answer a few routes and stop.
    preloadEntriesOnStart: process.env.PRELOAD_ROUTES !== "0",
  },
  // A build compiles; it does not check types (36 of its 80 s here). Types are
  // checked by `npm run typecheck`, which the gate runs on every change, so an
  // installation's `npm run build` (and the README suite's, in its clone) would
  // repeat a check main has already passed. BUILD_TYPECHECK=1 puts it back.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECK !== "1" },
  // BROWSER_SOURCE_MAPS=1 npm run build: the pages' scripts with their source maps, to read a
  // profile of a page (bench/lighthouse.mjs) by our own file and function names.
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg", "bcryptjs", "pg-boss", "twilio", "exceljs"],
};

export default nextConfig;
