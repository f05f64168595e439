/**
 * A prerendered page can be typed into before its JavaScript has run. React keeps what is in
 * the DOM when it hydrates, but its state still holds the server's (empty) answers, so the
 * next render of a field would wipe what was typed. Right after hydration, what differs from
 * what React rendered is noted, then handed to React one control at a time, the way the
 * browser reports typing: the claimant's answers join the form's state, and nothing is lost.
 */
type Early =
  | { kind: 'text'; control: HTMLInputElement | HTMLTextAreaElement; typed: string }
  | { kind: 'choice'; control: HTMLInputElement }
  | { kind: 'select'; control: HTMLSelectElement; chosen: boolean[] };

/** What was typed or chosen in `container` before it hydrated (read before anything re-renders). */
function noteEarlyAnswers(container: ParentNode): Early[] {
  const early: Early[] = [];
  for (const control of container.querySelectorAll('input, textarea, select')) {
    if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
      // A radio unchecked by choosing another in its group is not a choice of its own.
      const choseRadio = control.type === 'radio' && control.checked && !control.defaultChecked;
      const toggledBox = control.type === 'checkbox' && control.checked !== control.defaultChecked;
      if (choseRadio || toggledBox) early.push({ kind: 'choice', control });
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) {
        early.push({ kind: 'text', control, typed: control.value });
      }
    } else if (control instanceof HTMLSelectElement) {
      const options = [...control.options];
      if (options.some((option) => option.selected !== option.defaultSelected)) {
        early.push({ kind: 'select', control, chosen: options.map((option) => option.selected) });
      }
    }
  }
  return early;
}

/** Tells React of one early answer as the browser would have, had React been listening. */
function replay(answer: Early): void {
  if (answer.kind === 'text') {
    const { control } = answer;
    // getPrototypeOf is typed any; an input element's prototype is an object.
    const prototype = Object.getPrototypeOf(control) as object;
    const nativeValue = Object.getOwnPropertyDescriptor(prototype, 'value')!;
    // React notices a change when the value differs from the one it last set: set what it
    // rendered through React's own setter, then what was typed through the browser's.
    control.value = control.defaultValue;
    nativeValue.set!.call(control, answer.typed);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (answer.kind === 'choice') {
    // A click is how React hears of a choice: undo the early one, then click it again.
    answer.control.checked = answer.control.defaultChecked;
    answer.control.click();
  } else {
    [...answer.control.options].forEach((option, i) => (option.selected = answer.chosen[i]!));
    answer.control.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Hands to React every answer typed or chosen in `container` before it hydrated. Call it in
 * the commit that hydrated the page: the answers are read at once, then replayed one per
 * render, so each change builds on the one before.
 */
export async function adoptTypedBeforeHydration(container: ParentNode): Promise<number> {
  const early = noteEarlyAnswers(container);
  for (const answer of early) {
    replay(answer);
    await nextTask();
  }
  return early.length;
}
