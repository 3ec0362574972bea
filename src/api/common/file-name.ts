/**
 * A file name as the product stores and shows it (issue 26). Control characters go, and so do the
 * invisible characters that reorder or hide text: a right-to-left override makes
 * `invoice‮fdp.exe` read as `invoiceexe.pdf`. Characters a disk or a mail header cannot take
 * (`/ \ : * ? " < > |`) become `_`. Joiners (U+200C, U+200D) stay: scripts and emoji need them.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;
const UNSAFE = /[/\\:*?"<>|]+/g;

export function cleanFileName(name: string, fallback = 'file'): string {
  return name.replace(INVISIBLE, '').replace(UNSAFE, '_').trim().slice(0, 200) || fallback;
}
