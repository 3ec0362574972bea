import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Activity, ActivityStats } from '../../../api/catalogue/activities/contract';
import { activitiesResource } from '../../../api/catalogue/activities/get-activities';
import type { Hotel, HotelStats } from '../../../api/catalogue/hotels/contract';
import { hotelsResource } from '../../../api/catalogue/hotels/get-hotels';
import type { VendorOption, VendorService } from '../../../api/vendors/contract';
import { vendorOptionsResource } from '../../../api/vendors/get-vendors';
import { PICKER_PAGE_SIZE } from '../../../ui/catalogue-pickers';
import { RemotePicker, type PickerCommonProps, type RemotePickerSource } from '../../../ui/remote-picker';

/**
 * Hotels and activities of one destination, searched on the server, for a day of a plan. Hotels and
 * activities have no `ids` filter, so the ids a day holds are looked up one by one (`/hotels/hotelId/{id}`).
 */
const byIds = <R,>(root: readonly unknown[], getOne: (id: string) => Promise<R>) => (ids: string[]) =>
  queryOptions({ queryKey: [...root, 'detail', 'ids', ids], queryFn: () => Promise.all(ids.map(getOne)), enabled: ids.length > 0 });

function hotelSource(destinationId: string): RemotePickerSource<Hotel, HotelStats> {
  return {
    search: (text) => hotelsResource.listQueryOptions({ search: text || undefined, destinations: [destinationId], limit: PICKER_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }),
    byIds: byIds(hotelsResource.keys.all, hotelsResource.getOne),
    label: (h) => h.name,
    detail: (h) => '★'.repeat(h.stars),
  };
}

function activitySource(destinationId: string): RemotePickerSource<Activity, ActivityStats> {
  return {
    search: (text) => activitiesResource.listQueryOptions({ search: text || undefined, destinations: [destinationId], limit: PICKER_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }),
    byIds: byIds(activitiesResource.keys.all, activitiesResource.getOne),
    label: (a) => a.name,
  };
}

/** A day's hotel: one of the destination's hotels, or none. */
export function HotelPicker({ destinationId, value, onChange, ...common }: PickerCommonProps & { destinationId: string; value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const source = useMemo(() => hotelSource(destinationId), [destinationId]);
  return <RemotePicker {...common} placeholder={t('tourPlan.days.noHotel')} source={source} value={value} onChange={onChange} />;
}

/** A day's activities: any of the destination's. */
export function ActivitiesPicker({ destinationId, value, onChange, ...common }: PickerCommonProps & { destinationId: string; value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const source = useMemo(() => activitySource(destinationId), [destinationId]);
  return <RemotePicker {...common} multiple placeholder={t('tourPlan.days.chooseActivities')} source={source} value={value} onChange={onChange} />;
}

/** One activity of the destination, or none (a priced line's activity). */
export function ActivityPicker({ destinationId, value, onChange, ...common }: PickerCommonProps & { destinationId: string; value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const source = useMemo(() => activitySource(destinationId), [destinationId]);
  return <RemotePicker {...common} placeholder={common.placeholder ?? t('tourPlan.days.chooseActivities')} source={source} value={value} onChange={onChange} />;
}

/** One hotel with its room types (the room picker, the costing of a stay). */
export const useHotel = (id: string | null | undefined) => useQuery({ ...hotelsResource.detailQueryOptions(id ?? ''), enabled: !!id });

/**
 * The vendors a priced line may name: active ones offering its service, searched on the server
 * (`GET /vendors/options?service=…`, open to whoever may edit tours). A vendor the line already
 * names shows by its name even if it has been deactivated since (the server keeps it on the line).
 */
function vendorSource(service: VendorService): RemotePickerSource<VendorOption> {
  const options = vendorOptionsResource(service);
  return {
    search: (text) => options.listQueryOptions({ search: text || undefined, limit: PICKER_PAGE_SIZE }),
    byIds: options.byIdsQueryOptions,
    label: (x) => x.name,
  };
}

/** A priced line's vendor: one of the active vendors offering the line's service, or none. */
export function VendorPicker({ service, value, onChange, ...common }: PickerCommonProps & { service: VendorService; value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const source = useMemo(() => vendorSource(service), [service]);
  return <RemotePicker {...common} placeholder={common.placeholder ?? t('tourPlan.lines.noVendor')} source={source} value={value} onChange={onChange} />;
}
