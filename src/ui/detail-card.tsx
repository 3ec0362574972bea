import { useId, type ReactNode } from 'react';

/** A record's details: a titled card of label–value rows. */
export function DetailCard({ title, rows, testId }: { title: string; rows: [label: string, value: ReactNode][]; testId?: string }) {
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="workflow-panel__title" style={{ marginBottom: '0.75rem' }}>
        {title}
      </h2>
      <dl className="detail-list">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
