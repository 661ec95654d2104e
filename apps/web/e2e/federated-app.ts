import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFederationWorld, type FederationWorld } from '../../api/src/test/federation-network';
import { startFediversePeer, type FediversePeer } from '../../api/src/test/fediverse-peer';
import { startApp, type RunningApp } from './harness';

/** Gives the API process the test network (node --import), as the API's restart test does. */
const PRELOAD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/src/test/federation-network.child.mjs');

/** The built API with federation on at https://{siplog}, and a Mastodon-shaped peer at https://{peer}, on one private network. */
export interface FederatedApp {
  world: FederationWorld;
  peer: FediversePeer;
  app: RunningApp;
  stop(): Promise<void>;
}

/**
 * Issue 30's browser tests: a private https network (a throw-away CA and TLS fronts from the API's federation tests;
 * nothing leaves the machine), the peer on it, and the built API as a child process given the same network.
 */
export async function startFederatedApp(siplog: string, peerHost: string): Promise<FederatedApp> {
  const world = startFederationWorld();
  const peer = await startFediversePeer(`https://${peerHost}`);
  await world.front(peerHost, peer.port);
  const app = await startApp({
    FEDERATION: 'on',
    PUBLIC_URL: `https://${siplog}`,
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    NODE_OPTIONS: `--import ${PRELOAD}`,
    SIPLOG_TEST_NETWORK: JSON.stringify({ caPem: world.ca.caPem, hosts: Object.fromEntries(world.hosts) }),
  });
  await world.front(siplog, Number(new URL(app.baseUrl).port));
  return {
    world,
    peer,
    app,
    async stop() {
      await app.stop();
      await peer.close();
      await world.close();
    },
  };
}
