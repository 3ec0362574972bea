import { membersResource } from './get-members';

export const useCreateMember = membersResource.useCreate;
export const useUpdateMember = membersResource.useUpdate;
