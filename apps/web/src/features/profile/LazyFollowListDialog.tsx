import { lazy, Suspense, type ComponentProps } from 'react';
import type { FollowListDialog } from './FollowListDialog';

const FollowListDialogChunk = lazy(() => import('./FollowListDialog').then((module) => ({ default: module.FollowListDialog })));

/** A follow list, its code loaded when one is first opened (it brings the profile schemas a first load does not need). */
export function LazyFollowListDialog(props: ComponentProps<typeof FollowListDialog>) {
  return (
    <Suspense fallback={null}>
      <FollowListDialogChunk {...props} />
    </Suspense>
  );
}
