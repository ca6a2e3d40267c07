import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { randomIds } from '../common/ids.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { TestClock, TestScheduler } from '../../test/helpers/test-clock.js';
import { enqueueJob, JobRepository } from './job.repository.js';
import { JobRunner, type JobDefinition, type JobLane } from './job-runner.js';

let testDb: TestDatabase;
let handle: DatabaseHandle;
const clock = new TestClock();

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = openDatabase({ databaseUrl: testDb.env.DATABASE_URL ?? null, dataDir: testDb.env.DATA_DIR! });
  await migrateToLatest(handle.db, handle.dialect);
});
afterAll(async () => {
  await handle?.close();
  await testDb?.dispose();
});

function runner(
  definitions: JobDefinition<unknown>[],
  leaseMs = 60_000,
  scheduler = new TestScheduler(clock),
  lanes: Record<string, JobLane> = {},
) {
  const r = new JobRunner(handle.db, new JobRepository(handle.db, handle.dialect), clock, scheduler, randomIds, {
    pollMs: 60_000,
    leaseMs,
    backoffBaseMs: 1_000,
    lanes,
  });
  for (const d of definitions) r.register(d);
  return r;
}

async function enqueue(kind: string, subject: string, maxAttempts = 3, tenant: string | null = null) {
  await enqueueJob(handle.db, {
    id: randomIds.uuid(),
    kind,
    dedupeKey: `${kind}:${subject}`,
    payload: { subject },
    maxAttempts,
    tenant,
    at: clock.now().toISOString(),
  });
}

function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

const job = (kind: string) => handle.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();

