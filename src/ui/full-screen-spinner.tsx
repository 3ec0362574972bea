import { ProgressSpinner } from 'primereact/progressspinner';

/** Covers the page until the preferences (theme, language, direction) are applied: no flash of the wrong theme. */
export function FullScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="fullscreen-spinner" role="status" aria-live="polite" data-testid="fullscreen-spinner">
      <ProgressSpinner style={{ width: 56, height: 56 }} strokeWidth="4" aria-label={label} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A spinner inside the page (lazy screens loading), not covering the shell. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', padding: '3rem' }}>
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" aria-label={label} />
    </div>
  );
}
