import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../api/client';
import type { GenerateTourFields } from '../api/ai/contract';
import { useGenerateTour } from '../api/ai/generate-tour';
import type { LeadQuery } from '../api/leads/contract';
import { moduleRecordPath } from './module-paths';

/**
 * "Generate tour": a draft customized tour for the lead's query (`POST
 * /customized-tours/generate-with-ai`), opened once made. The toast says whether the model or the
 * planner drafted it, what of the model's answer the catalogue refused, and whether it is within
 * the budget. When the model fails (502) the toast offers the planner's draft.
 */
export function GenerateTourButton({ leadId, query, testId = 'generate-tour' }: { leadId: string; query: LeadQuery | undefined; testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const generate = useGenerateTour();
  const ready = !!query?.travelFrom && !!query.travelTo;

  const run = async (use: GenerateTourFields['use'] = 'auto') => {
    if (!query) return;
    try {
      const { data, generation } = await generate.mutateAsync({ leadId, queryId: query._id, use });
      const parts = [generation.used === 'model' ? t('ai.generate.byModel', { model: generation.model }) : t('ai.generate.byPlanner')];
      if (generation.replaced.length) parts.push(t('ai.generate.replaced', { count: generation.replaced.length }));
      if (generation.withinBudget === false) parts.push(t('ai.generate.overBudget'));
      if (generation.skippedDestinations.length) parts.push(t('ai.generate.skipped', { count: generation.skippedDestinations.length }));
      toast.success(parts.join(' '));
      navigate(moduleRecordPath('customizedTours', data._id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 502) {
        toast.error(errorMessage(error), { duration: 20_000, action: { label: t('ai.generate.usePlanner'), onClick: () => void run('planner') } });
      } else toast.error(errorMessage(error));
    }
  };

  return (
    <Button
      type="button"
      outlined
      icon="pi pi-sparkles"
      label={t('ai.generate.action')}
      title={ready ? t('ai.generate.hint') : t('ai.generate.needsDates')}
      disabled={!ready}
      loading={generate.isPending}
      onClick={() => void run()}
      data-testid={testId}
    />
  );
}
