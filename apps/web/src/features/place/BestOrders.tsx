import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import { reviewCountLabel } from './place-format';
import { PlaceRating } from './PlaceRating';
import './place-panel.css';
import './best-orders.css';

/** The search parameter that narrows Recent Reviews to one best order's reviews: its place in the list (1 = best). */
export const BEST_ORDER_PARAM = 'best';

/**
 * 'Best orders here' (issue 19): the place's orders ranked by the server (a Bayesian average, so one 5-star review
 * does not beat twenty at 4.8), each with its stars and count and a link that lists its reviews. Nothing below three
 * reviews, or while it loads.
 */
export function BestOrders({ establishmentId, chosen }: { establishmentId: number; chosen: number | null }) {
  const headingId = useId();
  const best = trpc.place.bestOrders.useQuery({ establishment_id: establishmentId }, { retry: false });
  useEffect(() => {
    if (best.error) logToServer('error', describeFailure(`Best orders of place ${establishmentId} failed`, best.error));
  }, [best.error, establishmentId]);
  const orders = best.data?.orders ?? [];
  if (orders.length === 0) return null;
  return (
    <section className="place-panel best-orders" aria-labelledby={headingId}>
      <h2 id={headingId} className="place-panel__title">
        Best orders here
      </h2>
      <ol className="best-orders__list">
        {orders.map((order, index) => {
          const rank = index + 1;
          const current = chosen === rank;
          return (
            <li key={`${order.label}-${rank}`} className={`best-orders__item${current ? ' is-chosen' : ''}`}>
              <span className="best-orders__rank" aria-hidden="true">
                {rank}
              </span>
              <span className="best-orders__label">{order.label}</span>
              <PlaceRating rating={order.rating} size="small" className="best-orders__rating" />
              {/* Chosen, the count stays (as text: its reviews are what the page lists) and 'Show all' is offered beside it. */}
              <span className="best-orders__reviews">
                {current ? (
                  <>
                    <span className="best-orders__count" aria-current="true">
                      {reviewCountLabel(order.count)}
                    </span>
                    <Link className="best-orders__link" to={{ search: '' }} replace preventScrollReset aria-label={`Show all reviews, not only ${order.label}`}>
                      Show all
                    </Link>
                  </>
                ) : (
                  <Link
                    className="best-orders__link"
                    to={{ search: `?${BEST_ORDER_PARAM}=${rank}` }}
                    replace
                    preventScrollReset
                    aria-label={`${reviewCountLabel(order.count)} of ${order.label}`}
                  >
                    {reviewCountLabel(order.count)}
                  </Link>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The reviews behind the chosen best order, from the same (cached) answer; null when none is chosen. */
export function useChosenBestOrder(establishmentId: number, chosen: number | null) {
  const best = trpc.place.bestOrders.useQuery({ establishment_id: establishmentId }, { retry: false, enabled: chosen !== null });
  const order = chosen === null ? undefined : best.data?.orders[chosen - 1];
  return order ? { label: order.label, postIds: new Set(order.post_ids) } : null;
}
