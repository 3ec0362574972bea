import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { call, fallback } from '../client';
import { contactsKeys } from '../contacts/get-contacts';
import { useWorkflowEvent } from '../common/use-workflow-event';
import { leadEndpoints, leadStatusRequest, type CreateQueryInput, type FollowUpInput, type FollowUpResponseInput, type LeadDetail, type UpdateLeadInput, type UpdateQueryInput } from './contract';
import { leadSelectionResource, leadsKeys, leadsResource } from './get-leads';
import { notificationsKeys } from '../notifications/get-unread-notifications';

const detail = (p: Promise<{ data: LeadDetail }>) => p.then((r) => r.data);

/** Contact details only; status, owner, queries and follow-ups have their own calls. */
export const updateLead = (id: string, input: UpdateLeadInput) =>
  detail(call(leadEndpoints.details, { params: { id }, body: input }, fallback('leads.errors.update', 'Failed to update lead')));

/** An active member of the sales department (400 on `assignedTo` otherwise). */
export const setLeadOwner = (id: string, assignedTo: string) =>
  detail(call(leadEndpoints.owner, { params: { id }, body: { assignedTo } }, fallback('leads.errors.owner', 'Failed to change the lead owner')));

export const addLeadQuery = (id: string, input: CreateQueryInput) =>
  detail(call(leadEndpoints.addQuery, { params: { id }, body: input }, fallback('leads.errors.query', 'Failed to save the query')));

export const updateLeadQuery = (id: string, input: UpdateQueryInput) =>
  detail(call(leadEndpoints.updateQuery, { params: { id }, body: input }, fallback('leads.errors.query', 'Failed to save the query')));

export const addQueryComment = (id: string, queryId: string, text: string) =>
  detail(call(leadEndpoints.queryComment, { params: { id, queryId }, body: { text } }, fallback('leads.errors.comment', 'Failed to add the comment')));

export const scheduleFollowUp = (id: string, input: FollowUpInput) =>
  detail(call(leadEndpoints.followUp, { params: { id }, body: input }, fallback('leads.errors.followUp', 'Failed to schedule the follow-up')));

export const respondToFollowUp = (id: string, input: FollowUpResponseInput) =>
  detail(call(leadEndpoints.followUpResponse, { params: { id }, body: input }, fallback('leads.errors.response', 'Failed to record the follow-up response')));

/** Previews or imports a file (`POST /leads/import`); an import refetches leads, the selection and contacts. */
export const useImportLeads = leadsResource.useImport;

/** Lists, selections and counts show what changed; contacts follow a lead's phone, email and places. */
const refetchLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: leadsKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: leadSelectionResource.keys.all }),
    queryClient.invalidateQueries({ queryKey: contactsKeys.all }),
  ]);

/**
 * A change to one lead: every call answers the whole lead, which replaces the cached one; the
 * lists refetch. A refusal (409: someone else moved the lead) refetches the lead too, so the
 * page shows the real state and the actions the machine allows in it. `alsoMoves`: what else the
 * change moves on the server (an answered follow-up takes its notification out of the bell).
 */
function useLeadChange<V>(run: (vars: V) => Promise<LeadDetail>, idOf: (vars: V) => string, alsoMoves: QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadsKeys.detail(lead._id), lead);
      return Promise.all([refetchLists(queryClient), ...alsoMoves.map((queryKey) => queryClient.invalidateQueries({ queryKey }))]);
    },
    onError: (_error, vars) => queryClient.invalidateQueries({ queryKey: leadsKeys.detail(idOf(vars)) }),
  });
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leadsResource.create,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadsKeys.detail(lead._id), lead);
      return refetchLists(queryClient);
    },
  });
}

/**
 * The pipeline: an event of the lead machine as `PUT /leads/{id}/status` (the contract's
 * `leadStatusRequest`); the machine on the server decides, 409 with its message when it refuses.
 */
export const useLeadEvent = () =>
  useWorkflowEvent({ request: leadStatusRequest, keys: leadsKeys, fallback: fallback('leads.errors.status', 'Failed to update lead status') });

type WithId<T> = { id: string } & T;
const byId = <T,>(v: WithId<T>) => v.id;

export const useUpdateLead = () => useLeadChange(({ id, input }: WithId<{ input: UpdateLeadInput }>) => updateLead(id, input), byId);
export const useSetLeadOwner = () => useLeadChange(({ id, assignedTo }: WithId<{ assignedTo: string }>) => setLeadOwner(id, assignedTo), byId);
export const useAddLeadQuery = () => useLeadChange(({ id, input }: WithId<{ input: CreateQueryInput }>) => addLeadQuery(id, input), byId);
export const useUpdateLeadQuery = () => useLeadChange(({ id, input }: WithId<{ input: UpdateQueryInput }>) => updateLeadQuery(id, input), byId);
export const useAddQueryComment = () => useLeadChange(({ id, queryId, text }: WithId<{ queryId: string; text: string }>) => addQueryComment(id, queryId, text), byId);
export const useScheduleFollowUp = () => useLeadChange(({ id, input }: WithId<{ input: FollowUpInput }>) => scheduleFollowUp(id, input), byId);
export const useRespondToFollowUp = () => useLeadChange(({ id, input }: WithId<{ input: FollowUpResponseInput }>) => respondToFollowUp(id, input), byId, [notificationsKeys.all]);
