/** The name a coach sees for a client (as on the Coach Dashboard), or null when they have given none. */
export interface ClientNames {
  firstName: string | null;
  lastName: string | null;
}

export function clientName(client: ClientNames | undefined): string | null {
  if (!client) return null;
  const name = [client.firstName, client.lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return name || null;
}
