import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import type { OrganizationLogo } from './contract';
import { documentKeys } from './get-documents';
import { documentsEndpoints } from './contract';

/** Uploads the organization's logo (PNG or JPEG, the form's `logo` file); the server checks it can be printed. */
export const uploadLogo = (file: File) => {
  const form = new FormData();
  form.append('logo', file, file.name);
  return call(documentsEndpoints.updateLogo, { body: form }, { silent: true }).then((r) => r.data);
};
export const removeLogo = () => call(documentsEndpoints.removeLogo).then((r) => r.data);

function useLogoMutation<I>(fn: (input: I) => Promise<OrganizationLogo | null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.logo }) });
}
export const useUploadLogo = () => useLogoMutation(uploadLogo);
export const useRemoveLogo = () => useLogoMutation(removeLogo);
