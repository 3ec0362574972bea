import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_DIFFICULTIES,
  MAX_ACTIVITY_MINUTES,
  createActivityInput,
  type Activity,
  type ActivityCategory,
  type ActivityDifficulty,
  type ActivityStats,
} from '../../api/catalogue/activities/contract';
import { activitiesResource } from '../../api/catalogue/activities/get-activities';
import { ACTIVITY_IMPORT_TEMPLATE, activityRowsFromCsv } from '../../api/catalogue/activities/import';
import { useAuth } from '../../ui/auth';
import { DestinationField } from '../../ui/catalogue-pickers';
import { useOrgFormatters } from '../../ui/org-format';
import { MultiSelectFilter } from '../../ui/filter-fields';
import { FormDialog } from '../../ui/form-dialog';
import { NumberField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { BCP47, isLocale } from '../../ui/i18n';
import { MoneyField } from '../../ui/money-field';
import type { FilterValue, ListState } from '../../ui/list-page';
import { allTile, filterTile, StatsHeader } from '../../ui/stats-header';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import { CatalogueScreen, type RecordFormProps } from './catalogue-screen';
import { catalogueColumns, catalogueSortOptions } from './columns';
import { formatDuration } from './duration';
import { PlaceFilters, PlacedRecordCard } from './parts';
import { useRecordForm, withoutEmptySlug } from './record-form';

const DIFFICULTY_TONE: Record<ActivityDifficulty, StatusTone> = { easy: 'success', moderate: 'warning', hard: 'danger' };

interface ActivityForm {
  name: string;
  slug?: string;
  destinationId: string | null;
  category: ActivityCategory;
  difficulty: ActivityDifficulty;
  durationMinutes: number | undefined;
  pricePerPerson: number | undefined;
  description: string;
}

function useDuration() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  return (minutes: number) => formatDuration(minutes, locale);
}

function ActivityFormDialog({ record, onClose }: RecordFormProps<Activity>) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const duration = useDuration();
  const form = useRecordForm<ActivityForm, Activity>({
    schema: createActivityInput,
    values: {
      name: record?.name ?? '',
      slug: record?.slug ?? '',
      destinationId: record?.destinationId ?? null,
      category: record?.category ?? 'sightseeing',
      difficulty: record?.difficulty ?? 'easy',
      durationMinutes: record?.durationMinutes ?? 120,
      pricePerPerson: record?.pricePerPerson,
      description: record?.description ?? '',
    },
    prepare: withoutEmptySlug,
    required: ['destinationId'],
    resource: activitiesResource,
    record,
    messages: { created: t('activities.created'), updated: t('activities.updated') },
    onClose,
  });
  const minutes = form.watch('durationMinutes');
  return (
    <FormDialog id="activity-form" header={record ? t('activities.edit') : t('activities.new')} onClose={onClose} {...form.dialog}>
      <div className="form-grid">
        <TextField control={form.control} name="name" label={t('catalogue.name')} autoComplete="off" />
        <TextField control={form.control} name="slug" label={t('catalogue.slug')} hint={t('catalogue.slugHint')} autoComplete="off" />
        <DestinationField control={form.control} name="destinationId" label={t('catalogue.destination')} />
        <SelectField
          control={form.control}
          name="category"
          label={t('activities.category')}
          options={ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: t(`activities.categories.${c}`) }))}
        />
        <SelectField
          control={form.control}
          name="difficulty"
          label={t('activities.difficulty')}
          options={ACTIVITY_DIFFICULTIES.map((d) => ({ value: d, label: t(`activities.difficulties.${d}`) }))}
        />
        <NumberField
          control={form.control}
          name="durationMinutes"
          label={t('activities.durationMinutes')}
          min={1}
          max={MAX_ACTIVITY_MINUTES}
          hint={minutes ? duration(minutes) : undefined}
        />
        <MoneyField control={form.control} name="pricePerPerson" label={t('activities.pricePerPerson')} currency={organization.currency} />
      </div>
      <TextAreaField control={form.control} name="description" label={t('catalogue.description')} />
    </FormDialog>
  );
}

