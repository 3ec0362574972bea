import { MAX_PROOF_BYTES, PROOF_TYPES, type ProofType } from '../../src/api/bookings/contract';
import { ApiError, invalidField, issue } from '../http/errors';
import type { UploadedFile } from '../http/route';

/**
 * A payment's proof file (a transfer slip, a cheque scan): one file in the form field `proof`, of
 * a type the product keeps, whose content really is of its declared type (a renamed program is not
 * a PDF because it says so), within the size limit.
 */
const SIGNATURE: Record<ProofType, (b: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};
const KIND: Record<ProofType, string> = { 'application/pdf': 'a PDF file', 'image/png': 'a PNG image', 'image/jpeg': 'a JPEG image' };

/** A file name safe in a header and on any disk. */
const safeName = (name: string) => name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').trim().slice(0, 200) || 'proof';

export interface ProofFile {
  fileName: string;
  contentType: ProofType;
  content: Buffer;
}

export function checkProof(files: UploadedFile[]): ProofFile | undefined {
  const stray = files.find((f) => f.field !== 'proof');
  if (stray) throw invalidField(stray.field, 'unknownField', 'is not a known field');
  if (files.length === 0) return undefined;
  if (files.length > 1) throw invalidField('proof', 'tooManyItems', 'must be one file', { max: 1 });
  const [file] = files;
  if (file.bytes.length > MAX_PROOF_BYTES) {
    throw new ApiError(413, 'BODY_TOO_LARGE', `proof is larger than ${MAX_PROOF_BYTES} bytes`, [issue('proof', 'tooLarge', `must be at most ${MAX_PROOF_BYTES / 1024 / 1024} MB`, { max: MAX_PROOF_BYTES })], undefined, { max: MAX_PROOF_BYTES });
  }
  const type = file.type.split(';')[0].trim().toLowerCase() as ProofType;
  if (!PROOF_TYPES.includes(type)) throw invalidField('proof', 'oneOf', `must be one of ${PROOF_TYPES.join(', ')}`, { values: [...PROOF_TYPES] });
  if (!SIGNATURE[type](file.bytes)) throw invalidField('proof', 'fileContent', `is not ${KIND[type]}, as its type says`, { type });
  return { fileName: safeName(file.name), contentType: type, content: file.bytes };
}
