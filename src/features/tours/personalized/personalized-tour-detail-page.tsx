import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import type { PersonalizedTourDetail } from '../../../api/tours/personalized/contract';
import { usePersonalizedTour } from '../../../api/tours/personalized/get-personalized-tours';
import { useDeletePersonalizedTour, useUpdatePersonalizedTour } from '../../../api/tours/personalized/save-personalized-tour';
import { useCan } from '../../../ui/auth';
import { BookLink } from '../../../ui/book-link';
import { confirmAction } from '../../../ui/confirm';
import { DetailCard } from '../../../ui/detail-card';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordPage } from '../../../ui/placeholders';
import { DayList, PriceList, PricedLines, names } from '../shared/plan-view';
import { PersonalizedBrochure } from './personalized-brochure';
import { PublishedTag } from './personalized-parts';

function PersonalizedHeader({ tour }: { tour: PersonalizedTourDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const update = useUpdatePersonalizedTour();
  const remove = useDeletePersonalizedTour();

  const togglePublished = async () => {
    try {
      await update.mutateAsync({ _id: tour._id, isPublished: !tour.isPublished });
      toast.success(t(tour.isPublished ? 'personalizedTours.unpublished' : 'personalizedTours.published'));
    } catch {
      /* toasted by the client */
    }
  };
  const onDelete = async () => {
    if (!(await confirmAction({ message: t('personalizedTours.deleteConfirm', { name: tour.title }), header: t('personalizedTours.delete'), acceptLabel: t('personalizedTours.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync(tour._id);
      toast.success(t('personalizedTours.deleted'));
      navigate(modulePath('personalizedTours'));
    } catch {
      /* toasted by the client */
    }
  };

  return (
    <div className="page-header">
      <h1 id="personalized-title">{tour.title}</h1>
      <PublishedTag published={tour.isPublished} />
      {tour.isPublished && <BookLink from={{ tourType: 'personalized', tourId: tour._id }} />}
      {can('personalizedTours', 'update') && (
        <>
          <Button type="button" outlined icon={tour.isPublished ? 'pi pi-eye-slash' : 'pi pi-send'} label={t(tour.isPublished ? 'personalizedTours.unpublish' : 'personalizedTours.publish')} loading={update.isPending} onClick={() => void togglePublished()} />
          <Link to={`${moduleRecordPath('personalizedTours', tour._id)}/edit`} className="p-button p-button-outlined button-link">
            <i className="pi pi-pencil" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('personalizedTours.edit')}
          </Link>
        </>
      )}
      {can('personalizedTours', 'delete') && <Button type="button" outlined severity="danger" icon="pi pi-trash" label={t('personalizedTours.delete')} loading={remove.isPending} onClick={() => void onDelete()} />}
    </div>
  );
}

const textLines = (lines: string[], none: string): ReactNode =>
  lines.length ? (
    <ul className="text-lines">
      {lines.map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  ) : (
    none
  );

/** Its details, prices, inclusions and exclusions. */
function PersonalizedDetails({ tour }: { tour: PersonalizedTourDetail }) {
  const { t } = useTranslation();
  const none = t('tourPlan.none');
  return (
    <div className="tour-sections">
      <DetailCard
        title={t('tourPlan.details')}
        testId="personalized-details"
        rows={[
          [t('tourPlan.regions'), names(tour.regions) || none],
          [t('tourPlan.destinations'), names(tour.destinations) || none],
          [t('tourPlan.totalNights'), t('tourPlan.nights', { count: tour.totalNights })],
          [t('tourPlan.pointOfContact'), tour.pointOfContact?.name ?? none],
          [t('tourPlan.pricePerPerson'), <PriceList prices={tour.pricePerPerson} currency={tour.currency} />],
        ]}
      />
      <DetailCard
        title={`${t('personalizedTours.inclusions')} / ${t('personalizedTours.exclusions')}`}
        rows={[
          [t('personalizedTours.inclusions'), textLines(tour.inclusions, none)],
          [t('personalizedTours.exclusions'), textLines(tour.exclusions, none)],
        ]}
      />
    </div>
  );
}

/** `/personalized-tours/:id`: the personalized tour, its plan, its brochure (preview and send), its priced lines, publish and delete. */
export function PersonalizedTourDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = usePersonalizedTour(id);
  return (
    <RecordPage titleId="personalized-title" back={{ to: modulePath('personalizedTours'), label: t('personalizedTours.back') }} query={tour}>
      {(data) => (
        <>
          <PersonalizedHeader tour={data} />
          {data.description && <p style={{ margin: 0 }}>{data.description}</p>}
          <PersonalizedDetails tour={data} />
          <section className="stack" aria-labelledby="personalized-days-title">
            <h2 id="personalized-days-title" style={{ margin: 0 }}>
              {t('tourPlan.days.title')}
            </h2>
            <DayList days={data.days} />
          </section>
          <PersonalizedBrochure tour={data} />
          <section className="card stack plan-lines" aria-labelledby="personalized-lines-title">
            <h2 id="personalized-lines-title" style={{ margin: 0 }}>
              {t('tourPlan.lines.title')}
            </h2>
            <PricedLines lines={data.lines} currency={data.currency} label={t('tourPlan.lines.title')} testId="personalized-lines" />
          </section>
        </>
      )}
    </RecordPage>
  );
}
