import { useState, type ChangeEvent, type Ref } from 'react';
import { acceptAttribute, type EvidenceKind } from '../../../../runtime/contract';
import { claimPagesText } from '../../claimPagesText';

interface EvidenceDropZoneProps {
  /** The file input's id and name: the question's label and error summary point at it. */
  id: string;
  inputRef: Ref<HTMLInputElement>;
  accept: EvidenceKind[];
  /** The question takes more than one file. */
  many: boolean;
  locked: boolean;
  describedBy: string;
  invalid: boolean;
  onChoose: (chosen: File[]) => void;
}

/**
 * GOV.UK's file upload's drop zone: a real file input ("Choose file", `accept` from the
 * question's kinds, `multiple` when it takes more than one) under a zone that shows when a
 * file is dragged over it. Its own component, as the dragging state is the zone's alone.
 */
export function EvidenceDropZone({
  id,
  inputRef,
  accept,
  many,
  locked,
  describedBy,
  invalid,
  onChoose,
}: EvidenceDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`evidence__zone${dragging ? ' evidence__zone--over' : ''}`}
      onDragEnter={() => setDragging(true)}
      onDragLeave={() => setDragging(false)}
      onDrop={() => setDragging(false)}
    >
      {/* The real input covers the zone: a click anywhere opens the picker, and a file
          dropped anywhere on it is the input's, as the browser gives it. */}
      <input
        ref={inputRef}
        type="file"
        id={id}
        name={id}
        className="evidence__input"
        accept={acceptAttribute(accept)}
        multiple={many}
        disabled={locked}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChoose([...(event.target.files ?? [])]);
          // Emptied, so choosing the same file again is a change too.
          event.target.value = '';
        }}
      />
      <span className="button button--secondary evidence__choose" aria-hidden="true">
        {claimPagesText(many ? 'evidence.chooseFiles' : 'evidence.chooseFile')}
      </span>
      <span className="evidence__or" aria-hidden="true">
        {claimPagesText(many ? 'evidence.orDropFiles' : 'evidence.orDropFile')}
      </span>
    </div>
  );
}
