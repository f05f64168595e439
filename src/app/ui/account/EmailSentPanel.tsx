import { useEffect, useRef, type ReactNode } from 'react';
import { formsText } from '../formsText';

/**
 * "Check your email", after a link was sent: a new page to the claimant, so its heading
 * takes focus (and is announced) when it appears.
 */
export function EmailSentPanel({ testId, children }: { testId: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="notice notice--success" data-testid={testId}>
      <h1 ref={heading} tabIndex={-1}>
        {formsText('emailSent.heading')}
      </h1>
      {children}
    </div>
  );
}
