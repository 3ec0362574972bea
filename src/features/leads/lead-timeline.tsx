import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeadActivity, LeadDetail } from '../../api/leads/contract';
import { useOrgFormatters } from '../../ui/org-format';

const ICONS: Record<LeadActivity['type'], string> = {
  created: 'pi pi-plus-circle',
  captured: 'pi pi-globe',
  imported: 'pi pi-upload',
  details: 'pi pi-user-edit',
  status: 'pi pi-sitemap',
  owner: 'pi pi-user',
  query: 'pi pi-map',
  queryUpdated: 'pi pi-map',
  comment: 'pi pi-comment',
  followUp: 'pi pi-calendar-plus',
  response: 'pi pi-reply',
  tourCreated: 'pi pi-map',
  tourSent: 'pi pi-send',
};

const text = (x: unknown) => (typeof x === 'string' && x.trim() ? x : undefined);

/** One activity in words, per type (`leads.activity.<type>`), with the details the server recorded. */
function useDescribe() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  return (a: LeadActivity): { what: string; detail?: ReactNode } => {
    const actor = a.actor?.name ?? t(a.type === 'captured' ? 'leads.activity.website' : 'leads.activity.system');
    const d = a.data;
    const status = (s: unknown) => (text(s) ? t(`status.${String(s)}`, { defaultValue: String(s) }) : t('leads.none'));
    switch (a.type) {
      case 'status':
        return {
          what: t('leads.activity.status', { actor, from: status(d.from), to: status(d.to) }),
          detail: text(d.reason) ? t('leads.activity.reason', { reason: d.reason }) : text(d.tourId) && t('leads.activity.byTour'),
        };
      case 'tourCreated':
        return { what: t('leads.activity.tourCreated', { actor, title: d.title }) };
      case 'tourSent': {
        // The email of the itinerary: where it is now (queued → sent, or failed with the mail server's reason).
        const email = text(d.sendStatus) ? [t(`documents.statuses.${String(d.sendStatus)}`, { defaultValue: String(d.sendStatus) }), text(d.sendError)].filter(Boolean).join(': ') : null;
        const detail = [text(d.to) && t('leads.activity.sentTo', { to: d.to }), email].filter(Boolean).join(' · ');
        return { what: t('leads.activity.tourSent', { actor, title: d.title, version: d.version }), detail: detail || undefined };
      }
      case 'owner':
        return {
          what: text(d.from)
            ? t('leads.activity.ownerChanged', { actor, from: d.from, to: text(d.to) ?? t('leads.unassigned') })
            : t('leads.activity.ownerSet', { actor, to: text(d.to) ?? t('leads.unassigned') }),
        };
      case 'details': {
        const fields = Array.isArray(d.fields) ? (d.fields as string[]).map((f) => t(`leads.fields.${f}`, { defaultValue: f })).join(', ') : '';
        return { what: t('leads.activity.details', { actor }), detail: fields || undefined };
      }
      case 'followUp':
        return { what: t('leads.activity.followUp', { actor, when: text(d.dueAt) ? fmt.dateTime(String(d.dueAt)) : '' }), detail: text(d.note) };
      case 'response':
        return { what: t('leads.activity.response', { actor, outcome: t(`leads.outcomes.${String(d.outcome)}`, { defaultValue: String(d.outcome) }) }), detail: text(d.note) };
      case 'created':
      case 'imported':
      case 'captured':
        return { what: t(`leads.activity.${a.type}`, { actor, source: text(d.source) ? t(`leads.sources.${String(d.source)}`, { defaultValue: String(d.source) }) : '' }) };
      default:
        return { what: t(`leads.activity.${a.type}`, { actor, defaultValue: a.type }) };
    }
  };
}

/** Everything that happened to the lead and who did it, newest first. */
export function LeadTimeline({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const describe = useDescribe();
  // The server sends them newest first (steps of one call in the order they happened).
  const items = lead.activity;
  return (
    <section className="card stack" aria-labelledby="lead-activity-title" data-testid="lead-activity">
      <h2 id="lead-activity-title" className="workflow-panel__title">
        {t('leads.activity.title')}
      </h2>
      {items.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('leads.activity.none')}
        </p>
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} className="stack">
          {items.map((a) => {
            const { what, detail } = describe(a);
            return (
              <li key={a._id} className="row" style={{ alignItems: 'flex-start', flexWrap: 'nowrap', gap: '0.75rem' }} data-activity={a.type}>
                <i className={ICONS[a.type] ?? 'pi pi-circle'} aria-hidden="true" style={{ marginTop: '0.2rem' }} />
                <div className="stack" style={{ gap: '0.15rem' }}>
                  <span>{what}</span>
                  {detail && <span className="muted" style={{ whiteSpace: 'pre-wrap' }}>{detail}</span>}
                  <time className="muted" style={{ fontSize: '0.85rem' }} dateTime={a.createdAt}>
                    {fmt.dateTime(a.createdAt)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
