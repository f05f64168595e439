/**
 * How site:check and funnels:check say what the languages still being translated lack: per
 * locale, how many texts and in which files; with `--to-translate`, each text by file and key
 * with the whole English it stands for, as a JSON string (its line breaks and quotes escaped, as
 * the translation is written). A language in progress is no failure (it is not offered), so
 * these lines go to standard output.
 */
import { countsToTranslate, type TextToTranslate } from '../../src/runtime/funnel';

/** The option of both checks that lists every text still to translate. */
export const TO_TRANSLATE_FLAG = '--to-translate';

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The report's lines: nothing when no language is in progress. */
export function textsToTranslateReport(
  texts: readonly TextToTranslate[],
  command: string,
  listEach: boolean,
): string[] {
  const lines: string[] = [];
  for (const [locale, files] of countsToTranslate(texts)) {
    const total = [...files.values()].reduce((sum, n) => sum + n, 0);
    lines.push(
      `${command}: ${locale}: ${plural(total, 'text')} to translate, so ${locale} is not offered yet${listEach ? '' : ` (npm run ${command} -- ${TO_TRANSLATE_FLAG} lists them)`}`,
    );
    for (const [file, n] of files) {
      lines.push(`  ${file}: ${plural(n, 'text')}`);
      if (!listEach) continue;
      for (const text of texts) {
        if (text.locale === locale && text.file === file)
          lines.push(`    ${text.key}: ${JSON.stringify(text.english)}`);
      }
    }
  }
  return lines;
}
