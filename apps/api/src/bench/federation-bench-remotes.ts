import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, signRequest } from '@fedify/fedify';
import { Endpoints, Person } from '@fedify/fedify/vocab';

/** The remote servers' certificate (one for every host) and the CA that signed it. */
export interface BenchCertificates {
  caPem: string;
  keyPem: string;
  certPem: string;
}

/** One activity as a remote inbox took it in. */
export interface Delivery {
  host: string;
  path: string;
  type: string;
  /** The id of the activity's object (the Note of a Create, the Follow of an Accept). */
  objectId: string | null;
  /** Whether it came with an HTTP signature (RFC 9421 or draft-cavage); not verified here. */
  signed: boolean;
  /** performance.now() when the body had arrived. */
  at: number;
}

export interface RemoteServers {
  /** The https port every remote host answers on (the child's preload sends their names here). */
  port: number;
  /** Every delivery so far, by the id of its object. */
  deliveriesOf(objectId: string): readonly Delivery[];
  /** Waits (bounded) until `done()` holds, looking again after each delivery and every 50 ms. */
  until(done: () => boolean, what: string, ms: number): Promise<void>;
  /** A remote person's actor URI, served with the shared signing key. */
  actorUri(host: string, identifier: string): string;
  /**
   * POSTs `activity` to `inbox` (an https URL of Siplog's) at 127.0.0.1:`siplogPort`, signed as Mastodon signs
   * (draft-cavage HTTP Signatures, RSA) with `activity.actor`'s key (`#main-key`). Answers the status.
   */
  postSigned(inbox: string, siplogPort: number, activity: { actor: string; [property: string]: unknown }, agent: http.Agent): Promise<number>;
  close(): Promise<void>;
}

const INBOX_PATH = /^\/(?:inbox|users\/[a-z0-9_-]+\/inbox)$/;
const IDENTIFIER = /^[a-z0-9_-]{1,64}$/;

/**
 * The remote servers of the federation benchmark, all in one https server that answers by Host header: each host
 * serves Fedify actor documents at /users/{identifier} (one RSA key shared by everyone: the bench measures the sender,
 * not key management), and its inboxes take in any POST, note it and answer 202 without checking the signature, so
 * the bench process spends little CPU beside the server it measures. A host in `slowHosts` answers after that many ms.
 */
export async function startRemoteServers(certificates: BenchCertificates, slowHosts: ReadonlyMap<string, number>): Promise<RemoteServers> {
  const signingKey = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!IDENTIFIER.test(identifier)) return null;
      const [key] = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `Bench ${identifier}`,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: key.cryptographicKey,
      });
    })
    .setKeyPairsDispatcher(() => [signingKey]);
  // Registered for the inbox URIs above; the POSTs themselves never reach Fedify (see the server below).
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox');

  const byObject = new Map<string, Delivery[]>();
  const waiters = new Set<() => void>();
  const record = (delivery: Delivery) => {
    const key = delivery.objectId ?? '';
    const known = byObject.get(key);
    if (known) known.push(delivery);
    else byObject.set(key, [delivery]);
    for (const wake of waiters) wake();
  };

  const takeIn = (req: http.IncomingMessage, res: http.ServerResponse, host: string) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let activity: { type?: unknown; object?: unknown } = {};
      try {
        activity = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof activity;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const object = activity.object as string | { id?: string } | undefined;
      record({
        host,
        path: req.url ?? '',
        type: typeof activity.type === 'string' ? activity.type : 'unknown',
        objectId: typeof object === 'string' ? object : (object?.id ?? null),
        signed: typeof req.headers.signature === 'string',
        at: performance.now(),
      });
      const answer = () => res.writeHead(202).end();
      const delay = slowHosts.get(host);
      if (delay === undefined) answer();
      else setTimeout(answer, delay);
    });
  };

  const server = https.createServer({ key: certificates.keyPem, cert: certificates.certPem }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (req.method === 'POST' && INBOX_PATH.test(req.url ?? '')) return takeIn(req, res, host);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    void federation
      .fetch(new Request(`https://${host}${req.url ?? '/'}`, { method: req.method, headers }), { contextData: undefined })
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const actorUri = (host: string, identifier: string) => `https://${host}/users/${identifier}`;

  return {
    port: (server.address() as AddressInfo).port,
    deliveriesOf: (objectId) => byObject.get(objectId) ?? [],
    async until(done, what, ms) {
      const deadline = Date.now() + ms;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`Waited ${ms} ms for ${what}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 50);
          waiters.add(wake);
        });
      }
    },
    actorUri,
    async postSigned(inbox, siplogPort, activity, agent) {
      const body = JSON.stringify(activity);
      const unsigned = new Request(inbox, { method: 'POST', headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' }, body });
      const signed = await signRequest(unsigned, signingKey.privateKey, new URL(`${activity.actor}#main-key`), { spec: 'draft-cavage-http-signatures-12' });
      const url = new URL(inbox);
      // Straight to Siplog's plain http port with the public Host: what its TLS-terminating proxy would pass on.
      const headers = { ...Object.fromEntries(signed.headers), host: url.host };
      return new Promise<number>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port: siplogPort, path: url.pathname, method: 'POST', headers, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(body);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
