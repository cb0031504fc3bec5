import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';

/** Sending files to the browser: exports streamed as they are written, and stored files. */

/** A file being made: its name and type, and how to stream it (resolves with the rows written). */
export interface PreparedExport {
  fileName: string;
  contentType: string;
  write(output: Writable): Promise<number>;
}

/**
 * `attachment` (or `inline`, for a file shown in the page: a PDF or an image previewed) with an ASCII
 * fallback and the real (possibly Vietnamese) name in RFC 5987 form.
 */
export function contentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback =
    fileName
      // đ and Đ have no decomposition: without this 'hoá đơn' would fall back to 'hoa on'.
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'file';
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a prepared export as a download; a failure half-way cuts the download rather than lying. */
export function sendExport(request: FastifyRequest, reply: FastifyReply, prepared: PreparedExport) {
  const body = new PassThrough();
  prepared.write(body).catch((error) => {
    request.log.error({ err: error }, 'export failed');
    body.destroy(error as Error);
  });
  return reply
    .header('content-type', prepared.contentType)
    .header('content-disposition', contentDisposition(prepared.fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
