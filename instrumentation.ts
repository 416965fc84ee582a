// Next.js calls register() once when a server process starts, before it serves
// a request: the place to prepare the database.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The route table lives beside the routes (lib/ never imports app/): start-up is handed it.
  const [{ startService }, { OPERATIONS }] = await Promise.all([import("@/lib/server/startup"), import("@/app/api/operations")]);
  await startService({ operations: OPERATIONS });
}
