import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { notificationEndpoints } from './contract';

export const getUnreadNotifications = () => call(notificationEndpoints.unread, { query: { limit: 20 } });

export const notificationsKeys = { all: ['notifications'] as const, unread: () => ['notifications', 'unread'] as const };

export const unreadNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsKeys.unread(), queryFn: getUnreadNotifications, refetchInterval: 60_000 });

export const useUnreadNotifications = () => useQuery(unreadNotificationsQueryOptions());

export const markNotificationRead = (id: string) => call(notificationEndpoints.read, { params: { id } });
export const markAllNotificationsRead = () => call(notificationEndpoints.readAll);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
