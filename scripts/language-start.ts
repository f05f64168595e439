/**
 * Starts a language: `npm run language:start -- cy` writes every text the site and its funnels
 * need in it, each beside an empty translation (scripts/lib/languageStart.ts). The language is
 * offered once a translator has filled in every text; until then the checks list what is left.
 */
import { localeRefusal, startLanguage } from './lib/languageStart';

const USAGE = 'usage: npm run language:start -- <locale>   (cy, ga, fr-CA…)';

async function prettierFormat(file: string, json: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(json, { ...options, filepath: file });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(args.length === 0 ? `name the language to start\n${USAGE}` : USAGE);
    return 2;
  }
  const locale = args[0]!;
  const refusal = localeRefusal(locale);
  if (refusal) {
    console.error(`language:start: ${refusal}`);
    return 2;
  }
  let started;
  try {
    started = await startLanguage(process.cwd(), locale, prettierFormat);
  } catch (error) {
    console.error(`language:start: ${(error as Error).message}`);
    return 1;
  }
  for (const file of started.written) console.log(`wrote ${file}`);
  for (const file of started.skipped)
    console.log(`left ${file}: it is written in ${locale} already`);
  console.log(
    `language:start: ${locale}: ${started.written.length} files written, ${started.unchanged.length} already had every text; ${started.emptyTexts} texts to translate.`,
  );
  if (started.emptyTexts > 0) {
    console.log(
      `Fill in each empty "" beside its key (the English is the same key in the English file, or the same pointer in a funnel or schema). ${locale} is offered once none is empty; npm run site:check -- --to-translate and npm run funnels:check -- --to-translate list what is left.`,
    );
  }
  return 0;
}

process.exitCode = await main();
