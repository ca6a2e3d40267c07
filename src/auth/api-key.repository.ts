import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApiKeyWithUser = ApiKeyRow & { user_label: string };

export class ApiKeyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByHash(keyHash: string): Promise<ApiKeyWithUser | undefined> {
    return this.keysWithUser().where('api_keys.key_hash', '=', keyHash).executeTakeFirst();
  }

  findById(id: string): Promise<ApiKeyWithUser | undefined> {
    return this.keysWithUser().where('api_keys.id', '=', id).executeTakeFirst();
  }

  list(): Promise<ApiKeyWithUser[]> {
    return this.keysWithUser().orderBy('api_keys.created_at', 'desc').orderBy('api_keys.id', 'desc').execute();
  }

  private keysWithUser() {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('api_keys')
      .select('users.label as user_label');
  }

  /** The user with this label, created on first use; race-safe across processes. */
  async findOrCreateUser(user: { id: string; label: string; created_at: string }): Promise<string> {
    await this.db
      .insertInto('users')
      .values(user)
      .onConflict((oc) => oc.column('label').doNothing())
      .execute();
    const row = await this.db.selectFrom('users').select('id').where('label', '=', user.label).executeTakeFirstOrThrow();
    return row.id;
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  async deactivate(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ deactivated_at: at })
      .where('id', '=', id)
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
