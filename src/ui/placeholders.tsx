import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';

export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="stack">
      <h1>{title}</h1>
      <div className="card empty-state">
        <i className="pi pi-clock" aria-hidden="true" />
        <p>{t('shell.comingSoon')}</p>
      </div>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="card empty-state" role="alert">
      <i className="pi pi-question-circle" aria-hidden="true" />
      <p>{t('shell.notFound')}</p>
      <Link to="/">{t('shell.goHome')}</Link>
    </div>
  );
}

/** The way back to a list or a record ("← Bookings"); its arrow turns with a right-to-left language. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="row" style={{ gap: '0.35rem' }}>
      <i className="pi pi-arrow-left back-arrow" aria-hidden="true" />
      {label}
    </Link>
  );
}

/**
 * A record's page (`/leads/:id`): the way back to its list, then the record once loaded, "not
 * found" when there is none (or it is another organization's), a skeleton meanwhile.
 */
export function RecordPage<T>({ titleId, back, query, children }: { titleId: string; back: { to: string; label: string }; query: { data?: T; isError: boolean }; children: (record: T) => ReactNode }) {
  return (
    <div className="stack" aria-labelledby={titleId}>
      <BackLink to={back.to} label={back.label} />
      {query.data ? (
        children(query.data)
      ) : query.isError ? (
        <NotFound />
      ) : (
        <div className="card" aria-busy="true">
          <Skeleton width="40%" height="2rem" className="mb-2" />
          <Skeleton width="80%" />
        </div>
      )}
    </div>
  );
}
