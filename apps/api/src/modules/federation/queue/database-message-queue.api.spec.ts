import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { DatabaseMessageQueue, type QueueTiming } from './database-message-queue';
import { FederationQueueRepository } from './federation-queue.repository';

const FAST: QueueTiming = { pollMs: 20, leaseMs: 300, attemptTimeoutMs: 200, concurrency: 4, stopGraceMs: 1000, maxAttempts: 3, retryDelayMs: () => 30 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(15);
  }
}

const duration = (ms: number) => ({ total: () => ms }) as never;

/** Fedify's message queue over the app's database, on the engine under test. */
describe('DatabaseMessageQueue', () => {
  let app: TestApp;
  let repository: FederationQueueRepository;
  const listeners: AbortController[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    repository = app.get(FederationQueueRepository);
  });
  afterEach(async () => {
    for (const listener of listeners.splice(0)) listener.abort();
    await sleep(50);
  });
  afterAll(() => app.close());

  function listen(queue: DatabaseMessageQueue, handler: (message: any) => Promise<void> | void): Promise<void> {
    const controller = new AbortController();
    listeners.push(controller);
    return queue.listen(handler, { signal: controller.signal });
  }

  const remaining = async () => (await repository.depth(Date.now() + 3_600_000)).delayed + (await repository.depth(Date.now() + 3_600_000)).ready;

  it('hands each message to the listener once and forgets it when handled; notes where a delivery goes', async () => {
    const queue = new DatabaseMessageQueue(repository, FAST);
    const seen: string[] = [];
    void listen(queue, (message) => {
      seen.push(message.id);
    });
    await queue.enqueue({ type: 'outbox', id: 'one', inbox: 'https://remote.example/inbox', activityType: 'Create' });
    await queue.enqueueMany([{ type: 'inbox', id: 'two' }, { type: 'fanout', id: 'three' }]);
    await until(() => seen.length === 3, 'three messages');
    await sleep(60);
    expect(seen.sort()).toEqual(['one', 'three', 'two']);
    expect(await remaining()).toBe(0);
  });

  it('keeps a delayed message until it is due, and survives a listener that stops and a new one that starts', async () => {
    const first = new DatabaseMessageQueue(repository, FAST);
    await first.enqueue({ type: 'outbox', id: 'later', inbox: 'https://remote.example/inbox' }, { delay: duration(400) });
    expect(await first.getDepth()).toMatchObject({ queued: 1, ready: 0, delayed: 1 });
    const seen: number[] = [];
    const started = Date.now();
    void listen(first, () => {
      seen.push(Date.now() - started);
    });
    await sleep(150);
    expect(seen).toEqual([]);
    listeners.splice(0).forEach((listener) => listener.abort());
    // Another process (a restart) takes over the same table.
    const second = new DatabaseMessageQueue(repository, FAST);
    void listen(second, () => {
      seen.push(Date.now() - started);
    });
    await until(() => seen.length === 1, 'the delayed message');
    expect(seen[0]).toBeGreaterThanOrEqual(380);
  });

  it('retries a failing message with backoff, keeps it as failed after the last attempt, and the admin can retry or drop it', async () => {
    const queue = new DatabaseMessageQueue(repository, FAST);
    let calls = 0;
    let healthy = false;
    void listen(queue, () => {
      calls++;
      if (!healthy) throw new Error('connect ECONNREFUSED remote.example');
    });
    await queue.enqueue({ type: 'outbox', id: 'flaky', inbox: 'https://remote.example/inbox', activityType: 'Create' });
    await until(async () => (await repository.depth(Date.now())).failed === 1, 'the message to fail for good');
    expect(calls).toBe(FAST.maxAttempts);
    const [entry] = await repository.list(10);
    expect(entry).toMatchObject({ kind: 'outbox', targetHost: 'remote.example', activityType: 'Create', attempts: 3 });
    expect(entry.failedAt).toBeGreaterThan(0);
    expect(entry.lastError).toContain('ECONNREFUSED');

    healthy = true;
    expect(await repository.retry(entry.id, Date.now())).toBe(true);
    await until(() => calls === FAST.maxAttempts + 1, 'the retried delivery');
    await until(async () => (await remaining()) === 0, 'the queue to empty');
    expect(await repository.retry(entry.id, Date.now())).toBe(false);

    healthy = false;
    await queue.enqueue({ type: 'outbox', id: 'doomed', inbox: 'https://dead.example/inbox', activityType: 'Like' });
    await until(async () => (await repository.depth(Date.now())).failed === 1, 'the second message to fail');
    const [doomed] = await repository.list(10);
    expect(await repository.drop(doomed.id)).toBe(true);
    expect(await remaining()).toBe(0);
  });

  it('runs messages with one ordering key one at a time, in order, and others beside them', async () => {
    const queue = new DatabaseMessageQueue(repository, FAST);
    const log: string[] = [];
    let releaseCreate!: () => void;
    const createHeld = new Promise<void>((resolve) => (releaseCreate = resolve));
    void listen(queue, async (message) => {
      log.push(`start ${message.id}`);
      if (message.id === 'create') await createHeld;
      log.push(`end ${message.id}`);
    });
    await queue.enqueue({ type: 'outbox', id: 'create' }, { orderingKey: 'post-1' });
    await queue.enqueue({ type: 'outbox', id: 'delete' }, { orderingKey: 'post-1' });
    await queue.enqueue({ type: 'outbox', id: 'other' }, { orderingKey: 'post-2' });
    await until(() => log.includes('end other'), 'the unrelated message');
    expect(log).not.toContain('start delete');
    releaseCreate();
    await until(() => log.includes('end delete'), 'the delete');
    expect(log.indexOf('end create')).toBeLessThan(log.indexOf('start delete'));
  });

  it('delivers to one server one message at a time, so a slow server holds one worker while the others go on', async () => {
    const queue = new DatabaseMessageQueue(repository, { ...FAST, attemptTimeoutMs: 5000, leaseMs: 10_000 });
    const log: string[] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    void listen(queue, async (message) => {
      log.push(`start ${message.id}`);
      if (message.id === 'slow-1') await slow;
      log.push(`end ${message.id}`);
    });
    await queue.enqueue({ type: 'outbox', id: 'slow-1', inbox: 'https://slow.example/inbox' });
    await queue.enqueue({ type: 'outbox', id: 'slow-2', inbox: 'https://slow.example/users/b/inbox' });
    await queue.enqueueMany([1, 2, 3].map((n) => ({ type: 'outbox', id: `fast-${n}`, inbox: `https://fast${n}.example/inbox` })));
    await until(() => ['end fast-1', 'end fast-2', 'end fast-3'].every((line) => log.includes(line)), 'the other servers');
    expect(log).not.toContain('start slow-2');
    releaseSlow();
    await until(() => log.includes('end slow-2'), 'the second delivery to the slow server');
  });

  it('counts an attempt that never answers as failed, and tries it again later', async () => {
    const queue = new DatabaseMessageQueue(repository, FAST);
    let calls = 0;
    void listen(queue, async () => {
      calls++;
      if (calls === 1) await new Promise(() => undefined);
    });
    await queue.enqueue({ type: 'outbox', id: 'stuck', inbox: 'https://stuck.example/inbox' });
    await until(() => calls === 2, 'the second attempt');
    await until(async () => (await remaining()) === 0, 'the queue to empty');
  });

  it('runs again a message whose worker died mid-way (its claim ran out), and two nodes never take one message twice', async () => {
    // A worker that took a message and was killed: the claim stands until it runs out.
    await repository.enqueue([{ kind: 'outbox', message: JSON.stringify({ id: 'orphan' }), orderingKey: null, targetHost: null, runAt: Date.now() }], Date.now());
    const taken = await repository.claim(Date.now(), Date.now() + FAST.leaseMs);
    expect(taken).toBeDefined();
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) await repository.enqueue([{ kind: 'outbox', message: JSON.stringify({ id: `m${i}` }), orderingKey: null, targetHost: null, runAt: Date.now() }], Date.now());
    const nodeA = new DatabaseMessageQueue(repository, FAST);
    const nodeB = new DatabaseMessageQueue(repository, FAST);
    const handler = async (message: { id: string }) => {
      seen.push(message.id);
      await sleep(5);
    };
    void listen(nodeA, handler);
    void listen(nodeB, handler);
    await until(() => seen.length === 20, 'the twenty messages');
    expect(seen).not.toContain('orphan');
    await until(() => seen.includes('orphan'), 'the orphan after its claim ran out');
    await sleep(100);
    expect(seen.length).toBe(21);
    expect(new Set(seen).size).toBe(21);
  });

  it('stops within its grace when a message in hand takes longer, leaving it to run again', async () => {
    const queue = new DatabaseMessageQueue(repository, { ...FAST, attemptTimeoutMs: 10_000, leaseMs: 20_000, stopGraceMs: 150 });
    const controller = new AbortController();
    let started = false;
    const listening = queue.listen(
      () =>
        new Promise<void>(() => {
          started = true;
        }),
      { signal: controller.signal },
    );
    await queue.enqueue({ type: 'outbox', id: 'endless', inbox: 'https://endless.example/inbox' });
    await until(() => started, 'the message to be in hand');
    const stopping = Date.now();
    controller.abort();
    await listening;
    expect(Date.now() - stopping).toBeLessThan(1000);
    expect(await repository.releaseClaimsOfDeadWorkers()).toBe(app.data.spansNodes ? 0 : 1);
    const [left] = await repository.list(10);
    expect(await repository.drop(left.id)).toBe(true);
  });

  it('stops listening when aborted, after the message in hand is settled', async () => {
    const queue = new DatabaseMessageQueue(repository, FAST);
    let finished = false;
    const controller = new AbortController();
    const listening = queue.listen(
      async () => {
        await sleep(150);
        finished = true;
      },
      { signal: controller.signal },
    );
    await queue.enqueue({ type: 'inbox', id: 'slow' });
    await sleep(40);
    controller.abort();
    await listening;
    expect(finished).toBe(true);
    expect(await remaining()).toBe(0);
  });
});
