import { onRequest } from 'firebase-functions/v2/https';
import { EVIDENCE_KINDS } from '../runtime/contract';
import { FUNCTIONS_REGION } from '../runtime/constants';
import { gatewayText } from './gatewayText';
import { evidenceBucket } from './infra/cloudStorage';
import { logs } from './infra/logs';
import { evidenceRepository } from './repositories/evidenceRepository';

/** A link's secret as the gateway writes it (32 random bytes, base64url). */
const LINK_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** A file name safe in a header: no quotes, controls or path, and its kind's extension. */
function attachmentName(name: string, kind: keyof typeof EVIDENCE_KINDS): string {
  const base = name
    .replace(/[\\/]/g, '_')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 150);
  const extension = EVIDENCE_KINDS[kind].extensions[0];
  const plain = base || 'evidence';
  return plain.toLowerCase().endsWith(extension) ? plain : `${plain}${extension}`;
}

/**
 * Streams one stored evidence file to whoever holds a link the gateway gave in the last few
 * minutes (`getEvidenceLink`, `staffGetEvidenceLink`): always as an attachment, with the
 * content type its bytes showed, from the functions' own origin, never the site's, and
 * sandboxed, so a file can never run as a page of the site. No link, no file: it says only
 * that the link does not work.
 */
export const evidenceDownload = onRequest(
  { region: FUNCTIONS_REGION, cpu: 1, memory: '256MiB', concurrency: 40, maxInstances: 10 },
  async (request, response) => {
    response.set({
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Referrer-Policy': 'no-referrer',
    });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.status(405).set('Allow', 'GET, HEAD').send(gatewayText('download.methodNotAllowed'));
      return;
    }
    const secret = typeof request.query.link === 'string' ? request.query.link : '';
    const link = LINK_SECRET.test(secret) ? await evidenceRepository.findLink(secret) : null;
    if (!link) {
      logs.evidenceDownloadRefused(secret ? 'unknown or expired link' : 'no link');
      response.status(404).type('text/plain').send(gatewayText('download.linkNotWorking'));
      return;
    }
    const object = evidenceBucket().file(link.path);
    const [metadata] = await object.getMetadata().catch(() => [null] as const);
    if (!metadata) {
      response.status(404).type('text/plain').send(gatewayText('download.fileGone'));
      return;
    }
    const name = attachmentName(link.name, link.kind);
    response.set({
      'Content-Type': EVIDENCE_KINDS[link.kind].mediaType,
      'Content-Length': String(metadata.size),
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
    if (request.method === 'HEAD') {
      response.status(200).end();
      return;
    }
    object
      .createReadStream()
      .on('error', (error) => {
        logs.evidenceStorageFailed('download', error);
        response.destroy(error);
      })
      .pipe(response);
  },
);
