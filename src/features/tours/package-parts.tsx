import type { ReactNode } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { SelectButton } from 'primereact/selectbutton';
import type * as v from 'valibot';
import { issueMessage } from '../../api/client';
import type { CatalogueRef } from '../../api/catalogue/regions/contract';
import { MATCH_MODES, TRAVELLER_TYPES, type MatchMode, type TourDay, type TravellerPrices } from '../../api/tours/tour-plan';
import { DestinationPicker, RegionPicker } from '../../ui/catalogue-pickers';
import { FilterField, MultiSelectFilter } from '../../ui/filter-fields';
import { FramedField, type BaseProps } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { useFormatters } from '../../ui/format';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import type { GroupTourStatus } from '../../api/tours/group/contract';
import type { FilterParamKind, FilterValue, ListState } from '../../ui/list-page';
import type { DayFormValue } from './package-day-editor';
import { useContactOptions } from '../../ui/point-of-contact';
import './tour-packages.css';

/** Pieces both tour kinds' screens use: the form's resolver, the list filters, the read-only plan. */

// ---------- forms ----------

/** `days.2.destinationId` → the nested object react-hook-form keeps errors in. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    node = (node[key] = next && typeof next === 'object' ? next : /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Record<string, unknown>;
  });
  node[keys.at(-1)!] = value;
}

/**
 * A tour form's resolver: the contract's create schema (what the server checks, its issues in the
 * member's language) over the values as they will be sent (`prepare`), and "is required" for the
 * pickers left empty (`missing`: paths) rather than the schema's type error on null.
 */
export function planResolver<F extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema whose input is the prepared values
  schema: v.GenericSchema<any, any>,
  prepare: (values: F) => unknown,
  missing: (values: F) => string[],
): Resolver<F> {
  const validate = contractResolver<typeof schema, F>(schema, { toInput: prepare });
  return async (values, context, options) => {
    const result = await validate(values, context, options);
    const empty = missing(values);
    if (!empty.length) return result as never;
    const errors = { ...result.errors } as Record<string, unknown>;
    const required = issueMessage({ code: 'required', message: 'is required' });
    for (const path of empty) setPath(errors, path, { type: 'required', message: required });
    return { values: {}, errors } as never;
  };
}

/**
 * Short lines of text (inclusions, exclusions) typed one per line in a text area: a plain control
 * every screen reader and keyboard knows. Blank lines are dropped when the form is sent ({@link linesToSend}).
 */
export function TextLinesField<T extends FieldValues>({ disabled, ...frame }: BaseProps<T>) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
        <InputTextarea
          id={id}
          rows={4}
          autoResize
          disabled={disabled}
          value={((field.value as string[] | undefined) ?? []).join('\n')}
          onChange={(e) => field.onChange(e.target.value.split('\n'))}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}
export const linesToSend = (lines: string[]) => lines.map((l) => l.trim()).filter(Boolean);

/** The days as sent: numbered by their place, blank text left to the schema (which stores null). */
export const daysToSend = (days: DayFormValue[]) => days.map((d, i) => ({ ...d, dayNumber: i + 1 }));
export const missingDestinations = (days: DayFormValue[]) => days.flatMap((d, i) => (d.destinationId ? [] : [`days.${i}.destinationId`]));
export const missingPrices = (prices: Record<string, number | null | undefined>) =>
  TRAVELLER_TYPES.filter((k) => prices[k] === null || prices[k] === undefined).map((k) => `pricePerPerson.${k}`);

/** A day of a stored tour as the form holds it. */
export const dayFormValue = (d: TourDay): DayFormValue => ({
  dayNumber: d.dayNumber,
  destinationId: d.destination._id,
  hotelId: d.hotel?._id ?? null,
  roomType: d.roomType,
  activityIds: d.activities.map((a) => a._id),
  transfers: d.transfers ?? '',
  meals: d.meals,
  notes: d.notes ?? '',
});

// ---------- lists ----------

/** The seed's filters of both tour lists, each its own address parameter in the server's format. */
export const TOUR_FILTER_PARAMS: Record<string, FilterParamKind> = {
  regions: 'list',
  regionFilter: 'text',
  destinations: 'list',
  destinationFilter: 'text',
  totalNights: 'text',
  pointOfContact: 'list',
};

const list = (value: FilterValue) => (Array.isArray(value) ? value : []);

