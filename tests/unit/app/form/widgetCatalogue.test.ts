/**
 * funnels:check reads widget and field names from src/runtime/funnel/widgetCatalogue.ts, as
 * data; RJSF and the app decide what actually renders. These keep the two the same.
 */
import { getDefaultRegistry } from '@rjsf/core';
import { getWidget } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formFields, formWidgets } from '../../../../src/app/form/widgets';
import {
  CUSTOM_WIDGETS,
  REGISTERED_FIELDS,
  REGISTERED_WIDGETS,
  WIDGETS_BY_TYPE,
} from '../../../../src/runtime/funnel/checks/widgetCatalogue';

const registry = getDefaultRegistry();
const widgets = { ...registry.widgets, ...formWidgets };

describe('the widget catalogue funnels:check uses', () => {
  it('lists exactly the widgets the form registers by name', () => {
    expect([...REGISTERED_WIDGETS].sort()).toEqual(Object.keys(widgets).sort());
    expect(Object.keys(formWidgets)).toEqual(expect.arrayContaining([...CUSTOM_WIDGETS]));
  });

  it('lists exactly the fields the form registers by name', () => {
    expect([...REGISTERED_FIELDS].sort()).toEqual(
      Object.keys({ ...registry.fields, ...formFields }).sort(),
    );
  });

  it.each(Object.entries(WIDGETS_BY_TYPE))(
    'lists what RJSF draws for a %s field',
    (type, names) => {
      for (const name of names) {
        expect(() => getWidget({ type } as never, name, widgets), name).not.toThrow();
      }
      // And nothing else: a name missing from the list is refused by RJSF too.
      const otherNames = Object.values(WIDGETS_BY_TYPE)
        .flat()
        .filter((name) => !names.includes(name));
      for (const name of otherNames) {
        expect(() => getWidget({ type } as never, name, widgets), name).toThrow();
      }
    },
  );
});
