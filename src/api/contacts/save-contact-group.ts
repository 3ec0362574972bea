import { contactGroupsResource } from './get-contacts';

export const createContactGroup = contactGroupsResource.create;
export const updateContactGroup = contactGroupsResource.update;
export const deleteContactGroup = contactGroupsResource.remove;

export const useCreateContactGroup = contactGroupsResource.useCreate;
export const useUpdateContactGroup = contactGroupsResource.useUpdate;
export const useDeleteContactGroup = contactGroupsResource.useDelete;
