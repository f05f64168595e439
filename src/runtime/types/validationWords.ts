/**
 * The words a page's checks are said in, where the page schema gives none of its own
 * (`x-errorMessages`): one message per key of the content file of validation messages, in
 * the reader's language. The runtime imports no content, so whoever validates passes them in:
 * the browser its compiled messages of the page's language, the gateway and the CLI theirs
 * compiled in Node.
 */

/** The keys of the validation messages file, each a message the checks may say. */
export type ValidationMessageKey =
  | 'page.answerQuestions'
  | 'field.enter'
  | 'field.select'
  | 'field.enterValid'
  | 'field.tooShort'
  | 'field.tooLong'
  | 'field.tooSmall'
  | 'field.tooLarge'
  | 'field.notNumber'
  | 'field.notRealDate'
  | 'field.dateMissing'
  | 'field.emailFormat'
  | 'field.format'
  | 'field.moneyFormat'
  | 'field.selectFile'
  | 'field.tooManyFiles'
  | 'field.hiddenCharacters'
  | 'field.unknown'
  | 'answer.this'
  /** A funnel's word for a claim where its file gives none, for a shared schema's {claimNoun}. */
  | 'claim.noun';

/**
 * The values a validation message names: a question's `title` (first letter a capital) and
 * `titleInSentence` (first letter small), a check's `limit`, an unknown field's `name`, the
 * parts of a date left out (`missing`).
 */
export type ValidationValues = Record<string, string | number>;

/** Says one validation message in one language, filled from its values. */
export type ValidationWords = (key: ValidationMessageKey, values?: ValidationValues) => string;
