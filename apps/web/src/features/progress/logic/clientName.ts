/** The name a coach sees for a client (as on the Coach Dashboard), from the coach's client list. */
export interface ClientEntry {
  user: { id: string; firstName: string | null; lastName: string | null };
}

export function clientName(entries: readonly ClientEntry[], clientId: string): string | null {
  const user = entries.find((entry) => entry.user.id === clientId)?.user;
  if (!user) return null;
  const name = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return name || null;
}
