import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { toast } from 'sonner';
import { leadsResource } from '../../api/leads/get-leads';
import { sendTourInput, type CustomizedTourDetail, type SendTourInput } from '../../api/tours/customized/contract';
import { useCustomizedTour, useTourVersion } from '../../api/tours/customized/get-customized-tours';
import { useDeleteTour, useTourEvents } from '../../api/tours/customized/save-customized-tour';
import { customizedTourMachine, type CustomizedTourEvent } from '../../machines/customized-tour-machine';
import { useCan } from '../../ui/auth';
import { confirmAction } from '../../ui/confirm';
import { DetailCard } from '../../ui/detail-card';
import { applyServerIssues, TextAreaField, TextField } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { useFormatters } from '../../ui/format';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { CopyTourDialog, TourStatusTag } from '../../ui/tour-widgets';
import { WorkflowPanel, type WorkflowAction, type WorkflowProps } from '../../ui/workflow-panel';
import { CustomerView, itineraryOf, StaffLines, TotalsCard, VersionHistory } from './customized-parts';
import { names } from './package-parts';

type UiEvent = Exclude<CustomizedTourEvent, { type: 'BOOK' }>;

/** The send form as typed: cc as one line of addresses. */
interface SendFormValues {
  to: string;
  cc: string;
  subject: string;
  message: string;
}

const toSend = (v: SendFormValues) => ({
  to: v.to.trim() || undefined,
  cc: v.cc.split(/[,;\s]+/).filter(Boolean),
  subject: v.subject.trim() || undefined,
  message: v.message.trim() || undefined,
});

/**
 * SEND, with what the customer is sent: to, cc, subject and message. Sending freezes this version
 * and quotes the lead. The documents issue plugs in here: the itinerary PDF (the customer view) in
 * the language chosen, mailed through the organization's email settings; until then nothing is
 * mailed, and the dialog says so.
 */
function SendTourDialog({ tour, onSend, onClose }: { tour: CustomizedTourDetail; onSend: (event: UiEvent) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const lead = useQuery({ ...leadsResource.detailQueryOptions(tour.lead._id), enabled: can('leads', 'view') });
  const resolver = useMemo(() => {
    const check = contractResolver(sendTourInput) as unknown as Resolver<SendFormValues>;
    return (async (values, context, options) => {
      const result = await check(toSend(values) as never, context, options);
      return Object.keys(result.errors).length ? result : { values, errors: {} };
    }) as Resolver<SendFormValues>;
  }, []);
  const form = useForm<SendFormValues>({
    resolver,
    values: { to: lead.data?.email ?? '', cc: '', subject: t('tours.send.defaultSubject', { title: tour.title }), message: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSend({ type: 'SEND', ...(toSend(values) as SendTourInput) });
      onClose();
    } catch (error) {
      applyServerIssues(error, form.setError as never);
    }
  });
  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('tours.send.title', { version: tour.version })}
      style={{ width: 'min(600px, 95vw)' }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" text label={t('shell.cancel')} onClick={onClose} />
          <Button type="submit" form="send-tour-form" icon="pi pi-send" label={t('tours.events.SEND')} loading={form.formState.isSubmitting} />
        </div>
      }
    >
      <form id="send-tour-form" className="stack" onSubmit={submit} noValidate data-testid="send-tour-form">
        <p className="muted" style={{ margin: 0 }}>
          {t('tours.send.hint', { version: tour.version })}
        </p>
        <p className="muted tour-note" style={{ margin: 0 }} data-testid="send-documents-note">
          {t('tours.send.documentsNote')}
        </p>
        <TextField control={form.control} name="to" type="email" label={t('tours.send.to')} />
        <TextField control={form.control} name="cc" label={t('tours.send.cc')} hint={t('tours.send.ccHint')} />
        <TextField control={form.control} name="subject" label={t('tours.send.subject')} />
        <TextAreaField control={form.control} name="message" label={t('tours.send.message')} />
      </form>
    </Dialog>
  );
}

/** The tour machine on the generic panel: SEND opens the send dialog; REVISE and REVERT ask first. BOOK is a booking's. */
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
    toast.success(t(`tours.done.${event.type}`, { version: event.type === 'SEND' ? tour.version : updated.version }));
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
  return { workflow, sending, closeSending: () => setSending(false), send };
}

function TourHeader({ tour }: { tour: CustomizedTourDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const remove = useDeleteTour();
  const [copying, setCopying] = useState(false);
  const canUpdate = can('customizedTours', 'update');
  const { workflow, sending, closeSending, send } = useTourWorkflow(tour, canUpdate);
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
  const editable = tour.status === 'draft' || tour.status === 'booked';
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
            {tour.status === 'booked' ? t('tours.editPlan') : t('tours.edit')}
          </Link>
        )}
        {can('customizedTours', 'create') && <Button type="button" outlined icon="pi pi-copy" label={t('tours.copy.action')} onClick={() => setCopying(true)} />}
        {can('customizedTours', 'delete') && tour.status === 'draft' && tour.versions.length === 0 && (
          <Button type="button" outlined severity="danger" icon="pi pi-trash" label={t('tours.delete')} loading={remove.isPending} onClick={() => void onDelete()} />
        )}
      </div>
      <WorkflowPanel {...workflow} title={t('tours.workflow')} />
      {sending && <SendTourDialog tour={tour} onSend={send} onClose={closeSending} />}
      {copying && <CopyTourDialog tour={tour} onClose={() => setCopying(false)} />}
    </>
  );
}

/** `/customized-tours/:id`: the tour, its workflow, totals, the staff's lines beside the customer view, and the sent versions. */
export function CustomizedTourDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tour = useCustomizedTour(id);
  const fmt = useFormatters();
  return (
    <RecordPage titleId="tour-title" back={{ to: modulePath('customizedTours'), label: t('tours.back') }} query={tour}>
      {(data) => {
        const none = t('tourPlan.none');
        return (
          <>
            <TourHeader tour={data} />
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
                <StaffLines lines={data.lines} currency={data.currency} />
              </section>
              <div className="builder-customer">
                <CustomerView itinerary={itineraryOf(data)} />
              </div>
            </div>
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
  const fmt = useFormatters();
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
              [t('tours.versions.sentAt'), fmt.dateTime(data.sentAt)],
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
              <StaffLines lines={data.tour.lines} currency={data.tour.currency} />
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
