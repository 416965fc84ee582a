// Prisma CLI configuration. The app itself never reads this: it applies
// prisma/migrations with its own runner (lib/db/migrate.ts), but `prisma
// migrate deploy` reads the same folder wherever the schema engine can run.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
