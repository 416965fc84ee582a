// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded by Node at run time, not bundled: PGlite ships WebAssembly and data
  // files next to its code; the database drivers are plain Node packages.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg", "bcryptjs", "pg-boss", "twilio", "exceljs"],
};

export default nextConfig;
