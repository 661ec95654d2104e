import type { ReactNode, SVGProps } from 'react';
import { preloadQuickPostDrawer, useQuickPost } from './quick-post-context';
import type { QuickPostPlace } from './quick-post-place';
import './quick-post-button.css';

/** A pen over a square: writing a review. */
export function QuickPostIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d="M11 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
      <path d="M17.5 3.5a2.1 2.1 0 0 1 3 3L12 15l-4 1 1-4z" />
    </svg>
  );
}

interface QuickPostButtonProps {
  className: string;
  place?: QuickPostPlace;
  children: ReactNode;
}

/** Opens the Quick Post drawer (a guest gets the login prompt); the drawer's code starts loading on hover or focus. */
export function QuickPostButton({ className, place, children }: QuickPostButtonProps) {
  const { openQuickPost } = useQuickPost();
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onPointerEnter={preloadQuickPostDrawer}
      onFocus={preloadQuickPostDrawer}
      onClick={() => openQuickPost(place)}
    >
      {children}
    </button>
  );
}

/** The map home's 'quick post' button beside the search field (spec §2 Home); on a phone only its icon shows. */
export function MapQuickPostButton() {
  return (
    <QuickPostButton className="button button--small button--primary quick-post-trigger quick-post-trigger--map">
      <QuickPostIcon />
      <span className="quick-post-trigger__label">quick post</span>
    </QuickPostButton>
  );
}

/** My Log's 'Quick Post' button between the profile card and the carousels (spec §2 /mylog). */
export function QuickPostCallout() {
  return (
    <section className="quick-post-callout" aria-label="Quick Post">
      <span className="quick-post-callout__icon" aria-hidden="true">
        <QuickPostIcon width={22} height={22} />
      </span>
      <p className="quick-post-callout__text">
        <strong>What did you drink today?</strong>
        <span>Post your order with a photo and stars in a few seconds.</span>
      </p>
      <QuickPostButton className="button button--primary quick-post-callout__button">
        <QuickPostIcon />
        Quick Post
      </QuickPostButton>
    </section>
  );
}
