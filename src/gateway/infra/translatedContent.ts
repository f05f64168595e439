/**
 * The gateway's messages and email templates in other languages (./contentLocales.ts), read
 * from disk when this module is loaded outside the gateway bundle (Vitest, `npm run
 * reminders`). The bundle never loads this file: scripts/build-functions.ts puts in its place
 * the same files as read at build time, so the deployed function needs no src/content.
 */
import { fileURLToPath } from 'node:url';
import {
  gatewayContentFolders,
  readTranslatedGatewayContent,
  type TranslatedGatewayContent,
} from './contentLocales';

const translatedContent: TranslatedGatewayContent = readTranslatedGatewayContent(
  gatewayContentFolders(fileURLToPath(new URL('../../content', import.meta.url))),
);

export default translatedContent;
