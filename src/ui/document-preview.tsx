import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from 'primereact/progressspinner';

/**
 * A document's pages as the customer will see them, drawn in the page by pdf.js from the same PDF
 * the server sends (its URL: `/api/…/pdf?lang=`). pdf.js is loaded only when a preview is shown;
 * its worker is served from the app's own files (the CSP allows scripts from this origin only),
 * and string evaluation is off for the same reason.
 */
export function DocumentPreview({ url, title, maxPages = 6 }: { url: string; title: string; maxPages?: number }) {
  const { t } = useTranslation();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; pages: number }>({ status: 'loading', pages: 0 });

  useEffect(() => {
    let cancelled = false;
    const holder = pagesRef.current;
    if (!holder) return;
    holder.replaceChildren();
    setState({ status: 'loading', pages: 0 });
    const load = (async () => {
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false });
      const doc = await task.promise;
      try {
        const count = Math.min(doc.numPages, maxPages);
        for (let n = 1; n <= count && !cancelled; n++) {
          const page = await doc.getPage(n);
          // Sharp on the screen it lands on: the page's CSS width is the holder's, its pixels the device's.
          const width = Math.min(holder.clientWidth || 600, 720);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: (width / base.width) * (window.devicePixelRatio || 1) });
          const canvas = document.createElement('canvas');
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.style.width = `${width}px`;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', t('documents.preview.page', { page: n, pages: doc.numPages }));
          canvas.dataset.testid = 'document-page';
          await page.render({ canvas, viewport }).promise;
          if (cancelled) return;
          holder.append(canvas);
        }
        if (!cancelled) setState({ status: 'ready', pages: doc.numPages });
      } finally {
        await doc.destroy();
      }
    })();
    load.catch(() => !cancelled && setState({ status: 'failed', pages: 0 }));
    return () => {
      cancelled = true;
    };
  }, [url, maxPages, t]);

  return (
    <figure className="document-preview" aria-busy={state.status === 'loading'} aria-label={title} style={{ margin: 0 }}>
      {state.status === 'loading' && <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label={t('documents.preview.loading')} />}
      {state.status === 'failed' && <p className="muted">{t('documents.preview.failed')}</p>}
      <div ref={pagesRef} className="document-pages" />
      {state.status === 'ready' && state.pages > maxPages && <figcaption className="muted">{t('documents.preview.more', { count: state.pages - maxPages })}</figcaption>}
    </figure>
  );
}
