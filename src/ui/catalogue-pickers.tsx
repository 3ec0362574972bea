import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { Destination } from '../api/catalogue/destinations/contract';
import { destinationsByIdsQueryOptions, destinationsQueryOptions } from '../api/catalogue/destinations/get-destinations';
import type { Region } from '../api/catalogue/regions/contract';
import { regionsByIdsQueryOptions, regionsQueryOptions } from '../api/catalogue/regions/get-regions';
import type { BaseProps } from './form-fields';
import { RemotePicker, RemotePickerField, type PickerProps, type RemotePickerSource } from './remote-picker';

/**
 * Region and destination pickers for every form and filter (leads, tours, bookings, the
 * catalogue): searched on the server (`GET /regions?search=…`, `GET /destinations?search=…&regions=…`),
 * multiple (`multiple`, ids in a `string[]`) or single (`string | null`). `RegionPicker` and
 * `DestinationPicker` are controlled components (`value`, `onChange`); `RegionField` and
 * `DestinationField` are react-hook-form fields with a label and the validation message.
 */

/** Options per search: the seed's selection-list page size. */
export const PICKER_PAGE_SIZE = 50;

export const regionSource: RemotePickerSource<Region> = {
  search: (text) => regionsQueryOptions({ search: text || undefined, limit: PICKER_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }),
  byIds: (ids) => regionsByIdsQueryOptions(ids),
  label: (r) => r.name,
};

const destinationSource = (regions: string[] | undefined): RemotePickerSource<Destination> => ({
  search: (text) =>
    destinationsQueryOptions({
      search: text || undefined,
      regions: regions?.length ? regions : undefined,
      limit: PICKER_PAGE_SIZE,
      sortBy: 'name',
      sortOrder: 'asc',
    }),
  byIds: (ids) => destinationsByIdsQueryOptions(ids),
  label: (d) => d.name,
  detail: (d) => `${d.region.name} · ${d.country}`,
});

/** A stable source for a set of regions (its identity only changes with the regions). */
function useDestinationSource(regions: string[] | undefined) {
  const key = regions?.length ? [...regions].sort().join(',') : '';
  return useMemo(() => destinationSource(key ? key.split(',') : undefined), [key]);
}

export type RegionPickerProps = PickerProps;

/** Regions, searched on the server. `multiple` for a list of ids, else one id or null. */
export function RegionPicker(props: RegionPickerProps) {
  const { t } = useTranslation();
  return <RemotePicker {...props} placeholder={props.placeholder ?? t(props.multiple ? 'pickers.anyRegion' : 'pickers.chooseRegion')} source={regionSource} />;
}

export type DestinationPickerProps = PickerProps & {
  /** Offer only destinations in these regions (none or empty: all). Held destinations stay held. */
  regions?: string[];
};

/** Destinations (with their region and country), searched on the server, optionally within some regions. */
export function DestinationPicker({ regions, ...props }: DestinationPickerProps) {
  const { t } = useTranslation();
  const source = useDestinationSource(regions);
  return (
    <RemotePicker {...props} placeholder={props.placeholder ?? t(props.multiple ? 'pickers.anyDestination' : 'pickers.chooseDestination')} source={source} />
  );
}

type FieldProps<T extends FieldValues> = BaseProps<T> & { multiple?: boolean; placeholder?: string };

/** A region field of a react-hook-form form: `string[]` when `multiple`, else `string | null`. */
export function RegionField<T extends FieldValues>(props: FieldProps<T>) {
  const { t } = useTranslation();
  return <RemotePickerField {...props} placeholder={props.placeholder ?? t(props.multiple ? 'pickers.anyRegion' : 'pickers.chooseRegion')} source={regionSource} />;
}

/** A destination field of a react-hook-form form: `string[]` when `multiple`, else `string | null`. */
export function DestinationField<T extends FieldValues>({ regions, ...props }: FieldProps<T> & { regions?: string[] }) {
  const { t } = useTranslation();
  const source = useDestinationSource(regions);
  return (
    <RemotePickerField {...props} placeholder={props.placeholder ?? t(props.multiple ? 'pickers.anyDestination' : 'pickers.chooseDestination')} source={source} />
  );
}
