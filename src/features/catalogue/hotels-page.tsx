import { useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { createHotelInput, MAX_ROOM_TYPES, type Hotel, type HotelStats } from '../../api/catalogue/hotels/contract';
import { hotelsResource } from '../../api/catalogue/hotels/get-hotels';
import { HOTEL_IMPORT_TEMPLATE, hotelRowsFromCsv } from '../../api/catalogue/hotels/import';
import { useAuth } from '../../ui/auth';
import { DestinationField } from '../../ui/catalogue-pickers';
import { useOrgFormatters } from '../../ui/org-format';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { FormDialog } from '../../ui/form-dialog';
import { ChipsField, NumberField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import type { FilterValue, ListState } from '../../ui/list-page';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { CatalogueScreen, type RecordFormProps } from './catalogue-screen';
import { catalogueColumns, catalogueSortOptions } from './columns';
import { PlaceFilters, PlacedRecordCard, Stars } from './parts';
import { useRecordForm, withoutEmptySlug } from './record-form';

const STAR_VALUES = [5, 4, 3, 2, 1] as const;

interface HotelForm {
  name: string;
  slug?: string;
  destinationId: string | null;
  stars: number;
  address: string;
  roomTypes: { name: string; nightlyRate: number | undefined; maxOccupancy: number | undefined }[];
  amenities: string[];
  description: string;
}

const toForm = (h?: Hotel): HotelForm => ({
  name: h?.name ?? '',
  slug: h?.slug ?? '',
  destinationId: h?.destinationId ?? null,
  stars: h?.stars ?? 3,
  address: h?.address ?? '',
  roomTypes: h?.roomTypes.map((r) => ({ ...r })) ?? [{ name: '', nightlyRate: undefined, maxOccupancy: 2 }],
  amenities: h?.amenities ?? [],
  description: h?.description ?? '',
});

function HotelFormDialog({ record, onClose }: RecordFormProps<Hotel>) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const form = useRecordForm<HotelForm, Hotel>({
    schema: createHotelInput,
    values: toForm(record),
    prepare: withoutEmptySlug,
    required: ['destinationId'],
    resource: hotelsResource,
    record,
    messages: { created: t('hotels.created'), updated: t('hotels.updated') },
    onClose,
  });
  const rooms = useFieldArray({ control: form.control, name: 'roomTypes' });
  const roomsError = form.formState.errors.roomTypes?.root?.message ?? form.formState.errors.roomTypes?.message;
  const starOptions = STAR_VALUES.map((n) => ({ value: n, label: t('hotels.starsCount', { count: n }) }));

  return (
    <FormDialog id="hotel-form" header={record ? t('hotels.edit') : t('hotels.new')} onClose={onClose} {...form.dialog} width={900}>
      <div className="form-grid">
        <TextField control={form.control} name="name" label={t('catalogue.name')} autoComplete="off" />
        <TextField control={form.control} name="slug" label={t('catalogue.slug')} hint={t('catalogue.slugHint')} autoComplete="off" />
        <DestinationField control={form.control} name="destinationId" label={t('catalogue.destination')} />
        <SelectField control={form.control} name="stars" label={t('hotels.stars')} options={starOptions} />
        <TextField control={form.control} name="address" label={t('hotels.address')} autoComplete="street-address" />
        <ChipsField control={form.control} name="amenities" label={t('hotels.amenities')} hint={t('hotels.amenitiesHint')} />
      </div>
      <fieldset className="stack fieldset" aria-describedby={roomsError ? 'hotel-rooms-error' : undefined}>
        <legend>{t('hotels.roomTypes')}</legend>
        {rooms.fields.map((room, i) => (
          <div className="room-row" key={room.id} data-testid="room-type">
            <TextField control={form.control} name={`roomTypes.${i}.name`} label={t('hotels.roomName')} autoComplete="off" />
            <MoneyField control={form.control} name={`roomTypes.${i}.nightlyRate`} label={t('hotels.nightlyRate')} currency={organization.currency} />
            <NumberField control={form.control} name={`roomTypes.${i}.maxOccupancy`} label={t('hotels.maxOccupancy')} min={1} max={20} />
            <Button
              type="button"
              text
              rounded
              severity="danger"
              icon="pi pi-times"
              aria-label={t('hotels.removeRoomType', { number: i + 1 })}
              disabled={rooms.fields.length === 1}
              onClick={() => rooms.remove(i)}
            />
          </div>
        ))}
        {roomsError && (
          <small id="hotel-rooms-error" className="field-error" role="alert">
            {`${t('hotels.roomTypes')} ${roomsError}`}
          </small>
        )}
        <div>
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-plus"
            label={t('hotels.addRoomType')}
            disabled={rooms.fields.length >= MAX_ROOM_TYPES}
            onClick={() => rooms.append({ name: '', nightlyRate: undefined, maxOccupancy: 2 })}
          />
        </div>
      </fieldset>
      <TextAreaField control={form.control} name="description" label={t('catalogue.description')} />
    </FormDialog>
  );
}

/** The cheapest room's nightly rate: what a card and the table show. */
const fromRate = (h: Hotel) => Math.min(...h.roomTypes.map((r) => r.nightlyRate));

/** Counts by stars and the top destinations; a tile shows only the hotels it counts. */
function HotelStatsHeader({ stats, filters, setFilter }: { stats?: HotelStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const clear = () => {
    setFilter('stars', undefined);
    setFilter('destinations', undefined);
  };
  return (
    <StatsHeader
      label={t('hotels.stats.label')}
      testId="hotel-stats"
      items={[
        { key: 'total', label: t('hotels.stats.total'), value: stats?.total, ...allTile(filters, clear, ['stars', 'destinations']) },
        ...STAR_VALUES.map((n) => ({ key: `stars-${n}`, label: t('hotels.starsCount', { count: n }), value: stats?.byStars[String(n) as '1'], ...filterTile(filters, setFilter, 'stars', String(n)) })),
        ...(stats?.byDestination.slice(0, 3) ?? []).map((d) => ({ key: `destination-${d.slug}`, label: d.name, value: d.count, ...filterTile(filters, setFilter, 'destinations', d._id) })),
      ]}
    />
  );
}

/** Hotels: cards by default (the seed) with a table toggle, counts by stars and destination, filters, import. */
export function HotelsPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const rate = (h: Hotel) => t('hotels.fromRate', { amount: fmt.money(fromRate(h)) });
  const columns = useMemo(
    () =>
      catalogueColumns<Hotel>(t, fmt, [
        { field: 'region', header: t('catalogue.region'), body: (h) => h.region.name },
        { field: 'destination', header: t('catalogue.destination'), body: (h) => h.destination.name },
        { field: 'stars', header: t('hotels.stars'), sortable: true, body: (h) => <Stars count={h.stars} /> },
        { field: 'roomTypes', header: t('hotels.roomTypes'), body: (h) => `${h.roomTypes.map((r) => r.name).join(', ')} · ${rate(h)}` },
        { field: 'address', header: t('hotels.address'), hiddenByDefault: true },
        { field: 'amenities', header: t('hotels.amenities'), hiddenByDefault: true, body: (h) => h.amenities.join(', ') },
      ]),
    [t, fmt],
  );
  const starOptions = STAR_VALUES.map((n) => ({ value: String(n), label: t('hotels.starsCount', { count: n }) }));

  return (
    <CatalogueScreen<Hotel, HotelStats>
      module="hotels"
      resource={hotelsResource}
      title={t('hotels.title')}
      newLabel={t('hotels.new')}
      nameOf={(h) => h.name}
      defaultSort={{ sortBy: 'name', sortOrder: 'asc' }}
      defaultLayout="card"
      sortOptions={catalogueSortOptions(t, [{ field: 'stars', label: t('hotels.stars') }])}
      columns={columns}
      above={(answer, filters, setFilter) => <HotelStatsHeader stats={answer?.stats} filters={filters} setFilter={setFilter} />}
      filters={(filters, setFilter) => (
        <>
          <PlaceFilters filters={filters} setFilter={setFilter} />
          <MultiSelectFilter id="f-stars" label={t('hotels.stars')} value={filters.stars} options={starOptions} onChange={(v) => setFilter('stars', v)} />
        </>
      )}
      card={(h, actions) => (
        <PlacedRecordCard kind="hotel" record={h} badge={<Stars count={h.stars} />} actions={actions}>
          {h.address && <div className="muted">{h.address}</div>}
          <div>
            {t('hotels.roomCount', { count: h.roomTypes.length })} · <strong>{rate(h)}</strong>
          </div>
          {h.amenities.length > 0 && (
            <span className="chips">
              {h.amenities.slice(0, 5).map((a) => (
                <span key={a} className="chip">
                  {a}
                </span>
              ))}
              {h.amenities.length > 5 && <span className="chip">+{h.amenities.length - 5}</span>}
            </span>
          )}
        </PlacedRecordCard>
      )}
      Form={HotelFormDialog}
      deletedMessage={() => t('hotels.deleted')}
      importing={{
        label: t('hotels.import'),
        fromCsv: hotelRowsFromCsv,
        template: HOTEL_IMPORT_TEMPLATE,
        hint: t('hotels.importRoomTypesColumn'),
        doneMessage: t('hotels.imported'),
      }}
    />
  );
}
