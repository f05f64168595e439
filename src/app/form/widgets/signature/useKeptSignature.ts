import { useRef } from 'react';
import type { SignatureMethod, SignatureValue } from './signatureValue';

/**
 * How the signature's value changes: choosing a way to sign, drawing, typing. What the
 * claimant drew or typed is kept while they try the other way, so switching back does not
 * lose it.
 */
export function useKeptSignature(
  value: SignatureValue,
  claimantName: string | undefined,
  change: (next: SignatureValue | undefined) => void,
) {
  const kept = useRef<{ image?: string; name?: string }>({
    image: value.image,
    name: value.name,
  });
  const choose = (method: SignatureMethod) => {
    if (method === 'drawn')
      change({ method, ...(kept.current.image ? { image: kept.current.image } : {}) });
    else {
      // The name the claimant gave earlier in the claim is offered, to check or change.
      const name = kept.current.name ?? claimantName;
      change({ method, ...(name !== undefined ? { name } : {}) });
    }
  };
  const drawn = (image: string | undefined) => {
    kept.current.image = image;
    change({ method: 'drawn', ...(image ? { image } : {}) });
  };
  const typed = (name: string) => {
    kept.current.name = name;
    change({ method: 'typed', name });
  };
  return { choose, drawn, typed };
}
