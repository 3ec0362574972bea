import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { errorMessage, issueMessage } from '../../api/client';
import type { ApiIssue } from '../../api/common/issues';
import { LOGO_TYPES, MAX_LOGO_BYTES } from '../../api/documents/contract';
import { useLogo } from '../../api/documents/get-documents';
import { useRemoveLogo, useUploadLogo } from '../../api/documents/save-logo';
import { FieldFrame } from '../../ui/form-fields';

/** An image Blob shown while it is on screen (its object URL is released after). */
function useObjectUrl(blob: Blob | null | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** The logo printed in the header of the organization's documents: shown, replaced (the file is sent at once) or removed. */
export function OrganizationLogo({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const logo = useLogo();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [error, setError] = useState<string>();
  const url = useObjectUrl(logo.data);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    try {
      await upload.mutateAsync(file);
      toast.success(t('organization.logoSaved'));
    } catch (e) {
      const issue = (e as { issues?: ApiIssue[] }).issues?.[0];
      setError(issue ? issueMessage(issue) : errorMessage(e));
    }
  }

  return (
    <div className="card stack">
      <h2>{t('organization.documents')}</h2>
      <p className="muted">{t('organization.documentsHint')}</p>
      <div className="row" style={{ alignItems: 'center', gap: '1rem', flexWrap: 'wrap' }}>
        <div className="logo-preview" aria-live="polite">
          {url ? <img src={url} alt={t('organization.logo')} data-testid="organization-logo" /> : <span className="muted">{t('organization.noLogo')}</span>}
        </div>
        {!readOnly && (
          <FieldFrame id={id} label={t('organization.logoUpload')} error={error} hint={t('organization.logoHint', { megabytes: MAX_LOGO_BYTES / 1024 / 1024 })}>
            <input id={id} type="file" accept={LOGO_TYPES.join(',')} aria-invalid={!!error} disabled={upload.isPending} onChange={(e) => void choose(e.target.files?.[0]).finally(() => (e.target.value = ''))} />
          </FieldFrame>
        )}
        {!readOnly && logo.data && <Button type="button" outlined severity="danger" icon="pi pi-trash" label={t('organization.removeLogo')} loading={remove.isPending} onClick={() => remove.mutate()} />}
      </div>
    </div>
  );
}
