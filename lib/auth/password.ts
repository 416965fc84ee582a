import "server-only";
import bcrypt from "bcryptjs";

// bcrypt (cost 10): maintained, pure JavaScript, so no native build step.
const COST = 10;
// Compared against when the email is unknown, so a miss costs as much time as
// a wrong password and response times do not reveal which accounts exist.
const DECOY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8o2hS8x8pniZ6Ex9Tz2Gq6JO1F6h2m";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DECOY_HASH);
}
