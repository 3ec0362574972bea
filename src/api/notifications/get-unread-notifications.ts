import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import type { ListAnswer } from '../common/schemas';
import type { Notification } from './contract';
import { notificationPaths } from './contract';

export const getUnreadNotifications = () =>
  api.get<ListAnswer<Notification, { unread: number }>>(notificationPaths.unread(), { limit: 20 });

export const notificationsKeys = { all: ['notifications'] as const, unread: () => ['notifications', 'unread'] as const };

export const unreadNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsKeys.unread(), queryFn: getUnreadNotifications, refetchInterval: 60_000 });

export const useUnreadNotifications = () => useQuery(unreadNotificationsQueryOptions());

export const markNotificationRead = (id: string) => api.put<{ data: Notification }>(notificationPaths.read(id));
export const markAllNotificationsRead = () => api.put<{ data: { updated: number } }>(notificationPaths.readAll());

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
