// RECORDING_RETENTION_DAYS: recordings (with the records archived beside
// them) and the interview's log are deleted once the recording is older than
// that; one line in the log says so. Off by default. Each worker node sweeps
// hourly; a sweep is idempotent (a swept interview has no recording left).

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { InterviewRepository } from '../interviews/interview.repository.js';
import type { Clock, Scheduler, TimerHandle } from '../common/clock.js';
import type { MediaRepository } from './media.repository.js';
import type { MediaService } from './media.service.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface RetentionDeps {
  db: Kysely<Database>;
  media: MediaService;
  repository: MediaRepository;
  interviews: InterviewRepository;
  clock: Clock;
  retentionDays: number;
}

export class RetentionSweeper {
  private timer: TimerHandle | null = null;

  constructor(private readonly deps: RetentionDeps) {}

  /** Deletes what is past retention now; the number of interviews swept. */
  async sweep(limit = 100): Promise<number> {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - this.deps.retentionDays * 86_400_000).toISOString();
    const ids = await this.deps.repository.listRecordedBefore(cutoff, limit);
    const failures: unknown[] = [];
    for (const id of ids) {
      const at = this.deps.clock.now().toISOString();
      // One interview that cannot be swept (storage refusing, say) must not hold back the ones after it every hour.
      await this.deps.db
        .transaction()
        .execute(async (tx) => {
          await this.deps.media.erase(tx, id);
          await this.deps.interviews.replaceLog(
            tx,
            id,
            at,
            `recordings, archived records and log deleted: older than ${this.deps.retentionDays} day(s) (RECORDING_RETENTION_DAYS)`,
          );
        })
        .catch((error: unknown) => failures.push(new Error(`retention sweep of ${id} failed: ${String(error)}`, { cause: error })));
    }
    if (failures.length > 0) throw new AggregateError(failures, `retention sweep: ${failures.length} of ${ids.length} interview(s) failed`);
    return ids.length;
  }

  start(scheduler: Scheduler, onError: (error: unknown) => void): void {
    const run = () => void this.sweep().catch(onError);
    this.timer = scheduler.setInterval(run, SWEEP_EVERY_MS);
    run();
  }

  stop(): void {
    this.timer?.clear();
  }
}
