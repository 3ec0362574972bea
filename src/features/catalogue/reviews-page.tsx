import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createReviewInput, type Review } from '../../api/catalogue/reviews/contract';
import { reviewsResource, useReviewLoadingFlags } from '../../api/catalogue/reviews/get-reviews';
import { DestinationField, DestinationPicker } from '../../ui/catalogue-pickers';
import { useOrgFormatters } from '../../ui/org-format';
import { BooleanFilter, FilterField, MultiSelectFilter } from '../../ui/filter-fields';
import { FormDialog } from '../../ui/form-dialog';
import { SwitchField, TextAreaField, TextField } from '../../ui/form-fields';
import type { ListColumn } from '../../ui/list-page';
import { RatingField } from '../../ui/rating-field';
import { StatusTag } from '../../ui/status-tag';
import { CatalogueScreen, type RecordFormProps } from './catalogue-screen';
import { Stars } from './parts';
import { useRecordForm } from './record-form';

const RATINGS = [5, 4, 3, 2, 1] as const;

interface ReviewForm {
  customerName: string;
  rating: number;
  text: string;
  destinationId: string | null;
  isPublished: boolean;
}

function ReviewFormDialog({ record, onClose }: RecordFormProps<Review>) {
  const { t } = useTranslation();
  const form = useRecordForm<ReviewForm, Review>({
    schema: createReviewInput,
    values: {
      customerName: record?.customerName ?? '',
      rating: record?.rating ?? 5,
      text: record?.text ?? '',
      destinationId: record?.destinationId ?? null,
      isPublished: record?.isPublished ?? false,
    },
    resource: reviewsResource,
    record,
    messages: { created: t('reviews.created'), updated: t('reviews.updated') },
    onClose,
  });
  return (
    <FormDialog id="review-form" header={record ? t('reviews.edit') : t('reviews.new')} onClose={onClose} {...form.dialog} width={700}>
      <div className="form-grid">
        <TextField control={form.control} name="customerName" label={t('reviews.customerName')} autoComplete="off" />
        <RatingField control={form.control} name="rating" label={t('reviews.rating')} />
        <DestinationField control={form.control} name="destinationId" label={t('reviews.about')} placeholder={t('reviews.agency')} hint={t('reviews.aboutHint')} />
        <SwitchField control={form.control} name="isPublished" label={t('reviews.isPublished')} />
      </div>
      <TextAreaField control={form.control} name="text" label={t('reviews.text')} />
    </FormDialog>
  );
}

/** Reviews: newest first; filters destinations, ratings and published; the seed's loading flags and delete message. */
export function ReviewsPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const flags = useReviewLoadingFlags();
  const columns = useMemo<ListColumn<Review>[]>(
    () => [
      { field: '_id', header: t('catalogue.id'), hiddenByDefault: true },
      { field: 'customerName', header: t('reviews.customerName'), sortable: true },
      { field: 'rating', header: t('reviews.rating'), sortable: true, body: (r) => <Stars count={r.rating} /> },
      { field: 'text', header: t('reviews.text'), body: (r) => <span className="clamp-2">{r.text}</span> },
      { field: 'destination', header: t('reviews.about'), body: (r) => r.destination?.name ?? t('reviews.agency') },
      {
        field: 'isPublished',
        header: t('reviews.isPublished'),
        body: (r) => <StatusTag status={r.isPublished ? 'published' : 'draft'} tone={r.isPublished ? 'success' : 'neutral'} label={r.isPublished ? t('reviews.published') : t('reviews.unpublished')} />,
      },
      { field: 'createdAt', header: t('catalogue.createdAt'), sortable: true, body: (r) => fmt.dateTime(r.createdAt) },
    ],
    [t, fmt],
  );
  const busy = flags.creating || flags.updating || flags.deleting;

  return (
    <>
      <CatalogueScreen<Review, undefined>
        module="reviews"
        resource={reviewsResource}
        title={t('reviews.title')}
        newLabel={t('reviews.new')}
        nameOf={(r) => t('reviews.named', { name: r.customerName })}
        defaultSort={{ sortBy: 'createdAt', sortOrder: 'desc' }}
        columns={columns}
        busy={busy}
        filters={(filters, setFilter) => (
          <>
            <FilterField id="f-destinations" label={t('catalogue.destinations')}>
              <DestinationPicker inputId="f-destinations" multiple value={filters.destinations as string[] | undefined} onChange={(ids) => setFilter('destinations', ids)} />
            </FilterField>
            <MultiSelectFilter
              id="f-ratings"
              label={t('reviews.rating')}
              value={filters.ratings}
              options={RATINGS.map((n) => ({ value: String(n), label: t('catalogue.starsLabel', { count: n, max: 5 }) }))}
              onChange={(v) => setFilter('ratings', v)}
            />
            <BooleanFilter
              id="f-published"
              label={t('reviews.isPublished')}
              value={filters.isPublished}
              yes={t('reviews.published')}
              no={t('reviews.unpublished')}
              onChange={(v) => setFilter('isPublished', v)}
            />
          </>
        )}
        Form={ReviewFormDialog}
        // The seed: the server's message, else "Review deleted successfully".
        deletedMessage={(answer) => answer.message || t('reviews.deleted')}
      />
      <span className="visually-hidden" role="status" data-testid="review-flags" data-fetching={flags.fetching} data-creating={flags.creating} data-updating={flags.updating} data-deleting={flags.deleting}>
        {flags.creating || flags.updating ? t('form.saving') : flags.deleting ? t('reviews.deleting') : ''}
      </span>
    </>
  );
}
