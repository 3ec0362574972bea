import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../client';
import type { ItemAnswer } from '../../common/schemas';
import { meQueryOptions } from './get-me';
import type { Member, Preferences, UpdateMeInput } from '../members/contract';
import { membersKeys } from '../members/get-members';
import { memberPaths } from '../members/contract';

export const updateMe = (input: UpdateMeInput) => api.put<ItemAnswer<Member>>(memberPaths.me(), input).then((r) => r.data);
export const updatePreferences = (input: Partial<Preferences>) =>
  api.put<ItemAnswer<Member>>(memberPaths.preferences(), input).then((r) => r.data);

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: membersKeys.all });
    },
  });
}
