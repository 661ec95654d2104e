import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import type { LookupAddress, LookupOptions } from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { Agent, buildConnector, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';

/*
 * A private https "internet" for federation tests (issue 30). ActivityPub wants https origins (WebFinger's acct:
 * look-ups are https-only), while the instances under test listen on 127.0.0.1 over plain http in one process. So:
 * a throw-away CA (the openssl CLI), a TLS front per instance that pipes bytes to the app's port, and a global
 * dispatcher for Node's fetch (the one Fedify calls) that sends the test hostnames to 127.0.0.1, trusts the CA and
 * refuses every other host. Nothing leaves the machine; /etc/hosts is left alone.
 */

export interface TestCertificate {
  keyPem: string;
  certPem: string;
}

export interface TestCa {
  /** The CA's certificate, for clients to trust. */
  caPem: string;
  /** A leaf certificate for a server answering as these DNS names (its key with it), signed by the CA. */
  issue: (hostnames: readonly string[]) => TestCertificate;
}

// One DNS label: letters, digits and inner hyphens (URL parsing lower-cases names, so the lower case is the only one).
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
// Short validity: the CA is made for one test run, and a certificate left in a temp folder is worth nothing.
const CA_DAYS = '2';
const LEAF_DAYS = '1';

function assertHostname(hostname: unknown, what: string): asserts hostname is string {
  if (typeof hostname !== 'string' || !DNS_NAME.test(hostname)) {
    throw new Error(`${what} must be a lower-case DNS name such as a.siplog.test; got ${JSON.stringify(hostname)}`);
  }
}

function assertPort(port: unknown, what: string): asserts port is number {
  if (!Number.isInteger(port) || (port as number) < 1 || (port as number) > 65_535) {
    throw new Error(`${what} must be a TCP port (an integer from 1 to 65535); got ${JSON.stringify(port)}`);
  }
}

function openssl(args: string[]): void {
  try {
    execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: Buffer };
    if (code === 'ENOENT') throw new Error('The openssl command makes the test certificates: install it (apt-get install openssl).', { cause: error });
    throw new Error(`openssl ${args[0]} failed: ${stderr?.toString().trim() || String(error)}`, { cause: error });
  }
}

