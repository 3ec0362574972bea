import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputTextarea } from 'primereact/inputtextarea';
import { FramedField, type BaseProps } from '../../../ui/form-fields';
import { StatusTag } from '../../../ui/status-tag';

/** A personalized tour's own pieces: its published flag, its inclusions and exclusions typed one per line. */

export function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return <StatusTag status={published ? 'published' : 'draft'} tone={published ? 'success' : 'neutral'} label={t(published ? 'personalizedTours.publishedTag' : 'personalizedTours.draftTag')} />;
}

/**
 * Short lines of text (inclusions, exclusions) typed one per line in a text area: a plain control
 * every screen reader and keyboard knows (PrimeReact's Chips fail axe's list rules). Blank lines are
 * dropped when the form is sent (`textLinesToSend`).
 */
export function TextLinesField<T extends FieldValues>({ disabled, ...frame }: BaseProps<T>) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
        <InputTextarea
          id={id}
          rows={4}
          autoResize
          disabled={disabled}
          value={((field.value as string[] | undefined) ?? []).join('\n')}
          onChange={(e) => field.onChange(e.target.value.split('\n'))}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}
