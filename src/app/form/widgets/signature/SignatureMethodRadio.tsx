import { claimPagesText, type ClaimPagesTextKey } from '../../claimPagesText';
import type { SignatureMethod } from './signatureValue';

interface SignatureMethodRadioProps {
  /** The radio's id: the first one's is the method's own, which the error summary links to. */
  id: string;
  /** The radios' shared name. */
  name: string;
  method: SignatureMethod;
  label: ClaimPagesTextKey;
  checked: boolean;
  locked: boolean | undefined;
  onChoose: () => void;
  onBlur: () => void;
}

/** One way to sign, as a GOV.UK radio; the panel it reveals follows it. */
export function SignatureMethodRadio({
  id,
  name,
  method,
  label,
  checked,
  locked,
  onChoose,
  onBlur,
}: SignatureMethodRadioProps) {
  return (
    <div className="choice">
      <input
        type="radio"
        id={id}
        name={name}
        value={method}
        checked={checked}
        disabled={locked}
        onChange={onChoose}
        onBlur={onBlur}
      />
      <label htmlFor={id}>{claimPagesText(label)}</label>
    </div>
  );
}
