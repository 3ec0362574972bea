import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../client';
import type { ItemAnswer } from '../../common/schemas';
import type { CreateMemberInput, Member, UpdateMemberInput } from './contract';
import { membersKeys } from './get-members';

export const createMember = (input: CreateMemberInput) => api.post<ItemAnswer<Member>>('/members', input).then((r) => r.data);
export const updateMember = (id: string, input: UpdateMemberInput) =>
  api.put<ItemAnswer<Member>>(`/members/memberId/${id}`, input).then((r) => r.data);

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all }),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateMemberInput }) => updateMember(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all }),
  });
}
