import { useEffect, useMemo } from 'react';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import { useSession } from '../session/useSession';

/**
 * The signed-in person's Want to try list (issue 19), read once and shared by the place page, the map's popup and
 * pins, and My Log. Nothing for a guest.
 */
export function useWantToTryList() {
  const signedIn = !!useSession();
  const list = trpc.place.wantToTryList.useQuery({}, { enabled: signedIn, staleTime: 60_000, retry: false });
  useEffect(() => {
    if (list.error) logToServer('error', describeFailure('Want to try list failed', list.error));
  }, [list.error]);
  return { signedIn, list };
}

/** The ids on the list, for marking pins (empty for a guest or before the list arrives). */
export function useWantToTryIds(): ReadonlySet<number> {
  const { list } = useWantToTryList();
  const places = list.data?.places;
  // One set per answer, so the pins are redrawn only when the list changes.
  return useMemo(() => new Set(places?.map((place) => place.establishment_id) ?? []), [places]);
}

/** Whether one place is on the list, and the change (the list follows at once and is then read again). */
export function useWantToTry(establishmentId: number) {
  const { signedIn, list } = useWantToTryList();
  const utils = trpc.useUtils();
  const settle = () => void utils.place.wantToTryList.invalidate();
  const add = trpc.place.wantToTry.useMutation({
    onSettled: settle,
    onError: (error) => logToServer('error', describeFailure(`Want to try ${establishmentId} failed`, error)),
  });
  const remove = trpc.place.removeWantToTry.useMutation({
    onSettled: settle,
    onError: (error) => logToServer('error', describeFailure(`Remove want to try ${establishmentId} failed`, error)),
  });
  const pending = add.isPending ? true : remove.isPending ? false : null;
  const listed = list.data?.places.some((place) => place.establishment_id === establishmentId) ?? false;
  // While a change runs, show where it is going.
  const wanted = pending ?? listed;
  return {
    signedIn,
    wanted,
    busy: list.isLoading || add.isPending || remove.isPending,
    failed: add.error ?? remove.error ?? null,
    toggle: () => (wanted ? remove : add).mutateAsync({ establishment_id: establishmentId }),
  };
}
