import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

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
