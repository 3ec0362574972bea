import { useTranslation } from 'react-i18next';
import { useAiUsage } from '../api/ai/generate-tour';
import { useFormatters } from './format';

/** Under Configurations → AI model: where the model comes from and this month's tokens against the limit. */
export function AiUsage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const usage = useAiUsage();
  if (!usage.data) return null;
  const u = usage.data;
  const used = u.promptTokens + u.completionTokens;
  return (
    <section className="stack" aria-label={t('ai.usage.title')} style={{ marginTop: '1.5rem' }} data-testid="ai-usage">
      <h3 style={{ margin: 0 }}>{t('ai.usage.title')}</h3>
      <p style={{ margin: 0 }}>{u.source === 'none' ? t('ai.usage.none') : t(`ai.usage.source.${u.source}`, { model: u.model })}</p>
      <p style={{ margin: 0 }}>
        {t('ai.usage.tokens', { month: u.month, used: fmt.number(used), prompt: fmt.number(u.promptTokens), completion: fmt.number(u.completionTokens) })} {t('ai.usage.requests', { count: u.requests })}{' '}
        {u.monthlyTokenLimit ? t('ai.usage.limit', { limit: fmt.number(u.monthlyTokenLimit) }) : t('ai.usage.noLimit')}
      </p>
    </section>
  );
}
