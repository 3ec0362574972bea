import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import type { PersonalizedTourDetail } from '../../api/tours/personalized/contract';
import { usePersonalizedTour } from '../../api/tours/personalized/get-personalized-tours';
import { useDeletePersonalizedTour, useUpdatePersonalizedTour } from '../../api/tours/personalized/save-personalized-tour';
import { useCan } from '../../ui/auth';
import { confirmAction } from '../../ui/confirm';
import { DetailCard } from '../../ui/detail-card';
import { useFormatters } from '../../ui/format';
import { PHONE_QUERY, useMediaQuery } from '../../ui/media';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { PackageBrochure } from './package-brochure';
import { DayList, PriceList, PublishedTag, names } from './package-parts';
import { BookLink } from '../../ui/book-link';

function PackageHeader({ tour }: { tour: PersonalizedTourDetail }) {
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
      <h1 id="package-title">{tour.title}</h1>
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

function PackageLines({ tour }: { tour: PersonalizedTourDetail }) {
  const { t } = useTranslation();
  const fmt = useFormatters({ currency: tour.currency });
  const phone = useMediaQuery(PHONE_QUERY);
  const label = (key: string) => t(`tourPlan.lines.${key}`);
  if (!tour.lines.length) return <p className="muted">{t('personalizedTours.noLines')}</p>;
  const day = (l: PersonalizedTourDetail['lines'][number]) => (l.dayNumber ? t('tourPlan.days.day', { number: l.dayNumber }) : label('wholeTour'));
  const markup = (l: PersonalizedTourDetail['lines'][number]) => (l.markupType === 'percent' ? `${fmt.number(l.markup / 100)} %` : fmt.money(l.markup));
  // Seven columns do not fit a phone: one block per line there.
  if (phone)
    return (
      <ul className="line-list" data-testid="package-lines">
        {tour.lines.map((l, i) => (
          <li key={i} className="line-row line-row--read">
            <strong>
              {t(`tourPlan.lines.kinds.${l.kind}`)} · {day(l)}
            </strong>
            <span>
              {l.description}
              {l.vendor && <span className="muted"> · {l.vendor.name}</span>}
            </span>
            <dl className="detail-list">
              <dt>{label('quantity')}</dt>
              <dd>
                {fmt.number(l.quantity)} · {t(`tourPlan.lines.units.${l.unit}`)}
              </dd>
              <dt>{label('unitCost')}</dt>
              <dd className="money">{fmt.money(l.unitCost)}</dd>
              <dt>{label('markupType')}</dt>
              <dd className="money">{markup(l)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    // Wider than its card on a narrow window: a region the keyboard can scroll.
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="package-lines-title">
      <table className="p-datatable-table lines-table" data-testid="package-lines">
        <thead>
          <tr>
            <th scope="col">{label('kind')}</th>
            <th scope="col">{label('day')}</th>
            <th scope="col">{label('description')}</th>
            <th scope="col">{label('quantity')}</th>
            <th scope="col">{label('unit')}</th>
            <th scope="col">{label('unitCost')}</th>
            <th scope="col">{label('markupType')}</th>
          </tr>
        </thead>
        <tbody>
          {tour.lines.map((l, i) => (
            <tr key={i}>
              <td>{t(`tourPlan.lines.kinds.${l.kind}`)}</td>
              <td>{day(l)}</td>
              <td>
                {l.description}
                {l.vendor && <div className="muted">{l.vendor.name}</div>}
              </td>
              <td>{fmt.number(l.quantity)}</td>
              <td>{t(`tourPlan.lines.units.${l.unit}`)}</td>
              <td className="money">{fmt.money(l.unitCost)}</td>
              <td className="money">{markup(l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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

/** `/personalized-tours/:id`: the package, its plan, its brochure (preview and send), its costing lines, publish and delete. */
export function PersonalizedTourDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = usePersonalizedTour(id);
  return (
    <RecordPage titleId="package-title" back={{ to: modulePath('personalizedTours'), label: t('personalizedTours.back') }} query={tour}>
      {(data) => {
        const none = t('tourPlan.none');
        return (
          <>
            <PackageHeader tour={data} />
            {data.description && <p style={{ margin: 0 }}>{data.description}</p>}
            <div className="tour-sections">
              <DetailCard
                title={t('tourPlan.details')}
                testId="package-details"
                rows={[
                  [t('tourPlan.regions'), names(data.regions) || none],
                  [t('tourPlan.destinations'), names(data.destinations) || none],
                  [t('tourPlan.totalNights'), t('tourPlan.nights', { count: data.totalNights })],
                  [t('tourPlan.pointOfContact'), data.pointOfContact?.name ?? none],
                  [t('tourPlan.pricePerPerson'), <PriceList prices={data.pricePerPerson} currency={data.currency} />],
                ]}
              />
              <DetailCard
                title={`${t('personalizedTours.inclusions')} / ${t('personalizedTours.exclusions')}`}
                rows={[
                  [t('personalizedTours.inclusions'), textLines(data.inclusions, none)],
                  [t('personalizedTours.exclusions'), textLines(data.exclusions, none)],
                ]}
              />
            </div>
            <section className="stack" aria-labelledby="package-days-title">
              <h2 id="package-days-title" style={{ margin: 0 }}>
                {t('tourPlan.days.title')}
              </h2>
              <DayList days={data.days} />
            </section>
            <PackageBrochure tour={data} />
            <section className="card stack" aria-labelledby="package-lines-title">
              <h2 id="package-lines-title" style={{ margin: 0 }}>
                {t('tourPlan.lines.title')}
              </h2>
              <PackageLines tour={data} />
            </section>
          </>
        );
      }}
    </RecordPage>
  );
}
