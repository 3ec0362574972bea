import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { LeadOption } from '../api/leads/contract';
import { leadSelectionResource, type LeadsParams } from '../api/leads/get-leads';
import type { BaseProps } from './form-fields';
import { RemotePicker, RemotePickerField, type PickerProps, type RemotePickerSource } from './remote-picker';

/**
 * The lead selection picker (tours, bookings): leads searched on the server by name, phone or
 * email (`GET /leads/selection`, the leads list's filter shape), one (`string | null`) or several
 * (`multiple`, `string[]`). Only the leads the member may see are offered.
 */

/** Options per search: the seed's selection-list page size. */
export const LEAD_PICKER_PAGE_SIZE = 50;

/** The list filters a picker narrows to (e.g. only open leads); paging and search are the picker's. */
export type LeadPickerFilters = Omit<LeadsParams, 'page' | 'limit' | 'search' | 'sortBy' | 'sortOrder'>;

function useLeadSource(filters: LeadPickerFilters | undefined): RemotePickerSource<LeadOption> {
  const { t } = useTranslation();
  // A stable source while the filters mean the same (a parent may pass a new object each render).
  const key = JSON.stringify(filters ?? {});
  return useMemo(() => {
    const given = JSON.parse(key) as LeadPickerFilters;
    return {
      search: (text) => leadSelectionResource.listQueryOptions({ ...given, search: text || undefined, limit: LEAD_PICKER_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }),
      byIds: (ids) => leadSelectionResource.byIdsQueryOptions(ids),
      label: (l) => l.name,
      // Phone and email isolated left to right (U+2066…U+2069), so they read right in Arabic too.
      detail: (l) => [l.phone, l.email].filter(Boolean).map((x) => `\u2066${x}\u2069`).concat(t(`status.${l.status}`)).join(' · '),
    };
  }, [key, t]);
}

export type LeadPickerProps = PickerProps & { filters?: LeadPickerFilters };

/** Leads, searched on the server. `multiple` for a list of ids, else one id or null. */
export function LeadPicker({ filters, ...props }: LeadPickerProps) {
  const { t } = useTranslation();
  const source = useLeadSource(filters);
  return <RemotePicker {...props} placeholder={props.placeholder ?? t('leads.picker.placeholder')} source={source} />;
}

/** A lead field of a react-hook-form form: `string[]` when `multiple`, else `string | null`. */
export function LeadField<T extends FieldValues>({ filters, ...props }: BaseProps<T> & { multiple?: boolean; placeholder?: string; filters?: LeadPickerFilters }) {
  const { t } = useTranslation();
  const source = useLeadSource(filters);
  return <RemotePickerField {...props} placeholder={props.placeholder ?? t('leads.picker.placeholder')} source={source} />;
}
