import { beforeEach, describe, expect, it, vi } from 'vitest';

const logToServer = vi.fn();
vi.mock('../lib/client-log', () => ({ logToServer: (...args: unknown[]) => logToServer(...args) }));
let session: { token: string } | null = null;
vi.mock('../lib/session-storage', () => ({ readSession: () => session }));

const { keepWhatWasLoaded, registerServiceWorker, urlsToKeep } = await import('./register');

const ORIGIN = 'https://siplog.example';
const FEED = `${ORIGIN}/trpc/post.recent?input=${encodeURIComponent('{"cursor":null,"limit":5}')}`;
const CONFIG = `${ORIGIN}/trpc/map.config`;
const STYLE = `${ORIGIN}/api/map/style.json`;

/** A ServiceWorkerContainer with or without a controlling worker, whose controllerchange can be fired. */
function container(controlled: boolean, register = vi.fn().mockResolvedValue({})) {
  const target = new EventTarget();
  return {
    register,
    controller: controlled ? {} : null,
    addEventListener: target.addEventListener.bind(target),
    fire: () => target.dispatchEvent(new Event('controllerchange')),
  };
}

describe('registering the service worker', () => {
  beforeEach(() => {
    logToServer.mockClear();
    vi.stubGlobal('window', { location: { origin: ORIGIN } });
  });

  it('registers /sw.js for the whole site, always asking the server for a new one', async () => {
    const worker = container(true);
    await registerServiceWorker(worker as unknown as ServiceWorkerContainer, () => [], vi.fn());
    expect(worker.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    expect(logToServer).not.toHaveBeenCalled();
  });

  it('logs a refusal and carries on (the app works, only not offline)', async () => {
    const worker = container(false, vi.fn().mockRejectedValue(new DOMException('Service workers are disabled', 'SecurityError')));
    await expect(registerServiceWorker(worker as unknown as ServiceWorkerContainer, () => [FEED], vi.fn())).resolves.toBeUndefined();
    expect(logToServer).toHaveBeenCalledWith('info', expect.stringContaining('Service workers are disabled'));
  });

  it('on a first visit, asks again for what the worker keeps once it controls the page, and only then', async () => {
    const refetch = vi.fn().mockResolvedValue(new Response('{}'));
    const worker = container(false);
    await registerServiceWorker(worker as unknown as ServiceWorkerContainer, () => [FEED, `${ORIGIN}/assets/index-1.js`], refetch);
    expect(refetch).not.toHaveBeenCalled();
    worker.fire();
    await vi.waitFor(() => expect(refetch).toHaveBeenCalledWith(FEED, { headers: {} }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('on a repeat visit asks nothing again: what it loaded went through the worker already', async () => {
    const refetch = vi.fn();
    const worker = container(true);
    await registerServiceWorker(worker as unknown as ServiceWorkerContainer, () => [FEED], refetch);
    worker.fire();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(refetch).not.toHaveBeenCalled();
  });
});

describe('what a first visit asks again for the worker to keep', () => {
  it('is the map config, the style and the feed first page, each once, and nothing else', () => {
    const loaded = [
      `${ORIGIN}/assets/index-1.js`,
      CONFIG,
      FEED,
      FEED,
      STYLE,
      `${ORIGIN}/trpc/post.recent?input=${encodeURIComponent('{"cursor":"x_1","limit":1}')}`,
      `${ORIGIN}/trpc/place.inBounds?input=%7B%7D`,
      `${ORIGIN}/api/map/tiles/world/8/65/95.pbf?v=1`,
      'https://elsewhere.example/trpc/map.config',
    ];
    expect(urlsToKeep(loaded, ORIGIN)).toEqual([CONFIG, FEED, STYLE]);
  });

  it("sends the signed-in person's token (their feed is kept as theirs) and survives a failed request", async () => {
    session = { token: 'tok' };
    const refetch = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(new Response('{}'));
    await expect(keepWhatWasLoaded([CONFIG, FEED], ORIGIN, refetch)).resolves.toBeUndefined();
    expect(refetch.mock.calls).toEqual([
      [CONFIG, { headers: { Authorization: 'Bearer tok' } }],
      [FEED, { headers: { Authorization: 'Bearer tok' } }],
    ]);
    session = null;
  });
});
