import { funnelSchemaWords, type Funnel, type SchemaWords } from '../../runtime/funnel';
import { validationText } from '../validators/validationText';

/**
 * The words a shared page schema's `{claimNoun}` is said in for this funnel, in the language
 * the page is read in: its `claimNoun`, or the validation messages' word for a claim (the
 * word the registry's error messages use too, so a page and its errors agree).
 */
export function schemaWordsOf(funnel: Pick<Funnel, 'wording'>): SchemaWords {
  return funnelSchemaWords(funnel, validationText('claim.noun'));
}
