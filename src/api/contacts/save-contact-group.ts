import { contactGroupsResource } from './get-contacts';

export const useCreateContactGroup = contactGroupsResource.useCreate;
export const useUpdateContactGroup = contactGroupsResource.useUpdate;
export const useDeleteContactGroup = contactGroupsResource.useDelete;
