import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { takesBookings, type GroupTourDetail } from '../../../api/tours/group/contract';
import { useGroupTour } from '../../../api/tours/group/get-group-tours';
import { useDeleteGroupTour, useUpdateGroupTour } from '../../../api/tours/group/save-group-tour';
import { useCan } from '../../../ui/auth';
import { confirmAction } from '../../../ui/confirm';
import { DetailCard } from '../../../ui/detail-card';
import { useFormatters } from '../../../ui/format';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordPage } from '../../../ui/placeholders';
import { BookLink } from '../../../ui/book-link';
import { DayList, PriceList, names } from '../shared/plan-view';
import { GroupStatusTag, SeatsBar } from './seats-bar';

function DepartureHeader({ tour }: { tour: GroupTourDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const update = useUpdateGroupTour();
  const remove = useDeleteGroupTour();

  const toggleSales = async () => {
    const closing = !tour.salesClosed;
    if (closing && !(await confirmAction({ message: t('groupTours.closeSalesConfirm', { name: tour.title }), header: t('groupTours.closeSales'), acceptLabel: t('groupTours.closeSales') }))) return;
    try {
      await update.mutateAsync({ _id: tour._id, salesClosed: closing });
      toast.success(t(closing ? 'groupTours.salesClosedToast' : 'groupTours.salesOpenedToast'));
    } catch {
      /* toasted by the client */
    }
  };
  const onDelete = async () => {
    if (!(await confirmAction({ message: t('groupTours.deleteConfirm', { name: tour.title }), header: t('groupTours.delete'), acceptLabel: t('groupTours.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync(tour._id);
      toast.success(t('groupTours.deleted'));
      navigate(modulePath('groupTours'));
    } catch {
      /* toasted by the client: a departure with seats taken is not deleted */
    }
  };

  return (
    <div className="page-header">
      <h1 id="group-title">{tour.title}</h1>
      <GroupStatusTag status={tour.status} />
      {takesBookings(tour.status) && <BookLink from={{ tourType: 'group', tourId: tour._id }} />}
      {can('groupTours', 'update') && (
        <>
          <Button type="button" outlined icon={tour.salesClosed ? 'pi pi-lock-open' : 'pi pi-lock'} label={t(tour.salesClosed ? 'groupTours.reopenSales' : 'groupTours.closeSales')} loading={update.isPending} onClick={() => void toggleSales()} />
          <Link to={`${moduleRecordPath('groupTours', tour._id)}/edit`} className="p-button p-button-outlined button-link">
            <i className="pi pi-pencil" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {t('groupTours.edit')}
          </Link>
        </>
      )}
      {can('groupTours', 'delete') && <Button type="button" outlined severity="danger" icon="pi pi-trash" label={t('groupTours.delete')} loading={remove.isPending} onClick={() => void onDelete()} />}
    </div>
  );
}

/** `/group-tours/:id`: the departure, its seats and status, its plan day by day with dates. */
export function GroupTourDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = useGroupTour(id);
  const fmt = useFormatters();
  return (
    <RecordPage titleId="group-title" back={{ to: modulePath('groupTours'), label: t('groupTours.back') }} query={tour}>
      {(data) => {
        const none = t('tourPlan.none');
        return (
          <>
            <DepartureHeader tour={data} />
            {data.description && <p style={{ margin: 0 }}>{data.description}</p>}
            <section className="card stack" aria-labelledby="group-seats-title">
              <h2 id="group-seats-title" style={{ margin: 0 }}>
                {t('groupTours.seats')}
              </h2>
              <SeatsBar tour={data} withStatus />
              <dl className="price-list">
                <div>
                  <dt>{t('groupTours.capacity')}</dt>
                  <dd>{fmt.number(data.capacity)}</dd>
                </div>
                <div>
                  <dt>{t('groupTours.minimumToRun')}</dt>
                  <dd>{fmt.number(data.minimumToRun)}</dd>
                </div>
                <div>
                  <dt>{t('groupTours.seatsTaken')}</dt>
                  <dd>{fmt.number(data.seatsTaken)}</dd>
                </div>
                <div>
                  <dt>{t('groupTours.seatsFree')}</dt>
                  <dd>{fmt.number(data.seatsFree)}</dd>
                </div>
              </dl>
            </section>
            <DetailCard
              title={t('tourPlan.details')}
              testId="group-details"
              rows={[
                [t('groupTours.dates'), `${fmt.date(data.departure)} – ${fmt.date(data.arrival)}`],
                [t('tourPlan.totalNights'), t('tourPlan.nights', { count: data.totalNights })],
                [t('tourPlan.regions'), names(data.regions) || none],
                [t('tourPlan.destinations'), names(data.destinations) || none],
                [t('tourPlan.pointOfContact'), data.pointOfContact?.name ?? none],
                [t('tourPlan.pricePerPerson'), <PriceList prices={data.pricePerPerson} currency={data.currency} />],
              ]}
            />
            <section className="stack" aria-labelledby="group-days-title">
              <h2 id="group-days-title" style={{ margin: 0 }}>
                {t('tourPlan.days.title')}
              </h2>
              <DayList days={data.days} />
            </section>
          </>
        );
      }}
    </RecordPage>
  );
}
