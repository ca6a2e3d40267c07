import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The database or a transaction: repositories take either, so a caller can put several writes in one transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