/** Runs `work` in a fresh folder under `parent`, removed afterwards: no key outlives the call on disk. */
function inWorkFolder<T>(parent: string, work: (file: (name: string) => string) => T): T {
  const folder = fs.mkdtempSync(path.join(parent, 'siplog-test-ca-'));
  try {
    return work((name) => path.join(folder, name));
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// Our own configuration, so the system's openssl.cnf (Debian's adds CA extensions to `req -x509`) has no say.
const opensslConfig = (commonName: string, extensions: string) =>
  `[req]\nprompt = no\ndistinguished_name = dn\n[dn]\nCN = ${commonName}\n[ext]\n${extensions}\n`;
const P256_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-noenc'];

/** A throw-away certificate authority (EC P-256, valid 2 days); `dir` is where openssl works (the system's temp folder by default). */
export function createTestCa(dir: string = os.tmpdir()): TestCa {
  const { caKeyPem, caPem } = inWorkFolder(dir, (file) => {
    fs.writeFileSync(file('ca.cnf'), opensslConfig('Siplog test CA', 'basicConstraints = critical, CA:TRUE\nkeyUsage = critical, keyCertSign, cRLSign\nsubjectKeyIdentifier = hash'));
    openssl(['req', '-x509', ...P256_KEY, '-days', CA_DAYS, '-config', file('ca.cnf'), '-extensions', 'ext', '-keyout', file('ca.key'), '-out', file('ca.pem')]);
    return { caKeyPem: fs.readFileSync(file('ca.key'), 'utf8'), caPem: fs.readFileSync(file('ca.pem'), 'utf8') };
  });

  const issue = (hostnames: readonly string[]): TestCertificate => {
    if (!Array.isArray(hostnames) || hostnames.length === 0) throw new Error('issue() needs at least one hostname for the certificate');
    hostnames.forEach((hostname) => assertHostname(hostname, 'A certificate hostname'));
    return inWorkFolder(dir, (file) => {
      const extensions = [
        `subjectAltName = ${hostnames.map((hostname) => `DNS:${hostname}`).join(', ')}`,
        'basicConstraints = critical, CA:FALSE',
        'keyUsage = critical, digitalSignature',
        'extendedKeyUsage = serverAuth',
        'authorityKeyIdentifier = keyid',
      ].join('\n');
      fs.writeFileSync(file('leaf.cnf'), opensslConfig(hostnames[0], extensions));
      fs.writeFileSync(file('ca.key'), caKeyPem, { mode: 0o600 });
      fs.writeFileSync(file('ca.pem'), caPem);
      openssl(['req', '-new', ...P256_KEY, '-config', file('leaf.cnf'), '-keyout', file('leaf.key'), '-out', file('leaf.csr')]);
      const serial = `0x${crypto.randomBytes(15).toString('hex')}`;
      openssl(['x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-set_serial', serial,
        '-days', LEAF_DAYS, '-extfile', file('leaf.cnf'), '-extensions', 'ext', '-out', file('leaf.pem')]);
      return { keyPem: fs.readFileSync(file('leaf.key'), 'utf8'), certPem: fs.readFileSync(file('leaf.pem'), 'utf8') };
    });
  };

  return { caPem, issue };
}

export interface TlsFront {
  hostname: string;
  port: number;
  /** `https://<hostname>:<port>`: the instance's public origin, as the test network reaches it. */
  origin: string;
  /** Stops listening and ends every open connection (an idle keep-alive one too), so no test waits on it; once is enough, more is harmless. */
  close: () => Promise<void>;
}

/**
 * TLS for `hostname` (a leaf certificate from `ca`) on 127.0.0.1 at a free port, each connection piped as it is to
 * the app's plain http port: the app sees ordinary HTTP/1.1 with the Host header the client sent.
 */
export async function startTlsFront({ hostname, targetPort, ca }: { hostname: string; targetPort: number; ca: TestCa }): Promise<TlsFront> {
  assertHostname(hostname, 'The front hostname');
  assertPort(targetPort, 'targetPort');
  const { keyPem, certPem } = ca.issue([hostname]);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  // Only HTTP/1.1 is offered: the bytes go to the app unchanged, and it speaks nothing else.
  const server = tls.createServer({ key: keyPem, cert: certPem, ALPNProtocols: ['http/1.1'] }, (client) => {
    track(client);
    const app = net.connect(targetPort, '127.0.0.1');
    track(app);
    client.pipe(app);
    app.pipe(client);
    // An end travels through the pipes (unsent bytes are flushed first); a failure on one side kills the other.
    client.on('error', () => app.destroy());
    client.once('close', () => app.destroy());
    app.on('error', () => client.destroy());
  });
  // The raw socket, before its handshake: close() must also end one that never got that far.
  server.on('connection', track);
  server.on('tlsClientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as net.AddressInfo;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      for (const socket of sockets) socket.destroy();
    }));
  return { hostname, port, origin: `https://${hostname}:${port}`, close };
}

/**
 * Which hosts exist on the test network. A Map from hostname to the port its connections go to, whatever the URL
 * says (so an origin may leave the port out: `https://a.siplog.test` as handles like @ann@a.siplog.test want), or
 * undefined for the URL's own port. The Map is read at each connection: hosts may be added after installing.
 * Or a function that answers the same for a hostname, undefined when the host is not on the network.
 */
export type TestHosts = ReadonlyMap<string, number | undefined> | ((hostname: string) => { port?: number } | undefined);

export interface TestNetwork {
  /** The global dispatcher while installed. */
  agent: Agent;
  /** Puts back the global dispatcher there was before and ends the network's connections. */
  uninstall: () => Promise<void>;
}

/** What the network answers for a host it does not have (an error with the code DNS would give). */
class NotOnTestNetwork extends Error {
  constructor(
    message: string,
    readonly code: 'ENOTFOUND' | 'ECONNREFUSED',
  ) {
    super(message);
    this.name = 'NotOnTestNetwork';
  }
}

// A loopback address never leaves the machine, and the test helpers reach the apps at http://127.0.0.1:<port>.
const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);

let installed: TestNetwork | undefined;

