import { lazy, Suspense, type ComponentProps } from 'react';
import type { FullPostDialog } from './FullPostDialog';

const FullPostDialogChunk = lazy(() => import('./FullPostDialog').then((module) => ({ default: module.FullPostDialog })));

/**
 * The full post, its code loaded when one is first opened: it brings the review forms and their schemas, which a
 * page's first load (a profile, a place, the map) does not need.
 */
export function LazyFullPostDialog(props: ComponentProps<typeof FullPostDialog>) {
  return (
    <Suspense fallback={null}>
      <FullPostDialogChunk {...props} />
    </Suspense>
  );
}
