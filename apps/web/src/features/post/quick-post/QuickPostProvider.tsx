import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DIALOG_TITLES } from '@siplog/contracts';
import { MessageDialog } from '../../../components/dialog/MessageDialog';
import { logToServer } from '../../../lib/client-log';
import { errorMessage } from '../../../lib/trpc-errors';
import { readSession } from '../../../lib/session-storage';
import { useSession } from '../../session/useSession';
import { LoginToPostDialog } from './LoginToPostDialog';
import { loadQuickPostDrawer, QuickPostContext, type QuickPostApi } from './quick-post-context';
import { postablePlace, type QuickPostPlace } from './quick-post-place';
import type { QuickPostDrawerProps } from './QuickPostDrawer';

const LOAD_FAILED = 'Quick Post could not be opened. Please check your connection and try again.';

/** When the drawer's chunk cannot load (offline, a new deploy), a message instead of the app's error page. */
function DrawerUnavailable({ onClose }: QuickPostDrawerProps) {
  return <MessageDialog title={DIALOG_TITLES.error} body={LOAD_FAILED} onClose={onClose} />;
}

const QuickPostDrawer = lazy(() =>
  loadQuickPostDrawer()
    .then((module) => ({ default: module.QuickPostDrawer }))
    .catch((error: unknown) => {
      logToServer('error', `Quick Post chunk failed to load: ${errorMessage(error)}`);
      return { default: DrawerUnavailable };
    }),
);

interface Opened {
  place: QuickPostPlace | null;
  /** The session it was opened in: signing out (or in as someone else) closes it. */
  token: string;
}

/**
 * Lets any screen open the Quick Post drawer (spec §2: from the home page, the place popup and /mylog) with
 * useQuickPost(). The drawer mounts fresh on each open, so its fields start empty every time (spec §4).
 */
export function QuickPostProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [askingGuest, setAskingGuest] = useState(false);

  const openQuickPost = useCallback((place?: QuickPostPlace | null) => {
    const current = readSession();
    if (!current) {
      setAskingGuest(true);
      return;
    }
    setOpened({ place: place ? postablePlace(place) : null, token: current.token });
  }, []);
  const api = useMemo<QuickPostApi>(() => ({ openQuickPost }), [openQuickPost]);

  const close = useCallback(() => setOpened(null), []);
  const onPosted = useCallback(
    (establishmentId: number) => {
      setOpened(null);
      void navigate(`/view/${establishmentId}`);
    },
    [navigate],
  );

  const showDrawer = opened !== null && session !== null && session.token === opened.token;
  return (
    <QuickPostContext.Provider value={api}>
      {children}
      {showDrawer && (
        <Suspense fallback={null}>
          <QuickPostDrawer initialPlace={opened.place} email={session.email} onClose={close} onPosted={onPosted} />
        </Suspense>
      )}
      {askingGuest && <LoginToPostDialog onClose={() => setAskingGuest(false)} />}
    </QuickPostContext.Provider>
  );
}