/**
 * Makes Node's global fetch (Fedify's) reach the test hosts only: their names resolve to 127.0.0.1, certificates
 * from `ca` are trusted (on top of Node's roots), loopback addresses stay reachable, and every other name or address
 * is refused before any DNS look-up or connection. Node's fetch takes undici's global dispatcher from
 * globalThis[Symbol.for('undici.globalDispatcher.1')], which undici's setGlobalDispatcher sets.
 */
export function installTestNetwork({ ca, hosts }: { ca: Pick<TestCa, 'caPem'>; hosts: TestHosts }): TestNetwork {
  if (installed) throw new Error('A test network is installed already: uninstall() it first (one global dispatcher at a time).');
  if (typeof ca?.caPem !== 'string' || !ca.caPem.includes('BEGIN CERTIFICATE')) throw new Error('installTestNetwork needs the CA from createTestCa()');
  if (hosts instanceof Map) {
    for (const [hostname, port] of hosts) {
      assertHostname(hostname, 'A test network hostname');
      if (port !== undefined) assertPort(port, `The port for ${hostname}`);
    }
  } else if (typeof hosts !== 'function') {
    throw new Error('hosts must be a Map from hostname to port (or undefined), or a function of the hostname');
  }

  const routeOf = (hostname: string): { port?: number } | undefined => {
    const route = typeof hosts === 'function' ? hosts(hostname) : hosts.has(hostname) ? { port: hosts.get(hostname) } : undefined;
    if (route?.port !== undefined) assertPort(route.port, `The port for ${hostname}`);
    return route;
  };
  const knownHosts = () => (hosts instanceof Map ? [...hosts.keys()].join(', ') || 'none' : 'as the hosts function answers');
  const unknownHost = (hostname: string) =>
    new NotOnTestNetwork(`${hostname} is not on the test network (its hosts: ${knownHosts()}); nothing goes past this machine`, 'ENOTFOUND');

  const lookup = (hostname: string, options: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    if (!routeOf(hostname)) return callback(unknownHost(hostname), '');
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), otherwise for one.
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
  };
  const connectTls = buildConnector({ ca: [...tls.rootCertificates, ca.caPem], lookup });
  // Names go through `lookup`; an address is never looked up, so that gate is here, with the port a Map may set.
  const connect: buildConnector.connector = (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
    if (net.isIP(host)) {
      if (isLoopback(host)) return connectTls(options, callback);
      return callback(new NotOnTestNetwork(`${host} is not on the test network: only loopback addresses and its hosts are`, 'ECONNREFUSED'), null);
    }
    const route = routeOf(host);
    if (!route) return callback(unknownHost(host), null);
    connectTls(route.port === undefined ? options : { ...options, port: String(route.port) }, callback);
  };

  const previous: Dispatcher = getGlobalDispatcher();
  const agent = new Agent({ connect });
  setGlobalDispatcher(agent);
  const network: TestNetwork = {
    agent,
    uninstall: async () => {
      if (installed !== network) return;
      installed = undefined;
      setGlobalDispatcher(previous);
      // destroy, not close: a request still waiting must not keep the test run alive.
      await agent.destroy();
    },
  };
  installed = network;
  return network;
}

export interface FederationWorld {
  ca: TestCa;
  network: TestNetwork;
  /** The hostnames on the network and the ports they reach (their TLS fronts). */
  hosts: Map<string, number>;
  /** A TLS front for `hostname` in front of `targetPort`, put on the network. */
  front(hostname: string, targetPort: number): Promise<TlsFront>;
  close(): Promise<void>;
}

/** A private https network for federation tests (see federation-network.ts), and what is put on it, closed together. */
export function startFederationWorld(): FederationWorld {
  const ca = createTestCa();
  const hosts = new Map<string, number>();
  const network = installTestNetwork({ ca, hosts });
  const fronts: TlsFront[] = [];
  return {
    ca,
    network,
    hosts,
    async front(hostname, targetPort) {
      const front = await startTlsFront({ hostname, targetPort, ca });
      fronts.push(front);
      hosts.set(hostname, front.port);
      return front;
    },
    async close() {
      for (const front of fronts) await front.close();
      await network.uninstall();
    },
  };
}
