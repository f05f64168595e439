/** A signature field's value and how it was given: a drawing or a typed name, never both. */

export type SignatureMethod = 'drawn' | 'typed';

export interface SignatureValue {
  method?: SignatureMethod;
  image?: string;
  name?: string;
}
