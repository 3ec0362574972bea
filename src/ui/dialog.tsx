import { useLayoutEffect, useRef } from 'react';
import { Dialog as PrimeDialog, type DialogProps } from 'primereact/dialog';

/** Whether the focus fell to the page (nothing, the body, a removed node) or stays in a dialog that is leaving. */
const focusLost = (opener: HTMLElement) => {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  const dialog = active.closest('.p-dialog');
  return !!dialog && !dialog.contains(opener);
};

/**
 * Focus after a dialog: back on what opened it, so a keyboard user goes on from where they were
 * rather than from the top of the page. `open`: the dialog is shown (a dialog rendered only while
 * open leaves it true). A page that put the focus somewhere itself on closing (the new record)
 * keeps it there; an opener that is gone (the page moved on) is left alone.
 */
export function useReturnFocus(open = true) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog takes the focus (PrimeReact focuses once it has shown).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const target = opener.current;
      opener.current = null;
      if (!target) return;
      // After the dialog's own closing (its nodes removed, or leaving).
      setTimeout(() => {
        if (target.isConnected && focusLost(target)) target.focus();
      }, 0);
    };
  }, [open]);
}

/**
 * PrimeReact's dialog, as every dialog of the product is shown: once closed, the focus is back on
 * what opened it (`useReturnFocus`). Screens import this one, never primereact/dialog.
 */
export function Dialog(props: DialogProps) {
  useReturnFocus(props.visible);
  return <PrimeDialog {...props} />;
}
