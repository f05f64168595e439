/** A money field's bounds must be amounts (src/runtime/funnel/checks/moneyBounds.ts). */
import { describe, expect, it } from 'vitest';
import { checkMoneyBounds } from '../../../../src/runtime/funnel/checks/schemaKeywords/moneyBounds';

const amount = (bounds: Record<string, unknown>) => ({
  type: 'object',
  properties: { paid: { type: 'string', format: 'money', title: 'Paid', ...bounds } },
});

describe('checkMoneyBounds', () => {
  it('takes bounds written as amounts, and another answer as a bound', () => {
    expect(checkMoneyBounds(amount({ formatMinimum: '1', formatMaximum: '£10,000.50' }))).toEqual(
      [],
    );
    expect(checkMoneyBounds(amount({ formatMaximum: { $data: '1/limit' } }))).toEqual([]);
  });

  it('names each bound that is not an amount, by pointer', () => {
    expect(
      checkMoneyBounds(
        amount({
          formatMinimum: 'one pound',
          formatExclusiveMaximum: 100,
          formatMaximum: '1,15,0',
        }),
      ).map((problem) => problem.pointer),
    ).toEqual([
      '/properties/paid/formatMinimum',
      '/properties/paid/formatMaximum',
      '/properties/paid/formatExclusiveMaximum',
    ]);
  });

  it('leaves bounds of other formats to their own checks', () => {
    const date = {
      type: 'object',
      properties: { on: { type: 'string', format: 'date', formatMinimum: 'soon' } },
    };
    expect(checkMoneyBounds(date)).toEqual([]);
  });
});