function MatchModeSwitch({ label, value, onChange }: { label: string; value: FilterValue; onChange: (mode: MatchMode | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <SelectButton
      className="match-mode"
      aria-label={label}
      value={value === 'all' ? 'all' : 'any'}
      allowEmpty={false}
      options={MATCH_MODES.map((m) => ({ value: m, label: t(m === 'all' ? 'tourPlan.matchAll' : 'tourPlan.matchAny') }))}
      optionLabel="label"
      optionValue="value"
      // `any` is the default: left out of the address.
      onChange={(e) => e.value && onChange(e.value === 'all' ? 'all' : undefined)}
    />
  );
}

/**
 * The seed's filters: regions and destinations (matching any, or all, of them), nights, point of
 * contact. `children`: the list's own (published; status and departure range).
 */
export function TourFilterPanel({ filters, onChange, children }: { filters: ListState['filters']; onChange: (key: string, value: FilterValue) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const contacts = useContactOptions();
  return (
    <>
      <FilterField id="f-tour-regions" label={t('tourPlan.regions')}>
        <RegionPicker inputId="f-tour-regions" multiple value={list(filters.regions)} onChange={(ids) => onChange('regions', ids)} />
        <MatchModeSwitch label={t('tourPlan.regionMatch')} value={filters.regionFilter} onChange={(m) => onChange('regionFilter', m)} />
      </FilterField>
      <FilterField id="f-tour-destinations" label={t('tourPlan.destinations')}>
        <DestinationPicker inputId="f-tour-destinations" multiple regions={list(filters.regions)} value={list(filters.destinations)} onChange={(ids) => onChange('destinations', ids)} />
        <MatchModeSwitch label={t('tourPlan.destinationMatch')} value={filters.destinationFilter} onChange={(m) => onChange('destinationFilter', m)} />
      </FilterField>
      <FilterField id="f-tour-nights" label={t('tourPlan.totalNights')}>
        <InputNumber
          inputId="f-tour-nights"
          value={typeof filters.totalNights === 'string' && filters.totalNights ? Number(filters.totalNights) : null}
          min={0}
          max={365}
          useGrouping={false}
          onValueChange={(e) => onChange('totalNights', e.value === null || e.value === undefined ? undefined : String(e.value))}
        />
      </FilterField>
      {contacts.available && (
        <MultiSelectFilter id="f-tour-contact" label={t('tourPlan.pointOfContact')} value={filters.pointOfContact} options={contacts.options} onChange={(ids) => onChange('pointOfContact', ids)} />
      )}
      {children}
    </>
  );
}

// ---------- reading ----------

export const names = (refs: CatalogueRef[]) => refs.map((r) => r.name).join(', ');

/** Adult, child and infant prices of a tour, in its currency. */
export function PriceList({ prices, currency }: { prices: TravellerPrices; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency });
  return (
    <dl className="price-list">
      {TRAVELLER_TYPES.map((type) => (
        <div key={type}>
          <dt>{t(`tourPlan.${type}`)}</dt>
          <dd className="money">{fmt.money(prices[type])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The plan, read-only: one card per day, with its date when the tour has one. */
export function DayList({ days }: { days: (TourDay & { date?: string })[] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  if (!days.length) return <p className="muted">{t('tourPlan.days.empty')}</p>;
  return (
    <ol className="day-list" data-testid="day-list">
      {days.map((d) => (
        <li key={d.dayNumber} className="card day-card" data-day={d.dayNumber}>
          <h3>{d.date ? t('tourPlan.days.dayOn', { number: d.dayNumber, date: fmt.date(d.date) }) : t('tourPlan.days.day', { number: d.dayNumber })}</h3>
          <dl className="detail-list">
            <dt>{t('tourPlan.days.destination')}</dt>
            <dd>{d.destination.name}</dd>
            <dt>{t('tourPlan.days.hotel')}</dt>
            <dd>
              {d.hotel ? (
                <>
                  {d.hotel.name} <span className="stars" aria-hidden="true">{'★'.repeat(d.hotel.stars)}</span>
                  {d.roomType && <span className="muted"> · {d.roomType}</span>}
                </>
              ) : (
                t('tourPlan.none')
              )}
            </dd>
            {d.activities.length > 0 && (
              <>
                <dt>{t('tourPlan.days.activities')}</dt>
                <dd>{names(d.activities)}</dd>
              </>
            )}
            {d.meals.length > 0 && (
              <>
                <dt>{t('tourPlan.days.meals')}</dt>
                <dd>{d.meals.map((m) => t(`tourPlan.meals.${m}`)).join(', ')}</dd>
              </>
            )}
            {d.transfers && (
              <>
                <dt>{t('tourPlan.days.transfers')}</dt>
                <dd>{d.transfers}</dd>
              </>
            )}
            {d.notes && (
              <>
                <dt>{t('tourPlan.days.notes')}</dt>
                <dd style={{ whiteSpace: 'pre-wrap' }}>{d.notes}</dd>
              </>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** A package's published flag as a tag. */
export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return <StatusTag status={published ? 'published' : 'draft'} tone={published ? 'success' : 'neutral'} label={t(published ? 'personalizedTours.publishedTag' : 'personalizedTours.draftTag')} />;
}

const STATUS_TONES: Record<GroupTourStatus, StatusTone> = { open: 'info', guaranteed: 'success', 'sold-out': 'warning', closed: 'neutral' };

/** A departure's status (open, guaranteed, sold out, closed) as a tag. */
export function GroupStatusTag({ status }: { status: GroupTourStatus }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={STATUS_TONES[status]} label={t(`groupTours.statuses.${status}`)} />;
}
