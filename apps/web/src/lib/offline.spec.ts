import { describe, expect, it, vi } from 'vitest';
import { SAVED_ANSWER_HEADER } from '../sw/offline-routes';
import { isOffline, Reachability } from './offline';

const answer = (headers: Record<string, string> = {}) => new Response('[]', { status: 200, headers });

describe('the server reachability the app shows', () => {
  it('is offline when the browser says so, or when the server was out of reach', () => {
    expect(isOffline(true, false)).toBe(false);
    expect(isOffline(false, false)).toBe(true);
    expect(isOffline(true, true)).toBe(true);
  });

  it('notes a call that got no answer, and clears on the next real answer (an error status is an answer)', async () => {
    const reachability = new Reachability();
    const changes = vi.fn();
    reachability.subscribe(changes);
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(new Response('', { status: 500 }));
    const watched = reachability.watch(fetchImpl);

    await expect(watched('/trpc/a')).rejects.toThrow('Failed to fetch');
    expect(reachability.serverUnreachable).toBe(true);
    expect((await watched('/trpc/a')).status).toBe(500);
    expect(reachability.serverUnreachable).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it("counts an answer the service worker saved earlier as out of reach: the network failed behind it", async () => {
    const reachability = new Reachability();
    const watched = reachability.watch(vi.fn<typeof fetch>().mockResolvedValue(answer({ [SAVED_ANSWER_HEADER]: 'Mon, 01 Jan 2029 00:00:00 GMT' })));
    await watched('/trpc/post.recent');
    expect(reachability.serverUnreachable).toBe(true);
  });

  it('ignores a call the app cancelled itself', async () => {
    const reachability = new Reachability();
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const watched = reachability.watch(vi.fn<typeof fetch>().mockRejectedValue(aborted));
    await expect(watched('/trpc/a', { signal: controller.signal })).rejects.toBe(aborted);
    await expect(watched('/trpc/a')).rejects.toBe(aborted);
    expect(reachability.serverUnreachable).toBe(false);
  });

  it('passes the request through unchanged, and stops telling a listener that left', async () => {
    const reachability = new Reachability();
    const listener = vi.fn();
    const stop = reachability.subscribe(listener);
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(answer());
    const init = { method: 'GET', headers: { Authorization: 'Bearer t' } };
    await reachability.watch(fetchImpl)('/trpc/x?input=1', init);
    expect(fetchImpl).toHaveBeenCalledWith('/trpc/x?input=1', init);
    stop();
    reachability.set(true);
    expect(listener).not.toHaveBeenCalled();
  });
});
