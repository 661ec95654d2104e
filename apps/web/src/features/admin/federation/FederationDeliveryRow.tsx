import type { FederationDeliveryView } from '@siplog/contracts';
import { useId } from 'react';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { useConfirmedAction } from '../../../components/dialog/useConfirmedAction';
import { deliveryWhat, deliveryWhen, localDateTime, whenText } from './federation-view';

interface FederationDeliveryRowProps {
  delivery: FederationDeliveryView;
  /** When the list arrived, for 'failed 5 min ago' and 'in 3 min'. */
  now: number;
  /** Puts a failed delivery back in line now; its failure is the panel's to show. */
  onRetry: (id: number) => void;
  /** Forgets the delivery; resolves once the server has. */
  onDrop: (id: number) => Promise<void>;
  working: boolean;
}

/** One delivery in the queue: what, where, how often tried, when next (or when it failed) and why; Retry and Drop. */
export function FederationDeliveryRow({ delivery, now, onRetry, onDrop, working }: FederationDeliveryRowProps) {
  const id = useId();
  const drop = useConfirmedAction('Admin drop federation delivery', () => onDrop(delivery.id));
  const what = deliveryWhat(delivery);
  const when = deliveryWhen(delivery, now);
  const failed = delivery.failed_at !== null;

  return (
    <li className={`admin-card federation-row${failed ? ' admin-card--alert' : ''}`} aria-labelledby={`${id}-what`}>
      <div className="admin-card__head">
        <h4 id={`${id}-what`} className="admin-card__name">
          {what}
        </h4>
        <span className={`admin-badge${failed ? ' admin-badge--alert' : ''}`}>{failed ? 'Failed' : 'Waiting'}</span>
        <span className="federation-row__actions">
          {failed && (
            <button
              type="button"
              className="button button--small"
              aria-disabled={working || undefined}
              aria-label={`Retry ${what}`}
              onClick={() => {
                if (!working) onRetry(delivery.id);
              }}
            >
              Retry
            </button>
          )}
          <button
            type="button"
            className="button button--small button--danger"
            aria-disabled={working || undefined}
            aria-label={`Drop ${what}`}
            onClick={() => {
              if (!working) drop.ask();
            }}
          >
            Drop
          </button>
        </span>
      </div>
      <dl className="admin-card__facts federation-row__facts">
        <div>
          <dt>Attempts</dt>
          <dd>{delivery.attempts.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{when.label}</dt>
          <dd>
            <time dateTime={when.iso} title={localDateTime(when.iso)}>
              {when.text}
            </time>
          </dd>
        </div>
        <div>
          <dt>Queued</dt>
          <dd>
            <time dateTime={delivery.created_at} title={localDateTime(delivery.created_at)}>
              {whenText(delivery.created_at, now)}
            </time>
          </dd>
        </div>
      </dl>
      {delivery.last_error && (
        <p className="admin-card__error federation-row__error">
          <span className="federation-row__error-label">Last error:</span> {delivery.last_error}
        </p>
      )}
      {drop.confirming && (
        <ConfirmDialog title={`Drop ${what}?`} onConfirm={drop.confirm} onCancel={drop.cancel}>
          <p>It leaves the queue and is never delivered{delivery.target_host ? ` to ${delivery.target_host}` : ''}.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
