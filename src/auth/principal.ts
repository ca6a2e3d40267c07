export const SCOPES = ['interviews:read', 'interviews:write', 'webhooks'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Who is calling: a user's API key or a platform integration's static secret. */
export interface Principal {
  /** Owner id stamped on every record the principal creates: `user:<uuid>` or `integration:<name>`. */
  id: string;
  kind: 'user' | 'integration';
  /** The application user's uuid; null for integrations. */
  userId: string | null;
  label: string;
  scopes: ReadonlySet<Scope>;
  /** The credential itself (key id or integration name), the unit of rate limiting. */
  credentialId: string;
}
