import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import type { Locale } from '../../../api/admin/members/contract';
import type { CustomizedTourDetail } from '../../../api/tours/customized/contract';
import { useCustomizedTour, useTourVersion } from '../../../api/tours/customized/get-customized-tours';
import { useDeleteTour, useTourEvents } from '../../../api/tours/customized/save-customized-tour';
import { customizedTourMachine, type CustomizedTourEvent } from '../../../machines/customized-tour-machine';
import { snapshotOf } from '../../../machines/workflow';
import { useCan } from '../../../ui/auth';
import { confirmAction } from '../../../ui/confirm';
import { DetailCard } from '../../../ui/detail-card';
import { useOrgFormatters } from '../../../ui/org-format';
import { modulePath, moduleRecordPath } from '../../../ui/module-paths';
import { RecordPage } from '../../../ui/placeholders';
import { SendStatusTag } from '../../../ui/send-document-dialog';
import { CopyTourDialog, TourStatusTag } from '../../../ui/tour-widgets';
import { WorkflowPanel, type WorkflowAction, type WorkflowProps } from '../../../ui/workflow-panel';
import { BookLink } from '../../../ui/book-link';
import { names, PricedLines } from '../shared/plan-view';
import { CustomerView, itineraryOf } from './customer-view';
import { TotalsCard } from './totals-card';
import { useVersionEmails, VersionHistory } from './version-history';
import { SendItineraryDialog, TourItinerary, useItineraryLanguage } from './tour-itinerary';

type UiEvent = Exclude<CustomizedTourEvent, { type: 'BOOK' | 'SEND' }>;

/** The tour machine on the generic panel: SEND opens the itinerary's send dialog (the email and the event are one call); REVISE and REVERT ask first. BOOK is a booking's. */
function useTourWorkflow(tour: CustomizedTourDetail, canUpdate: boolean) {
  const { t } = useTranslation();
  const events = useTourEvents();
  const [sending, setSending] = useState(false);
  const actions = useMemo<WorkflowAction<CustomizedTourEvent>[]>(
    () => [
      { event: { type: 'SEND' }, label: t('tours.events.SEND'), icon: 'pi pi-send' },
      { event: { type: 'REVISE' }, label: t('tours.events.REVISE'), icon: 'pi pi-pencil', confirm: { message: t('tours.confirm.REVISE', { version: tour.version, next: tour.version + 1 }) } },
      { event: { type: 'PUBLISH' }, label: t('tours.events.PUBLISH'), icon: 'pi pi-verified', confirm: { message: t('tours.confirm.PUBLISH') } },
      { event: { type: 'REVERT' }, label: t('tours.events.REVERT'), icon: 'pi pi-undo', confirm: { message: t(tour.status === 'published' ? 'tours.confirm.REVERT_published' : 'tours.confirm.REVERT_booked'), danger: true } },
    ],
    [t, tour.version, tour.status],
  );
  const send = async (event: UiEvent) => {
    const updated = await events.send(tour._id, event);
    toast.success(t(`tours.done.${event.type}`, { version: updated.version }));
    return updated;
  };
  const workflow: WorkflowProps<typeof customizedTourMachine> = {
    machine: customizedTourMachine,
    state: tour.status,
    // The server reads the booking's payments; the panel offers REVERT and the server decides.
    context: { version: tour.version, bookingHasVerifiedPayment: false },
    actions: canUpdate ? actions : [],
    disabled: events.pending,
    stateLabel: (s) => t(`tours.statuses.${s}`),
    onEvent: async (event) => {
      if (event.type === 'BOOK') return;
      if (event.type === 'SEND') return setSending(true);
      await send(event);
    },
  };
  return { workflow, sending, closeSending: () => setSending(false) };
}

function TourHeader({ tour, lang }: { tour: CustomizedTourDetail; lang: Locale }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const remove = useDeleteTour();
  const [copying, setCopying] = useState(false);
  const canUpdate = can('customizedTours', 'update');
  const { workflow, sending, closeSending } = useTourWorkflow(tour, canUpdate);
  const onDelete = async () => {
    if (!(await confirmAction({ message: t('tours.deleteConfirm', { name: tour.title }), header: t('tours.delete'), acceptLabel: t('tours.delete'), danger: true }))) return;
    try {
      await remove.mutateAsync(tour._id);
      toast.success(t('tours.deleted'));
      navigate(modulePath('customizedTours'));
    } catch {
      /* toasted by the client */
    }
  };
  const snapshot = snapshotOf(customizedTourMachine, tour.status, { version: tour.version, bookingHasVerifiedPayment: false });
  // A draft changes whole, a booked tour its plan only (the machine's `editable`, `planEditable`).
  const planOnly = snapshot.hasTag('planEditable');
  const editable = snapshot.hasTag('editable') || planOnly;
  // BOOK is the booking's to send (the wizard creates it, the server moves the tour): the machine
  // says whether the version shown may be booked; `bookingId` stands for the booking to be made.
  const bookable = snapshot.can({ type: 'BOOK', bookingId: 'new', version: tour.version });
  return (
    <>
      <div className="page-header">
        <h1 id="tour-title">{tour.title}</h1>
        <TourStatusTag status={tour.status} />
        <span className="muted" data-testid="tour-version">
          {t('tours.versionN', { version: tour.version })}
        </span>
        {canUpdate && editable && (
          <Link to={`${moduleRecordPath('customizedTours', tour._id)}/edit`} className="p-button p-button-outlined link-button">
            <i className="pi pi-pencil" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
            {planOnly ? t('tours.editPlan') : t('tours.edit')}
          </Link>
        )}
        {bookable && <BookLink from={{ tourType: 'customized', tourId: tour._id, leadId: tour.lead._id }} />}
        {can('customizedTours', 'create') && <Button type="button" outlined icon="pi pi-copy" label={t('tours.copy.action')} onClick={() => setCopying(true)} />}
        {can('customizedTours', 'delete') && snapshot.hasTag('deletable') && tour.versions.length === 0 && (
          <Button type="button" outlined severity="danger" icon="pi pi-trash" label={t('tours.delete')} loading={remove.isPending} onClick={() => void onDelete()} />
        )}
      </div>
      <WorkflowPanel {...workflow} title={t('tours.workflow')} />
      {sending && <SendItineraryDialog tour={tour} lang={lang} onClose={closeSending} />}
      {copying && <CopyTourDialog tour={tour} onClose={() => setCopying(false)} />}
    </>
  );
}

