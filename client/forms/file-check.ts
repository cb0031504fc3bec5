import { detectFileType, FILE_TYPE_HEAD_BYTES, type DetectedType } from '../../shared/rules/file-type.ts';
import type { Problem } from '../../shared/rules/problems.ts';

export interface FileRules {
  /** What the file's content must be (judged by its first bytes, as the server does). */
  types: readonly DetectedType[];
  maxBytes: number;
}

/**
 * Checks a chosen file before it is uploaded: its size, then its content's type. A text file
 * renamed to x.pdf is refused here with 'Unsupported file type.', as the server would refuse it.
 * Returns the problem on `field`, or null when the file may go.
 */
export async function checkFile(file: File, rules: FileRules, field: string): Promise<Problem | null> {
  if (file.size > rules.maxBytes) {
    return { field, code: 'fileSize', params: { number: Math.round(rules.maxBytes / (1024 * 1024)) } };
  }
  const head = new Uint8Array(await file.slice(0, FILE_TYPE_HEAD_BYTES).arrayBuffer());
  const type = detectFileType(head);
  if (!type || !rules.types.includes(type)) return { field, code: 'fileType' };
  return null;
}
