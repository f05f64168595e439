import {
  letterParagraphs,
  signedDocumentOf,
  type LetterOfAuthority,
} from '../../../runtime/funnel';
import { claimPagesText } from '../claimPagesText';

/**
 * The letter of authority exactly as the funnel holds it (the gateway stores and hashes the
 * same text): paragraphs split at blank lines, lines starting "- " as a list.
 */
function LetterOfAuthorityText({ letter }: { letter: LetterOfAuthority }) {
  return (
    <section className="letter" aria-labelledby="letter-of-authority-title" data-testid="letter">
      <h3 id="letter-of-authority-title">{letter.title}</h3>
      <p className="letter__version">
        {claimPagesText('review.letterVersion', { version: letter.version })}
      </p>
      {letterParagraphs(letter.text).map((lines, i) => {
        const items = lines.filter((line) => /^[-*•]\s+/.test(line));
        const intro = lines.filter((line) => !/^[-*•]\s+/.test(line));
        return (
          <div key={i}>
            {intro.length > 0 && <p>{intro.join(' ')}</p>}
            {items.length > 0 && (
              <ul>
                {items.map((item) => (
                  <li key={item}>{item.replace(/^[-*•]\s+/, '')}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}

/**
 * What the claimant signs on the sign page, below its heading: the sentence saying they agree
 * to the letter, then the letter itself.
 */
export function LetterToSign({
  letter,
  claimNoun,
}: {
  letter: LetterOfAuthority;
  claimNoun: string;
}) {
  return (
    <>
      <p>{claimPagesText('review.agreeToLetter', { claimNoun, ...signedDocumentOf(letter) })}</p>
      <LetterOfAuthorityText letter={letter} />
    </>
  );
}
