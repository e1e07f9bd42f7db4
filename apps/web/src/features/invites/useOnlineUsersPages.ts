import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OnlineUser, OnlineUsers } from '@tabula/domain/protocol';
import { useAppSelector, useServices } from '../../app/ServicesContext';

/** Users per page of the All Online Users popup. */
export const ONLINE_USERS_PAGE = 50;

interface Pages {
  users: OnlineUser[];
  /** The cursor of the next page, when there is one. */
  next?: string;
  loading: boolean;
}

/**
 * The popup's list, fetched when it opens, page by page (`list-online-users`, photos included),
 * kept true by the store's presence: someone who left drops out, someone who came within the
 * pages shown is added (with a photo once a page brings it). Before the first page: the store's
 * list.
 */
export function useOnlineUsersPages(open: boolean) {
  const services = useServices();
  const online = useAppSelector((s) => s.onlineUsers);
  const [pages, setPages] = useState<Pages | null>(null);
  /** Answers of an earlier opening are dropped. */
  const opening = useRef(0);

  const load = useCallback(
    async (after?: string) => {
      const client = services.realtime.current();
      if (!client) return;
      const mine = opening.current;
      setPages((current) => ({ users: current?.users ?? [], next: current?.next, loading: true }));
      try {
        const page = await client.listOnlineUsers({ after, limit: ONLINE_USERS_PAGE });
        if (mine !== opening.current) return;
        setPages((current) => ({
          users: [...(after === undefined ? [] : (current?.users ?? [])), ...page.users],
          next: page.next,
          loading: false,
        }));
      } catch {
        // The store's list stays shown; opening the popup again asks again.
        if (mine === opening.current)
          setPages((current) => (current ? { ...current, loading: false } : null));
      }
    },
    [services],
  );

  useEffect(() => {
    opening.current += 1;
    setPages(null);
    if (open) void load();
  }, [open, load]);

  const users = useMemo(() => shownUsers(pages, online), [pages, online]);
  const more = pages?.next !== undefined && !pages.loading ? () => void load(pages.next) : null;
  return { users, more };
}

/** The fetched pages as presence has them now (see `useOnlineUsersPages`). */
export function shownUsers(pages: Pages | null, online: OnlineUsers): OnlineUser[] {
  const live = Object.values(online);
  if (pages === null || (pages.users.length === 0 && pages.loading)) return live;
  const fetched = new Set(pages.users.map((user) => user.userId));
  const last = pages.next;
  const stillOnline = pages.users.filter((user) => Object.hasOwn(online, user.userId));
  const arrived = live.filter(
    (user) => !fetched.has(user.userId) && (last === undefined || user.userId <= last),
  );
  return [...stillOnline, ...arrived];
}
