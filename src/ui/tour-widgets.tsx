import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { toast } from 'sonner';
import type { CustomizedTour, CustomizedTourState } from '../api/tours/customized/contract';
import { customizedToursResource } from '../api/tours/customized/get-customized-tours';
import { useCopyTour } from '../api/tours/customized/save-customized-tour';
import { OPEN_LEAD_STATES } from '../machines/lead-machine';
import { FieldFrame } from './form-fields';
import { FormDialog } from './form-dialog';
import { LeadPicker } from './lead-picker';
import { moduleRecordPath } from './module-paths';
import { StatusTag, type StatusTone } from './status-tag';

/**
 * Customized-tour pieces the tours screens and the lead's page share (a feature never imports
 * another): the status tag and the copy dialog.
 */

const TONES: Record<CustomizedTourState, StatusTone> = { draft: 'neutral', sent: 'info', booked: 'success', published: 'success' };

export function TourStatusTag({ status }: { status: CustomizedTourState }) {
  const { t } = useTranslation();
  return <StatusTag status={status} tone={TONES[status]} label={t(`tours.statuses.${status}`)} />;
}

/** Leads that still take tours (a won or lost lead gets none). */
const OPEN_LEADS = { status: OPEN_LEAD_STATES };

/**
 * Copy a tour as a new draft, for its lead or another (open) one: the same days and lines at the
 * prices they had. The copy opens in the builder.
 */
export function CopyTourDialog({ tour, onClose }: { tour: Pick<CustomizedTour, '_id' | 'title' | 'lead'>; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const copy = useCopyTour();
  const base = useId();
  const [leadId, setLeadId] = useState<string | null>(tour.lead._id);
  const [title, setTitle] = useState(t('tours.copy.defaultTitle', { title: tour.title }));
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!leadId) return setMissing(true);
    setLoading(true);
    try {
      const source = await queryClient.fetchQuery(customizedToursResource.detailQueryOptions(tour._id));
      const created = await copy.mutateAsync({ tour: source, leadId, title: title.trim() || tour.title });
      toast.success(t('tours.copy.done', { name: created.lead.name }));
      onClose();
      navigate(`${moduleRecordPath('customizedTours', created._id)}/edit`);
    } catch {
      /* the client has toasted the server's message (a won or lost lead, a catalogue record gone) */
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormDialog id={`${base}-copy`} header={t('tours.copy.title', { title: tour.title })} onClose={onClose} onSubmit={(e) => void submit(e)} submitting={loading || copy.isPending} width={560}>
      <p className="muted" style={{ margin: 0 }}>
        {t('tours.copy.hint')}
      </p>
      <FieldFrame id={`${base}-lead`} label={t('tours.fields.lead')} error={missing ? t('tours.copy.leadRequired') : undefined}>
        <LeadPicker inputId={`${base}-lead`} filters={OPEN_LEADS} value={leadId} invalid={missing} onChange={(id) => { setLeadId(id); setMissing(false); }} />
      </FieldFrame>
      <FieldFrame id={`${base}-title`} label={t('tours.fields.title')}>
        <InputText id={`${base}-title`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </FieldFrame>
    </FormDialog>
  );
}
