import { FEDERATION_POLICY_LABELS, type FederationDomainView } from '@siplog/contracts';
import { useId } from 'react';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { localDateTime, POLICY_BADGES } from './federation-view';

interface FederationDomainRowProps {
  domain: FederationDomainView;
  /** Lifts the block or silence; resolves once the server has. */
  onLift: (host: string) => Promise<void>;
  lifting: boolean;
}

const LIFT_EFFECT = {
  block: 'Its people can follow people here again and what it sends is accepted. The follows the block ended do not come back.',
  silence: 'Its replies, likes and reports are accepted again.',
} as const;

/** A blocked or silenced server: what that means, since when, and a Lift behind the app's Yes/No. */
export function FederationDomainRow({ domain, onLift, lifting }: FederationDomainRowProps) {
  const id = useId();
  const lift = useConfirmedAction('Admin lift federation domain policy', () => onLift(domain.host));
  const policyWord = domain.policy === 'block' ? 'block' : 'silence';

  return (
    <li className={`admin-card federation-row${domain.policy === 'block' ? ' admin-card--alert' : ''}`} aria-labelledby={`${id}-host`}>
      <div className="admin-card__head">
        <h4 id={`${id}-host`} className="admin-card__name">
          {domain.host}
        </h4>
        <span className={`admin-badge${domain.policy === 'block' ? ' admin-badge--alert' : ''}`}>{POLICY_BADGES[domain.policy]}</span>
        <button
          type="button"
          className="button button--small federation-row__action"
          onClick={lift.ask}
          aria-disabled={lifting || undefined}
          aria-label={lifting ? `Lifting the ${policyWord} on ${domain.host}` : `Lift the ${policyWord} on ${domain.host}`}
        >
          {lifting ? 'Lifting…' : 'Lift'}
        </button>
      </div>
      <p className="federation-row__meaning">{FEDERATION_POLICY_LABELS[domain.policy]}</p>
      <p className="federation-row__since">
        Since <time dateTime={domain.created_at}>{localDateTime(domain.created_at)}</time>
      </p>
      {lift.confirming && (
        <ConfirmDialog title={`Lift the ${policyWord} on ${domain.host}?`} onConfirm={lift.confirm} onCancel={lift.cancel}>
          <p>{LIFT_EFFECT[domain.policy]}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
