/**
 * The transaction-scoped advisory lock taken by whoever writes the first users
 * into an empty database: the demo data at start-up (lib/setup/demo) and the
 * first-run setup (set-up-first-run.ts). Both re-check "no user yet" once they
 * hold it, so on any number of servers sharing one database exactly one of
 * them fills it, and the others find users and change nothing.
 */
export const FIRST_USERS_LOCK = 72707370;
