import { ApiError, invalidField, issue } from './errors';
import type { UploadedFile } from './route';

/**
 * What a file's bytes are, whatever its name or declared type says: an upload is taken as the type
 * it claims only when its first bytes agree (a renamed executable is not a PDF because it says so).
 */
export const FILE_KINDS = {
  'application/pdf': { name: 'a PDF file', test: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  'image/png': { name: 'a PNG image', test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { name: 'a JPEG image', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'text/plain': { name: 'text', test: isUtf8Text },
  'text/csv': { name: 'a CSV file', test: isUtf8Text },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

function isUtf8Text(b: Buffer) {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The declared media type without parameters, lower case (`Image/PNG; x=1` → `image/png`). */
export const mediaTypeOf = (declared: string) => declared.split(';')[0].trim().toLowerCase();

/** Whether the bytes are what the media type says. */
export const bytesAre = (type: FileKind, bytes: Buffer) => FILE_KINDS[type].test(bytes);

/**
 * An uploaded file checked as `path` (`attachments.0`, `logo`): within `maxBytes` (413), of one of
 * `types`, and really of the type it claims. Answers its type.
 */
export function checkFile<T extends FileKind>(path: string, file: UploadedFile, types: readonly T[], maxBytes: number): T {
  if (file.bytes.length > maxBytes) {
    const megabytes = maxBytes / 1024 / 1024;
    throw new ApiError(413, 'ATTACHMENT_TOO_LARGE', `${path} is larger than ${megabytes} MB`, [issue(path, 'fileTooLarge', `must be at most ${megabytes} MB`, { megabytes })], undefined, { megabytes });
  }
  const type = mediaTypeOf(file.type) as T;
  if (!types.includes(type)) throw invalidField(path, 'oneOf', `must be one of ${types.join(', ')}`, { values: types });
  if (!bytesAre(type, file.bytes)) throw invalidField(path, 'contentMismatch', `is not ${FILE_KINDS[type].name}, as its type says`, { type });
  return type;
}
