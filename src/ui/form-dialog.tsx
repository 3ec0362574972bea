import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { Dialog } from './dialog';
import { Button } from 'primereact/button';
import { confirmAction } from './confirm';
import { FormError } from './form-fields';

/**
 * A form that is a page asks, as a dialog does, before its changes are thrown away: leaving for
 * another page inside the app while `dirty` (pass `isDirty && !isSubmitting`, so the page's own
 * move after a save goes through) asks to discard or keep editing.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmAction({ header: t('form.discardTitle'), message: t('form.discardMessage'), acceptLabel: t('form.discard'), rejectLabel: t('form.keepEditing'), danger: true }).then((discard) => {
      asking.current = false;
      if (discard) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);
}

/** What a person can type into or choose: where a dialog puts the cursor when it opens. */
const FIELD = [
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not(:disabled):not([tabindex="-1"])',
  'textarea:not(:disabled)',
  'select:not(:disabled):not([aria-hidden=true])',
  'input[type=radio]:checked:not(:disabled)',
  '[role=combobox]:not([aria-disabled=true])',
].join(',');

/**
 * The first field of `root` that can take the focus (a visually hidden combobox input counts: it is
 * the field) — unless the person already put the focus inside the dialog while it was opening: a
 * quick click or tab is theirs to keep, and keys typed there must not land in another field.
 */
export function focusFirstField(root: HTMLElement | null) {
  const dialog = root?.closest('.p-dialog') ?? root;
  if (dialog && document.activeElement && document.activeElement !== document.body && dialog.contains(document.activeElement)) return true;
  const field = [...(root?.querySelectorAll<HTMLElement>(FIELD) ?? [])].find((el) => el.closest('[aria-hidden=true]') === null);
  field?.focus();
  return !!field;
}

/**
 * Closes a dialog on Escape, but only when the Escape was not already used by something inside it
 * (an open dropdown, a multi-select or a date picker closes itself and marks the event handled) and
 * the person is in this dialog (not in a confirmation on top of it).
 */
export function useEscapeToClose(root: () => HTMLElement | null | undefined, onEscape: () => void, active = true) {
  const latest = useRef({ root, onEscape });
  latest.current = { root, onEscape };
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (e: KeyboardEvent) => {
      // PrimeReact's number input cancels every key it does not handle, Escape too, with no popup to close.
      const numberInput = e.target instanceof HTMLElement && e.target.classList.contains('p-inputnumber-input');
      if (e.key !== 'Escape' || (e.defaultPrevented && !numberInput)) return;
      const dialog = latest.current.root();
      const target = e.target as Node | null;
      const inside = !!dialog && !!target && (dialog.contains(target) || target === document.body);
      // A popup of a field (PrimeReact draws them at the end of the page) is still open: it closes first.
      const popupOpen = document.querySelector('.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel, .p-datepicker:not(.p-datepicker-inline), .p-colorpicker-panel');
      if (!inside || popupOpen) return;
      e.preventDefault();
      latest.current.onEscape();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);
}

/**
 * A create/edit form in a dialog: the form's fields as children, Cancel and Save in the footer
 * (always in view: the fields scroll, the footer stays). It opens with the cursor in its first
 * field; Escape closes only the innermost popup (an open dropdown), then the dialog; a dialog
 * with changes (`dirty`) asks before throwing them away, however it is closed; and once closed the
 * focus is back on what opened it (`Dialog`, ./dialog.tsx).
 */
export function FormDialog({
  id,
  header,
  onClose,
  onSubmit,
  formState,
  submitting = formState?.isSubmitting ?? false,
  dirty = formState?.isDirty ?? false,
  error = formState?.errors.root?.message,
  width = 820,
  submitLabel,
  submitIcon = 'pi pi-check',
  danger = false,
  children,
}: {
  /** The form's id (the footer's Save button submits it). */
  id: string;
  header: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's react-hook-form `formState`: gives `submitting`, `dirty` and `error` unless they are passed. */
  formState?: FormStateLike;
  submitting?: boolean;
  /** Changed since it opened (react-hook-form's `formState.isDirty`): closing asks first. */
  dirty?: boolean;
  /** A message about the whole form (react-hook-form's `errors.root`). */
  error?: string;
  width?: number;
  submitLabel?: string;
  submitIcon?: string;
  /** The submit button is a destructive action (outlined red: solid Lara red is under 4.5:1). */
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const asking = useRef(false);

  const requestClose = async () => {
    if (asking.current) return;
    if (dirty) {
      asking.current = true;
      const discard = await confirmAction({ header: t('form.discardTitle'), message: t('form.discardMessage'), acceptLabel: t('form.discard'), rejectLabel: t('form.keepEditing'), danger: true });
      asking.current = false;
      if (!discard) return;
    }
    onClose();
  };
  useEscapeToClose(() => formRef.current?.closest<HTMLElement>('.p-dialog'), () => void requestClose());

  return (
    <Dialog
      visible
      onHide={() => void requestClose()}
      closeOnEscape={false}
      focusOnShow={false}
      onShow={() => focusFirstField(formRef.current)}
      header={header}
      className="form-dialog"
      style={{ width: `min(${width}px, 100vw)` }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" text label={t('shell.cancel')} onClick={() => void requestClose()} />
          <Button
            type="submit"
            form={id}
            label={submitLabel ?? t('shell.save')}
            icon={submitIcon}
            severity={danger ? 'danger' : undefined}
            outlined={danger}
            loading={submitting}
          />
        </div>
      }
    >
      <form id={id} ref={formRef} className="stack" onSubmit={onSubmit} noValidate>
        {children}
        <FormError message={error} />
      </form>
    </Dialog>
  );
}

/** What `FormDialog` and `SaveFooter` read of react-hook-form's `formState`. */
export type FormStateLike = { isSubmitting: boolean; isDirty: boolean; errors: { root?: { message?: string } } };

/**
 * The end of a form that is a page (settings, the profile): the message about the whole form, then
 * Save at the end of the row; none of it (but the message) for a reader who may not change it.
 */
export function SaveFooter({ formState, readOnly = false }: { formState: FormStateLike; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FormError message={formState.errors.root?.message} />
      {!readOnly && (
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" icon="pi pi-check" label={t('shell.save')} loading={formState.isSubmitting} />
        </div>
      )}
    </>
  );
}
