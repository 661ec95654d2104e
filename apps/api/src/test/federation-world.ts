import { createTestCa, installTestNetwork, startTlsFront, type TestCa, type TestNetwork, type TlsFront } from './federation-network';
import { startFediversePeer, type FediversePeer } from './fediverse-peer';
import { startTestApp, type TestApp } from './test-app';

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

/**
 * The usual pair: a Siplog test app with federation on at https://{siplog}, and a Mastodon-shaped peer at
 * https://{peer}, both on a fresh network. `env` adds to the app's settings.
 */
export async function startSiplogAndPeer(siplog: string, peer: string, env: Record<string, string> = {}): Promise<{ app: TestApp; peer: FediversePeer; world: FederationWorld; close: () => Promise<void> }> {
  const world = startFederationWorld();
  const app = await startTestApp({ FEDERATION: 'on', PUBLIC_URL: `https://${siplog}`, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', ...env });
  const remote = await startFediversePeer(`https://${peer}`);
  await world.front(siplog, Number(new URL(app.baseUrl).port));
  await world.front(peer, remote.port);
  return {
    app,
    peer: remote,
    world,
    close: async () => {
      await app.close();
      await remote.close();
      await world.close();
    },
  };
}
