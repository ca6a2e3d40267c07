import type { Clock } from '../common/clock.js';
import type { ErrorCode } from '../common/errors.js';
import type { IdGenerator } from '../common/ids.js';
import { isUuid } from '../common/ids.js';
import type { ApiKeyRepository, ApiKeyWithUser } from './api-key.repository.js';
import { generateApiKey, hashSecret, isWellFormedApiKey, secretsMatch } from './api-key.js';
import { SCOPES, isScope, type Principal, type Scope } from './principal.js';

export type AuthOutcome = { ok: true; principal: Principal } | { ok: false; error: ErrorCode };

export interface CreateKeyInput {
  userLabel: string;
  scopes?: readonly string[];
  expiresAt?: Date | null;
}

export interface ApiKeySummary {
  id: string;
  user: string;
  prefix: string;
  scopes: Scope[];
  status: 'active' | 'expired' | 'deactivated';
  expires_at: string | null;
  created_at: string;
}

export class KeyInputError extends Error {}

export class AuthService {
  private readonly integrations: { name: string; secret: string }[];

  constructor(
    private readonly keys: ApiKeyRepository,
    integrationSecrets: ReadonlyMap<string, string>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.integrations = [...integrationSecrets].map(([name, secret]) => ({ name, secret }));
  }

  /** Resolves the `x-application-secret-key` header to a principal, or says why not. */
  async authenticate(header: string | undefined): Promise<AuthOutcome> {
    if (header === undefined || header === '') return { ok: false, error: 'NotAuthenticated' };

    // Compare against every integration secret so timing does not reveal which one matched.
    let integration: string | undefined;
    for (const { name, secret } of this.integrations) {
      if (secretsMatch(header, secret)) integration = name;
    }
    if (integration !== undefined) {
      return {
        ok: true,
        principal: {
          id: `integration:${integration}`,
          kind: 'integration',
          userId: null,
          label: integration,
          scopes: new Set(SCOPES),
          credentialId: `integration:${integration}`,
        },
      };
    }

    if (!isWellFormedApiKey(header)) return { ok: false, error: 'InvalidAPIKeyException' };
    // The lookup is by SHA-256 of the key: equal digests are the constant-time comparison.
    const row = await this.keys.findByHash(hashSecret(header));
    if (!row) return { ok: false, error: 'InvalidAPIKeyException' };
    if (row.deactivated_at !== null) return { ok: false, error: 'APIKeyDeactivatedException' };
    if (row.expires_at !== null && row.expires_at <= this.clock.now().toISOString()) {
      return { ok: false, error: 'TokenExpiredException' };
    }
    return {
      ok: true,
      principal: {
        id: `user:${row.user_id}`,
        kind: 'user',
        userId: row.user_id,
        label: row.user_label,
        scopes: parseScopes(row.scopes),
        credentialId: `key:${row.id}`,
      },
    };
  }

  /** Issues a key; the plain key is returned once and never stored. */
  async createKey(input: CreateKeyInput): Promise<{ key: string; id: string }> {
    const label = input.userLabel.trim();
    if (!/^[\p{L}\p{N} _.@-]{1,100}$/u.test(label)) {
      throw new KeyInputError('user label must be 1-100 letters, digits, spaces or "_.@-"');
    }
    const scopes = input.scopes ?? SCOPES;
    const unknown = scopes.filter((s) => !isScope(s));
    if (unknown.length > 0 || scopes.length === 0) {
      throw new KeyInputError(`scopes must be a non-empty list of ${SCOPES.join(', ')}; got ${unknown.join(', ') || 'none'}`);
    }
    const now = this.clock.now();
    if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
      throw new KeyInputError('expiry must be in the future');
    }
    const userId = await this.keys.findOrCreateUser({ id: this.ids.uuid(), label, created_at: now.toISOString() });
    const generated = generateApiKey();
    const id = this.ids.uuid();
    await this.keys.insert({
      id,
      user_id: userId,
      key_hash: generated.hash,
      key_prefix: generated.prefix,
      scopes: [...new Set(scopes)].join(','),
      expires_at: input.expiresAt ? input.expiresAt.toISOString() : null,
      deactivated_at: null,
      created_at: now.toISOString(),
    });
    return { key: generated.key, id };
  }

  async listKeys(): Promise<ApiKeySummary[]> {
    const now = this.clock.now().toISOString();
    return (await this.keys.list()).map((row) => summarise(row, now));
  }

  /** Deactivates by key id or by the key itself; false when no active key matched. */
  async deactivateKey(keyOrId: string): Promise<boolean> {
    let row: ApiKeyWithUser | undefined;
    if (isUuid(keyOrId)) row = await this.keys.findById(keyOrId);
    else if (isWellFormedApiKey(keyOrId)) row = await this.keys.findByHash(hashSecret(keyOrId));
    if (!row) return false;
    return this.keys.deactivate(row.id, this.clock.now().toISOString());
  }
}

function parseScopes(raw: string): ReadonlySet<Scope> {
  return new Set(raw.split(',').filter(isScope));
}

function summarise(row: ApiKeyWithUser, now: string): ApiKeySummary {
  const status = row.deactivated_at !== null ? 'deactivated' : row.expires_at !== null && row.expires_at <= now ? 'expired' : 'active';
  return {
    id: row.id,
    user: row.user_label,
    prefix: row.key_prefix,
    scopes: [...parseScopes(row.scopes)],
    status,
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}
