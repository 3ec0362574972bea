import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { leadsKeys } from '../leads/get-leads';
import { toursKeys } from '../tours/customized/get-customized-tours';
import type { GenerateTourFields } from './contract';
import { aiEndpoints } from './contract';

/** `POST /customized-tours/generate-with-ai`: a draft for a lead's query (the caller shows the error: a 502 offers the planner). */
export const generateTour = (input: GenerateTourFields) => call(aiEndpoints.generateTour, { body: input }, { silent: true });

export function useGenerateTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateTour,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(toursKeys.detail(data._id), data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: toursKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: toursKeys.ofLead(data.lead._id) }),
        queryClient.invalidateQueries({ queryKey: leadsKeys.detail(data.lead._id) }),
      ]);
    },
  });
}

export const aiUsageQueryOptions = () => queryOptions({ queryKey: ['ai', 'usage'] as const, queryFn: () => call(aiEndpoints.usage).then((r) => r.data) });
export const useAiUsage = () => useQuery(aiUsageQueryOptions());