describe('durable jobs', () => {
  it('enqueuing the same work twice is a no-op', async () => {
    await enqueue('dedupe', 'a');
    await enqueue('dedupe', 'a');
    expect(await job('dedupe')).toHaveLength(1);
  });

  it('runs a job once, committing its effects together with its completion', async () => {
    const seen: string[] = [];
    await enqueue('once', 'x');
    // (The job of the test above has no runner here: only registered kinds are claimed.)
    const r = runner([
      { kind: 'once', maxAttempts: 3, parse: (p) => p, record: async (p) => void seen.push((p as { subject: string }).subject) },
    ]);
    expect(await r.runOne()).toBe(true);
    expect(await r.runOne()).toBe(false);
    expect(seen).toEqual(['x']);
    expect(await job('once')).toMatchObject([{ status: 'done', attempts: 1, lease_owner: null }]);
  });

  it('retries a failing job after a back-off and marks it failed after its last attempt', async () => {
    await enqueue('flaky', 'y', 2);
    let calls = 0;
    const r = runner([
      {
        kind: 'flaky',
        maxAttempts: 2,
        parse: (p) => p,
        perform: async () => {
          calls++;
          throw new Error('receiver down');
        },
      },
    ]);
    expect(await r.runOne()).toBe(true);
    expect(await job('flaky')).toMatchObject([{ status: 'pending', attempts: 1, last_error: 'receiver down' }]);
    expect(await r.runOne()).toBe(false); // not due yet
    clock.advance(1_500);
    expect(await r.runOne()).toBe(true);
    expect(await job('flaky')).toMatchObject([{ status: 'failed', attempts: 2 }]);
    expect(calls).toBe(2);
  });

  it('a job whose worker lost its lease is claimed again, and the stale worker cannot commit its effects', async () => {
    await enqueue('slow', 'z');
    const gate = () => {
      let open!: () => void;
      const closed = new Promise<void>((resolve) => (open = resolve));
      return { closed, open };
    };
    const [staleGate, freshGate, staleStarted, freshStarted] = [gate(), gate(), gate(), gate()];
    // The record step writes a row: only the worker holding the lease may commit it.
    const recordAs =
      (label: string): JobDefinition<unknown>['record'] =>
      async (_payload, { tx }) => {
        await tx.insertInto('users').values({ id: randomIds.uuid(), label, created_at: clock.now().toISOString() }).execute();
      };
    const stuck = runner(
      [
        {
          kind: 'slow',
          maxAttempts: 5,
          parse: (p) => p,
          perform: () => (staleStarted.open(), staleGate.closed),
          record: recordAs('record:stale'),
        },
      ],
      1_000,
    );
    const stale = stuck.runOne();
    await staleStarted.closed;
    clock.advance(2_000);
    const fresh = runner([
      {
        kind: 'slow',
        maxAttempts: 5,
        parse: (p) => p,
        perform: () => (freshStarted.open(), freshGate.closed),
        record: recordAs('record:fresh'),
      },
    ]).runOne();
    await freshStarted.closed;
    // The stale worker finishes first, while the job is running under the fresh worker's lease.
    staleGate.open();
    await stale;
    freshGate.open();
    expect(await fresh).toBe(true);
    const recorded = await handle.db.selectFrom('users').select('label').where('label', 'like', 'record:%').execute();
    expect(recorded.map((r) => r.label)).toEqual(['record:fresh']);
    expect(await job('slow')).toMatchObject([{ status: 'done' }]);
  });

  it('two workers draining one queue run every job exactly once', async () => {
    for (let i = 0; i < 30; i++) await enqueue('race', String(i));
    const runs: string[] = [];
    const definition: JobDefinition<unknown> = {
      kind: 'race',
      maxAttempts: 3,
      parse: (p) => p,
      record: async (p) => void runs.push((p as { subject: string }).subject),
    };
    const [a, b] = [runner([definition]), runner([definition])];
    a.start();
    b.start();
    await Promise.all([a.kick(), b.kick()]);
    await a.stop();
    await b.stop();
    expect(runs.sort()).toEqual(Array.from({ length: 30 }, (_, i) => String(i)).sort());
    expect(new Set((await job('race')).map((j) => j.status))).toEqual(new Set(['done']));
  });

  it('polls on its scheduler, and whenIdle() resolves once nothing is due', async () => {
    const scheduler = new TestScheduler(clock);
    let failures = 1;
    let recorded!: () => void;
    const done = new Promise<void>((resolve) => (recorded = resolve));
    const r = runner(
      [
        {
          kind: 'idle',
          maxAttempts: 3,
          parse: (p) => p,
          record: async () => {
            if (failures-- > 0) throw new Error('first attempt fails');
            recorded();
          },
        },
      ],
      60_000,
      scheduler,
    );
    await enqueue('idle', 'a');
    await r.whenIdle(); // not started: nothing runs, nothing to wait for
    expect(await job('idle')).toMatchObject([{ status: 'pending', attempts: 0 }]);
    r.start();
    await r.whenIdle();
    // Failed once and backing off for a second: not due, so idle.
    expect(await job('idle')).toMatchObject([{ status: 'pending', attempts: 1 }]);
    await scheduler.advance(60_000);
    await done; // the poll, not a kick, ran the retry
    await r.whenIdle();
    expect(await job('idle')).toMatchObject([{ status: 'done', attempts: 2 }]);
    await r.stop();
    expect(scheduler.pending).toBe(0);
  });

  it('a runner leaves jobs of kinds it does not know to runners that do', async () => {
    await enqueue('elsewhere', 'q');
    const other = { kind: 'other', maxAttempts: 1, parse: (p: unknown) => p };
    expect(await runner([other]).runOne()).toBe(false);
    expect(await job('elsewhere')).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(await runner([{ kind: 'elsewhere', maxAttempts: 1, parse: (p) => p }]).runOne()).toBe(true);
    expect(await job('elsewhere')).toMatchObject([{ status: 'done' }]);
  });

  it("a slow lane never holds up the default lane, and a tenant at its share waits while another tenant's job runs", async () => {
    const subjectOf = (p: unknown) => (p as { subject: string }).subject;
    const subjects = ['a1', 'a2', 'b1', 'c1'];
    const started = new Map(subjects.map((subject) => [subject, gate()]));
    const release = new Map(subjects.map((subject) => [subject, gate()]));
    const runs: string[] = [];
    const quickDone = gate();
    const r = runner(
      [
        {
          kind: 'lane.slow',
          lane: 'slow',
          maxAttempts: 1,
          parse: (p) => p,
          perform: async (p) => {
            runs.push(subjectOf(p));
            started.get(subjectOf(p))!.open();
            await release.get(subjectOf(p))!.closed;
          },
        },
        { kind: 'lane.quick', maxAttempts: 1, parse: (p) => p, record: async () => quickDone.open() },
      ],
      60_000,
      new TestScheduler(clock),
      { slow: { concurrency: 2, perTenant: 1 } },
    );
    // Tenant A's two jobs are due before tenant B's; the quick job comes last.
    await enqueue('lane.slow', 'a1', 1, 'tenant-a');
    clock.advance(1);
    await enqueue('lane.slow', 'a2', 1, 'tenant-a');
    clock.advance(1);
    await enqueue('lane.slow', 'b1', 1, 'tenant-b');
    clock.advance(1);
    await enqueue('lane.slow', 'c1', 1, 'tenant-c');
    clock.advance(1);
    await enqueue('lane.quick', 'q');
    r.start();
    // Both slow slots are busy, one per tenant, and the quick job ran meanwhile.
    await Promise.all([started.get('a1')!.closed, started.get('b1')!.closed, quickDone.closed]);
    expect([...runs].sort()).toEqual(['a1', 'b1']);
    // B's job ends: its slot passes over A's second job (due first) while A's first holds A's share, and takes C's.
    release.get('b1')!.open();
    await started.get('c1')!.closed;
    expect([...runs].sort()).toEqual(['a1', 'b1', 'c1']);
    release.get('c1')!.open();
    release.get('a1')!.open();
    await started.get('a2')!.closed;
    release.get('a2')!.open();
    await r.whenIdle();
    await r.stop();
    expect((await job('lane.slow')).map((j) => j.status)).toEqual(['done', 'done', 'done', 'done']);
  });
});
