/**
 * The claim stages file's words in other languages: its `translations` give, per locale, one
 * text per stage name and description, keyed `/stages/<stage id>/<staffLabel | claimantLabel |
 * claimantText>` (by id, as a funnel's are by pageId, so reordering stages keeps them). A
 * claimant reads their claim's stage, and its emails name it, in the claim's language; staff
 * read theirs in their own.
 */
import { claimStages, type ClaimStage, type ClaimStages, type StageProblem } from './claimStages';

/** The texts a stage has, each translated. */
const STAGE_TEXTS = ['staffLabel', 'claimantLabel', 'claimantText'] as const;

/** Every text of the file, by its translation key (`/stages/in-review/claimantLabel`). */
export function claimStageTexts(file: ClaimStages): Map<string, string> {
  const texts = new Map<string, string>();
  for (const stage of file.stages) {
    for (const text of STAGE_TEXTS) texts.set(`/stages/${stage.id}/${text}`, stage[text]);
  }
  return texts;
}

/** The stages read in `locale`: each text its translation, where the file gives one. */
export function localizeClaimStages(file: ClaimStages, locale: string): ClaimStages {
  const translated = file.translations?.[locale];
  if (!translated) return file;
  const stages = file.stages.map((stage): ClaimStage => {
    const read = { ...stage };
    for (const text of STAGE_TEXTS) {
      const said = translated[`/stages/${stage.id}/${text}`];
      if (typeof said === 'string' && said !== '') read[text] = said;
    }
    return read;
  });
  return { ...file, stages };
}

/**
 * The project's claim stages read in `locale`, made once per locale: what every screen and
 * email that names a stage reads (a CSV export names one per row).
 */
export function claimStagesIn(locale: string): ClaimStages {
  return lifecycleIn(claimStages, locale);
}

const funnelStagesByLocale = new WeakMap<ClaimStages, Map<string, ClaimStages>>();

/**
 * A lifecycle (a funnel's own, or the shared file's) read in `locale`, made once per
 * lifecycle and locale: what a screen, email or export naming a claim's stage reads.
 */
export function lifecycleIn(stages: ClaimStages, locale: string): ClaimStages {
  let byLocale = funnelStagesByLocale.get(stages);
  if (!byLocale) {
    byLocale = new Map();
    funnelStagesByLocale.set(stages, byLocale);
  }
  let read = byLocale.get(locale);
  if (!read) {
    read = localizeClaimStages(stages, locale);
    byLocale.set(locale, read);
  }
  return read;
}

/** Shortened for a problem line: the start of a long text. */
function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * What the file's translation into `locale` lacks or has too many of (every stage's three
 * texts, none else), at `/translations/<locale>/<key>`; one problem naming the locale when the
 * file has no translation into it at all.
 */
export function claimStageTranslationProblems(file: ClaimStages, locale: string): StageProblem[] {
  const translated = file.translations?.[locale];
  // The key is one property name of the locale's object: a JSON pointer escapes its slashes.
  const escaped = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
  const at = (key: string) => `/translations/${escaped(locale)}/${escaped(key)}`;
  if (!translated) {
    return [
      {
        pointer: '/translations',
        message: `no ${locale} text: add "translations": { "${locale}": { "/stages/<id>/claimantLabel": "…", … } }, one text per stage name and description`,
      },
    ];
  }
  const own = claimStageTexts(file);
  const problems: StageProblem[] = [];
  for (const [key, text] of own) {
    const said = translated[key];
    if (said === undefined) {
      problems.push({ pointer: at(key), message: `no ${locale} text ("${shortened(text)}")` });
    } else if (typeof said !== 'string' || said.trim() === '') {
      problems.push({ pointer: at(key), message: 'must be a text' });
    }
  }
  for (const key of Object.keys(translated)) {
    if (!own.has(key)) {
      problems.push({
        pointer: at(key),
        message: `${key} is no text of this file: remove it, or correct its stage id`,
      });
    }
  }
  return problems;
}

/** The problems of every translation the file has (funnels:check). */
export function claimStagesTranslationsProblems(file: ClaimStages): StageProblem[] {
  return Object.keys(file.translations ?? {}).flatMap((locale) =>
    claimStageTranslationProblems(file, locale),
  );
}
