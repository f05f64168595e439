/** The Continue button of every page's form, whichever renderer draws the questions. */
export function StepFormButtons({ submitLabel, busy }: { submitLabel: string; busy?: boolean }) {
  return (
    <div className="button-group">
      <button type="submit" className="button" disabled={busy} data-module="continue">
        {submitLabel}
      </button>
    </div>
  );
}
