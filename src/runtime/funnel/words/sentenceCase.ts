/**
 * A question's title, a funnel's word for a claim or a subject's name, as a message places it:
 * messages take a text both ways (`{title}` and `{titleInSentence}`, `{field}` and
 * `{fieldInSentence}`) and each language's file chooses, so no grammar is decided here.
 */

/** The text with a capital first letter, to start a sentence ("Email address"). */
export function atSentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The text as it reads inside a sentence: its first letter small ("email address"), unless
 * its first word is an acronym or a name written in capitals ("UK postcode", "MOT date").
 */
export function inSentence(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
