import { startFederationWorld, type FederationWorld } from './federation-network';
import { startFediversePeer, type FediversePeer } from './fediverse-peer';
import { startTestApp, type TestApp } from './test-app';

export { startFederationWorld, type FederationWorld } from './federation-network';

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
