import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestCa, installTestNetwork, startTlsFront, type TestCa, type TestNetwork, type TlsFront } from './federation-network';

/** A plain http app on 127.0.0.1 that tells who it is, which Host it was asked for and which path. */
async function startPlainApp(name: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ app: name, host: request.headers.host, path: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Why a fetch failed, as the network or TLS said it (fetch wraps it in "fetch failed"). */
async function failureOf(url: string): Promise<{ code?: string; message: string }> {
  const error = await fetch(url).then(
    () => undefined,
    (thrown: unknown) => thrown as Error & { cause?: Error & { code?: string } },
  );
  if (!error) throw new Error(`${url} answered, though it should have failed`);
  return { code: error.cause?.code, message: error.cause?.message ?? error.message };
}

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
/** The TCP servers and sockets this process holds (vitest talks to its worker over pipes, not TCP). */
const tcpHandles = () => process.getActiveResourcesInfo().filter((kind) => kind.startsWith('TCP')).sort();

describe('the federation test network: https origins for apps on 127.0.0.1, nothing past the machine', () => {
  let ca: TestCa;
  let appA: Awaited<ReturnType<typeof startPlainApp>>;
  let appB: Awaited<ReturnType<typeof startPlainApp>>;
  let frontA: TlsFront;
  let network: TestNetwork | undefined;

  beforeAll(async () => {
    ca = createTestCa();
    [appA, appB] = await Promise.all([startPlainApp('a'), startPlainApp('b')]);
    frontA = await startTlsFront({ hostname: 'a.siplog.test', targetPort: appA.port, ca });
  });
  afterEach(async () => {
    await network?.uninstall();
    network = undefined;
  });
  afterAll(async () => {
    await frontA?.close();
    await Promise.all([appA?.close(), appB?.close()]);
  });

  it("answers Node's global fetch for https://a.siplog.test:<port> over TLS, through undici's global dispatcher", async () => {
    network = installTestNetwork({ ca, hosts: new Map([['a.siplog.test', undefined]]) });
    // Node's own fetch reads the dispatcher the npm undici set (its API version 1 symbol).
    expect((globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER]).toBe(network.agent);
    expect(getGlobalDispatcher()).toBe(network.agent);

    const response = await fetch(`${frontA.origin}/x?y=1`);
    expect(frontA.origin).toBe(`https://a.siplog.test:${frontA.port}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ app: 'a', host: `a.siplog.test:${frontA.port}`, path: '/x?y=1' });
  });

  it("serves a certificate for the front's hostname, signed by the test CA, and only HTTP/1.1", async () => {
    const socket = tls.connect({ host: '127.0.0.1', port: frontA.port, servername: 'a.siplog.test', ca: [ca.caPem], ALPNProtocols: ['h2', 'http/1.1'] });
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    expect(socket.authorized).toBe(true);
    expect(socket.getPeerCertificate().subjectaltname).toBe('DNS:a.siplog.test');
    expect(socket.alpnProtocol).toBe('http/1.1');
    socket.destroy();
  });

  it('refuses any hostname not on the network, and any non-loopback address, without a DNS look-up', async () => {
    network = installTestNetwork({ ca, hosts: new Map([['a.siplog.test', undefined]]) });
    const elsewhere = await failureOf(`https://elsewhere.siplog.test:${frontA.port}/`);
    expect(elsewhere.code).toBe('ENOTFOUND');
    expect(elsewhere.message).toBe('elsewhere.siplog.test is not on the test network (its hosts: a.siplog.test); nothing goes past this machine');
    expect((await failureOf('https://mastodon.social/.well-known/webfinger?resource=acct:a@mastodon.social')).message).toMatch(/^mastodon\.social is not on the test network/);
    const address = await failureOf('http://192.0.2.1/');
    expect(address).toEqual({ code: 'ECONNREFUSED', message: '192.0.2.1 is not on the test network: only loopback addresses and its hosts are' });

    // The test helpers reach the apps at http://127.0.0.1:<port>, which stays open.
    expect(await (await fetch(`http://127.0.0.1:${appB.port}/direct`)).json()).toEqual({ app: 'b', host: `127.0.0.1:${appB.port}`, path: '/direct' });
  });

  it('fails TLS for a certificate that names another host', async () => {
    // c.siplog.test leads to a.siplog.test's front, whose certificate does not name c.
    network = installTestNetwork({ ca, hosts: new Map([['c.siplog.test', frontA.port]]) });
    const failure = await failureOf('https://c.siplog.test/');
    expect(failure.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(failure.message).toContain('c.siplog.test');
  });

  it('fails TLS for a certificate from a CA the network does not trust', async () => {
    const strangerFront = await startTlsFront({ hostname: 'a.siplog.test', targetPort: appA.port, ca: createTestCa() });
    try {
      network = installTestNetwork({ ca, hosts: new Map([['a.siplog.test', strangerFront.port]]) });
      expect((await failureOf('https://a.siplog.test/')).code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    } finally {
      await strangerFront.close();
    }
  });

  it('serves two instances at once, each by its own name, with or without the port in the origin', async () => {
    const frontB = await startTlsFront({ hostname: 'b.siplog.test', targetPort: appB.port, ca });
    try {
      const hosts = new Map<string, number | undefined>([['a.siplog.test', undefined]]);
      network = installTestNetwork({ ca, hosts });
      // Hosts added after installing count: instances may start later.
      hosts.set('b.siplog.test', frontB.port);
      const [a, b] = await Promise.all([fetch(`${frontA.origin}/users/ann`), fetch('https://b.siplog.test/users/bob')]);
      expect(await a.json()).toEqual({ app: 'a', host: `a.siplog.test:${frontA.port}`, path: '/users/ann' });
      expect(await b.json()).toEqual({ app: 'b', host: 'b.siplog.test', path: '/users/bob' });
      // A front answers for its own name only.
      expect((await failureOf(`https://a.siplog.test:${frontB.port}/`)).code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    } finally {
      await frontB.close();
    }
  });

  it('takes the hosts from a function too', async () => {
    const asked: string[] = [];
    network = installTestNetwork({
      ca,
      hosts: (hostname) => {
        asked.push(hostname);
        return hostname.endsWith('.siplog.test') ? { port: frontA.port } : undefined;
      },
    });
    expect(await (await fetch('https://a.siplog.test/')).json()).toMatchObject({ app: 'a', host: 'a.siplog.test' });
    expect((await failureOf('https://b.siplog.test/')).code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect((await failureOf('https://example.org/')).message).toBe('example.org is not on the test network (its hosts: as the hosts function answers); nothing goes past this machine');
    expect(new Set(asked)).toEqual(new Set(['a.siplog.test', 'b.siplog.test', 'example.org']));
  });

  it('uninstall() puts the previous global dispatcher back, for Node\'s fetch too', async () => {
    const original = getGlobalDispatcher();
    const dispatched: string[] = [];
    const recording = new Agent();
    const dispatch = recording.dispatch.bind(recording);
    recording.dispatch = (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
      dispatched.push(`${String(options.origin)}${options.path}`);
      return dispatch(options, handler);
    };
    setGlobalDispatcher(recording);
    try {
      const installedNetwork = installTestNetwork({ ca, hosts: new Map([['a.siplog.test', undefined]]) });
      await (await fetch(`${frontA.origin}/while-installed`)).text();
      await installedNetwork.uninstall();
      expect(getGlobalDispatcher()).toBe(recording);
      expect(installedNetwork.agent.destroyed).toBe(true);
      await (await fetch(`http://127.0.0.1:${appA.port}/after`)).text();
      expect(dispatched).toEqual([`http://127.0.0.1:${appA.port}/after`]);
      // A second uninstall does nothing, and a new network may be installed.
      await installedNetwork.uninstall();
      expect(getGlobalDispatcher()).toBe(recording);
    } finally {
      setGlobalDispatcher(original);
      await recording.close();
    }
  });

  it('says clearly what is wrong with bad input', async () => {
    expect(() => ca.issue([])).toThrow('issue() needs at least one hostname for the certificate');
    expect(() => ca.issue(['A_Host.test'])).toThrow('A certificate hostname must be a lower-case DNS name such as a.siplog.test; got "A_Host.test"');
    await expect(startTlsFront({ hostname: 'a.siplog.test', targetPort: 70_000, ca })).rejects.toThrow('targetPort must be a TCP port (an integer from 1 to 65535); got 70000');
    expect(() => installTestNetwork({ ca, hosts: new Map([['A.siplog.test', undefined]]) })).toThrow('A test network hostname must be a lower-case DNS name');
    expect(() => installTestNetwork({ ca, hosts: new Map([['a.siplog.test', 0]]) })).toThrow('The port for a.siplog.test must be a TCP port');
    expect(() => installTestNetwork({ ca: { caPem: 'nothing' }, hosts: new Map() })).toThrow('installTestNetwork needs the CA from createTestCa()');
    network = installTestNetwork({ ca, hosts: new Map() });
    expect(() => installTestNetwork({ ca, hosts: new Map() })).toThrow('A test network is installed already: uninstall() it first');
  });

  it('close() ends open connections at once and leaves no handle behind', async () => {
    // Every connection the earlier tests opened is gone: only the three servers of this file listen.
    await vi.waitFor(() => expect(tcpHandles()).toEqual(['TCPServerWrap', 'TCPServerWrap', 'TCPServerWrap']), { timeout: 2_000 });
    const app = await startPlainApp('c');
    const front = await startTlsFront({ hostname: 'c.siplog.test', targetPort: app.port, ca });
    network = installTestNetwork({ ca, hosts: new Map([['c.siplog.test', undefined]]) });
    // An idle keep-alive connection from fetch, and one that never starts its handshake.
    await (await fetch(`${front.origin}/`)).text();
    const stalled = net.connect(front.port, '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    const stalledClosed = new Promise((resolve) => stalled.once('close', resolve));

    const started = performance.now();
    await front.close();
    await stalledClosed;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await failureOf(`${front.origin}/`)).code).toBe('ECONNREFUSED');
    await front.close(); // a second close is harmless

    await network.uninstall();
    network = undefined;
    await app.close();
    // A closed handle is let go of a moment after its close callback.
    await vi.waitFor(() => expect(tcpHandles()).toEqual(['TCPServerWrap', 'TCPServerWrap', 'TCPServerWrap']), { timeout: 2_000 });
  });
});
