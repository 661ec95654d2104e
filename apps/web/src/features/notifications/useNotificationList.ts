import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { logToServer } from '../../lib/client-log';
import { trpc } from '../../lib/trpc';
import { describeFailure } from '../../lib/trpc-errors';
import { groupNotifications, type NotificationGroup } from './notification-groups';
import type { NotificationView } from './types';

/** Notifications per load, on opening the page and per 'Show more'. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

interface NotificationPage {
  notifications: NotificationView[];
  nextCursor: number | null;
  unread: number;
}

/** The cached pages with these notifications (or all) read, so a later visit does not show them new again. */
const withRead = (data: InfiniteData<NotificationPage, number | null> | undefined, ids?: ReadonlySet<number>) =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((notification) =>
        !ids || ids.has(notification.notification_id) ? { ...notification, read: true } : notification,
      ),
    })),
  };

/**
 * The signed-in person's notifications, newest first and grouped into lines, paged by cursor. What the page shows
 * unread is marked read on the server as it arrives, yet stays marked new for this visit; the bell's count follows.
 * tRPC's own infinite hook adds a `direction` field the strict input refuses, so this is React Query's, keyed as
 * tRPC keys it.
 */
export function useNotificationList() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => getQueryKey(trpc.notification.list, { limit: NOTIFICATIONS_PAGE_SIZE }, 'infinite'), []);
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as number | null,
    getNextPageParam: (last: NotificationPage) => last.nextCursor,
    queryFn: ({ pageParam, signal }): Promise<NotificationPage> =>
      utils.client.notification.list.query({ limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam }, { signal }),
    // Coming back to the tab shows what happened meanwhile (and marks it read, as on opening).
    refetchOnWindowFocus: true,
  });
  // Marking what arrives goes through the client itself: a mutation hook calls back only for its latest call, and
  // a second page may arrive while the first one's marking is under way.
  const markAllRead = trpc.notification.markRead.useMutation();
  const { mutate: markAllMutate } = markAllRead;
  const [shownAsNew, setShownAsNew] = useState<ReadonlySet<number>>(() => new Set());
  const marking = useRef(new Set<number>());
  const markAllRound = useRef(0);
  const [markAllFailed, setMarkAllFailed] = useState(false);

  const notifications = useMemo(() => query.data?.pages.flatMap((page) => page.notifications) ?? [], [query.data]);

  const updateCount = useCallback(
    (unread: number) => {
      utils.notification.unreadCount.setData({}, { unread });
      // A poll sent before the marking may still be on its way with the old count: ask again.
      void utils.notification.unreadCount.invalidate();
    },
    [utils],
  );

  // Opening the page (and each further page) marks what it shows read; they stay new on screen for this visit.
  useEffect(() => {
    const fresh = notifications.filter((item) => !item.read && !marking.current.has(item.notification_id)).map((item) => item.notification_id);
    if (fresh.length === 0) return;
    for (const id of fresh) marking.current.add(id);
    const round = markAllRound.current;
    utils.client.notification.markRead.mutate({ notification_ids: fresh }).then(
      ({ unread }) => {
        const marked = new Set(fresh);
        // Read now, still new on screen; unless 'Mark all read' has cleared the marks meanwhile.
        if (round === markAllRound.current) setShownAsNew((current) => new Set([...current, ...fresh]));
        queryClient.setQueryData<InfiniteData<NotificationPage, number | null>>(queryKey, (data) => withRead(data, marked));
        updateCount(unread);
      },
      (error: unknown) => logToServer('warn', describeFailure('Marking notifications read failed', error)),
    );
  }, [notifications, utils, queryClient, queryKey, updateCount]);

  const groups: NotificationGroup[] = useMemo(
    () => groupNotifications(notifications, (item) => !item.read || shownAsNew.has(item.notification_id)),
    [notifications, shownAsNew],
  );

  const markAll = useCallback(() => {
    setMarkAllFailed(false);
    markAllMutate(
      { all: true },
      {
        onSuccess: ({ unread }) => {
          markAllRound.current++;
          setShownAsNew(new Set());
          queryClient.setQueryData<InfiniteData<NotificationPage, number | null>>(queryKey, (data) => withRead(data));
          updateCount(unread);
        },
        onError: (error) => {
          setMarkAllFailed(true);
          logToServer('warn', describeFailure('Mark all read failed', error));
        },
      },
    );
  }, [markAllMutate, queryClient, queryKey, updateCount]);

  const { error, fetchNextPage, hasNextPage, isFetching, isFetchingNextPage, refetch } = query;
  useEffect(() => {
    if (error) logToServer('error', describeFailure('Notifications load failed', error));
  }, [error]);

  const loadMore = useCallback(() => {
    // cancelRefetch: false joins a load under way instead of starting a second one.
    if (hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, fetchNextPage]);

  return {
    groups,
    loaded: query.data !== undefined,
    failed: error !== null && query.data === undefined,
    retry: () => void refetch(),
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    moreFailed: error !== null && query.data !== undefined,
    loadMore,
    /** Whether anything shown is new: 'Mark all read' has work to do (older unread ones may wait beyond the loaded pages). */
    anyNew: groups.some((group) => group.isNew),
    markAll,
    markingAll: markAllRead.isPending,
    markAllFailed,
  };
}
