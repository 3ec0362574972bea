import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../client';
import { configurationEndpoints, CONFIG_PATHS, type ConfigModule } from './contract';

export const getConfigurations = () => call(configurationEndpoints.list).then((r) => r.data);

/** The seed's PUT path segment for a module (`/configurations/lead`, `/configurations/destionation`, ...). */
export const configPathOf = (module: ConfigModule) => Object.entries(CONFIG_PATHS).find(([, m]) => m === module)![0];

export const updateConfiguration = (module: ConfigModule, settings: Record<string, unknown>) =>
  call(configurationEndpoints.settings[configPathOf(module)], { body: settings }).then((r) => r.data);

export const configurationsKeys = { all: ['configurations'] as const };

export const configurationsQueryOptions = () => queryOptions({ queryKey: configurationsKeys.all, queryFn: getConfigurations });

export const useConfigurations = () => useQuery(configurationsQueryOptions());

export function useUpdateConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ module, settings }: { module: ConfigModule; settings: Record<string, unknown> }) => updateConfiguration(module, settings),
    // The AI model's settings also change what Configurations → AI model and the leads' chats say.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: configurationsKeys.all }), queryClient.invalidateQueries({ queryKey: ['ai'] })]),
  });
}
