import { useSyncExternalStore } from 'react';

/** Phones and narrow tablets: the menu is a drawer over the page, the header keeps only what fits. */
export const COMPACT_QUERY = '(max-width: 900px)';
/** Phones: lists show cards unless the person chose a table; status tiles scroll sideways. */
export const PHONE_QUERY = '(max-width: 640px)';

const supported = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Whether a CSS media query matches now, following changes (a phone turned, a window resized). */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => supported() && window.matchMedia(query).matches,
  );
}