/** `/customized-tours/:id`: the tour, its workflow, totals, the staff's lines beside the customer view, its itinerary (preview and sends), and the sent versions. */
export function CustomizedTourDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = useCustomizedTour(id);
  const fmt = useOrgFormatters();
  const lastLanguage = useItineraryLanguage(id);
  const [chosen, setLang] = useState<Locale>();
  const lang = chosen ?? lastLanguage;
  return (
    <RecordPage titleId="tour-title" back={{ to: modulePath('customizedTours'), label: t('tours.back') }} query={tour}>
      {(data) => {
        const none = t('tourPlan.none');
        return (
          <>
            <TourHeader tour={data} lang={lang} />
            <div className="tour-sections">
              <DetailCard
                title={t('tourPlan.details')}
                testId="tour-details"
                rows={[
                  [t('tours.fields.lead'), <Link to={moduleRecordPath('leads', data.lead._id)}>{data.lead.name}</Link>],
                  [t('tours.fields.dates'), `${fmt.date(data.departure)} – ${fmt.date(data.arrival)} · ${t('tourPlan.nights', { count: data.totalNights })}`],
                  [t('tours.fields.travellers'), t('tours.travellers', { adults: data.adults, children: data.children, infants: data.infants })],
                  [t('tourPlan.regions'), names(data.regions) || none],
                  [t('tourPlan.destinations'), names(data.destinations) || none],
                  [t('tourPlan.pointOfContact'), data.pointOfContact?.name ?? none],
                  [t('tours.fields.notes'), data.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{data.notes}</span> : none],
                ]}
              />
              <TotalsCard totals={data.totals} currency={data.currency} />
            </div>
            <div className="builder-layout">
              <section className="card stack builder-staff" aria-labelledby="tour-lines-title">
                <h2 id="tour-lines-title" style={{ margin: 0 }}>
                  {t('tours.staffView')}
                </h2>
                <PricedLines lines={data.lines} currency={data.currency} label={t('tours.staffView')} testId="staff-lines" />
              </section>
              <div className="builder-customer">
                <CustomerView itinerary={itineraryOf(data)} />
              </div>
            </div>
            <TourItinerary tour={data} lang={lang} onLang={setLang} />
            <VersionHistory tourId={data._id} versions={data.versions} currency={data.currency} />
          </>
        );
      }}
    </RecordPage>
  );
}

/** `/customized-tours/:id/versions/:version`: a sent version, exactly as it was sent. */
export function CustomizedTourVersionPage() {
  const { t } = useTranslation();
  const { id = '', version = '1' } = useParams();
  const sent = useTourVersion(id, Number(version));
  const fmt = useOrgFormatters();
  const email = useVersionEmails(id)(Number(version));
  return (
    <RecordPage titleId="version-title" back={{ to: moduleRecordPath('customizedTours', id), label: t('tours.backToTour') }} query={sent}>
      {(data) => (
        <>
          <div className="page-header">
            <h1 id="version-title">{t('tours.versions.heading', { title: data.tour.title, version: data.version })}</h1>
          </div>
          <DetailCard
            title={t('tours.versions.asSent')}
            testId="version-sent"
            rows={[
              // A version whose email still waits (or failed) was written then, not sent: its email's status says where it is.
              [email.notSent ? t('documents.outbox.created') : t('tours.versions.sentAt'), fmt.dateTime(data.sentAt)],
              ...(email.send ? [[t('tours.versions.email'), <SendStatusTag send={email.send} />] as [string, ReactNode]] : []),
              [t('tours.versions.sentBy'), data.sentBy?.name ?? t('tourPlan.none')],
              [t('tours.send.to'), data.to ? <bdi>{data.to}</bdi> : t('tourPlan.none')],
              [t('tours.send.cc'), data.cc.length ? <bdi>{data.cc.join(', ')}</bdi> : t('tourPlan.none')],
              [t('tours.send.subject'), data.subject ?? t('tourPlan.none')],
              [t('tours.send.message'), data.message ? <span style={{ whiteSpace: 'pre-wrap' }}>{data.message}</span> : t('tourPlan.none')],
            ]}
          />
          <TotalsCard totals={data.tour.totals} currency={data.tour.currency} />
          <div className="builder-layout">
            <section className="card stack builder-staff" aria-labelledby="version-lines-title">
              <h2 id="version-lines-title" style={{ margin: 0 }}>
                {t('tours.staffView')}
              </h2>
              <PricedLines lines={data.tour.lines} currency={data.tour.currency} label={t('tours.staffView')} testId="staff-lines" />
            </section>
            <div className="builder-customer">
              <CustomerView itinerary={itineraryOf(data.tour)} />
            </div>
          </div>
        </>
      )}
    </RecordPage>
  );
}