/** Counts by difficulty and category; a tile shows only the activities it counts. */
function ActivityStatsHeader({ stats, filters, setFilter }: { stats?: ActivityStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const clear = () => {
    setFilter('difficulty', undefined);
    setFilter('categories', undefined);
  };
  return (
    <StatsHeader
      label={t('activities.stats.label')}
      testId="activity-stats"
      items={[
        { key: 'total', label: t('activities.stats.total'), value: stats?.total, ...allTile(filters, clear, ['difficulty', 'categories']) },
        ...ACTIVITY_DIFFICULTIES.map((d) => ({ key: d, label: t(`activities.difficulties.${d}`), value: stats?.byDifficulty[d], ...filterTile(filters, setFilter, 'difficulty', d) })),
        ...ACTIVITY_CATEGORIES.map((c) => ({ key: c, label: t(`activities.categories.${c}`), value: stats?.byCategory[c], ...filterTile(filters, setFilter, 'categories', c) })),
      ]}
    />
  );
}

/** Activities: cards by default (the seed) with a table toggle; filters regions, destinations, categories, difficulty. */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const duration = useDuration();
  const difficultyTag = (a: Activity) => <StatusTag status={a.difficulty} tone={DIFFICULTY_TONE[a.difficulty]} label={t(`activities.difficulties.${a.difficulty}`)} />;
  const columns = useMemo(
    () =>
      catalogueColumns<Activity>(t, fmt, [
        { field: 'region', header: t('catalogue.region'), body: (a) => a.region.name },
        { field: 'destination', header: t('catalogue.destination'), body: (a) => a.destination.name },
        { field: 'category', header: t('activities.category'), body: (a) => t(`activities.categories.${a.category}`) },
        { field: 'difficulty', header: t('activities.difficulty'), body: difficultyTag },
        { field: 'durationMinutes', header: t('activities.duration'), sortable: true, body: (a) => duration(a.durationMinutes) },
        { field: 'pricePerPerson', header: t('activities.pricePerPerson'), sortable: true, body: (a) => fmt.money(a.pricePerPerson) },
      ]),
    [t, fmt],
  );
  const option = (group: 'categories' | 'difficulties') => (v: string) => ({ value: v, label: t(`activities.${group}.${v}`) });

  return (
    <CatalogueScreen<Activity, ActivityStats>
      module="activities"
      resource={activitiesResource}
      title={t('activities.title')}
      newLabel={t('activities.new')}
      nameOf={(a) => a.name}
      defaultSort={{ sortBy: 'name', sortOrder: 'asc' }}
      defaultLayout="card"
      sortOptions={catalogueSortOptions(t, [
        { field: 'pricePerPerson', label: t('activities.pricePerPerson') },
        { field: 'durationMinutes', label: t('activities.duration') },
      ])}
      columns={columns}
      above={(answer, filters, setFilter) => <ActivityStatsHeader stats={answer?.stats} filters={filters} setFilter={setFilter} />}
      filters={(filters, setFilter) => (
        <>
          <PlaceFilters filters={filters} setFilter={setFilter} />
          <MultiSelectFilter id="f-categories" label={t('activities.categoriesFilter')} value={filters.categories} options={ACTIVITY_CATEGORIES.map(option('categories'))} onChange={(v) => setFilter('categories', v)} />
          <MultiSelectFilter id="f-difficulty" label={t('activities.difficulty')} value={filters.difficulty} options={ACTIVITY_DIFFICULTIES.map(option('difficulties'))} onChange={(v) => setFilter('difficulty', v)} />
        </>
      )}
      card={(a, actions) => (
        <PlacedRecordCard kind="activity" record={a} badge={difficultyTag(a)} actions={actions}>
          <span className="chips">
            <span className="chip">{t(`activities.categories.${a.category}`)}</span>
          </span>
          <div>
            <i className="pi pi-clock" aria-hidden="true" /> {duration(a.durationMinutes)} · <strong>{t('activities.perPerson', { amount: fmt.money(a.pricePerPerson) })}</strong>
          </div>
        </PlacedRecordCard>
      )}
      Form={ActivityFormDialog}
      deletedMessage={() => t('activities.deleted')}
      importing={{
        label: t('activities.import'),
        fromCsv: activityRowsFromCsv,
        template: ACTIVITY_IMPORT_TEMPLATE,
        doneMessage: t('activities.imported'),
        words: { values: { category: (x) => t(`activities.categories.${x}`, x), difficulty: (x) => t(`activities.difficulties.${x}`, x) } },
      }}
    />
  );
}
