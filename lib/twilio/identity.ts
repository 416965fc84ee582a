// Browser devices register as "user_<id>"; the provider reports them as "client:user_<id>".
export function identityFor(userId: number): string {
  return `user_${userId}`;
}

export function userIdFromClient(from: string | undefined): number | null {
  const match = /^(?:client:)?user_(\d{1,9})$/.exec(from ?? "");
  return match ? Number(match[1]) : null;
}
