import { FEDERATION_DOMAIN_POLICIES, FEDERATION_POLICY_LABELS, type FederationDomainPolicy, type FederationServerView } from '@siplog/contracts';
import { useId } from 'react';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { countText, localDateTime, POLICY_BADGES, POLICY_VERBS, whenText } from './federation-view';

interface FederationServerRowProps {
  server: FederationServerView;
  /** When the list arrived, for 'seen 5 min ago'. */
  now: number;
  /** Blocks or silences the server; resolves once the server has, rejects with its words. */
  onPolicy: (host: string, policy: FederationDomainPolicy) => Promise<void>;
  /** Silencing runs at once (a Lift undoes it): its failure is the panel's to show. */
  onSilence: (host: string) => void;
  working: boolean;
}

/** A server some of whose people this one knows, with quick Block (behind a Yes/No: follows end) and Silence. */
export function FederationServerRow({ server, now, onPolicy, onSilence, working }: FederationServerRowProps) {
  const id = useId();
  const block = useConfirmedAction('Admin block federation server', () => onPolicy(server.host, 'block'));
  const choices = FEDERATION_DOMAIN_POLICIES.filter((policy) => policy !== server.policy);

  return (
    <li className={`admin-card federation-row${server.policy === 'block' ? ' admin-card--alert' : ''}`} aria-labelledby={`${id}-host`}>
      <div className="admin-card__head">
        <h4 id={`${id}-host`} className="admin-card__name">
          {server.host}
        </h4>
        {server.policy && <span className={`admin-badge${server.policy === 'block' ? ' admin-badge--alert' : ''}`}>{POLICY_BADGES[server.policy]}</span>}
        <span className="federation-row__actions">
          {choices.map((policy) => (
            <button
              key={policy}
              type="button"
              className={`button button--small${policy === 'block' ? ' button--danger' : ''}`}
              aria-disabled={working || undefined}
              aria-label={`${POLICY_VERBS[policy]} ${server.host}`}
              onClick={() => {
                if (working) return;
                if (policy === 'block') block.ask();
                else onSilence(server.host);
              }}
            >
              {POLICY_VERBS[policy]}
            </button>
          ))}
        </span>
      </div>
      <dl className="admin-card__facts federation-row__facts">
        <div>
          <dt>People</dt>
          <dd>{server.people.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Followers here</dt>
          <dd>{server.followers.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>
            <time dateTime={server.last_seen} title={localDateTime(server.last_seen)}>
              {whenText(server.last_seen, now)}
            </time>
          </dd>
        </div>
      </dl>
      {block.confirming && (
        <ConfirmDialog title={`Block ${server.host}?`} onConfirm={block.confirm} onCancel={block.cancel}>
          <p>{FEDERATION_POLICY_LABELS.block}</p>
          {server.followers > 0 && <p>{countText(server.followers, 'follow of people here ends', 'follows of people here end')}.</p>}
        </ConfirmDialog>
      )}
    </li>
  );
}
