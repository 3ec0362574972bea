import { cleanFileName } from '../../src/api/common/file-name';
import { MAX_PROOF_BYTES, PROOF_TYPES, type ProofType } from '../../src/api/bookings/contract';
import { checkFile } from '../http/files';
import { invalidField } from '../http/errors';
import type { UploadedFile } from '../http/route';

/**
 * A payment's proof file (a transfer slip, a cheque scan): at most one, in the form field `proof`
 * (the route's only file field), of a type the product keeps, whose bytes really are of its
 * declared type, within the size limit (server/http/files.ts).
 */
export interface ProofFile {
  fileName: string;
  contentType: ProofType;
  content: Buffer;
}


export function checkProof(files: UploadedFile[]): ProofFile | undefined {
  if (files.length === 0) return undefined;
  if (files.length > 1) throw invalidField('proof', 'tooManyItems', 'must be one file', { max: 1 });
  const [file] = files;
  const contentType = checkFile('proof', file, PROOF_TYPES, MAX_PROOF_BYTES);
  return { fileName: cleanFileName(file.name, 'proof'), contentType, content: file.bytes };
}
