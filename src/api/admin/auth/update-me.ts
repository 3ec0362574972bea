import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import { meQueryOptions } from './get-me';
import type { Preferences, UpdateMeInput } from '../members/contract';
import { membersKeys } from '../members/get-members';
import { memberEndpoints } from '../members/contract';

export const updateMe = (input: UpdateMeInput) => call(memberEndpoints.me, { body: input }).then((r) => r.data);
export const updatePreferences = (input: Partial<Preferences>) =>
  call(memberEndpoints.preferences, { body: input }).then((r) => r.data);

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
