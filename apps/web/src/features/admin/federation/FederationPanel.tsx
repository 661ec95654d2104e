import { DIALOG_TITLES, FEDERATION_LIMITS, type FederationAdminAnswer, type FederationDomainPolicy } from '@siplog/contracts';
import { useState } from 'react';
import { useMessageDialog } from '../../../components/dialog/MessageDialogProvider';
import { logToServer } from '../../../lib/client-log';
import { trpc } from '../../../lib/trpc';
import { describeFailure, errorMessage } from '../../../lib/trpc-errors';
import { FederationDeliveryRow } from './FederationDeliveryRow';
import { FederationDomainForm } from './FederationDomainForm';
import { FederationDomainRow } from './FederationDomainRow';
import { FederationServerRow } from './FederationServerRow';
import { FederationSwitch } from './FederationSwitch';
import { countText, domainDoneText } from './federation-view';
import '../admin-cards.css';
import './federation.css';

/** Issue 30: the operator's hold on federation: the switch, servers blocked or silenced, the servers known, the delivery queue. */
export function FederationPanel() {
  const { showMessage } = useMessageDialog();
  const utils = trpc.useUtils();
  const answer = trpc.admin.federation.useQuery(undefined, { retry: false });
  const setFederation = trpc.admin.setFederation.useMutation();
  const setDomain = trpc.admin.setFederationDomain.useMutation();
  const removeDomain = trpc.admin.removeFederationDomain.useMutation();
  const retryDelivery = trpc.admin.retryFederationDelivery.useMutation();
  const dropDelivery = trpc.admin.dropFederationDelivery.useMutation();
  // What a call is under way for ('switch', 'host:x.example', 'delivery:12'): its buttons say so and ignore presses.
  const [working, setWorking] = useState<string | null>(null);
  const [done, setDone] = useState('');
  // Times read as of when the answer arrived ("5 min ago" then), which every call brings up to date.
  const now = answer.dataUpdatedAt;

  /** Runs one call: its answer is the panel's fresh state; after a failure the panel asks again (another admin may have acted). */
  const run = async (key: string, call: () => Promise<FederationAdminAnswer>, doneText: string) => {
    setWorking(key);
    setDone('');
    try {
      utils.admin.federation.setData(undefined, await call());
      setDone(doneText);
    } catch (error) {
      await utils.admin.federation.invalidate();
      throw error;
    } finally {
      setWorking(null);
    }
  };

  /** A call with no Yes/No in front: its failure is shown here, as the map-regions Dismiss does. */
  const runShown = (what: string, key: string, call: () => Promise<FederationAdminAnswer>, doneText: string) => {
    void run(key, call, doneText).catch((error: unknown) => {
      logToServer('error', describeFailure(what, error));
      showMessage({ title: DIALOG_TITLES.warning, body: errorMessage(error) });
    });
  };

  const switchTo = (enabled: boolean) =>
    runShown('Admin federation switch', 'switch', () => setFederation.mutateAsync({ enabled }), enabled ? 'Federation is on.' : 'Federation is off.');
  const setPolicy = (host: string, policy: FederationDomainPolicy) =>
    run(`host:${host}`, () => setDomain.mutateAsync({ host, policy }), domainDoneText(host, policy));
  const silence = (host: string) => runShown('Admin silence federation server', `host:${host}`, () => setDomain.mutateAsync({ host, policy: 'silence' }), domainDoneText(host, 'silence'));
  const lift = (host: string) => run(`host:${host}`, () => removeDomain.mutateAsync({ host }), domainDoneText(host, null));
  const retry = (id: number) => runShown('Admin retry federation delivery', `delivery:${id}`, () => retryDelivery.mutateAsync({ id }), 'The delivery is back in line.');
  const drop = (id: number) => run(`delivery:${id}`, () => dropDelivery.mutateAsync({ id }), 'The delivery was dropped.');

  const saved = (fresh: FederationAdminAnswer, host: string, policy: FederationDomainPolicy) => {
    utils.admin.federation.setData(undefined, fresh);
    setDone(domainDoneText(host, policy));
  };

  const deliveries = answer.data?.queue.deliveries ?? [];

  return (
    <section className="admin-panel federation" aria-labelledby="admin-federation-title">
      <h2 id="admin-federation-title" className="admin-panel__title">
        Federation
      </h2>
      <p className="admin-muted admin-panel__intro">
        Siplog speaks ActivityPub: people on Mastodon and other servers can follow people here and see their public reviews. Here you switch
        it on or off, keep unwanted servers out, and watch what waits to be delivered.
      </p>
      {answer.isPending ? (
        <p className="admin-users__count" aria-live="polite">
          Loading federation…
        </p>
      ) : answer.isError ? (
        <p className="admin-form-error" role="alert">
          Federation could not be loaded: {errorMessage(answer.error)}
        </p>
      ) : (
        <>
          <FederationSwitch answer={answer.data} onSwitch={switchTo} switching={working === 'switch'} />
          <p className="admin-panel__done" role="status">
            {done}
          </p>

          <h3 className="admin-panel__heading">Blocked and silenced servers</h3>
          <FederationDomainForm onStart={() => setDone('')} onSaved={saved} />
          {answer.data.domains.length > 0 ? (
            <ul className="admin-panel__list" aria-label="Blocked and silenced servers">
              {answer.data.domains.map((domain) => (
                <FederationDomainRow key={domain.host} domain={domain} onLift={lift} lifting={working === `host:${domain.host}`} />
              ))}
            </ul>
          ) : (
            <p className="admin-panel__empty">No server is blocked or silenced.</p>
          )}

          <h3 className="admin-panel__heading">Known servers</h3>
          {answer.data.servers.length > 0 ? (
            <>
              <p className="admin-users__count">{countText(answer.data.servers.length, 'server', 'servers')}, the most recently seen first.</p>
              <ul className="admin-panel__list" aria-label="Known servers">
                {answer.data.servers.map((server) => (
                  <FederationServerRow
                    key={server.host}
                    server={server}
                    now={now}
                    onPolicy={setPolicy}
                    onSilence={silence}
                    working={working === `host:${server.host}`}
                  />
                ))}
              </ul>
            </>
          ) : (
            <p className="admin-panel__empty">No other server is known yet.</p>
          )}

          <h3 className="admin-panel__heading">Delivery queue</h3>
          <dl className="federation__counts">
            <div>
              <dt>Ready</dt>
              <dd>{answer.data.queue.ready.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Delayed</dt>
              <dd>{answer.data.queue.delayed.toLocaleString('en-US')}</dd>
            </div>
            <div className={answer.data.queue.failed > 0 ? 'federation__count--failed' : undefined}>
              <dt>Failed</dt>
              <dd>{answer.data.queue.failed.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          {deliveries.length > 0 ? (
            <>
              {deliveries.length >= FEDERATION_LIMITS.queueListed && (
                <p className="admin-muted">The first {FEDERATION_LIMITS.queueListed} are listed: failed ones first, then the newest.</p>
              )}
              <ul className="admin-panel__list" aria-label="Deliveries">
                {deliveries.map((delivery) => (
                  <FederationDeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    now={now}
                    onRetry={retry}
                    onDrop={drop}
                    working={working === `delivery:${delivery.id}`}
                  />
                ))}
              </ul>
            </>
          ) : (
            <p className="admin-panel__empty">Nothing is waiting to be delivered.</p>
          )}
        </>
      )}
    </section>
  );
}
