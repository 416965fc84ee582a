// Next.js calls register() once when a server process starts, before it serves
// a request: the place to prepare the database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startService } = await import("@/lib/startup");
  await startService();
}
